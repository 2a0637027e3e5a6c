#!/usr/bin/python3
"""The live inspector in a real browser: Debian's headless Chromium, driven by Selenium.

Runs `bsp-inspect` on trails that `trail-load`, a small app of the inspector's package, writes:
- 100,000 records already there: the time to the first row and to the last, and the page stays
  drawn row by row;
- a running app, 1,000 records a second across rotations, with the page open: the rows arrive,
  in the order `bsp-diagram sequence` draws the same trail, with their causes; pause holds them,
  resume shows them; how many records a second the page kept up with;
- refusals: a request without the token, and a page of another origin that tries to read the
  stream.
Prints the figures and saves a screenshot of the page following the run.

usage: inspector-browser-test.py --screenshot FILE.png
"""
import argparse
import importlib.util
import json
import os
import re
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.request
from http.server import HTTPServer, SimpleHTTPRequestHandler

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
INSPECTOR = os.path.join(ROOT, "Inspector")
viewer_spec = importlib.util.spec_from_file_location("viewer_test", os.path.join(ROOT, ".ci", "browser-test.py"))
viewer = importlib.util.module_from_spec(viewer_spec)
viewer_spec.loader.exec_module(viewer)
check = viewer.check


def built(product, package=INSPECTOR):
    return os.path.join(package, ".build", "debug", product)


def trail_records(trail):
    """Every record of a rotated trail, oldest file first, with replies attached."""
    folder, name = os.path.split(trail)
    stem, extension = os.path.splitext(name)
    generations = sorted(
        (int(m.group(1)), f) for f in os.listdir(folder)
        if (m := re.fullmatch(re.escape(stem) + r"\.(\d+)" + re.escape(extension), f)))
    items = []
    for file in [f for _, f in reversed(generations)] + [name]:
        with open(os.path.join(folder, file)) as lines:
            items += [json.loads(line) for line in lines if line.strip()]
    # A reply written after a rotation is in a later file than its request.
    records = [item for item in items if "replyTo" not in item]
    by_sequence = {r["sequence"]: r for r in records}
    for item in items:
        if "replyTo" in item:
            by_sequence[item["replyTo"]]["reply"] = item["reply"]
    return sorted(records, key=lambda r: r["sequence"])


def diagram_order(trail):
    return viewer.diagram_order(trail, built("bsp-diagram", ROOT))


class Inspector:
    """`bsp-inspect` on a trail, with the address it prints."""

    def __init__(self, trail):
        self.process = subprocess.Popen([built("bsp-inspect"), trail], stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True)
        for line in self.process.stdout:
            if line.startswith("Open "):
                self.address = line.split()[1]
                break
        else:
            raise SystemExit(f"inspector browser test: bsp-inspect printed no address: {self.process.stderr.read()}")
        self.origin = self.address.split("/?")[0]

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)


def records_shown(driver):
    return int(driver.find_element(By.TAG_NAME, "body").get_attribute("data-records") or 0)


def test_big_trail(driver, folder):
    """100,000 records already written: the first row, then all of them, row by row."""
    trail = os.path.join(folder, "big", "run.jsonl")
    os.makedirs(os.path.dirname(trail))
    subprocess.run([built("trail-load"), trail, "--records", "100000", "--max-file-bytes", str(8 << 20)],
                   check=True, stdout=subprocess.DEVNULL)
    inspector = Inspector(trail)
    try:
        driver.get(inspector.address)
        started = driver.execute_script("return performance.timeOrigin;")
        WebDriverWait(driver, 30, poll_frequency=0.02).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#rows .row"))
        first_row = time.time() * 1000 - started
        WebDriverWait(driver, 60, poll_frequency=0.05).until(lambda d: records_shown(d) == 100_000)
        all_rows = time.time() * 1000 - started
        drawn = len(driver.find_elements(By.CSS_SELECTOR, "#rows .row"))
        scrolled = driver.execute_script("""
            const v = document.getElementById('viewport'), t = performance.now();
            v.scrollTop = v.scrollHeight / 2; v.dispatchEvent(new Event('scroll'));
            return performance.now() - t;""")
        print(f"figure: 100,000 records: first row after {first_row:.0f} ms, all after {all_rows:.0f} ms; "
              f"{drawn} rows drawn; a scroll to the middle drawn in {scrolled:.1f} ms")
        check(drawn < 200, f"only the rows in view are drawn ({drawn} of 100,000)")
        check(all_rows < 10_000, f"100,000 records load ({all_rows:.0f} ms; the target is 2,000)")
    finally:
        inspector.stop()


def test_running_app(driver, folder, screenshot):
    """A run at 1,000 records a second, rotating: rows arrive in order with their causes."""
    trail = os.path.join(folder, "live", "run.jsonl")
    os.makedirs(os.path.dirname(trail))
    inspector = Inspector(trail)
    try:
        driver.get(inspector.address)
        WebDriverWait(driver, 10).until(
            lambda d: "Waiting for the trail" in d.find_element(By.ID, "status").text)
        check(True, "before the app runs, the page says it waits for the trail")
        total, rate = 10_000, 1_000
        started = time.monotonic()
        app = subprocess.Popen([built("trail-load"), trail, "--records", str(total), "--rate", str(rate),
                                "--max-file-bytes", "65536", "--files", "1000"], stdout=subprocess.DEVNULL)
        samples = []
        while app.poll() is None:
            time.sleep(0.5)
            samples.append((time.monotonic() - started, records_shown(driver)))
        written = time.monotonic() - started
        WebDriverWait(driver, 30, poll_frequency=0.05).until(lambda d: records_shown(d) == total)
        caught_up = time.monotonic() - started
        lag = caught_up - written
        print(f"figure: {total} records written at {rate}/s in {written:.1f} s; the page showed them all "
              f"{lag * 1000:.0f} ms after the last was written: {total / caught_up:.0f} records/s kept up")
        print("figure: records shown while writing (s, records): " +
              ", ".join(f"({t:.1f}, {n})" for t, n in samples[::4]))
        check(any(0 < n < total for _, n in samples), "rows arrive while the app runs, not only at its end")
        check(lag < 2.0, f"the page keeps up with {rate} records a second (behind by {lag * 1000:.0f} ms at the end)")
        order = driver.execute_script("return trailViewer.order();")
        expected = diagram_order(trail)
        check(order == expected, f"the rows are in the order bsp-diagram draws the trail ({len(order)} rows)")
        records = trail_records(trail)
        check(len(records) == total and len(order) == total + total // 4,
              "every record across the rotations is shown once, with each reply as a row")
        driver.execute_script("trailViewer.refresh();")
        sequence = records[-2]["sequence"]
        viewer.click_row(driver, sequence)
        highlighted = driver.find_element(By.ID, "details").get_attribute("data-highlighted")
        expected_chain = sorted(viewer.chain(records, sequence))
        check(highlighted == ",".join(map(str, expected_chain)),
              f"a row's causes are highlighted from the trail ({highlighted})")
        test_follow(driver)
        test_pause(driver, trail, total)
        test_left_out(driver, trail)
        driver.save_screenshot(screenshot)
        viewer.check_screenshot(screenshot)
    finally:
        inspector.stop()


def test_follow(driver):
    """Following keeps the last row in view; scrolling up stops it; asking again goes back."""
    at_end = "const v = document.getElementById('viewport'); return v.scrollTop + v.clientHeight >= v.scrollHeight - 22;"
    follow = driver.find_element(By.ID, "follow")
    check(follow.is_selected() and driver.execute_script(at_end), "following, the last row is in view")
    driver.execute_script("document.getElementById('viewport').scrollTop = 0;")
    WebDriverWait(driver, 5).until(lambda d: not d.find_element(By.ID, "follow").is_selected())
    check(True, "scrolling up stops following")
    follow.click()
    WebDriverWait(driver, 5).until(lambda d: d.execute_script(at_end))
    check(follow.is_selected(), "asked again, the page goes back to the last row")
    # Typed in a burst, a prefix on its way matches nothing for a moment: following goes on.
    driver.find_element(By.ID, "filter").send_keys("/actor/service")
    time.sleep(0.5)
    check(follow.is_selected() and driver.execute_script(at_end), "a filter typed while following keeps following")
    driver.execute_script("const f = document.getElementById('filter'); f.value = ''; f.dispatchEvent(new Event('input'));")


def test_pause(driver, trail, shown):
    """Paused, new rows wait and are counted; resumed, they show. A new run starts over."""
    driver.find_element(By.ID, "pause").click()
    subprocess.run([built("trail-load"), trail, "--records", "400", "--max-file-bytes", "65536", "--files", "1000"],
                   check=True, stdout=subprocess.DEVNULL)
    WebDriverWait(driver, 10).until(lambda d: "Paused — 400 new" in d.find_element(By.ID, "status").text)
    check(records_shown(driver) == shown, "paused, the page keeps what it showed and counts what came")
    driver.find_element(By.ID, "pause").click()
    WebDriverWait(driver, 10).until(lambda d: records_shown(d) == 400)
    check(driver.execute_script("return trailViewer.order();") == diagram_order(trail),
          "resumed, the page shows the new run alone: a new run starts the page over")


def test_left_out(driver, trail):
    """A line that is not a record, or a reply to a request not there, is counted, never dropped
    silently, and stops nothing after it; a hostile one shows as text; records missing between
    two are counted."""
    def record(sequence, **fields):
        return json.dumps({"sequence": sequence, "notifier": "/actor/service/notifier/event", "notification": "x",
                           "variety": "event", "delivery": "delivered", "targets": [], **fields})
    lines = ['not json <img src=x onerror="window.hit=1">', '{"sequence":"x"}', "[]", '{"reply":1,"replyTo":999999}',
             record(401, targets=[{}]), record(402, cause='"><img src=x onerror="window.hit=1">'), record(405)]
    with open(trail, "a", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")
    WebDriverWait(driver, 10).until(lambda d: "6 lines left out" in d.find_element(By.ID, "status").text)
    status = driver.find_element(By.ID, "status")
    listed = status.get_attribute("title")
    check("unreadable: not json" in listed and "not a record: []" in listed and "#999999" in listed
          and '"sequence": 401' in listed, f"each line left out is listed with why ({listed!r})")
    check(records_shown(driver) == 401 and "4 records missing" in status.text and "#401–#404 missing" in listed,
          f"a record after them is shown, and the records missing before it are counted ({status.text!r})")
    check(driver.execute_script("return window.hit === undefined;"), "and none of it runs")
    with open(trail, "a", encoding="utf-8") as out:
        out.write(record(3) + "\n")
    WebDriverWait(driver, 10).until(lambda d: records_shown(d) == 1)
    status = driver.find_element(By.ID, "status").text
    check("a new run from #3" in status, f"a sequence number shown already starts the page over, and says so ({status!r})")


class Foreign(SimpleHTTPRequestHandler):
    """A page of another origin that tries to read the inspector's stream."""
    target = ""

    def do_GET(self):
        page = f"""<!DOCTYPE html><body><script>
            const target = {json.dumps(self.target)};
            const results = {{}};
            fetch(target).then(r => r.text()).then(t => results.fetch = "read " + t.length)
              .catch(e => results.fetch = "refused: " + e.name);
            const stream = new EventSource(target);
            stream.onmessage = () => results.stream = "read";
            stream.addEventListener("lines", () => results.stream = "read");
            stream.onerror = () => {{ results.stream = results.stream || "refused"; stream.close(); }};
            window.results = results;
            </script></body>"""
        body = page.encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *arguments):
        pass


def test_refusals(driver, folder):
    trail = os.path.join(folder, "live", "run.jsonl")
    inspector = Inspector(trail)
    try:
        try:
            urllib.request.urlopen(inspector.origin + "/events")
            check(False, "a request without the token is refused")
        except urllib.error.HTTPError as error:
            check(error.code == 403, f"a request without the token is refused ({error.code})")
        Foreign.target = inspector.origin + "/events?token=" + inspector.address.split("token=")[1]
        server = HTTPServer(("127.0.0.1", 0), Foreign)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            driver.get(f"http://localhost:{server.server_address[1]}/")
            WebDriverWait(driver, 10).until(
                lambda d: d.execute_script("return window.results && results.fetch && results.stream"))
            results = driver.execute_script("return results;")
            check(results["fetch"].startswith("refused") and results["stream"] == "refused",
                  f"a page of another origin, token and all, cannot read the stream ({results})")
        finally:
            server.shutdown()
        refused = inspector.process
        inspector.stop()
        log = refused.stderr.read()
        check("may not read this inspector" in log, "the inspector says it refused the other origin")
    finally:
        if inspector.process.poll() is None:
            inspector.stop()


def test_command_lines(folder):
    """Bad command lines and a port in use are told in words, with a status, never a crash."""
    trail = os.path.join(folder, "live", "run.jsonl")
    for program, arguments, status, words in [
            ("bsp-inspect", ["a.jsonl", "--port", "x"], 2, "--port takes a number"),
            ("bsp-inspect", ["a.jsonl", "b.jsonl"], 2, "one trail only"),
            ("trail-load", [trail, "--records", "x"], 2, "--records takes a whole number"),
            ("trail-load", [], 2, "no trail named"),
            ("trail-load", [os.path.join(folder, "no", "such", "run.jsonl"), "--records", "4"], 1, "Cannot open")]:
        done = subprocess.run([built(program)] + arguments, capture_output=True, text=True, timeout=30)
        check(done.returncode == status and words in done.stderr,
              f"{program} {' '.join(arguments)}: exit {done.returncode}, says {done.stderr.splitlines()[:1]}")
    inspector = Inspector(trail)
    try:
        port = inspector.origin.rsplit(":", 1)[1]
        done = subprocess.run([built("bsp-inspect"), trail, "--port", port], capture_output=True, text=True, timeout=30)
        check(done.returncode == 1 and f"port {port} is already in use" in done.stderr,
              f"a port in use is named ({done.stderr.strip()!r})")
    finally:
        inspector.stop()


def main():
    arguments = argparse.ArgumentParser()
    arguments.add_argument("--screenshot", required=True)
    options = arguments.parse_args()
    folder = tempfile.mkdtemp(prefix="bsp-inspect-")
    driver = viewer.browser()
    try:
        test_big_trail(driver, folder)
        test_running_app(driver, folder, options.screenshot)
        test_refusals(driver, folder)
        test_command_lines(folder)
    finally:
        driver.quit()
    print("inspector browser test: passed")


if __name__ == "__main__":
    main()
