@_spi(Inspection) public import BSPCore

/// A recorded run as one self-contained, interactive web page: a lifeline per actor, every
/// notification as an arrow in the visual language of ``SequenceDiagram`` (with its legend
/// and its order: replies as returns, queued notifications where they were consumed), a
/// filter by URI prefix and a text search; clicking a notification
/// highlights the chain of notifications that caused it and everything it caused, and shows
/// what was on each scope stack at that moment.
///
/// The page needs no network: the trail, the script and the styles are all in it. Only the
/// rows in view are drawn, so a trail of tens of thousands of notifications stays responsive.
///
/// ```swift
/// let page = TrailViewer(trail: try FileAuditStore.read(url).trail).html()
/// try page.write(toFile: "run.html", atomically: true, encoding: .utf8)
/// ```
///
/// From the command line: `bsp-diagram html run.jsonl --output run.html`.
public struct TrailViewer: Hashable, Sendable {
    /// The run shown.
    public let trail: AuditTrail
    /// The page's title.
    public let title: String

    /// A viewer of `trail`.
    public init(trail: AuditTrail, title: String = "Audit trail") {
        self.trail = trail
        self.title = title
    }

    /// The page: HTML with the trail, its script and its styles inline.
    public func html() -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(TextEscaping.xml(title))</title>
        <style>\(TrailViewer.styles)</style>
        </head>
        <body>
        \(TrailViewer.body(title: TextEscaping.xml(title)))
        <script type="application/json" id="trail">\(trailJSON)</script>
        <script>\(TrailViewer.script)</script>
        <script>\(TrailViewer.embeddedFeed)</script>
        </body>
        </html>

        """
    }

    /// The records as one JSON array, safe as the data of a `<script>` element.
    var trailJSON: String {
        TextEscaping.scriptData(json: "[" + trail.jsonLines().split(separator: "\n").joined(separator: ",\n") + "]")
    }
}
