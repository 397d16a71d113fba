"""Headless Chromium driven over the DevTools protocol on a pipe, with Python's standard library.

Shared by the browser checks (browser-check.py for the docs sites, session-page-check.py for
feed-demo's session page). Chromium reads commands on its fd 3 and writes replies and events on
its fd 4, each message a JSON object ended by a NUL byte (--remote-debugging-pipe): no port, no
network, no package.

    browser = Chromium(shutil.which("chromium"), width=1280)
    try:
        browser.open_tab()
        browser.navigate("file:///tmp/page.html")
        title = browser.evaluate("document.title")
        browser.screenshot("/tmp/page.png")
    finally:
        browser.close()
"""

import base64
import fcntl
import json
import os
import select
import shutil
import subprocess
import tempfile
import time

TIMEOUT = 60.0


class BrowserError(Exception):
    """Chromium did not start, did not answer in time, or refused a command."""


class Chromium:
    """One headless Chromium with one tab; every command goes to that tab once it is open."""

    def __init__(self, executable, width=1280, height=900):
        self.width = width
        self.height = height
        self.profile = tempfile.mkdtemp(prefix="headless-chromium-")
        child_read, self.to_child = os.pipe()
        self.from_child, child_write = os.pipe()
        # The child's ends, above the descriptors it gets them as (3 and 4), so that neither
        # lands on the other's number while they are moved.
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
            f"--user-data-dir={self.profile}", f"--window-size={width},{height}", "about:blank",
        ]
        self.process = subprocess.Popen(arguments, preexec_fn=place, pass_fds=(3, 4), stdin=subprocess.DEVNULL,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(high_read)
        os.close(high_write)
        self.buffer = b""
        self.next_id = 0
        self.events = []
        self.session = None

    def close(self):
        try:
            self.call("Browser.close", session=False, timeout=10)
        except (BrowserError, OSError):
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)

    def _receive(self, deadline):
        while b"\0" not in self.buffer:
            remaining = deadline - time.monotonic()
            ready, _, _ = select.select([self.from_child], [], [], max(remaining, 0))
            if not ready:
                raise BrowserError("Chromium did not answer in time")
            chunk = os.read(self.from_child, 1 << 20)
            if not chunk:
                raise BrowserError("Chromium closed the pipe (did it start? is it installed?)")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method, params=None, session=True, timeout=TIMEOUT):
        """Sends a command (to the tab, unless session is False) and returns its result; the
        events that arrive meanwhile are kept in self.events."""
        self.next_id += 1
        wanted = self.next_id
        message = {"id": wanted, "method": method, "params": params or {}}
        if session and self.session:
            message["sessionId"] = self.session
        os.write(self.to_child, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            reply = self._receive(deadline)
            if reply.get("id") == wanted:
                if "error" in reply:
                    raise BrowserError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def wait_for(self, method, timeout=TIMEOUT):
        """The first event of this method, kept or still to come; it is taken out of self.events."""
        deadline = time.monotonic() + timeout
        while True:
            for index, event in enumerate(self.events):
                if event.get("method") == method:
                    return self.events.pop(index)
            self.events.append(self._receive(deadline))

    def open_tab(self):
        """Opens the tab, with the page, script, log and network events on."""
        target = self.call("Target.createTarget", {"url": "about:blank"}, session=False)["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True}, session=False)["sessionId"]
        for domain in ("Page", "Runtime", "Log", "Network"):
            self.call(f"{domain}.enable")
        self.resize(self.height)

    def resize(self, height):
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": self.width, "height": height, "deviceScaleFactor": 1, "mobile": False})

    def navigate(self, url):
        """Loads a page, with the events of the page before forgotten."""
        self.events.clear()
        self.call("Page.navigate", {"url": url})
        self.wait_for("Page.loadEventFired")

    def evaluate(self, expression):
        """The value of a script in the page (a promise's, once it settles)."""
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in result:
            raise BrowserError(f"the script failed in the page: {result['exceptionDetails']}")
        return result["result"].get("value")

    def events_of(self, method):
        return [event for event in self.events if event.get("method") == method]

    def color_scheme(self, scheme):
        """Emulates the reader's setting: "light" or "dark"."""
        self.call("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})

    def screenshot(self, path, height=None):
        """A PNG of the page from its top, the whole page unless a height is given."""
        if height is None:
            height = self.evaluate("document.documentElement.scrollHeight")
        shot = self.call("Page.captureScreenshot", {
            "format": "png", "captureBeyondViewport": True, "optimizeForSpeed": True,
            "clip": {"x": 0, "y": 0, "width": self.width, "height": height, "scale": 1},
        })
        with open(path, "wb") as file:
            file.write(base64.b64decode(shot["data"]))
