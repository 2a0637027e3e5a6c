@_spi(Inspection) import BSPCore

extension SequenceDiagram {
    /// The diagram as a self-contained SVG document: no scripts, fonts or images from
    /// anywhere else, so a browser opens it with no network.
    public func svg() -> String {
        let layout = SVGLayout(diagram: self)
        var svg = layout.header + layout.legend
        for (index, name) in layout.lifelines.enumerated() {
            svg += layout.lifeline(name, at: index)
        }
        for (row, message) in messages.enumerated() {
            svg += layout.arrow(message, at: layout.rows[row], sentAt: message.sentAtRow.map(layout.sendingY))
        }
        return svg + "</svg>\n"
    }
}

/// Where everything goes in the SVG: a column per lifeline, a row per message.
private struct SVGLayout {
    static let column = 230
    static let row = 34
    /// Extra room above a message that carries a push or pop mark.
    static let markRoom = 20
    static let top = 120
    let lifelines: [String]
    let columns: [ActorURI?]
    /// The y of each message's arrow.
    let rows: [Int]
    let width: Int
    let height: Int

    init(diagram: SequenceDiagram) {
        let outside = diagram.messages.contains { $0.from == nil || $0.to == nil }
        columns = (outside ? [nil] : []) + diagram.participants.map(Optional.some)
        lifelines = columns.map { $0?.path ?? "(outside)" }
        var y = SVGLayout.top
        rows = diagram.messages.map { message in
            y += (message.scopeMark == nil ? 0 : SVGLayout.markRoom)
            defer { y += SVGLayout.row }
            return y
        }
        width = max(max(1, columns.count) * SVGLayout.column + 40, 700)
        height = y + 40
    }

    var header: String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)">
        <style>text{font-family:Helvetica,Arial,sans-serif;font-size:11px}.head{font-size:12px;font-weight:bold}\
        .request{stroke:#1f4e8c;stroke-width:1.4}.event{stroke:#2e7d32;stroke-width:1.4}\
        .reply{stroke:#5f6b7a;stroke-width:1.2;stroke-dasharray:5 4}\
        .life{stroke:#999;stroke-dasharray:3 3}.mark{fill:#fff3cd;stroke:#c9a227}.legend{fill:#f6f8fa;stroke:#d5dbe3}</style>
        <defs><marker id="filled" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">\
        <path d="M0,0 L10,5 L0,10 z" fill="#444"/></marker>\
        <marker id="open" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse">\
        <path d="M1,1 L9,5 L1,9" fill="none" stroke="#444" stroke-width="1.5"/></marker></defs>
        <rect width="100%" height="100%" fill="white"/>

        """
    }

    func x(_ actor: ActorURI?) -> Int {
        (columns.firstIndex(of: actor) ?? 0) * SVGLayout.column + SVGLayout.column / 2 + 20
    }

    func lifeline(_ name: String, at index: Int) -> String {
        let x = index * SVGLayout.column + SVGLayout.column / 2 + 20
        return """
            <rect x="\(x - 105)" y="16" width="210" height="30" rx="6" fill="#eef2f7" stroke="#8795a1"/>
            <text class="head" x="\(x)" y="36" text-anchor="middle">\(TextEscaping.xml(name))</text>
            <line class="life" x1="\(x)" y1="46" x2="\(x)" y2="\(height - 20)"/>

            """
    }

    /// The key to the arrows, above the lifelines.
    var legend: String {
        let samples: [(style: String, marker: String, text: String)] = [
            ("request synchronous", "filled", "synchronous"), ("request asynchronous", "open", "asynchronous"),
            ("reply", "open", "reply"), ("request synchronous", "filled", "request"),
            ("event synchronous", "filled", "event"),
        ]
        var svg = "<g class=\"key\"><rect class=\"legend\" x=\"20\" y=\"60\" width=\"660\" height=\"26\" rx=\"4\"/>"
        svg += "<text x=\"28\" y=\"77\" class=\"head\">Legend</text>"
        for (index, sample) in samples.enumerated() {
            let x = 90 + index * 118
            svg +=
                "<line class=\"\(sample.style)\" x1=\"\(x)\" y1=\"73\" x2=\"\(x + 30)\" y2=\"73\" "
                + "marker-end=\"url(#\(sample.marker))\"/><text x=\"\(x + 36)\" y=\"77\">\(sample.text)</text>"
        }
        return svg + "</g>\n"
    }

    /// The y at which the arrow drawn as row `row` would have been: where a queued
    /// notification drawn later was sent.
    func sendingY(_ row: Int) -> Int {
        (row < rows.count ? rows[row] : height - 40) - SVGLayout.row / 2
    }

    func arrow(_ message: SequenceDiagram.Message, at y: Int, sentAt sentY: Int?) -> String {
        let from = x(message.from)
        let to = x(message.to)
        let style =
            message.kind == .reply ? "reply" : "\(message.variety.rawValue) \(message.aspect.timing.rawValue)"
        let marker = message.kind == .push && message.aspect.timing == .synchronous ? "filled" : "open"
        let data = message.kind == .reply ? "data-reply=\"\(message.sequence)\"" : "data-seq=\"\(message.sequence)\""
        var svg = ""
        if let mark = message.scopeMark {
            svg +=
                "<rect class=\"mark\" x=\"\(to + 8)\" y=\"\(y - 40)\" width=\"\(mark.count * 6 + 20)\" height=\"16\" rx=\"3\"/>"
            svg += "<text x=\"\(to + 14)\" y=\"\(y - 28)\">\(TextEscaping.xml(mark))</text>\n"
        }
        if from == to {
            svg +=
                "<path class=\"\(style)\" \(data) fill=\"none\" marker-end=\"url(#\(marker))\" "
                + "d=\"M\(from),\((sentY ?? y) - 8) h40 V\(y + 6) h-36\"/>\n"
            svg += "<text x=\"\(from + 46)\" y=\"\(y)\">\(TextEscaping.xml(message.label))</text>\n"
        } else {
            svg +=
                "<line class=\"\(style)\" \(data) x1=\"\(from)\" y1=\"\(sentY ?? y)\" x2=\"\(to)\" y2=\"\(y)\" "
                + "marker-end=\"url(#\(marker))\"/>\n"
            svg += "<text x=\"\(min(from, to) + 8)\" y=\"\(y - 5)\">\(TextEscaping.xml(message.label))</text>\n"
        }
        return svg
    }
}
