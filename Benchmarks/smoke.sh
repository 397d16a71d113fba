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
    python3 -c 'import json, sys; d = json.loads(sys.argv[1]); assert set(d["workloads"]) >= {"W1", "W2", "W3", "W4", "W5a", "W5b"}, d' "$json"
fi

status=0
"$bench" --no-such-flag >/dev/null 2>&1 || status=$?
if [ "$status" -ne 2 ]; then
    echo "smoke: a bad flag exited $status, expected 2" >&2
    exit 1
fi
echo "smoke: ok"
