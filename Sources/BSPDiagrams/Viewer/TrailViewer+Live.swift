@_spi(Inspection) import BSPCore

extension TrailViewer {
    /// The viewer of a running app's trail, which it reads from the server that sent it, as
    /// Server-Sent Events at `events` beside the page, with the page's own query (its token):
    /// `reset` starts a new run, and each `lines` event carries lines of the trail, a record or
    /// a reply each.
    ///
    /// Its inline style and scripts carry `nonce`, so that the server's content security policy
    /// can allow them and nothing else.
    @_spi(Inspection) public static func livePage(title: String, nonce: String) -> String {
        let title = TextEscaping.xml(title)
        let nonce = TextEscaping.xml(nonce)
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="referrer" content="no-referrer">
            <title>\(title)</title>
            <style nonce="\(nonce)">\(styles)</style>
            </head>
            <body>
            \(body(title: title, controls: liveControls))
            <script nonce="\(nonce)">\(script)</script>
            <script nonce="\(nonce)">\(liveFeed)</script>
            </body>
            </html>

            """
    }

    /// Pause, follow the newest, and the connection's state.
    static let liveControls = """

          <button id="pause" type="button" aria-pressed="false">Pause</button>
          <label><input id="follow" type="checkbox" checked> Follow the newest</label>
          <span id="status" role="status">Connecting…</span>
        """

    /// The live page's feed: applies what the stream sends — at once, or when the reader
    /// resumes — and orders and draws it at most a few times a second, however fast it comes.
    static let liveFeed = #"""
        "use strict";
        const pauseButton = document.getElementById("pause");
        const followBox = document.getElementById("follow");
        const status = document.getElementById("status");
        // Lines left out, each with why: unreadable, not a record, a reply to a request not in
        // the trail.
        let paused = false, waiting = [], waitingRecords = 0, leftOut = [];
        let scheduled = false, cost = 0, ended = 0, live = false, notice = "";
        // Said when the page started over on a repeated sequence number rather than a reset.
        let restarted = "";

        function say(text, problem) {
          status.textContent = text;
          status.classList.toggle("problem", Boolean(problem));
        }

        function describe() {
          const broken = leftOut.length ? ` · ${leftOut.length} line${leftOut.length > 1 ? "s" : ""} left out` : "";
          const gaps = trailViewer.gaps();
          const missing = gaps.reduce((sum, [first, last]) => sum + last - first + 1, 0);
          const lost = missing ? ` · ${missing} record${missing > 1 ? "s" : ""} missing` : "";
          const told = (restarted ? ` · ${restarted}` : "") + (notice ? ` · ${notice}` : "");
          const problem = leftOut.length || missing || notice;
          if (paused) say(`Paused — ${waitingRecords} new${broken}${lost}${told}`, problem);
          else if (live) say(`Live${broken}${lost}${told}`, problem);
          status.title = [...gaps.slice(0, 10).map(([first, last]) => first === last ? `#${first} missing` : `#${first}–#${last} missing`),
            ...leftOut.slice(0, 20)].join("\n");
        }

        // Each line is a record or a reply to one; a line that is neither is counted and shown
        // (the status's tooltip lists them), never dropped silently.
        function parse(data) {
          const found = { records: [], replies: [] };
          const lines = data.split("\n");
          // All of an event's lines as one array, one parse, when they read so; else each alone.
          let items = null;
          try { items = JSON.parse("[" + lines.join(",") + "]"); } catch { items = null; }
          if (items === null || items.length !== lines.length) items = lines.map(line => {
            try { return JSON.parse(line); } catch { return unreadable; }
          });
          items.forEach((item, index) => {
            if (item === unreadable) leftOut.push(`unreadable: ${lines[index].slice(0, 200)}`);
            else if (isReply(item)) found.replies.push(item);
            else if (isRecord(item)) found.records.push(item);
            else leftOut.push(`not a record: ${lines[index].slice(0, 200)}`);
          });
          return found;
        }
        const unreadable = Symbol("unreadable");

        // A record has every field the page reads, each of its type: a line from elsewhere
        // that merely looks like one must not stop the drawing of those after it.
        const isText = value => typeof value === "string";
        const isCount = value => Number.isSafeInteger(value) && value >= 0;
        const isObject = value => value !== null && typeof value === "object" && !Array.isArray(value);
        const isReply = item => isObject(item) && isCount(item.replyTo) && "reply" in item;
        const isRecord = r => isObject(r) && isCount(r.sequence) && isText(r.notifier) && isText(r.notification) &&
          isText(r.variety) && isText(r.delivery) && Array.isArray(r.targets) && r.targets.every(isText) &&
          (r.source === undefined || isText(r.source)) && (r.cause === undefined || isCount(r.cause)) &&
          (r.scope === undefined || isText(r.scope)) && (r.depth === undefined || isCount(r.depth)) &&
          (r.aspect === undefined || (isObject(r.aspect) && isText(r.aspect.timing) && isText(r.aspect.way))) &&
          (r.stackChange === undefined || (isObject(r.stackChange) && isText(r.stackChange.kind) && isText(r.stackChange.scope)));

        // A sequence number shown already is another run's — one that began while the
        // inspector was not looking — so the page starts over from that record.
        function apply(change) {
          if (change === "reset") { trailViewer.clear(); leftOut = []; restarted = ""; return; }
          let rest = change.records;
          for (let added = trailViewer.addRecords(rest); added < rest.length; added = trailViewer.addRecords(rest)) {
            trailViewer.clear(); leftOut = [];
            rest = rest.slice(added);
            restarted = `a new run from #${rest[0].sequence}, a number shown already`;
          }
          for (const reply of change.replies) {
            if (!trailViewer.addReply(reply.replyTo, reply.reply)) leftOut.push(`a reply to #${reply.replyTo}, which is not in the trail`);
          }
        }

        function receive(change) {
          if (paused) {
            waiting.push(change);
            waitingRecords = change === "reset" ? 0 : waitingRecords + change.records.length;
            describe();
            return;
          }
          apply(change);
          schedule();
        }

        // Ordering is linear in the trail: it runs again no sooner than three times its last
        // cost after it ended, so that a fast stream leaves the page most of its time to
        // answer, and at once after a pause.
        function schedule() {
          if (scheduled) return;
          scheduled = true;
          setTimeout(() => {
            scheduled = false;
            const started = performance.now();
            trailViewer.refresh();
            if (followBox.checked) toBottom();
            describe();
            document.body.dataset.records = trailViewer.count();
            ended = performance.now();
            cost = ended - started;
          }, Math.max(0, ended + 3 * cost - performance.now()));
        }

        let autoTop = -1;
        function toBottom() {
          viewport.scrollTop = viewport.scrollHeight;
          autoTop = viewport.scrollTop;
        }
        // Scrolling up by hand stops following; scrolling back to the end follows again.
        viewport.addEventListener("scroll", () => {
          if (viewport.scrollTop === autoTop) return;
          autoTop = -1;
          followBox.checked = viewport.scrollTop + viewport.clientHeight >= viewport.scrollHeight - ROW;
        });
        followBox.addEventListener("change", () => { if (followBox.checked) toBottom(); });
        // A filter or a search changes how many rows there are, and the scroll that follows is
        // the page's, not the reader's: following goes on, at the new end.
        for (const input of [filterInput, searchInput]) {
          input.addEventListener("input", () => { if (followBox.checked) toBottom(); });
        }

        pauseButton.addEventListener("click", () => {
          paused = !paused;
          pauseButton.textContent = paused ? "Resume" : "Pause";
          pauseButton.setAttribute("aria-pressed", String(paused));
          if (!paused) {
            waiting.forEach(apply);
            waiting = []; waitingRecords = 0;
            schedule();
          }
          describe();
        });

        const stream = new EventSource("events" + location.search);
        stream.addEventListener("open", () => { live = true; describe(); });
        stream.addEventListener("reset", () => receive("reset"));
        stream.addEventListener("lines", event => { notice = ""; receive(parse(event.data)); });
        // What the inspector tells — a trail not there yet, a line cut short — shows until
        // records come.
        stream.addEventListener("notice", event => { notice = event.data; describe(); });
        stream.addEventListener("error", () => {
          live = false;
          say(stream.readyState === EventSource.CLOSED
            ? "Stopped: the inspector refused or ended the stream — open the address it prints" : "Reconnecting…", true);
        });
        trailViewer.refresh();
        document.body.dataset.ready = "true";
        """#
}
