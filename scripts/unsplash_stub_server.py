#!/usr/bin/env python3
"""A loopback stand-in for Unsplash's "list photos" API, used by FeedStreams' integration tests.

Usage:
    python3 scripts/unsplash_stub_server.py [--access-key KEY] [--slow-seconds S] [--drip-seconds S]
                                            [--verbose]

Lifecycle
    Binds 127.0.0.1 on an ephemeral port and prints that port, alone, as the first line on stdout.
    Exits when stdin reaches end-of-file (the parent closed its pipe, or died), on SIGTERM, or on
    Ctrl-C. A test that launches it therefore cannot leak it. For a manual run without a pipe on
    stdin, pass --ignore-stdin and stop it with Ctrl-C.

Routes (Python 3 standard library only; every body is JSON unless a failure mode says otherwise)
    GET /photos?page=P&per_page=N
        Unsplash style. Requires "Authorization: Client-ID KEY" (KEY defaults to test-access-key);
        any other value gets 401 {"errors":["OAuth error: The access token is invalid"]}.
    GET /api/unsplash/list?page=P&perPage=N&orderBy=O
        Proxy style (the app owner's proxy holds the key, so none is checked). Same body and headers.
    GET /image/<image-mode>/<photo id>?w=…&dpr=…
        An image: a few hundred bytes that stand in for a JPEG ("image/jpeg"; decoding them is not
        the point), or what the image mode says (below). No key is checked, as on Unsplash's CDN.
    GET /photos/<photo id>/download?ixid=…
        Unsplash's download tracking: 200 {"url": …} with the key, 401 without it.

Images served here
    Prefix either page route with /images/<image-mode> (e.g. a base URL of
    http://127.0.0.1:PORT/images/ok) and every photo of the page, the recorded ones too, has its
    urls (raw, full, regular, small, thumb) at GET /image/<image-mode>/<id> on this server, each
    keeping its query (ixid, ixlib), and its links.download_location at GET /photos/<id>/download
    on this server, its query kept (an id is percent-encoded in these paths). Without the prefix,
    pages are served as described below, their addresses Unsplash's. The prefix combines with a
    failure mode (/mode/<name>/images/<image-mode>/photos…), and applies to every page of photos a
    mode sends. A test that loads images uses it: an address whose host cannot be looked up
    (Unsplash's, without a network) makes a cancelled load wait for the lookup, which on Linux
    stalls every URLSession of the process for seconds (see StubServer.swift). Image modes:
        ok       every image answers at once
        slow     every image answers after --slow-seconds (paging must not wait for it)
        503      every image fails with 503 (a transient failure: the client retries)
        404      every image fails with 404 {"errors": ["Not found"]} (not retried)
        some_503 the images of photos whose number is a multiple of 3 fail with 503, the rest are ok
        html     200, text/html: a captive portal's page where an image should be

Pages
    The two recorded fixtures are served verbatim, with their recorded headers, for the requests
    they were recorded from: page=1&per_page=2 (the 2021 page, X-Total 220922) and page=1&per_page=10
    (the 2019 page, X-Total 146831). Every other page is generated deterministically: photo number n
    is a copy of fixture photo n % 12 with id "stub-<n>", out of 220922 photos in all, with a Link
    header (first, prev, last, next) pointing back at this server. per_page is capped at 30, as
    Unsplash does. Pages past the last one are empty arrays.

Failure modes
    Prefix either route with /mode/<name>, e.g. GET /mode/429/photos?page=1&per_page=10. A client
    picks a mode through its base URL alone (http://127.0.0.1:PORT/mode/429), and concurrent clients
    share no state. A mode replaces the normal response entirely (no key check). Modes:
        ok               the normal response (same as no prefix)
        rate_limit_text  403, text/plain "Rate Limit Exceeded", X-Ratelimit-Remaining: 0
        429              429, text/plain "Too Many Requests", X-Ratelimit-Remaining: 0, Retry-After: 60
        500_empty        500 with an empty body
        400_errors_json  400 {"errors": ["page must be at least 1", "per_page must be at least 1"]}
        truncated_json   200, application/json, the first half of the 2021 page (Content-Length matches)
        wrong_type       200, the 2019 page with photo [3].urls.small set to the number 400
        html_error       502, text/html, a proxy's "Bad Gateway" page
        html_200         200, text/html, a captive portal's login page
        big_body         200, 10 valid photos with ~400 KB descriptions each (about 4 MB of JSON)
        slow             sleeps --slow-seconds (default 5) before answering, to trip client timeouts
        close_mid_body   announces the full Content-Length, sends half the body, then closes
        drip             200 with the 2021 page's headers and Content-Length, then the body one byte
                         every --drip-seconds (default 0.25): each byte comes well within any idle
                         timeout, the whole body never within a deadline of seconds
        huge_body        200, application/json, announces a Content-Length of 64 MiB and sends
                         until the client hangs up
        huge_stream      200, application/json, no Content-Length (the body ends when the connection
                         closes): 64 KiB chunks, up to 64 MiB, until the client hangs up
        hostile_json     422 {"errors": [...]}: messages with line breaks, ANSI escapes, bidi
                         overrides and isolates, zero-width and other format characters, and one
                         message of 200 KB
        hostile_plain    400, text/plain, 200 KB of text strewn with the same characters
        link_alternate   200, a full generated page whose Link header has only rel="alternate",
                         with X-Per-Page and without X-Total (nothing says whether more follow)
        retry_after_seconds  429, Retry-After: 120
        retry_after_date     429, Date: Fri, 15 Jan 2027 08:00:00 GMT and
                             Retry-After: Fri, 15 Jan 2027 08:05:00 GMT (five minutes later)
        ratelimit_reset      403, text/plain "Rate Limit Exceeded", X-Ratelimit-Remaining: 0,
                             Date: Fri, 15 Jan 2027 08:00:00 GMT, X-Ratelimit-Reset: 1800001800
                             (half an hour later, in seconds since 1970)
        429_hour         429 for every request, Retry-After: 3600, X-Ratelimit-Remaining: 0 and
                         X-Ratelimit-Reset an hour after the Date: the limit resets in an hour
        hostile_photos   200, a generated page whose text fields are hostile (see HOSTILE_PHOTOS):
                         ids, names and usernames with terminal escapes (a title change, a screen
                         clear, colours, 8-bit CSI), bidi overrides and isolates, NUL, DEL, C1 and
                         zero-width characters, line breaks; HTML in descriptions; malformed colours
                         ("#zzzzzz" with NUL and U+202E, "red", "#fff"); javascript: portfolio and
                         tagline addresses (plain strings in the model). Its links stay http(s).
        javascript_link  200, a generated page whose photo [2] has links.html "javascript:alert(1)"
        extreme_sizes    200, a generated page whose photos are 1 x Int.max, Int.max x 1, 0 x 0, and
                         1 x 1 px, with Int.max likes
        empty_more       200, every page an empty array whose Link header says a next page follows
        duplicates_more  200, every page the photos of page 1 (same ids), with a next page to follow
"""

import argparse
import copy
import json
import math
import os
import signal
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, quote, urlencode, urlsplit

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(ROOT, "Tests", "FeedStreamsTests", "Fixtures")
PAGE_2021 = "unsplash_list_photos_per_page2_2021"
PAGE_2019 = "unsplash_list_photos_page1_per_page10_2019"

TOTAL_PHOTOS = 220922
MAX_PER_PAGE = 30
BIG_DESCRIPTION_BYTES = 400_000
DRIP_SECONDS = 0.25
HUGE_BYTES = 64 * 1024 * 1024
CHUNK_BYTES = 64 * 1024
FIXED_DATE = "Fri, 15 Jan 2027 08:00:00 GMT"  # 1800000000 seconds since 1970
# Line breaks, an ANSI colour escape, a bell, a right-to-left override, a left-to-right isolate
# and its pop, a zero-width space, a zero-width joiner, a byte-order mark, a line separator.
HOSTILE = "Bad\r\nrequest\x1b[31m\x07 \u202egnp.exe\u2066 x\u2069\u200b\u200d\ufeff\u2028end"
INT_MAX = 2**63 - 1
# Hostile values for the text fields of generated photos, one set per photo (cycling): each
# (id suffix, name, username, description, alt_description, color).
HOSTILE_PHOTOS = [
    ("\x1b[2J", "\x1b]0;PWNED\x07\x1b[2J\x1b[1;31mEVIL", "user\u202egnp.exe", "line\r\nbreak \x1b[31mred\x1b[0m",
     "<script>alert(1)</script> & \"quoted\"", "#zzzzzz\x00\u202e"),
    ("\u202e", "Zo\u00eb\x00NUL\x7fDEL", "\u2066isolated\u2069", "\u202eoverridden text", None, "red"),
    ("\x00", "\x9b31mC1 CSI\x9b0m", "tab\tnew\nline", "zero\u200bwidth\ufeffbom", "\x1b]8;;http://evil/\x1b\\link\x1b]8;;\x1b\\", "#fff"),
    ("-ok", "\u05e9\u05dc\u05d5\u05dd \u0645\u0631\u062d\u0628\u0627", "plain", "a description", "an alt text", "#d9c0c0"),
]
# Sizes for extreme_sizes, one per photo (cycling): (width, height).
EXTREME_SIZES = [(1, INT_MAX), (INT_MAX, 1), (0, 0), (1, 1)]
INVALID_TOKEN = {"errors": ["OAuth error: The access token is invalid"]}
BAD_REQUEST = {"errors": ["page must be at least 1", "per_page must be at least 1"]}
BAD_GATEWAY_HTML = "<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>"
PORTAL_HTML = "<!DOCTYPE html><html><body><form action=\"/login\">Sign in to the Wi-Fi</form></body></html>"


def load_fixture(name):
    """Returns (body bytes, headers dict) of one recorded page."""
    with open(os.path.join(FIXTURES, name + ".json"), "rb") as body_file:
        body = body_file.read()
    with open(os.path.join(FIXTURES, name + ".meta.json"), encoding="utf-8") as meta_file:
        headers = json.load(meta_file)["headers"]
    return body, headers


RECORDED = {(1, 2): load_fixture(PAGE_2021), (1, 10): load_fixture(PAGE_2019)}
TEMPLATES = json.loads(RECORDED[(1, 2)][0]) + json.loads(RECORDED[(1, 10)][0])


class Request:
    """The parts of a request that decide the response."""

    def __init__(self, raw_path):
        parts = urlsplit(raw_path)
        segments = parts.path.strip("/").split("/")
        self.mode = "ok"
        self.image_mode = None
        while len(segments) >= 2 and segments[0] in ("mode", "images"):
            if segments[0] == "mode":
                self.mode = segments[1]
            else:
                self.image_mode = segments[1]
            segments = segments[2:]
        self.segments = segments
        self.route = "/" + "/".join(segments)
        self.query_text = parts.query
        self.prefix = ("/mode/" + self.mode if self.mode != "ok" else "") + (
            "/images/" + self.image_mode if self.image_mode else "")
        query = parse_qs(parts.query)
        self.proxy_style = self.route == "/api/unsplash/list"
        per_page_name = "perPage" if self.proxy_style else "per_page"
        self.page = max(1, int_param(query, "page", 1))
        self.per_page = min(MAX_PER_PAGE, max(1, int_param(query, per_page_name, 10)))
        self.order_by = query.get("orderBy", ["latest"])[0]

    def page_url(self, host, page):
        if self.proxy_style:
            query = {"page": page, "perPage": self.per_page, "orderBy": self.order_by}
        else:
            query = {"page": page, "per_page": self.per_page}
        return "http://%s%s%s?%s" % (host, self.prefix, self.route, urlencode(query))


def int_param(query, name, default):
    try:
        return int(query[name][0])
    except (KeyError, ValueError):
        return default


def generated_page(request, host):
    """A deterministic page of copies of the fixture photos, with headers like Unsplash's."""
    first = (request.page - 1) * request.per_page
    photos = []
    for number in range(first, min(first + request.per_page, TOTAL_PHOTOS)):
        photo = copy.deepcopy(TEMPLATES[number % len(TEMPLATES)])
        photo["id"] = "stub-%d" % number
        photos.append(photo)
    last_page = math.ceil(TOTAL_PHOTOS / request.per_page)
    links = []
    if request.page > 1:
        links.append('<%s>; rel="first"' % request.page_url(host, 1))
        links.append('<%s>; rel="prev"' % request.page_url(host, request.page - 1))
    if request.page < last_page:
        links.append('<%s>; rel="last"' % request.page_url(host, last_page))
        links.append('<%s>; rel="next"' % request.page_url(host, request.page + 1))
    headers = {
        "Content-Type": "application/json",
        "X-Total": str(TOTAL_PHOTOS),
        "X-Per-Page": str(request.per_page),
        "X-Ratelimit-Limit": "50",
        "X-Ratelimit-Remaining": "49",
    }
    if links:
        headers["Link"] = ", ".join(links)
    return json.dumps(photos).encode("utf-8"), headers


def page_links(request, host):
    """A Link header that says the next page follows."""
    return '<%s>; rel="next"' % request.page_url(host, request.page + 1)


def normal_page(request, host):
    recorded = RECORDED.get((request.page, request.per_page))
    body, headers = recorded if recorded else generated_page(request, host)
    return served_images(body, request, host), headers


def served_images(body, request, host):
    """With an /images/<image-mode> prefix, the page's image and download addresses on this server."""
    if request.image_mode is None:
        return body
    return photos_body(json.loads(body), request, host)


def photos_body(photos, request, host):
    """A page of photos as JSON; with an /images/<image-mode> prefix, their images on this server."""
    if request.image_mode is not None:
        for photo in photos:
            path_id = quote(photo["id"], safe="")
            for size, address in photo["urls"].items():
                query = urlsplit(address).query
                photo["urls"][size] = "http://%s/image/%s/%s%s" % (host, request.image_mode, path_id, "?" + query if query else "")
            query = urlsplit(photo["links"]["download_location"]).query
            photo["links"]["download_location"] = "http://%s/photos/%s/download%s" % (host, path_id, "?" + query if query else "")
    return json.dumps(photos).encode("utf-8")


# A stand-in for a JPEG: its start-of-image marker and a few hundred bytes.
IMAGE_BYTES = b"\xff\xd8\xff\xe0" + bytes(range(256)) * 2 + b"\xff\xd9"
IMAGE_MODES = ("ok", "slow", "503", "404", "some_503", "html")


def photo_number(photo_id):
    """The n of "stub-<n>", or -1 for a recorded photo's id."""
    try:
        return int(photo_id.rsplit("-", 1)[1]) if photo_id.startswith("stub-") else -1
    except ValueError:
        return -1


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "UnsplashStub/1"
    access_key = "test-access-key"
    slow_seconds = 5.0
    drip_seconds = DRIP_SECONDS
    verbose = False

    def do_GET(self):
        request = Request(self.path)
        if len(request.segments) == 3 and request.segments[0] == "image":
            return self.respond_image(request.segments[1], request.segments[2])
        if len(request.segments) == 3 and request.segments[0] == "photos" and request.segments[2] == "download":
            return self.respond_download(request.segments[1])
        if request.image_mode is not None and request.image_mode not in IMAGE_MODES:
            return self.send(404, {"Content-Type": "text/plain"}, b"unknown image mode " + request.image_mode.encode())
        if request.route not in ("/photos", "/api/unsplash/list"):
            return self.send(404, {"Content-Type": "application/json"}, b'{"errors":["Not found"]}')
        host = self.headers.get("Host", "127.0.0.1")
        respond = MODES.get(request.mode)
        if respond is None:
            return self.send(404, {"Content-Type": "text/plain"}, b"unknown stub mode " + request.mode.encode())
        respond(self, request, host)

    def respond_ok(self, request, host):
        expected = "Client-ID " + self.access_key
        if not request.proxy_style and self.headers.get("Authorization") != expected:
            return self.send_json(401, INVALID_TOKEN)
        body, headers = normal_page(request, host)
        self.send(200, headers, body)

    def respond_image(self, image_mode, photo_id):
        if image_mode not in IMAGE_MODES:
            return self.send(404, {"Content-Type": "text/plain"}, b"unknown image mode " + image_mode.encode())
        if image_mode == "slow":
            time.sleep(self.slow_seconds)
        if image_mode == "503" or (image_mode == "some_503" and photo_number(photo_id) % 3 == 0):
            return self.send(503, {"Content-Type": "text/plain"}, b"Service Unavailable")
        if image_mode == "404":
            return self.send_json(404, {"errors": ["Not found"]})
        if image_mode == "html":
            return self.send(200, {"Content-Type": "text/html"}, PORTAL_HTML.encode("utf-8"))
        self.send(200, {"Content-Type": "image/jpeg", "Cache-Control": "max-age=31536000"}, IMAGE_BYTES)

    def respond_download(self, photo_id):
        if self.headers.get("Authorization") != "Client-ID " + self.access_key:
            return self.send_json(401, INVALID_TOKEN)
        host = self.headers.get("Host", "127.0.0.1")
        self.send_json(200, {"url": "http://%s/image/ok/%s?download=1" % (host, photo_id)})

    def respond_rate_limit_text(self, request, host):
        headers = {"Content-Type": "text/plain", "X-Ratelimit-Limit": "50", "X-Ratelimit-Remaining": "0"}
        self.send(403, headers, b"Rate Limit Exceeded")

    def respond_429(self, request, host):
        headers = {"Content-Type": "text/plain", "X-Ratelimit-Remaining": "0", "Retry-After": "60"}
        self.send(429, headers, b"Too Many Requests")

    def respond_500_empty(self, request, host):
        self.send(500, {}, b"")

    def respond_400_errors_json(self, request, host):
        self.send_json(400, BAD_REQUEST)

    def respond_truncated_json(self, request, host):
        body, headers = RECORDED[(1, 2)]
        self.send(200, headers, body[: len(body) // 2])

    def respond_wrong_type(self, request, host):
        body, headers = RECORDED[(1, 10)]
        photos = json.loads(body)
        photos[3]["urls"]["small"] = 400
        self.send(200, headers, json.dumps(photos).encode("utf-8"))

    def respond_html_error(self, request, host):
        self.send(502, {"Content-Type": "text/html"}, BAD_GATEWAY_HTML.encode("utf-8"))

    def respond_html_200(self, request, host):
        self.send(200, {"Content-Type": "text/html; charset=utf-8"}, PORTAL_HTML.encode("utf-8"))

    def respond_big_body(self, request, host):
        photos = copy.deepcopy(TEMPLATES[:10])
        for number, photo in enumerate(photos):
            photo["id"] = "big-%d" % number
            photo["description"] = ("big body %d " % number) * (BIG_DESCRIPTION_BYTES // 11)
        self.send(200, {"Content-Type": "application/json"}, json.dumps(photos).encode("utf-8"))

    def respond_slow(self, request, host):
        time.sleep(self.slow_seconds)
        self.respond_ok(request, host)

    def respond_close_mid_body(self, request, host):
        body, headers = RECORDED[(1, 2)]
        self.send_status_line(200, headers)
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body[: len(body) // 2])
        self.wfile.flush()
        self.close_connection = True

    def respond_drip(self, request, host):
        body, headers = RECORDED[(1, 2)]
        self.send_head(200, headers, len(body))
        for index in range(len(body)):
            if not self.write_or_stop(body[index:index + 1]):
                return
            time.sleep(self.drip_seconds)

    def respond_huge_body(self, request, host):
        self.send_head(200, {"Content-Type": "application/json"}, HUGE_BYTES)
        self.stream_until_hung_up()

    def respond_huge_stream(self, request, host):
        self.send_head(200, {"Content-Type": "application/json", "Connection": "close"}, None)
        self.stream_until_hung_up()

    def respond_hostile_json(self, request, host):
        errors = [HOSTILE, "\u202eevil", "long " + "x" * 200_000]
        self.send_json(422, {"errors": errors})

    def respond_hostile_plain(self, request, host):
        text = (HOSTILE + " ") * (200_000 // (len(HOSTILE) + 1))
        self.send(400, {"Content-Type": "text/plain; charset=utf-8"}, text.encode("utf-8"))

    def respond_link_alternate(self, request, host):
        body, headers = generated_page(request, host)
        headers = {name: value for name, value in headers.items() if name not in ("Link", "X-Total")}
        headers["Link"] = '<https://unsplash.com/photos>; rel="alternate"'
        self.send(200, headers, body)

    def respond_retry_after_seconds(self, request, host):
        self.send(429, {"Content-Type": "text/plain", "Retry-After": "120"}, b"Too Many Requests")

    def respond_retry_after_date(self, request, host):
        headers = {"Content-Type": "text/plain", "Date": FIXED_DATE, "Retry-After": "Fri, 15 Jan 2027 08:05:00 GMT"}
        self.send(429, headers, b"Too Many Requests")

    def respond_ratelimit_reset(self, request, host):
        headers = {
            "Content-Type": "text/plain", "Date": FIXED_DATE,
            "X-Ratelimit-Remaining": "0", "X-Ratelimit-Reset": "1800001800",
        }
        self.send(403, headers, b"Rate Limit Exceeded")

    def respond_429_hour(self, request, host):
        headers = {
            "Content-Type": "text/plain", "Date": FIXED_DATE, "Retry-After": "3600",
            "X-Ratelimit-Remaining": "0", "X-Ratelimit-Reset": "1800003600",
        }
        self.send(429, headers, b"Too Many Requests")

    def respond_hostile_photos(self, request, host):
        body, headers = generated_page(request, host)
        photos = json.loads(body)
        for number, photo in enumerate(photos):
            suffix, name, username, description, alt, color = HOSTILE_PHOTOS[number % len(HOSTILE_PHOTOS)]
            photo["id"] += suffix
            photo["user"]["name"] = name
            photo["user"]["username"] = username
            photo["user"]["portfolio_url"] = "javascript:alert(document.cookie)"
            photo["description"] = description
            photo["alt_description"] = alt
            photo["color"] = color
            if photo.get("sponsorship"):
                photo["sponsorship"]["tagline"] = name
                photo["sponsorship"]["tagline_url"] = "javascript:alert(1)"
        self.send(200, headers, photos_body(photos, request, host))

    def respond_javascript_link(self, request, host):
        body, headers = generated_page(request, host)
        photos = json.loads(body)
        photos[2]["links"]["html"] = "javascript:alert(1)"
        self.send(200, headers, photos_body(photos, request, host))

    def respond_extreme_sizes(self, request, host):
        body, headers = generated_page(request, host)
        photos = json.loads(body)
        for number, photo in enumerate(photos):
            photo["width"], photo["height"] = EXTREME_SIZES[number % len(EXTREME_SIZES)]
            photo["likes"] = INT_MAX
        self.send(200, headers, photos_body(photos, request, host))

    def respond_empty_more(self, request, host):
        headers = {"Content-Type": "application/json", "Link": page_links(request, host)}
        self.send(200, headers, b"[]")

    def respond_duplicates_more(self, request, host):
        first = copy.copy(request)
        first.page = 1
        body, _ = generated_page(first, host)
        headers = {"Content-Type": "application/json", "Link": page_links(request, host)}
        self.send(200, headers, served_images(body, request, host))

    def send_head(self, status, headers, length):
        """The status line and headers; Content-Length only when `length` is not None."""
        self.send_status_line(status, headers)
        for name, value in headers.items():
            if name.lower() != "content-length":
                self.send_header(name, value)
        if length is not None:
            self.send_header("Content-Length", str(length))
        self.end_headers()
        self.close_connection = True

    def stream_until_hung_up(self):
        chunk = b" " * CHUNK_BYTES
        for _ in range(HUGE_BYTES // CHUNK_BYTES):
            if not self.write_or_stop(chunk):
                return

    def write_or_stop(self, data):
        """Writes and flushes; False once the client has hung up."""
        try:
            self.wfile.write(data)
            self.wfile.flush()
            return True
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True
            return False

    def send_status_line(self, status, headers):
        """Like send_response, but a recorded Date header replaces the server's own."""
        self.log_request(status)
        self.send_response_only(status)
        self.send_header("Server", self.version_string())
        if not any(name.lower() == "date" for name in headers):
            self.send_header("Date", self.date_time_string())

    def send_json(self, status, payload):
        self.send(status, {"Content-Type": "application/json"}, json.dumps(payload).encode("utf-8"))

    def send(self, status, headers, body):
        try:
            self.send_status_line(status, headers)
            for name, value in headers.items():
                if name.lower() != "content-length":
                    self.send_header(name, value)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True  # The client gave up (a timeout test); nothing to tell it.

    def log_message(self, format, *args):
        if self.verbose:
            super().log_message(format, *args)


MODES = {
    "ok": Handler.respond_ok,
    "rate_limit_text": Handler.respond_rate_limit_text,
    "429": Handler.respond_429,
    "500_empty": Handler.respond_500_empty,
    "400_errors_json": Handler.respond_400_errors_json,
    "truncated_json": Handler.respond_truncated_json,
    "wrong_type": Handler.respond_wrong_type,
    "html_error": Handler.respond_html_error,
    "html_200": Handler.respond_html_200,
    "big_body": Handler.respond_big_body,
    "slow": Handler.respond_slow,
    "close_mid_body": Handler.respond_close_mid_body,
    "drip": Handler.respond_drip,
    "huge_body": Handler.respond_huge_body,
    "huge_stream": Handler.respond_huge_stream,
    "hostile_json": Handler.respond_hostile_json,
    "hostile_plain": Handler.respond_hostile_plain,
    "link_alternate": Handler.respond_link_alternate,
    "retry_after_seconds": Handler.respond_retry_after_seconds,
    "retry_after_date": Handler.respond_retry_after_date,
    "ratelimit_reset": Handler.respond_ratelimit_reset,
    "429_hour": Handler.respond_429_hour,
    "hostile_photos": Handler.respond_hostile_photos,
    "javascript_link": Handler.respond_javascript_link,
    "extreme_sizes": Handler.respond_extreme_sizes,
    "empty_more": Handler.respond_empty_more,
    "duplicates_more": Handler.respond_duplicates_more,
}


def main():
    parser = argparse.ArgumentParser(description="Loopback stand-in for Unsplash's list-photos API.")
    parser.add_argument("--access-key", default=Handler.access_key)
    parser.add_argument("--slow-seconds", type=float, default=Handler.slow_seconds)
    parser.add_argument("--drip-seconds", type=float, default=Handler.drip_seconds)
    parser.add_argument("--ignore-stdin", action="store_true", help="do not exit when stdin closes")
    parser.add_argument("--verbose", action="store_true", help="log each request to stderr")
    arguments = parser.parse_args()
    Handler.access_key = arguments.access_key
    Handler.slow_seconds = arguments.slow_seconds
    Handler.drip_seconds = arguments.drip_seconds
    Handler.verbose = arguments.verbose

    class Server(ThreadingHTTPServer):
        # The default backlog of 5 is short for a feed that opens a page and several images at
        # once on a loaded machine: a connection beyond it has its SYN dropped and retried a
        # second or more later, which looks like a slow server to the client.
        request_queue_size = 128

    server = Server(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(0))
    print(server.server_address[1], flush=True)
    try:
        if arguments.ignore_stdin:
            threading.Event().wait()
        else:
            while sys.stdin.buffer.read(4096):
                pass
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
