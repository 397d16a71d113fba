#!/usr/bin/env bash
# Plays feed-demo's sessions and compares what it prints with the recorded baseline, byte for
# byte, so that a change to how the demo is built can show it changed nothing the demo prints.
#
#   bash scripts/demo-baseline.sh               # build feed-demo, play, compare; exit 1 on a difference
#   bash scripts/demo-baseline.sh --skip-build  # use the feed-demo already built (FEED_DEMO=path to choose one)
#   bash scripts/demo-baseline.sh --record      # play and write the baseline instead
#
# The baseline is Tests/FeedDemoTests/Fixtures/Baseline/<session>/, one folder per session: the
# built-in tour (as it is, and with --layout waterfall, grid and single), and every script in
# Examples/scripts/ with the flags of the `swift run feed-demo` line in its header (less --json).
# Each folder holds:
#   text.txt    the timeline with --no-color
#   color.txt   the timeline in colour, on a terminal (a pseudo-terminal from util-linux's
#               `script`, so its lines end in CR LF)
#   json.jsonl  the same session with --json
#   html.txt    the timeline of a --no-color --html FILE run (the page's path reads <out>)
#   page.html   the page that run wrote
#   status.txt  each run's exit status, and what it wrote on standard error
#
# The one thing that changes from run to run is the wall-clock time the session took: the
# summary's `wall time` line (text, colour, html) and its "wall_ms" (JSON). Both are masked, in
# the baseline and in each new run, and nothing else is.
set -euo pipefail
cd "$(dirname "$0")/.."

baseline=Tests/FeedDemoTests/Fixtures/Baseline
mode=compare
build=yes
for argument in "$@"; do
    case "$argument" in
        --record) mode=record ;;
        --skip-build) build=no ;;
        *) echo "usage: scripts/demo-baseline.sh [--record] [--skip-build]" >&2; exit 2 ;;
    esac
done

if [ -z "${FEED_DEMO:-}" ]; then
    [ "$build" = no ] || swift build --product feed-demo >&2
    FEED_DEMO="$(swift build --show-bin-path)/feed-demo"
fi
demo=$(readlink -f "$FEED_DEMO")
command -v script >/dev/null || { echo "demo-baseline.sh: needs util-linux's script for the colour runs" >&2; exit 2; }

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

mask() {
    sed -E -e 's/^(  wall time +)[0-9.]+s/\1(masked)/' -e 's/"wall_ms":[0-9]+/"wall_ms":"(masked)"/'
}

# play NAME ARGUMENTS...: every run of one session, into $out/NAME/.
play() {
    local name=$1
    shift
    local dir="$out/$name"
    mkdir -p "$dir"
    local status
    : > "$dir/status.txt"
    record_status() {
        echo "$1: exit $2" >> "$dir/status.txt"
        if [ -s "$dir/stderr" ]; then cat "$dir/stderr" >> "$dir/status.txt"; fi
        rm -f "$dir/stderr"
    }

    status=0; "$demo" "$@" --no-color > "$dir/text.raw" 2> "$dir/stderr" || status=$?
    mask < "$dir/text.raw" > "$dir/text.txt"; record_status text "$status"

    local command
    command=$(printf '%q ' "$demo" "$@")
    status=0; env -u NO_COLOR script -q -e -c "$command" /dev/null < /dev/null > "$dir/color.raw" 2> "$dir/stderr" || status=$?
    mask < "$dir/color.raw" > "$dir/color.txt"; record_status color "$status"

    status=0; "$demo" "$@" --json > "$dir/json.raw" 2> "$dir/stderr" || status=$?
    mask < "$dir/json.raw" > "$dir/json.jsonl"; record_status json "$status"

    status=0; "$demo" "$@" --no-color --html "$dir/page.html" > "$dir/html.raw" 2> "$dir/stderr" || status=$?
    mask < "$dir/html.raw" | sed "s|$dir/|<out>/|g" > "$dir/html.txt"; record_status html "$status"

    rm -f "$dir"/*.raw
}

play tour
for layout in waterfall grid single; do
    play "tour-$layout" --layout "$layout"
done
for file in Examples/scripts/*.scroll; do
    name=$(basename "$file" .scroll)
    # The flags of the header's `#   swift run feed-demo --script …` line, less --json.
    header=$(grep -m1 -E '^#[[:space:]]+swift run feed-demo ' "$file" || true)
    if [ -n "$header" ]; then
        read -r -a flags <<< "${header#*swift run feed-demo }"
    else
        flags=(--script "$file")
    fi
    arguments=()
    for flag in "${flags[@]}"; do
        [ "$flag" = --json ] || arguments+=("$flag")
    done
    play "script-$name" "${arguments[@]}"
done

if [ "$mode" = record ]; then
    rm -rf "$baseline"
    mkdir -p "$(dirname "$baseline")"
    cp -R "$out" "$baseline"
    echo "demo-baseline.sh: recorded $(find "$baseline" -type f | wc -l) files in $baseline ($(du -sh "$baseline" | cut -f1))"
    exit 0
fi

if diff -r "$baseline" "$out" > "$out.diff"; then
    echo "demo-baseline.sh: no difference ($(find "$baseline" -type f | wc -l) files in $baseline)"
    rm -f "$out.diff"
else
    head -100 "$out.diff"
    echo "demo-baseline.sh: feed-demo's output differs from $baseline (whole diff: $out.diff)" >&2
    exit 1
fi
