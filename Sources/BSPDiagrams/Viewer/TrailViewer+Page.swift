extension TrailViewer {
    /// The page's controls and panes, with `controls` after the count; the script fills them.
    static func body(title: String, controls: String = "") -> String {
        """
        <header>
          <h1>\(title)</h1>
          <input id="filter" type="search" placeholder="Filter by URI prefix, e.g. /actor/service" autocomplete="off">
          <input id="search" type="search" placeholder="Search the notifications" autocomplete="off">
          <span id="count"></span>\(controls)
          <span id="legend" aria-label="Legend">
            <span class="key"><span class="arrow request right"></span></span>synchronous
            <span class="key"><span class="arrow request open right"></span></span>asynchronous
            <span class="key"><span class="arrow reply open left"></span></span>reply
            <span class="key"><span class="arrow request right"></span></span>request
            <span class="key"><span class="arrow event right"></span></span>event
          </span>
        </header>
        <main>
          <section id="sequence" aria-label="Notifications">
            <div id="lanes"></div>
            <div id="viewport"><div id="spacer"><div id="rows"></div></div></div>
          </section>
          <aside id="details" aria-label="Selected notification">
            <p class="hint">Click a notification to see what caused it, what it caused, and the scope stacks at that moment.</p>
          </aside>
        </main>
        """
    }

    static let styles = """
        :root { --row: 22px; --lane: 112px; --text: 320px; font: 13px/1.4 system-ui, sans-serif; color: #1d2430; }
        body { margin: 0; display: flex; flex-direction: column; height: 100vh; }
        header { display: flex; gap: 12px; align-items: center; padding: 8px 12px; border-bottom: 1px solid #d5dbe3; background: #f6f8fa; }
        h1 { font-size: 15px; margin: 0 12px 0 0; white-space: nowrap; }
        header label { white-space: nowrap; }
        header input[type="search"] { width: 260px; padding: 4px 6px; border: 1px solid #b8c2cf; border-radius: 4px; }
        #count { color: #5b6675; }
        #pause { padding: 3px 10px; border: 1px solid #b8c2cf; border-radius: 4px; background: #fff; cursor: pointer; }
        #pause[aria-pressed="true"] { background: #ffe9a8; }
        #status { color: #5b6675; }
        #status.problem { color: #c93c37; }
        main { flex: 1; display: flex; min-height: 0; }
        #sequence { flex: 1; display: flex; flex-direction: column; min-width: 0; }
        #lanes { display: flex; padding-left: calc(64px + var(--text)); border-bottom: 1px solid #d5dbe3; background: #fff; white-space: nowrap; overflow: hidden; }
        .lane { width: var(--lane); flex: none; text-align: center; font-size: 12px; padding: 4px 0; overflow: hidden; text-overflow: ellipsis; line-height: 1.2; }
        .lane b { display: block; overflow: hidden; text-overflow: ellipsis; }
        .lane small { color: #5b6675; }
        #viewport { flex: 1; overflow: auto; position: relative; }
        #spacer { position: relative; }
        .row { position: absolute; left: 0; height: var(--row); display: flex; align-items: center; cursor: pointer; white-space: nowrap; }
        .row:hover { background: #eef3fb; }
        .seq { width: 56px; flex: none; padding-right: 8px; text-align: right; color: #5b6675; font-variant-numeric: tabular-nums; }
        .track { position: relative; flex: none; height: 100%; }
        .life { position: absolute; top: 0; bottom: 0; width: 1px; background: #d5dbe3; }
        .arrow { --c: #2f6fd6; position: absolute; top: 50%; height: 0; border-top: 2px solid var(--c); }
        .arrow.event { --c: #1a8a4c; }
        .arrow.reply { --c: #5f6b7a; border-top-style: dashed; }
        .arrow.failed { --c: #c93c37; }
        .arrow::after { content: ""; position: absolute; top: -6px; border-top: 5px solid transparent; border-bottom: 5px solid transparent; }
        .arrow.right::after { right: -2px; border-left: 7px solid var(--c); }
        .arrow.left::after { left: -2px; border-right: 7px solid var(--c); }
        .arrow.open::after { top: -5px; width: 6px; height: 6px; border: solid var(--c); transform: rotate(45deg); }
        .arrow.open.right::after { right: 0; border-width: 2px 2px 0 0; }
        .arrow.open.left::after { left: 0; border-width: 0 0 2px 2px; }
        #legend { display: flex; gap: 6px; align-items: center; color: #5b6675; font-size: 12px; margin-left: auto; }
        .key { position: relative; display: inline-block; width: 26px; height: 12px; margin-left: 8px; }
        .key .arrow { left: 0; width: 24px; }
        .self { position: absolute; top: 4px; width: 14px; height: 12px; border: 2px solid #2f6fd6; border-left: none; border-radius: 0 6px 6px 0; }
        .text { width: var(--text); flex: none; padding-right: 8px; box-sizing: border-box; overflow: hidden; text-overflow: ellipsis; }
        .mark { color: #8a5a00; padding-left: 6px; }
        .tag { color: #c93c37; padding-left: 6px; }
        .row.selected { background: #ffe9a8; }
        .row.cause { background: #dbe8ff; }
        .row.effect { background: #dcf5e4; }
        .row.dim { opacity: 0.45; }
        #details { width: 360px; flex: none; border-left: 1px solid #d5dbe3; padding: 10px 14px; overflow: auto; background: #fbfcfd; }
        #details h2 { font-size: 14px; margin: 4px 0 8px; }
        #details h3 { font-size: 12px; margin: 14px 0 4px; text-transform: uppercase; color: #5b6675; }
        #details dl { display: grid; grid-template-columns: auto 1fr; gap: 2px 10px; margin: 0; }
        #details dt { color: #5b6675; }
        #details dd { margin: 0; word-break: break-all; }
        #details ol { margin: 0; padding-left: 18px; }
        #details li { cursor: pointer; }
        .stack { border: 1px solid #d5dbe3; border-radius: 4px; margin: 4px 0; padding: 4px 8px; background: #fff; }
        .stack div:first-of-type { font-weight: 600; }
        .hint { color: #5b6675; }
        details.value { margin-left: 12px; font-family: ui-monospace, monospace; font-size: 12px; }
        #recorded-values > details.value { margin-left: 0; }
        details.value .leaf { margin-left: 14px; word-break: break-all; }
        .leaf.redacted { color: #8a5a00; font-style: italic; }
        .leaf.redacted::after { content: "  redacted"; font-size: 10px; text-transform: uppercase; color: #c93c37; }
        """
}
