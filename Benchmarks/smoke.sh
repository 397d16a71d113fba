#!/usr/bin/env bash
# Smoke test for the benchmarks (CI calls it): builds the package in release mode, runs every
# workload at a tiny scale so that the harness, every peer and the checksum comparison are
# exercised, and checks the command line. The timings of such a run mean nothing.
set -euo pipefail
cd "$(dirname "$0")"

swift build -c release --product streams-bench
bench=.build/release/streams-bench

# A mismatched checksum exits 1 and fails the script (set -e).
"$bench" --scale 0.01 --repetitions 3 --warmups 1

json=$("$bench" --json --scale 0.002 --repetitions 1 --warmups 0)
if command -v python3 >/dev/null; then
    python3 -c 'import json, sys; d = json.loads(sys.argv[1]); assert set(d["workloads"]) >= {"W1", "W2", "W3", "W4", "W5a", "W5b", "W6a", "W7a", "W7b", "W7c", "W7d", "W8a", "W8b"} | {"W9" + c for c in "abcdefghij"}, d; assert d["W6"]["streams_ns_per_page_1k"] > 0, d; assert set(d["W7"]) == {"W7a_W7b", "W7c_W7d"}, d; assert d["W8"]["W8a_W8b"]["growth"] > 0 and d["W8"]["W8a_W8b"]["unit"] == "frame", d; assert set(d["W9"]) == {"W9a_W9b", "W9c_W9d", "W9e_W9f", "W9g_W9h", "W9i_W9j"}, d; assert all(p["growth"] > 0 and p["unit"] == "scalar" for p in d["W9"].values()), d' "$json"
fi

# W6b (the feed at ten times W6a's length) runs only when named; at this scale, 10 pages.
json=$("$bench" --json --only W6a,W6b --scale 0.001 --repetitions 1 --warmups 0)
if command -v python3 >/dev/null; then
    python3 -c 'import json, sys; w = json.loads(sys.argv[1])["W6"]; assert w["pages_10k"] == 10 and w["streams_ns_per_page_10k"] > 0 and w["bytes_per_photo_10k"] > 0, w' "$json"
fi

# Instruction counts under callgrind, when valgrind is installed: one workload, one peer.
if command -v valgrind >/dev/null; then
    json=$("$bench" --json --instructions --only W5b --peers streams --scale 0.001 --repetitions 1 --warmups 0 2>/dev/null)
    if command -v python3 >/dev/null; then
        python3 -c 'import json, sys; i = json.loads(sys.argv[1])["instructions"]["W5b"]; assert i["streams"] > 0, i' "$json"
    fi
    # UntrustedText cleans in linear time (W9): instructions per scalar, which callgrind counts
    # repeatably, may grow no more than 1.25x from the small text to the large one. At this
    # scale that is 128 against 10,486 scalars; the quadratic cleaning of before grew ~80x.
    json=$("$bench" --json --instructions --only W9a,W9b,W9c,W9d,W9e,W9f,W9g,W9h,W9i,W9j --scale 0.01 --repetitions 1 --warmups 0 2>/dev/null)
    if command -v python3 >/dev/null; then
        python3 -c 'import json, sys; w = json.loads(sys.argv[1])["W9"]; bad = {k: p["instruction_growth"] for k, p in w.items() if not (p["instruction_growth"] and p["instruction_growth"] <= 1.25)}; assert len(w) == 5 and not bad, ("W9 cleaning is not linear", bad)' "$json"
    fi
fi

status=0
"$bench" --no-such-flag >/dev/null 2>&1 || status=$?
if [ "$status" -ne 2 ]; then
    echo "smoke: a bad flag exited $status, expected 2" >&2
    exit 1
fi
echo "smoke: ok"
