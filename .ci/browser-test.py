#!/usr/bin/python3
"""The trail viewer in a real browser: Debian's headless Chromium, driven by Selenium.

Loads the page `bsp-diagram html` made of the account app's demo trail, clicks a
notification and checks the highlighted chain and the scope stacks against the trail itself,
filters and searches, then loads a page of 10,000 notifications and checks it stays usable, and
a page of hostile notifications and checks each shows exactly as sent, with nothing executed.
Saves a screenshot and checks that it is not blank.

usage: browser-test.py --screenshot FILE.png
"""
import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time

from PIL import Image
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

ROW = 22


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1500,900"):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def load(driver, page):
    started = time.monotonic()
    driver.get(f"file://{page}")
    WebDriverWait(driver, 30).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true")
    return time.monotonic() - started


def read_trail(path):
    """The records of a file trail; a reply's line (`replyTo`) goes onto its request."""
    with open(path) as lines:
        items = [json.loads(line) for line in lines if line.strip()]
    records = [item for item in items if "replyTo" not in item]
    by_sequence = {r["sequence"]: r for r in records}
    for item in items:
        if "replyTo" in item:
            by_sequence[item["replyTo"]]["reply"] = item["reply"]
    return records


def chain(records, sequence):
    """The sequence, its causes and everything it caused, from the trail alone."""
    by_sequence = {r["sequence"]: r for r in records}
    found = {sequence}
    record = by_sequence[sequence]
    while "cause" in record and record["cause"] in by_sequence:
        found.add(record["cause"])
        record = by_sequence[record["cause"]]
    return found | {r["sequence"] for r in records if caused_by(by_sequence, r, sequence)}


def caused_by(by_sequence, record, sequence):
    while "cause" in record:
        if record["cause"] == sequence:
            return True
        if record["cause"] not in by_sequence:
            return False
        record = by_sequence[record["cause"]]
    return False


def stacks_at(records, sequence):
    stacks = {}
    for r in records:
        if r["sequence"] > sequence:
            break
        change = r.get("stackChange")
        if not change:
            continue
        scopes = stacks.setdefault(r["notifier"].split("/notifier/")[0], [])
        if change["kind"] == "pushed":
            scopes.append(change["scope"])
        elif change["scope"] in scopes:
            del scopes[len(scopes) - 1 - scopes[::-1].index(change["scope"])]
    return stacks


def rendered_rows(driver):
    return {int(row.get_attribute("data-seq")): row for row in driver.find_elements(By.CSS_SELECTOR, "#rows .row[data-seq]")}


def scroll_to(driver, index):
    driver.execute_script("document.getElementById('viewport').scrollTop = arguments[0];", max(0, index * ROW - 200))
    time.sleep(0.1)


def click_row(driver, sequence):
    """Clicks the drawn row of `sequence` as a person would, once it is drawn and in view."""
    for _ in range(5):
        try:
            row = rendered_rows(driver)[sequence]
            driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", row)
            time.sleep(0.2)
            # On its text: the row is wider than the view, and a click at its centre would scroll.
            rendered_rows(driver)[sequence].find_element(By.CLASS_NAME, "text").click()
            return
        except StaleElementReferenceException:
            time.sleep(0.2)
    sys.exit(f"browser test: could not click row #{sequence}")


def diagram_order(trail, diagram=os.path.join(".build", "debug", "bsp-diagram")):
    """The rows `bsp-diagram sequence` draws, as the page names them: `push #3`, `reply #2`."""
    mermaid = subprocess.run([diagram, "sequence", trail, "--mermaid"], check=True, capture_output=True,
                             text=True).stdout
    order = []
    for line in mermaid.splitlines():
        found = re.search(r": (reply to )?#35;(\d+)", line)
        if not found or line.lstrip().startswith("Note"):
            continue
        row = f"{'reply' if found.group(1) else 'push'} #{found.group(2)}"
        if not order or order[-1] != row:
            order.append(row)
    return order


def test_order(driver, page, trail):
    """The page orders the rows itself, as the sequence diagram does."""
    load(driver, page)
    order = driver.execute_script("return trailViewer.order();")
    check(order == diagram_order(trail), f"the page's {len(order)} rows are in the order bsp-diagram draws {os.path.basename(trail)}")


def check(condition, message):
    if not condition:
        sys.exit(f"browser test: {message}")
    print(f"ok: {message}")


def test_selection(driver, records):
    by_sequence = {r["sequence"]: r for r in records}
    # A notification with a cause and with effects: its chain runs both ways.
    candidates = [
        r for r in records if "cause" in r and any(o.get("cause") == r["sequence"] for o in records) and
        any(o.get("stackChange") for o in records if o["sequence"] <= r["sequence"])
    ]
    # The one with the longest chain: the most to check, and the best picture.
    target = max(candidates, key=lambda r: (len(chain(records, r["sequence"])), -r["sequence"]))["sequence"]
    expected = chain(records, target)
    scroll_to(driver, [r["sequence"] for r in records].index(target))
    click_row(driver, target)
    details = driver.find_element(By.ID, "details")
    highlighted = {int(s) for s in details.get_attribute("data-highlighted").split(",")}
    check(highlighted == expected, f"clicking #{target} highlights its causes and effects {sorted(expected)}")
    rows = rendered_rows(driver)
    marked = {s for s, row in rows.items() if set(row.get_attribute("class").split()) & {"selected", "cause", "effect"}}
    check(marked == expected & set(rows), f"the rows drawn are highlighted exactly where in the chain: {sorted(marked)}")
    check("selected" in rendered_rows(driver)[target].get_attribute("class"), f"#{target} is marked selected")
    check(by_sequence[target]["notification"] in details.text, "the details name the notification")
    stacks = {
        element.get_attribute("data-stack"): [line.text for line in element.find_elements(By.CSS_SELECTOR, "div")][1:]
        for element in driver.find_elements(By.CSS_SELECTOR, "#details .stack")
    }
    expected_stacks = {stack: list(reversed(scopes)) or ["(empty)"] for stack, scopes in stacks_at(records, target).items()}
    check(stacks == expected_stacks, f"the scope stacks at #{target} are {expected_stacks}")
    return target


def test_filter(driver, records, prefix):
    box = driver.find_element(By.ID, "filter")
    box.clear()
    box.send_keys(prefix)
    expected = [
        r["sequence"] for r in records
        if any(u == prefix or u.startswith(prefix + "/") for u in [r["notifier"], r.get("source", "")] + r["targets"])
    ]
    shown = int(driver.find_element(By.ID, "count").get_attribute("data-shown"))
    check(shown == len(expected) and 0 < shown < len(records), f"filtering by {prefix} shows {len(expected)} notifications")
    rows = rendered_rows(driver)
    check(set(rows) <= set(expected) and rows, "every row drawn is under the prefix")
    box.clear()
    box.send_keys(" ")
    box.clear()
    driver.execute_script("document.getElementById('filter').dispatchEvent(new Event('input'));")


def test_search(driver, records, text):
    box = driver.find_element(By.ID, "search")
    box.send_keys(text)
    expected = [r["sequence"] for r in records if text.lower() in r["notification"].lower() or text.lower() in r["notifier"].lower()]
    shown = int(driver.find_element(By.ID, "count").get_attribute("data-shown"))
    check(shown == len(expected) and shown > 0, f"searching for '{text}' shows {len(expected)} notifications")
    box.clear()
    driver.execute_script("document.getElementById('search').dispatchEvent(new Event('input'));")


def check_screenshot(path):
    image = Image.open(path).convert("RGB")
    colours = image.getcolors(maxcolors=1 << 20) or []
    commonest = max(count for count, _ in colours) if colours else 0
    width, height = image.size
    check(len(colours) > 20 and commonest < 0.95 * width * height, f"the screenshot {path} is not blank ({len(colours)} colours)")


def test_big_page(driver, page):
    seconds = load(driver, page)
    count = int(driver.find_element(By.ID, "count").get_attribute("data-shown"))
    check(count == 10_000, f"a page of 10,000 notifications loads in {seconds:.2f} s")
    check(seconds < 10, "and within 10 s")
    check(len(rendered_rows(driver)) < 200, "only the rows in view are drawn")
    scroll_to(driver, 9_990)
    rows = rendered_rows(driver)
    check(10_000 in rows, "scrolling to the end draws the last notification")
    started = time.monotonic()
    click_row(driver, 10_000)
    highlighted = driver.find_element(By.ID, "details").get_attribute("data-highlighted").split(",")
    check(len(highlighted) > 1, f"clicking it highlights its chain ({len(highlighted)} notifications) "
          f"in {time.monotonic() - started:.2f} s")


def write_big_trail(path, count=10_000):
    """A made-up run of `count` notifications: chains of requests and events, scope pushes."""
    actors = ["/actor/behaviour", "/actor/service", "/actor/presentation", "/actor/behaviour/stack"]
    with open(path, "w") as out:
        for sequence in range(1, count + 1):
            depth = (sequence - 1) % 5
            record = {
                "sequence": sequence, "depth": depth, "delivery": "delivered", "variety": "request",
                "notifier": f"{actors[sequence % 3]}/notifier/request", "targets": [actors[sequence % 3]],
                "notification": f"step {sequence} of a long run", "source": actors[(sequence + 1) % 3],
            }
            if depth:
                record["cause"] = sequence - 1
            if sequence % 50 == 0:
                record.update(notifier=f"{actors[3]}/notifier/transition", variety="event", targets=[],
                              stackChange={"kind": "pushed", "scope": f"/actor/behaviour/scope/s{sequence}"})
                del record["source"]
            out.write(json.dumps(record) + "\n")


# Pieces that have broken escaping before: scalars that join their neighbours, markup that
# would end or open a script, and every line end some reader splits on.
HOSTILE_PIECES = [
    "\u0600", "\u0605", "\U000110BD", "\u0301", "\u200D", "<!--", "-->", "<script", "</script", "</SCRIPT >",
    "<img src=x onerror=window.__hostile=1>", "<script>window.__hostile=1</script>", "]]>", "\u2028", "\u2029",
    "\u0085", "\x7f", "&amp;", "&", '"', "'", "<", ">", "/", "\\", "`${window.__hostile=1}`", "a", " ", "\u6f22",
]


def hostile_texts(count=30, seed=0x5EED):
    """The inputs that broke the page before, then random joins of the pieces."""
    known = ["\u0600</script><img src=x onerror=window.__hostile=1>", "<!--<script>", "\u0301</script\u2028x"]
    generator = random.Random(seed)
    return known + ["".join(generator.choice(HOSTILE_PIECES) for _ in range(generator.randint(1, 8))) for _ in range(count)]


def write_hostile_trail(path, texts):
    with open(path, "w", encoding="utf-8") as out:
        for sequence, text in enumerate(texts, start=1):
            record = {"sequence": sequence, "depth": 0, "delivery": "delivered", "variety": "event",
                      "notifier": "/actor/presentation/notifier/event", "source": "/actor/presentation",
                      "targets": ["/actor/behaviour"], "notification": text}
            out.write(json.dumps(record, ensure_ascii=False) + "\n")


def test_hostile_page(driver, page, texts):
    """Hostile notifications show exactly as sent, and nothing in them becomes an element or runs."""
    load(driver, page)
    check(driver.execute_script("return window.__hostile === undefined;"), "no script in a notification ran")
    counts = driver.execute_script(
        "return [document.scripts.length, document.querySelectorAll('img, iframe, object, embed, svg').length];")
    check(counts == [3, 0], f"the page has its own three scripts and no element made from the text ({counts})")
    shown = driver.execute_script(
        "return [...document.querySelectorAll('#rows .row[data-seq]')].map(r => [Number(r.dataset.seq), r.querySelector('.text').textContent]);")
    check(len(shown) == len(texts) and all(text == texts[sequence - 1] for sequence, text in shown),
          f"each of the {len(texts)} hostile notifications is shown exactly as sent")
    click_row(driver, len(texts))
    heading = driver.execute_script("return document.querySelector('#details h2').textContent;")
    check(heading == f"#{len(texts)} {texts[-1]}", "the details show the selected one exactly as sent")
    check(driver.execute_script("return document.querySelectorAll('#details img, #details script').length;") == 0,
          "and make no element of it")


ASPECTS = {
    "sync-single": {"timing": "synchronous", "way": "single-way"},
    "sync-bi": {"timing": "synchronous", "way": "bi-way"},
    "async-single": {"timing": "asynchronous", "way": "single-way"},
    "async-bi": {"timing": "asynchronous", "way": "bi-way"},
}


def write_aspects_trail(path):
    """A run with every interaction aspect: a push, a request with a reply, a queued push
    consumed later, and an asynchronous request with a reply."""
    def record(sequence, notifier, variety, aspect, source, target, text, cause=None, delivery="delivered"):
        r = {"sequence": sequence, "depth": 0 if cause is None else 1, "delivery": delivery, "variety": variety,
             "aspect": ASPECTS[aspect], "notifier": notifier, "source": source, "targets": [target] if target else [],
             "notification": text}
        if cause is not None:
            r["cause"] = cause
        return r
    records = [
        record(1, "/actor/presentation/notifier/event", "event", "sync-single", "/actor/presentation",
               "/actor/behaviour", "refreshTapped"),
        record(2, "/actor/service/notifier/question", "request", "sync-bi", "/actor/behaviour", "/actor/service",
               "isSignedIn", cause=1),
        record(3, "/actor/service/notifier/event", "event", "sync-single", "/actor/service", "/actor/behaviour",
               "sessionChecked", cause=2),
        record(4, "/actor/service/notifier/fixes", "event", "async-single", "/actor/service", "/actor/behaviour",
               "fix(1)", delivery="queued"),
        record(5, "/actor/service/notifier/lookup", "request", "async-bi", "/actor/behaviour", "/actor/service",
               "place(Sydney)", cause=1),
        record(6, "/actor/presentation/notifier/request", "request", "sync-single", "/actor/behaviour",
               "/actor/presentation", "show(fix 1)", cause=4),
        # Queued before its consumer named itself, then recorded again as the consumer took it.
        record(7, "/actor/service/notifier/fixes", "event", "async-single", "/actor/service", None, "fix(2)",
               delivery="queued"),
        record(8, "/actor/service/notifier/fixes", "event", "async-single", "/actor/service", "/actor/behaviour",
               "fix(2)", cause=7),
    ]
    records[5]["value"] = {"show": {"fix": 1, "token": "<private>"}}
    records[1]["reply"] = True
    with open(path, "w", encoding="utf-8") as out:
        for r in records:
            out.write(json.dumps(r) + "\n")


def test_aspects_page(driver, page):
    """The four aspects are drawn distinctly: filled and open heads, dashed returns after all a
    request caused, a queued push where it was consumed, and a legend."""
    load(driver, page)
    rows = driver.execute_script(
        "return [...document.querySelectorAll('#rows .row')].sort((a, b) => parseFloat(a.style.top) - parseFloat(b.style.top))"
        ".map(r => r.dataset.seq ? 'push #' + r.dataset.seq : 'reply #' + r.dataset.reply);")
    expected = ["push #1", "push #2", "push #3", "reply #2", "push #5", "reply #5", "push #4", "push #6", "push #8"]
    check(rows == expected, f"replies follow what their request caused and the queued push is drawn where consumed: {rows}")
    style = """
        const arrow = selector => document.querySelector(selector + ' .arrow');
        const look = a => [getComputedStyle(a).borderTopStyle, getComputedStyle(a, '::after').transform !== 'none'];
        return {
          sync: look(arrow('.row[data-seq="1"]')), asyncRequest: look(arrow('.row[data-seq="5"]')),
          queued: look(arrow('.row[data-seq="4"]')), reply: look(arrow('.row[data-reply="2"]')),
          keys: document.querySelectorAll('#legend .key').length,
        };"""
    looks = driver.execute_script(style)
    check(looks["sync"] == ["solid", False], f"a synchronous push is solid with a filled head ({looks['sync']})")
    check(looks["asyncRequest"] == ["solid", True] and looks["queued"] == ["solid", True],
          f"asynchronous pushes are solid with an open head ({looks['asyncRequest']}, {looks['queued']})")
    check(looks["reply"] == ["dashed", True], f"a reply is dashed with an open head ({looks['reply']})")
    check(looks["keys"] == 5, "the legend shows the five keys")
    click_row(driver, 5)
    details = driver.find_element(By.ID, "details").text
    check("asynchronous bi-way" in details, "the details name the aspect")
    click_row(driver, 6)
    tree = driver.execute_script("""
        const root = document.querySelector('#recorded-values > details.value');
        const inner = root && root.querySelector('details.value');
        return {
          root: root !== null && root.open, inner: inner !== null && !inner.open,
          redacted: [...document.querySelectorAll('#recorded-values .leaf.redacted')].map(e => e.textContent),
        };""")
    check(tree["root"] and tree["inner"], f"a recorded value shows as a tree, its nested fields folded ({tree})")
    check(tree["redacted"] == ['token: "<private>"'], f"a private field is marked as redacted ({tree['redacted']})")
    click_row(driver, 2)
    reply = driver.execute_script("return document.getElementById('recorded-values').textContent;")
    check(reply == "Replytrue", f"a recorded reply is shown ({reply!r})")


def make_pages(folder):
    """The account app's demo trail and its page, and a page of 10,000 notifications."""
    trail, page = os.path.join(folder, "demo.jsonl"), os.path.join(folder, "demo.html")
    big_trail, big_page = os.path.join(folder, "big.jsonl"), os.path.join(folder, "big.html")
    subprocess.run(["swift", "run", "account-app", "--demo", "--trail", trail], check=True,
                   stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
    subprocess.run(["swift", "run", "bsp-diagram", "html", trail, "--output", page], check=True)
    write_big_trail(big_trail)
    subprocess.run(["swift", "run", "bsp-diagram", "html", big_trail, "--output", big_page], check=True)
    return trail, page, big_page


def make_hostile_page(folder, texts):
    trail, page = os.path.join(folder, "hostile.jsonl"), os.path.join(folder, "hostile.html")
    write_hostile_trail(trail, texts)
    subprocess.run(["swift", "run", "bsp-diagram", "html", trail, "--output", page], check=True)
    return page


def main():
    arguments = argparse.ArgumentParser()
    arguments.add_argument("--screenshot", required=True)
    options = arguments.parse_args()
    folder = tempfile.mkdtemp(prefix="bsp-browser-")
    trail, page, big_page = make_pages(folder)
    records = read_trail(trail)
    texts = hostile_texts()
    hostile_page = make_hostile_page(folder, texts)
    aspects_trail, aspects_page = os.path.join(folder, "aspects.jsonl"), os.path.join(folder, "aspects.html")
    write_aspects_trail(aspects_trail)
    subprocess.run(["swift", "run", "bsp-diagram", "html", aspects_trail, "--output", aspects_page], check=True)
    driver = browser()
    try:
        test_order(driver, page, trail)
        test_order(driver, aspects_page, aspects_trail)
        load(driver, page)
        test_filter(driver, records, "/actor/service")
        test_search(driver, records, "login")
        test_selection(driver, records)
        driver.save_screenshot(options.screenshot)
        check_screenshot(options.screenshot)
        test_big_page(driver, big_page)
        test_hostile_page(driver, hostile_page, texts)
        test_aspects_page(driver, aspects_page)
    finally:
        driver.quit()
    print("browser test: passed")


if __name__ == "__main__":
    main()
