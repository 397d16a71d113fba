#!/usr/bin/env python3
"""Renders feed-demo's session pages (--html) in headless Chromium and checks them from the page.

    python3 scripts/session-page-check.py            # the check; screenshots in .build/session-pages/
    python3 scripts/session-page-check.py --readme   # also redraws Examples/session-page.png

Builds feed-demo, writes the pages of the built-in tour and of three example scripts (each with
the flags its header names) to .build/session-pages/, opens each in Debian's headless Chromium
over the DevTools protocol on a pipe (headless_chromium.py: Python's standard library only, no
network), and checks, from the loaded page:

  - it has a title, and every lane has a title;
  - the requests lane holds as many request spans as the page's summary has requests, and as
    the summary of the same run with --json; the same for failures, ignored triggers, pages,
    the photos shown and the key moments;
  - the playhead moves the phone: two times show two different phones, and at each key moment
    the playhead's phone shows what that moment's picture shows;
  - every picture of the phone draws its photos;
  - nothing was fetched but the page itself, and no script failed;
  - with scripts off, the lanes and the pictures are all there.

It saves screenshots (light, dark, scripts off) under .build/session-pages/ for a person to look
at. --readme writes the tour's screenshot, light, to Examples/session-page.png, with the hash of
the page it shows in a tEXt chunk, which a test compares with today's tour page. Exits 1 and
says what failed when a check fails.
"""

import argparse
import collections
import json
import os
import shutil
import struct
import subprocess
import sys
import zlib

from headless_chromium import BrowserError, Chromium

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, ".build", "session-pages")
README_IMAGE = os.path.join(ROOT, "Examples", "session-page.png")
# The pages: a name, and feed-demo's arguments (an example's header flags).
PAGES = [
    ("tour", []),
    ("failure-and-retry", ["--script", "Examples/scripts/failure-and-retry.scroll", "--fail", "3"]),
    ("grid-sit", ["--script", "Examples/scripts/grid-sit.scroll", "--layout", "grid", "--per-page", "1"]),
    ("memory-warning", ["--script", "Examples/scripts/memory-warning.scroll"]),
]
WIDTH = 1320


class CheckFailed(Exception):
    pass


def expect(condition, message):
    if not condition:
        raise CheckFailed(message)


def fnv1a64(data):
    """The page's hash, as the README screenshot records it (FNV-1a, 64 bits)."""
    value = 0xCBF29CE484222325
    for byte in data:
        value = ((value ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return "%016x" % value


# What the page says about itself, read from the loaded document.
READ_PAGE = """(() => {
  const count = selector => document.querySelectorAll(selector).length;
  const summary = Object.assign({}, document.getElementById("summary").dataset);
  const lanes = [...document.querySelectorAll(".lane")];
  return {
    title: document.title,
    js: document.documentElement.classList.contains("js"),
    lanes: lanes.map(lane => lane.querySelector(".lane-title").textContent),
    requests: count(".lane-requests [data-outcome]"),
    failed: count(".lane-requests [data-outcome=failed]"),
    cancelled: count(".lane-requests [data-outcome=cancelled]"),
    pages: count(".lane-requests [data-outcome=page]"),
    ignored: count(".lane-ignored [data-ignored]"),
    photos: +document.querySelector(".lane-photos .count").dataset.photosShown,
    moments: count("#moments figure"),
    momentBadges: count(".moments a"),
    memoryWarnings: count("[data-memory-warning]"),
    emptyPhones: [...document.querySelectorAll("svg.phone")].filter(phone => {
      const href = phone.querySelector(".content").getAttribute("href");
      return href !== "#layout-none" && phone.querySelector(".content").getBBox().height <= 0;
    }).length,
    summary,
  };
})()"""

# The playhead's phone at a time, chosen with the slider as a person would.
PHONE_AT = """((t) => {
  const slider = document.getElementById("playhead");
  slider.value = t;
  slider.dispatchEvent(new Event("input"));
  const phone = document.getElementById("player-phone");
  const shown = selector => phone.querySelector(selector).style.display !== "none";
  return {
    t: +phone.dataset.t,
    viewBox: phone.querySelector(".screen").getAttribute("viewBox"),
    layout: phone.querySelector(".content").getAttribute("href"),
    footer: shown(".footer") ? phone.querySelector(".footer text").textContent : null,
    banner: shown(".banner") ? phone.querySelector(".banner text").textContent : null,
    selected: shown(".selected") ? phone.querySelector(".selected").getAttribute("x") + " " + phone.querySelector(".selected").getAttribute("y") : null,
    status: [...document.querySelectorAll(".status")].filter(s => !s.hidden).map(s => s.textContent).join(),
    line: document.getElementById("playhead-line").getAttribute("transform"),
  };
})"""

# What each key moment's picture shows.
MOMENTS = """[...document.querySelectorAll("#moments figure")].map(figure => ({
  t: +figure.dataset.t,
  viewBox: figure.querySelector(".screen").getAttribute("viewBox"),
  layout: figure.querySelector(".content").getAttribute("href"),
  footer: figure.querySelector(".footer").style.display !== "none" ? figure.querySelector(".footer text").textContent : null,
  selected: figure.querySelector(".selected").style.display !== "none"
    ? figure.querySelector(".selected").getAttribute("x") + " " + figure.querySelector(".selected").getAttribute("y") : null,
}))"""


def run(command, **arguments):
    return subprocess.run(command, cwd=ROOT, check=True, **arguments)


def build_pages():
    """Builds feed-demo and writes each page, and the --json summary of the same run."""
    run(["swift", "build", "--product", "feed-demo"])
    binary = os.path.join(run(["swift", "build", "--show-bin-path"], capture_output=True, text=True).stdout.strip(), "feed-demo")
    pages = []
    for name, arguments in PAGES:
        path = os.path.join(OUT, name + ".html")
        run([binary] + arguments + ["--html", path], stdout=subprocess.DEVNULL)
        lines = run([binary] + arguments + ["--json"], capture_output=True, text=True).stdout.splitlines()
        summary = json.loads(lines[-1])
        expect(summary["kind"] == "summary", "%s: the last --json line is not the summary" % name)
        screens = sum(1 for line in lines if json.loads(line)["kind"] == "screen")
        pages.append((name, path, summary, screens))
    return pages


def check_page(browser, name, path, summary, screens):
    size = os.path.getsize(path)
    expect(size < 1_000_000, "%s: the page is %d bytes, over 1 MB" % (name, size))
    url = "file://" + path
    browser.navigate(url)
    page = browser.evaluate(READ_PAGE)
    where = name + ": "
    expect(page["title"].strip() != "", where + "the page has no title")
    expect(page["js"], where + "the page's script did not run")
    expect(len(page["lanes"]) >= 6 and all(title.strip() for title in page["lanes"]), where + "a lane without a title: %s" % page["lanes"])
    table = page["summary"]
    for key, lane_value, json_value in [
        ("requests", page["requests"], summary["requests"]),
        ("failures", page["failed"], summary["failures"]),
        ("cancelled", page["cancelled"], summary["cancelled_requests"]),
        ("pages", page["pages"], summary["pages_loaded"]),
        ("ignored", page["ignored"], sum(summary["triggers_ignored"].values())),
        ("photos", page["photos"], summary["photos_shown"]),
    ]:
        expect(int(table[key]) == lane_value == json_value,
               where + "%s: %s in the lanes, %s in the page's summary, %s in the --json summary" % (key, lane_value, table[key], json_value))
    expect(page["memoryWarnings"] == summary["images"]["memory_warnings"],
           where + "%d memory warnings marked on the images lane, %d in the --json summary"
           % (page["memoryWarnings"], summary["images"]["memory_warnings"]))
    expect(page["moments"] == page["momentBadges"] == screens,
           where + "%d pictures, %d badges on the lanes, %d screens in --json" % (page["moments"], page["momentBadges"], screens))
    expect(page["emptyPhones"] == 0, where + "%d pictures of the phone draw no photos" % page["emptyPhones"])

    start = browser.evaluate(PHONE_AT + "(0)")
    end = browser.evaluate(PHONE_AT + "(%d)" % (summary["t_ms"]))
    expect(start["t"] == 0 and end["t"] == summary["t_ms"], where + "the slider did not move the playhead: %s, %s" % (start, end))
    expect((start["viewBox"], start["layout"], start["status"]) != (end["viewBox"], end["layout"], end["status"]),
           where + "the playhead does not move the phone: %s" % start)
    expect(start["line"] != end["line"], where + "the playhead's line did not move")
    for moment in browser.evaluate(MOMENTS):
        shown = browser.evaluate(PHONE_AT + "(%d)" % moment["t"])
        keys = ("viewBox", "layout", "footer", "selected")
        expect([shown[key] for key in keys] == [moment[key] for key in keys],
               where + "at %d ms the playhead shows %s, the picture %s" % (moment["t"], shown, moment))

    requested = [event["params"]["request"]["url"] for event in browser.events_of("Network.requestWillBeSent")]
    expect(requested == [url], where + "fetched more than the page: %s" % requested)
    failures = browser.events_of("Runtime.exceptionThrown") + [
        event for event in browser.events_of("Log.entryAdded") if event["params"]["entry"]["level"] == "error"]
    expect(not failures, where + "errors in the page: %s" % failures)

    browser.evaluate(PHONE_AT + "(%d)" % moments_time(browser, summary))
    browser.screenshot(os.path.join(OUT, name + "-light.png"))
    browser.color_scheme("dark")
    browser.screenshot(os.path.join(OUT, name + "-dark.png"))
    browser.color_scheme("light")

    browser.call("Emulation.setScriptExecutionDisabled", {"value": True})
    browser.navigate(url)
    still = browser.evaluate(READ_PAGE)
    expect(not still["js"], where + "scripts were not off")
    for key in ("requests", "failed", "ignored", "moments", "emptyPhones"):
        expect(still[key] == page[key], where + "with scripts off, %s is %s instead of %s" % (key, still[key], page[key]))
    browser.screenshot(os.path.join(OUT, name + "-noscript.png"))
    browser.call("Emulation.setScriptExecutionDisabled", {"value": False})
    print("  %-18s %7d bytes  %2d requests  %d failed  %d ignored  %2d photos  %d pictures  ok"
          % (name, size, page["requests"], page["failed"], page["ignored"], page["photos"], page["moments"]))


def moments_time(browser, summary):
    """Where the playhead stands in the screenshots: the retries running out, if the session has it."""
    times = browser.evaluate("""[...document.querySelectorAll("#moments figure")]
        .filter(f => /retries ran out/.test(f.textContent)).map(f => +f.dataset.t)""")
    return times[0] if times else summary["t_ms"]


def write_readme_image(browser, path):
    """The top of the tour's page (lanes and playhead), light, with the page's hash in a tEXt chunk."""
    browser.navigate("file://" + path)
    browser.evaluate(PHONE_AT + "(%d)" % moments_time(browser, {"t_ms": 0}))
    height = browser.evaluate("Math.ceil(document.querySelector('.player').getBoundingClientRect().bottom + window.scrollY + 12)")
    shot = os.path.join(OUT, "readme.png")
    browser.screenshot(shot, height=height)
    with open(shot, "rb") as file:
        png = file.read()
    with open(path, "rb") as file:
        digest = fnv1a64(file.read())
    with open(README_IMAGE, "wb") as file:
        file.write(indexed(png, b"feed-demo-page", ("fnv1a64:" + digest).encode()))
    print("  wrote %s (%d bytes), of the page %s" % (os.path.relpath(README_IMAGE, ROOT), os.path.getsize(README_IMAGE), digest))


def decoded(png):
    """Width, height and the RGB pixels of an 8-bit RGB or RGBA PNG without interlacing."""
    position, data = 8, b""
    while position < len(png):
        length, kind = struct.unpack(">I4s", png[position:position + 8])
        body = png[position + 8:position + 8 + length]
        position += 12 + length
        if kind == b"IHDR":
            width, height, depth, color = struct.unpack(">IIBB", body[:10])
            expect(depth == 8 and color in (2, 6) and body[12] == 0, "an unexpected PNG from Chromium: %r" % body)
        elif kind == b"IDAT":
            data += body
    raw = zlib.decompress(data)
    step = 3 if color == 2 else 4
    stride = width * step
    pixels = bytearray()
    previous = bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - step] if i >= step else 0
            up = previous[i]
            corner = previous[i - step] if i >= step else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                guess = left + up - corner
                near = min((abs(guess - left), 0, left), (abs(guess - up), 1, up), (abs(guess - corner), 2, corner))[2]
                line[i] = (line[i] + near) & 255
        pixels += line if step == 3 else bytes(b for i, b in enumerate(line) if i % 4 != 3)
        previous = line
    return width, height, bytes(pixels)


def indexed(png, keyword, text):
    """The screenshot as an indexed PNG of its 256 commonest colours (the rest, antialiased
    edges, take the nearest), with a tEXt chunk: a third of the bytes of Chromium's RGB PNG."""
    width, height, pixels = decoded(png)
    colors = [pixels[i:i + 3] for i in range(0, len(pixels), 3)]
    palette = [color for color, _ in collections.Counter(colors).most_common(256)]
    index = {color: position for position, color in enumerate(palette)}

    def nearest(color):
        return min(range(len(palette)), key=lambda i: sum((a - b) ** 2 for a, b in zip(color, palette[i])))

    rows = bytearray()
    for y in range(height):
        rows.append(0)
        for color in colors[y * width:(y + 1) * width]:
            if color not in index:
                index[color] = nearest(color)
            rows.append(index[color])

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0))
            + chunk(b"PLTE", b"".join(palette)) + chunk(b"tEXt", keyword + b"\0" + text)
            + chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + chunk(b"IEND", b""))


def main():
    parser = argparse.ArgumentParser(description="Check feed-demo's session pages in headless Chromium.")
    parser.add_argument("--readme", action="store_true", help="also redraw " + os.path.relpath(README_IMAGE, ROOT))
    options = parser.parse_args()
    executable = shutil.which("chromium") or shutil.which("chromium-browser")
    if not executable:
        print("session-page-check: chromium is not installed (apt-get install -y chromium)", file=sys.stderr)
        return 1
    os.makedirs(OUT, exist_ok=True)
    pages = build_pages()
    print("== the session pages in %s" % subprocess.run([executable, "--version"], capture_output=True, text=True).stdout.strip())
    browser = Chromium(executable, width=WIDTH)
    try:
        browser.open_tab()
        for name, path, summary, screens in pages:
            check_page(browser, name, path, summary, screens)
        if options.readme:
            write_readme_image(browser, pages[0][1])
    except (CheckFailed, BrowserError) as failure:
        print("session-page-check: %s" % failure, file=sys.stderr)
        return 1
    finally:
        browser.close()
    print("  screenshots: %s" % os.path.relpath(OUT, ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
