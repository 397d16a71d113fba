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
import functools
import http.server
import json
import os
import shutil
import sys
import threading
import time

from headless_chromium import Chromium

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SITE = os.path.join(ROOT, ".build", "docs")
SHOTS = os.path.join(ROOT, ".build", "browser-check")

# (screenshot name, page path): the symbol pages the issues name (combineLatest, one declaration
# over a parameter pack for every number of sources, shows two diagrams; two of them a driver's, on
# SharedSequence: -1edzo is the flatMapLatest to the same kind, -6gq50 a signal's to drivers), three
# guides, and the three Inside Streams chapters with pictures of both kinds (lanes of threads,
# marbles).
PAGES = [
    ("throttle", "/Streams/documentation/streams/observabletype/throttle(_:latest:scheduler:)"),
    ("flatMapLatest", "/Streams/documentation/streams/observabletype/flatmaplatest(_:)"),
    ("withLatestFrom", "/Streams/documentation/streams/observabletype/withlatestfrom(_:)"),
    ("combineLatest", "/Streams/documentation/streams/observable/combinelatest(_:_:resultselector:)"),
    # Two overloads share the name (untyped and typed errors): DocC adds a hash of the symbol to
    # each page's path; this is the untyped one, whose picture the page shows.
    ("retry-when", "/Streams/documentation/streams/observabletype/retry(when:)-376cl"),
    ("driver-flatMapLatest", "/Streams/documentation/streams/sharedsequence/flatmaplatest(_:)-1edzo"),
    ("driver-debounce", "/Streams/documentation/streams/sharedsequence/debounce(_:)"),
    ("guide-FlatMap", "/Streams/documentation/streams/flatmap"),
    ("guide-GettingStarted", "/Streams/documentation/streams/gettingstarted"),
    ("guide-TestingWithVirtualTime", "/Streams/documentation/streams/testingwithvirtualtime"),
    ("inside-TheMutexRule", "/Streams/documentation/streams/themutexrule"),
    ("inside-SerialDelivery", "/Streams/documentation/streams/serialdelivery"),
    ("inside-MergeTopToBottom", "/Streams/documentation/streams/mergetoptobottom"),
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
    browser.color_scheme(scheme)
    browser.resize(900)
    browser.navigate(base + path)
    expected = expected_pictures(path)
    # DocC renders from its JSON after load and loads pictures lazily: grow the viewport to the
    # whole page so every picture is in view, then wait for all of them.
    deadline = time.time() + TIMEOUT
    state = None
    while time.time() < deadline:
        state = browser.evaluate(PAGE_STATE)
        height = min(max(state["height"], 900), 16000)
        browser.resize(height)
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
    file = os.path.join(SHOTS, f"{name}-{scheme}.png")
    browser.screenshot(file)
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
    browser = Chromium(find_chromium(options.chromium), width=WIDTH)
    failed = 0
    try:
        browser.open_tab()
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
