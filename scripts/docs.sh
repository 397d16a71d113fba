#!/usr/bin/env bash
# Builds the documentation sites of Streams, StreamsTesting and FeedStreams, for static hosting,
# into .build/docs/<Module>/ (serve .build/docs and open /<Module>/documentation/<module>/).
#
# Symbol graphs come from a build of the package (in its own scratch directory, so the build
# that `swift test` uses is left alone); the toolchain's `docc` turns them and each module's
# catalog into a site. No package is added for it. A warning fails the script.
#
#   bash scripts/docs.sh                      # the sites
#   bash scripts/docs.sh --graphs-from DIR    # the sites, from symbol graphs another build emitted
#                                             # (CI: the ThreadSanitizer build; see .ci/run)
set -euo pipefail
cd "$(dirname "$0")/.."

out=.build/docs
scratch=.build/docs-build
graphs="$PWD/$scratch/symbol-graphs"

# docc ships beside swift in the toolchain (xcrun finds it on macOS).
docc=$(command -v docc || xcrun --find docc 2>/dev/null || echo "$(dirname "$(readlink -f "$(command -v swiftc)")")/docc")
[ -x "$docc" ] || { echo "docs.sh: docc not found beside the Swift toolchain ($docc)" >&2; exit 1; }

start=$(date +%s)
# Only the three documented libraries (FeedStreams brings Streams): the demo and the tools are
# not built here.
build_graphs() {
  mkdir -p "$graphs"
  for target in StreamsTesting FeedStreams; do
    swift build --scratch-path "$scratch" --target "$target" \
      -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" \
      -Xswiftc -emit-extension-block-symbols
  done
}
have_graphs() {
  [ -f "$graphs/Streams.symbols.json" ] && [ -f "$graphs/StreamsTesting.symbols.json" ] \
    && [ -f "$graphs/FeedStreams.symbols.json" ]
}
rm -rf "$out"
mkdir -p "$out"
if [ "${1:-}" = "--graphs-from" ]; then
  graphs=$(cd "$2" && pwd)
  echo "== symbol graphs from $2"
  have_graphs || { echo "docs.sh: $2 lacks the symbol graph of Streams, StreamsTesting or FeedStreams" >&2; exit 1; }
else
  echo "== symbol graphs (swift build --scratch-path $scratch)"
  build_graphs
  # A module the build did not recompile emits no graph: start that build over.
  if ! have_graphs; then
    rm -rf "$scratch"
    build_graphs
  fi
fi

status=0
for module in Streams StreamsTesting FeedStreams; do
  echo "== $module"
  lower=$(echo "$module" | tr '[:upper:]' '[:lower:]')
  mkdir -p "$graphs/$module"
  cp "$graphs/$module"@*.symbols.json "$graphs/$module/" 2>/dev/null || true
  # StreamsTesting re-exports Streams (`@_exported import`), so its graph holds every Streams
  # symbol too; keep only what each module declares, and Streams' types it extends appear under
  # "Extended Modules".
  python3 - "$graphs/$module.symbols.json" "$graphs/$module/$module.symbols.json" "/Sources/$module/" <<'PY'
import json, sys
source, target, folder = sys.argv[1:]
graph = json.load(open(source))
kept = [s for s in graph["symbols"] if folder in s.get("location", {}).get("uri", folder)]
ids = {s["identifier"]["precise"] for s in kept}
graph["symbols"] = kept
graph["relationships"] = [r for r in graph["relationships"] if r["source"] in ids]
json.dump(graph, open(target, "w"))
PY
  log="$out/$module.log"
  if ! "$docc" convert "Sources/$module/$module.docc" \
      --additional-symbol-graph-dir "$graphs/$module" \
      --fallback-display-name "$module" \
      --fallback-bundle-identifier "org.streams.$lower" \
      --transform-for-static-hosting --hosting-base-path "$module" \
      --output-path "$out/$module" \
      --warnings-as-errors >"$log" 2>&1; then
    status=1
  fi
  # The renderer asks every site for its theme settings; the defaults, without a 404.
  mkdir -p "$out/$module"; [ -f "$out/$module/theme-settings.json" ] || echo '{"theme": {}}' >"$out/$module/theme-settings.json"
  # docc prints its diagnostics; any warning or error fails the build.
  if grep -qE "^(warning|error):" "$log"; then
    grep -E -A4 "^(warning|error):" "$log" >&2
    echo "docs.sh: $module has $(grep -cE '^(warning|error):' "$log") diagnostic(s)" >&2
    status=1
  elif [ "$status" -ne 0 ]; then
    cat "$log" >&2
  else
    echo "$module: no warnings ($out/$module)"
  fi
done
[ "$status" -eq 0 ] || exit "$status"
echo "== docs built in $(( $(date +%s) - start ))s: serve $out and open /Streams/documentation/streams/"
