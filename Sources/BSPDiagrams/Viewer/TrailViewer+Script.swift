extension TrailViewer {
    /// The page's behaviour: takes records as they come, orders them as ``SequenceDiagram``
    /// does, lays out the lanes, draws the rows in view, filters, searches, and follows causes
    /// both ways from the selected notification.
    ///
    /// It reads no trail itself: the page that embeds a trail hands it over at once
    /// (``embeddedFeed``), the live page as the inspector streams it.
    static let script = #"""
        "use strict";
        const ROW = 22, LANE = 112, TEXT = 320;
        const records = [];
        const bySequence = new Map();
        const children = new Map();
        const actors = [];
        const laneOf = new Map();
        const actorOf = notifier => notifier.split("/notifier/")[0];
        const receivers = r => r.targets.length ? r.targets : [actorOf(r.notifier)];

        const lanes = document.getElementById("lanes");
        const viewport = document.getElementById("viewport");
        const spacer = document.getElementById("spacer");
        const rowsElement = document.getElementById("rows");
        const details = document.getElementById("details");
        const count = document.getElementById("count");
        const filterInput = document.getElementById("filter");
        const searchInput = document.getElementById("search");
        viewport.addEventListener("scroll", () => { lanes.scrollLeft = viewport.scrollLeft; draw(); });

        let entries = [];
        let shown = entries;
        let selected = null;
        let chain = { causes: new Set(), effects: new Set() };

        function appear(actor) {
          if (!actor || laneOf.has(actor)) return;
          laneOf.set(actor, actors.length);
          actors.push(actor);
          const lane = document.createElement("div");
          const segments = actor.split("/").slice(2);
          const name = document.createElement("b"), parent = document.createElement("small");
          name.textContent = segments.pop() || actor;
          parent.textContent = segments.join("/") || "actor";
          lane.className = "lane"; lane.title = actor;
          lane.append(name, parent);
          lanes.appendChild(lane);
        }

        // Records in sequence order, whatever order they come in. Stops at a sequence number
        // already there — another run's record, which a feed must `clear` for — and returns
        // how many it added.
        function addRecords(list) {
          let sorted = true, added = 0;
          for (const r of list) {
            if (bySequence.has(r.sequence)) break;
            if (records.length && r.sequence < records[records.length - 1].sequence) sorted = false;
            records.push(r);
            bySequence.set(r.sequence, r);
            if (r.cause !== undefined) {
              if (!children.has(r.cause)) children.set(r.cause, []);
              children.get(r.cause).push(r.sequence);
            }
            appear(r.source);
            receivers(r).forEach(appear);
            added += 1;
          }
          if (!sorted) {
            records.sort((a, b) => a.sequence - b.sequence);
            for (const list of children.values()) list.sort((a, b) => a - b);
          }
          return added;
        }

        // Whether the request is there to take the reply.
        function addReply(sequence, reply) {
          const r = bySequence.get(sequence);
          if (r && r.reply === undefined) r.reply = reply;
          return r !== undefined;
        }

        function clear() {
          records.length = 0; bySequence.clear(); children.clear();
          actors.length = 0; laneOf.clear(); lanes.replaceChildren();
          entries = []; shown = entries; selected = null;
          chain = { causes: new Set(), effects: new Set() };
          details.replaceChildren(hint());
        }

        function hint() {
          const p = document.createElement("p");
          p.className = "hint";
          p.textContent = "Click a notification to see what caused it, what it caused, and the scope stacks at that moment.";
          return p;
        }

        // The order of SequenceDiagram: each notification when it was sent, except a queued
        // one, drawn where its consumer took it; each reply to a bi-way request after all the
        // request caused, the innermost first.
        function messageOrder() {
          const first = new Map(), last = new Map();
          for (const r of records) {
            if (r.cause === undefined) continue;
            if (!first.has(r.cause) || r.sequence < first.get(r.cause)) first.set(r.cause, r.sequence);
          }
          for (let i = records.length - 1; i >= 0; i--) {
            const s = records[i].sequence;
            last.set(s, (children.get(s) || []).reduce((end, c) => Math.max(end, last.get(c) ?? c), s));
          }
          const waits = r => r.aspect && r.aspect.timing === "asynchronous" && r.delivery === "queued";
          const answered = r => r.variety === "request" && r.aspect && r.aspect.way === "bi-way" && r.delivery === "delivered";
          const retargets = (r, queued) => !queued.targets.length && r.targets.length && r.delivery === "delivered" &&
            r.notifier === queued.notifier && r.cause === queued.sequence;
          const order = [], consumedAt = new Map(), repliesAfter = new Map();
          const later = (map, key, r) => { if (!map.has(key)) map.set(key, []); map.get(key).push(r); };
          for (const r of records) {
            for (const queued of consumedAt.get(r.sequence) || []) {
              if (!retargets(r, queued)) order.push({ r: queued, reply: false });
            }
            consumedAt.delete(r.sequence);
            if (waits(r) && first.has(r.sequence)) later(consumedAt, first.get(r.sequence), r);
            else order.push({ r, reply: false });
            if (answered(r)) later(repliesAfter, last.get(r.sequence), r);
            for (const request of (repliesAfter.get(r.sequence) || []).reverse()) order.push({ r: request, reply: true });
            repliesAfter.delete(r.sequence);
          }
          return order;
        }

        function matches(r, prefix, text) {
          const uris = [r.notifier, r.source || "", ...r.targets];
          const underPrefix = !prefix || uris.some(u => u === prefix || u.startsWith(prefix.endsWith("/") ? prefix : prefix + "/"));
          return underPrefix && (!text || r.notification.toLowerCase().includes(text) || r.notifier.toLowerCase().includes(text));
        }

        function applyFilter() {
          const prefix = filterInput.value.trim();
          const text = searchInput.value.trim().toLowerCase();
          shown = prefix || text ? entries.filter(e => matches(e.r, prefix, text)) : entries;
          const notifications = shown.filter(e => !e.reply).length;
          count.textContent = `${notifications} of ${records.length} notifications`;
          count.dataset.shown = notifications;
          spacer.style.height = `${shown.length * ROW}px`;
          spacer.style.width = `${64 + TEXT + actors.length * LANE + 240}px`;
          draw();
        }
        filterInput.addEventListener("input", applyFilter);
        searchInput.addEventListener("input", applyFilter);

        // Orders what came since the last time and draws it; the selection's chain grows with
        // what its notification has caused since.
        function refresh() {
          entries = messageOrder();
          if (selected !== null && bySequence.has(selected)) {
            chain = { causes: new Set(causesOf(selected)), effects: new Set(effectsOf(selected)) };
          }
          applyFilter();
        }

        function rowElement(entry, top) {
          const r = entry.r;
          const row = document.createElement("div");
          row.className = "row";
          if (entry.reply) row.dataset.reply = r.sequence; else row.dataset.seq = r.sequence;
          row.style.top = `${top}px`;
          mark(row, r.sequence);
          const seq = document.createElement("span");
          seq.className = "seq"; seq.textContent = entry.reply ? "" : `#${r.sequence}`;
          const track = document.createElement("span");
          track.className = "track"; track.style.width = `${actors.length * LANE}px`;
          actors.forEach((_, i) => {
            const life = document.createElement("span");
            life.className = "life"; life.style.left = `${i * LANE + LANE / 2}px`;
            track.appendChild(life);
          });
          const lane = actor => actor ? laneOf.get(actor) : -1;
          const x = index => index < 0 ? 0 : index * LANE + LANE / 2;
          const asynchronous = r.aspect && r.aspect.timing === "asynchronous";
          const arrows = entry.reply
            ? receivers(r).map(target => [lane(target), lane(r.source), "reply open"])
            : receivers(r).map(target => [lane(r.source), lane(target), r.variety + (asynchronous ? " open" : "") +
                (r.delivery === "delivered" || r.delivery === "unobserved" || r.delivery === "queued" ? "" : " failed")]);
          for (const [from, to, style] of arrows) {
            const start = x(from), end = x(to);
            if (from === to) {
              const loop = document.createElement("span");
              loop.className = "self"; loop.style.left = `${end}px`;
              track.appendChild(loop);
              continue;
            }
            const arrow = document.createElement("span");
            arrow.className = `arrow ${style} ${end >= start ? "right" : "left"}`;
            arrow.style.left = `${Math.min(start, end)}px`;
            arrow.style.width = `${Math.abs(end - start)}px`;
            track.appendChild(arrow);
          }
          if (entry.reply) {
            const text = document.createElement("span");
            text.className = "text"; text.textContent = `↩ reply to #${r.sequence}`;
            row.append(seq, text, track);
            return row;
          }
          const text = document.createElement("span");
          text.className = "text"; text.textContent = r.notification; text.title = `${r.notifier}\n${r.notification}`;
          row.append(seq, text, track);
          if (r.stackChange) {
            const mark = document.createElement("span");
            mark.className = "mark"; mark.textContent = `${r.stackChange.kind === "pushed" ? "▲" : "▼"} ${r.stackChange.scope}`;
            row.appendChild(mark);
          }
          if (r.delivery !== "delivered") {
            const tag = document.createElement("span");
            tag.className = "tag"; tag.textContent = `[${r.delivery}]`;
            row.appendChild(tag);
          }
          return row;
        }

        function mark(row, sequence) {
          row.classList.remove("selected", "cause", "effect", "dim");
          if (selected === null) return;
          if (sequence === selected) row.classList.add("selected");
          else if (chain.causes.has(sequence)) row.classList.add("cause");
          else if (chain.effects.has(sequence)) row.classList.add("effect");
          else row.classList.add("dim");
        }

        function draw() {
          const first = Math.max(0, Math.floor(viewport.scrollTop / ROW) - 10);
          const last = Math.min(shown.length, Math.ceil((viewport.scrollTop + viewport.clientHeight) / ROW) + 10);
          const fragment = document.createDocumentFragment();
          for (let i = first; i < last; i++) fragment.appendChild(rowElement(shown[i], i * ROW));
          rowsElement.replaceChildren(fragment);
        }

        function causesOf(sequence) {
          const causes = [];
          let r = bySequence.get(sequence);
          while (r && r.cause !== undefined) { causes.push(r.cause); r = bySequence.get(r.cause); }
          return causes;
        }

        function effectsOf(sequence) {
          const effects = [];
          const pending = [...(children.get(sequence) || [])];
          while (pending.length) {
            const next = pending.pop();
            effects.push(next);
            pending.push(...(children.get(next) || []));
          }
          return effects.sort((a, b) => a - b);
        }

        function stacksAt(sequence) {
          const stacks = new Map();
          for (const r of records) {
            if (r.sequence > sequence) break;
            if (!r.stackChange) continue;
            const stack = actorOf(r.notifier);
            if (!stacks.has(stack)) stacks.set(stack, []);
            const scopes = stacks.get(stack);
            if (r.stackChange.kind === "pushed") scopes.push(r.stackChange.scope);
            else { const at = scopes.lastIndexOf(r.stackChange.scope); if (at >= 0) scopes.splice(at, 1); }
          }
          return stacks;
        }

        function select(sequence) {
          selected = sequence;
          const causes = causesOf(sequence), effects = effectsOf(sequence);
          chain = { causes: new Set(causes), effects: new Set(effects) };
          const highlighted = [sequence, ...causes, ...effects].sort((a, b) => a - b);
          details.dataset.highlighted = highlighted.join(",");
          const r = bySequence.get(sequence);
          const link = s => `<li data-seq="${Number(s)}">#${escape(String(s))} ${escape(bySequence.get(s)?.notification ?? "(not in the trail)")}</li>`;
          const stacks = [...stacksAt(sequence)].map(([stack, scopes]) =>
            `<div class="stack" data-stack="${escape(stack)}"><div>${escape(stack)}</div>` +
            (scopes.length ? scopes.slice().reverse().map(s => `<div>${escape(s)}</div>`).join("") : "<div class=hint>(empty)</div>") + "</div>").join("");
          details.innerHTML = `<h2>#${escape(String(r.sequence))} ${escape(r.notification)}</h2><dl>` +
            field("notifier", r.notifier) + field("variety", r.variety) +
            field("aspect", r.aspect ? `${r.aspect.timing} ${r.aspect.way}` : "synchronous single-way") + field("from", r.source ?? "outside the fabric") +
            field("to", receivers(r).join(", ")) + field("delivery", r.delivery) + field("depth", r.depth) +
            field("scope", r.scope ?? "none") + "</dl>" +
            `<div id="recorded-values"></div>` +
            `<h3>Caused by (${causes.length})</h3><ol>${causes.map(link).join("")}</ol>` +
            `<h3>Caused (${effects.length})</h3><ol>${effects.slice(0, 200).map(link).join("")}</ol>` +
            `<h3>Scope stacks</h3>${stacks || "<p class=hint>No stack has changed yet.</p>"}`;
          const values = document.getElementById("recorded-values");
          for (const [title, value] of [["Value", r.value], ["Reply", r.reply]]) {
            if (value === undefined) continue;
            const heading = document.createElement("h3");
            heading.textContent = title;
            values.append(heading, valueNode(value, undefined, 0));
          }
          // Restyle the rows drawn rather than draw them again: the row clicked stays.
          for (const row of rowsElement.children) mark(row, Number(row.dataset.seq ?? row.dataset.reply));
        }

        function reveal(sequence) {
          const index = shown.findIndex(e => !e.reply && e.r.sequence === sequence);
          if (index >= 0) viewport.scrollTop = Math.max(0, index * ROW - viewport.clientHeight / 2);
          select(sequence);
        }

        // A recorded value as a tree: objects and arrays fold, the first level open; a field
        // recorded as "<private>" is marked as redacted. Built as nodes, never as markup.
        function valueNode(value, key, depth) {
          const label = key === undefined ? "" : `${key}: `;
          if (value !== null && typeof value === "object") {
            const entries = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.keys(value).sort().map(k => [k, value[k]]);
            const node = document.createElement("details");
            node.className = "value";
            node.open = depth < 1;
            const summary = document.createElement("summary");
            summary.textContent = label + (Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}`);
            node.appendChild(summary);
            for (const [k, v] of entries) node.appendChild(valueNode(v, k, depth + 1));
            return node;
          }
          const leaf = document.createElement("div");
          leaf.className = "leaf";
          leaf.textContent = label + (typeof value === "string" ? JSON.stringify(value) : String(value));
          if (value === "<private>") { leaf.classList.add("redacted"); leaf.title = "A Private field: its value is never recorded"; }
          return leaf;
        }

        const field = (name, value) => `<dt>${name}</dt><dd>${escape(String(value))}</dd>`;
        const escape = text => text.replace(/[&<>"]/g, c => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
        rowsElement.addEventListener("click", event => {
          const row = event.target.closest(".row");
          if (row) select(Number(row.dataset.seq ?? row.dataset.reply));
        });
        details.addEventListener("click", event => {
          const item = event.target.closest("li[data-seq]");
          if (item && bySequence.has(Number(item.dataset.seq))) reveal(Number(item.dataset.seq));
        });

        // The runs of sequence numbers missing between the first record and the last: records a
        // store dropped, or files deleted before they were read.
        function gaps() {
          const found = [];
          for (let i = 1; i < records.length; i++) {
            const before = records[i - 1].sequence, after = records[i].sequence;
            if (after > before + 1) found.push([before + 1, after - 1]);
          }
          return found;
        }

        // What a feed and a test may call: the rows in the order drawn, as `push #3`, `reply #2`.
        window.trailViewer = {
          addRecords, addReply, clear, refresh, gaps, count: () => records.length,
          order: () => entries.map(e => `${e.reply ? "reply" : "push"} #${e.r.sequence}`),
        };
        """#

    /// The feed of a page that embeds its trail: every record at once.
    static let embeddedFeed = #"""
        "use strict";
        trailViewer.addRecords(JSON.parse(document.getElementById("trail").textContent));
        trailViewer.refresh();
        document.body.dataset.ready = "true";
        """#
}
