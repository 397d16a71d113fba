#!/usr/bin/env python3
"""Loads the built documentation sites in headless Chromium and checks them from the page.

Run scripts/docs.sh first. This serves .build/docs on loopback, opens the pages below in
Chromium (driven over --remote-debugging-pipe with the DevTools protocol, Python's standard
library only), and for each page, in the light and the dark colour scheme:

- waits until DocC has rendered as many pictures as the page's data names, then checks that
  each was fetched and decoded (a real naturalWidth and naturalHeight) and is the variant of
  the scheme (`name~dark.svg` in dark mode);
- fails on any console error, uncaught exception or failed request;
- saves a full-page screenshot under .build/browser-check/.

Usage: python3 scripts/browser-check.py [--chromium PATH]
"""

import argparse
import base64
import fcntl
import functools
import http.server
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SITE = os.path.join(ROOT, ".build", "docs")
SHOTS = os.path.join(ROOT, ".build", "browser-check")

# (screenshot name, page path): the symbol pages the issue names and three guides.
PAGES = [
    ("throttle", "/Streams/documentation/streams/observabletype/throttle(_:latest:scheduler:)"),
    ("flatMapLatest", "/Streams/documentation/streams/observabletype/flatmaplatest(_:)"),
    ("withLatestFrom", "/Streams/documentation/streams/observabletype/withlatestfrom(_:)"),
    ("retry-when", "/Streams/documentation/streams/observabletype/retry(when:)"),
    ("guide-FlatMap", "/Streams/documentation/streams/flatmap"),
    ("guide-GettingStarted", "/Streams/documentation/streams/gettingstarted"),
    ("guide-TestingWithVirtualTime", "/Streams/documentation/streams/testingwithvirtualtime"),
    ("StreamsTesting", "/StreamsTesting/documentation/streamstesting"),
    ("FeedStreams", "/FeedStreams/documentation/feedstreams"),
]
WIDTH = 1280
TIMEOUT = 30.0


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


def serve(directory):
    handler = functools.partial(QuietHandler, directory=directory)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


class Browser:
    """Chromium driven over a pipe: commands on fd 3, replies and events on fd 4, NUL-separated."""

    def __init__(self, executable):
        self.profile = tempfile.mkdtemp(prefix="browser-check-")
        child_read, self.to_child = os.pipe()
        self.from_child, child_write = os.pipe()
        # The child's ends, above the descriptors it will get them as (3 and 4).
        high_read = fcntl.fcntl(child_read, fcntl.F_DUPFD, 10)
        high_write = fcntl.fcntl(child_write, fcntl.F_DUPFD, 10)
        os.close(child_read)
        os.close(child_write)

        def place():
            os.dup2(high_read, 3)
            os.dup2(high_write, 4)

        arguments = [
            executable, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
            "--no-first-run", "--no-default-browser-check", "--hide-scrollbars", "--mute-audio",
            f"--user-data-dir={self.profile}", f"--window-size={WIDTH},900", "about:blank",
        ]
        self.process = subprocess.Popen(arguments, preexec_fn=place, pass_fds=(3, 4),
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(high_read)
        os.close(high_write)
        self.buffer = b""
        self.next_id = 0
        self.events = []
        self.session = None

    def close(self):
        try:
            self.send("Browser.close", session=False)
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)

    def _read_message(self, deadline):
        while b"\0" not in self.buffer:
            if time.time() > deadline:
                raise TimeoutError("Chromium did not answer in time")
            chunk = os.read(self.from_child, 1 << 16)
            if not chunk:
                raise RuntimeError("Chromium closed the pipe (did it start? is it installed?)")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def send(self, method, params=None, session=True, timeout=TIMEOUT):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            message["sessionId"] = self.session
        os.write(self.to_child, json.dumps(message).encode() + b"\0")
        deadline = time.time() + timeout
        while True:
            reply = self._read_message(deadline)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def wait_for_event(self, method, timeout=TIMEOUT):
        deadline = time.time() + timeout
        while True:
            for index, event in enumerate(self.events):
                if event.get("method") == method:
                    return self.events.pop(index)
            self.events.append(self._read_message(deadline))

    def evaluate(self, expression):
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in result:
            raise RuntimeError(f"evaluate failed: {result['exceptionDetails']}")
        return result["result"].get("value")

    def open(self):
        target = self.send("Target.createTarget", {"url": "about:blank"}, session=False)["targetId"]
        self.session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True}, session=False)["sessionId"]
        for domain in ("Page", "Runtime", "Log", "Network"):
            self.send(f"{domain}.enable")


def expected_pictures(path):
    """The pictures a page's DocC data names: (identifier, light url, dark url) in page order."""
    site, _, rest = path.lstrip("/").partition("/")
    data = os.path.join(SITE, site, "data", rest + ".json")
    with open(data) as file:
        page = json.load(file)
    references = page.get("references", {})
    found = []

    def walk(node):
        if isinstance(node, dict):
            if node.get("type") == "image" and "identifier" in node:
                found.append(node["identifier"])
            for key, value in node.items():
                if key != "references":
                    walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(page)
    pictures = []
    for identifier in found:
        variants = {tuple(sorted(v["traits"])): v["url"] for v in references[identifier]["variants"]}
        light = next(url for traits, url in variants.items() if "dark" not in traits)
        dark = next((url for traits, url in variants.items() if "dark" in traits), light)
        pictures.append((identifier, light, dark))
    return pictures


PAGE_STATE = """
(() => {
  const images = [...document.querySelectorAll('main img, #main img, .doc-content img')]
    .filter(img => (img.getAttribute('src') || '').includes('/images/'));
  return {
    ready: document.readyState,
    height: Math.max(document.documentElement.scrollHeight, document.body ? document.body.scrollHeight : 0),
    images: images.map(img => ({src: img.currentSrc || img.src, complete: img.complete,
                                width: img.naturalWidth, height: img.naturalHeight, alt: img.alt})),
  };
})()
"""


def problems_in(events):
    """Console errors, uncaught exceptions and failed requests among the page's events."""
    problems = []
    for event in events:
        method, params = event.get("method"), event.get("params", {})
        if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            text = " ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", []))
            problems.append(f"console.{params['type']}: {text}")
        elif method == "Runtime.exceptionThrown":
            details = params.get("exceptionDetails", {})
            problems.append(f"uncaught exception: {details.get('exception', {}).get('description') or details.get('text')}")
        elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
            entry = params["entry"]
            problems.append(f"console error: {entry.get('text')} {entry.get('url', '')}".strip())
        elif method == "Network.loadingFailed" and not params.get("canceled"):
            problems.append(f"request failed: {params.get('errorText')} ({params.get('type')})")
        elif method == "Network.responseReceived" and params.get("response", {}).get("status", 200) >= 400:
            response = params["response"]
            problems.append(f"HTTP {response['status']} for {response['url']}")
    return problems


def check_page(browser, base, name, path, scheme):
    browser.events.clear()
    browser.send("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    browser.send("Emulation.setDeviceMetricsOverride", {"width": WIDTH, "height": 900, "deviceScaleFactor": 1, "mobile": False})
    browser.send("Page.navigate", {"url": base + path})
    browser.wait_for_event("Page.loadEventFired")
    expected = expected_pictures(path)
    # DocC renders from its JSON after load and loads pictures lazily: grow the viewport to the
    # whole page so every picture is in view, then wait for all of them.
    deadline = time.time() + TIMEOUT
    state = None
    while time.time() < deadline:
        state = browser.evaluate(PAGE_STATE)
        height = min(max(state["height"], 900), 16000)
        browser.send("Emulation.setDeviceMetricsOverride",
                     {"width": WIDTH, "height": height, "deviceScaleFactor": 1, "mobile": False})
        images = state["images"]
        if state["ready"] == "complete" and len(images) >= len(expected) and all(i["complete"] for i in images):
            break
        time.sleep(0.25)
    failures = []
    images = state["images"] if state else []
    if len(images) != len(expected):
        failures.append(f"{len(images)} pictures on the page, but its data names {len(expected)}")
    for image, (identifier, light, dark) in zip(images, expected):
        wanted = dark if scheme == "dark" else light
        if not image["src"].endswith(wanted):
            failures.append(f"{identifier}: shows {image['src']}, expected {wanted}")
        if not image["complete"] or image["width"] <= 0 or image["height"] <= 0:
            failures.append(f"{identifier}: not decoded (complete={image['complete']}, "
                            f"{image['width']}x{image['height']})")
    time.sleep(0.2)
    # Read what arrived meanwhile, then look for errors.
    browser.evaluate("1")
    failures += problems_in(browser.events)
    os.makedirs(SHOTS, exist_ok=True)
    shot = browser.send("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True})
    file = os.path.join(SHOTS, f"{name}-{scheme}.png")
    with open(file, "wb") as out:
        out.write(base64.b64decode(shot["data"]))
    return len(images), failures, file


def find_chromium(given):
    for candidate in [given, "chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]:
        if candidate and shutil.which(candidate):
            return shutil.which(candidate)
    sys.exit("browser-check: Chromium not found; install it (apt-get install -y chromium)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--chromium", help="the Chromium executable")
    options = parser.parse_args()
    if not os.path.isdir(os.path.join(SITE, "Streams")):
        sys.exit("browser-check: no site in .build/docs; run scripts/docs.sh first")
    server = serve(SITE)
    base = f"http://127.0.0.1:{server.server_address[1]}"
    browser = Browser(find_chromium(options.chromium))
    failed = 0
    try:
        browser.open()
        for name, path in PAGES:
            for scheme in ("light", "dark"):
                count, failures, shot = check_page(browser, base, name, path, scheme)
                status = "ok" if not failures else "FAILED"
                print(f"{status:6} {name} ({scheme}): {count} pictures decoded, screenshot {os.path.relpath(shot, ROOT)}")
                for failure in failures:
                    print(f"         {failure}")
                failed += bool(failures)
    finally:
        browser.close()
        server.shutdown()
    if failed:
        sys.exit(f"browser-check: {failed} page load(s) failed")
    print(f"browser-check: {len(PAGES)} pages, light and dark, every picture decoded, no console errors")


if __name__ == "__main__":
    main()
