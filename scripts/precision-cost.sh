#!/usr/bin/env bash
# What ?precision costs (docs/performance.md "Rounded numbers"): one timeline answer held whole
# (65 000 numbers) and one streamed (1.39 M numbers), both rounded as they are written, and
# 10 000 points of a curve, rounded after the route by its answer's text; each without
# precision and with it, best of N runs (5) by curl's time_total against a release server on
# a free port. Builds the release binary when missing (minutes on 2 cores).
# Usage: scripts/precision-cost.sh [runs]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
binary=.build/release/animation-timing
[ -x "$binary" ] || swift build -c release --product animation-timing
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$binary" --port "$port" >/dev/null 2>&1 &
server=$!
trap 'kill $server 2>/dev/null' EXIT
for _ in $(seq 50); do curl -sf "localhost:$port/healthz" >/dev/null && break; sleep 0.1; done

# Five animated properties of fractional values: 13 numbers a sample, none of them whole.
scene() {
  cat <<JSON
{"layers": [{"name": "a", "animations": [
  {"type": "basic", "keyPath": "position", "fromValue": [0.3, 0.7], "toValue": [300.1, 700.3], "duration": 97},
  {"type": "basic", "keyPath": "bounds", "fromValue": [0.1, 0.2, 0.3, 0.4], "toValue": [10.1, 20.2, 30.3, 40.4], "duration": 97},
  {"type": "basic", "keyPath": "backgroundColor", "fromValue": [0.1, 0.2, 0.3, 0.4], "toValue": [0.9, 0.8, 0.7, 0.6], "duration": 97},
  {"type": "basic", "keyPath": "anchorPoint", "fromValue": [0.1, 0.2], "toValue": [0.9, 0.8], "duration": 97},
  {"type": "basic", "keyPath": "opacity", "fromValue": 0.1, "toValue": 0.9, "duration": 97}]}],
 "sample": {"from": 0.0001, "to": $1, "fps": 1000}, "keyPaths": [$2]}
JSON
}
measure() {  # label, body, query[, route]
  best=""
  for _ in $(seq "$runs"); do
    t=$(curl -s -o /dev/null -w '%{time_total} %{size_download}' -H 'Content-Type: application/json' \
      --data-binary "$2" "localhost:$port${4:-/v1/timelines}$3")
    if [ -z "$best" ] || awk -v a="${t% *}" -v b="${best% *}" 'BEGIN { exit !(a < b) }'; then best=$t; fi
  done
  printf '%-34s %-18s %8.1f ms %10s bytes\n' "$1" "${3:-(none)}" "$(awk -v s="${best% *}" 'BEGIN { print s * 1000 }')" "${best#* }"
}
whole=$(scene 13 '"bounds"')       # 13 001 samples × 4 + times = 65 005 numbers: held whole
streamed=$(scene 99 '"position", "bounds", "backgroundColor", "anchorPoint", "opacity"')
for query in "" "?precision=6" "?precision=17"; do measure "held whole, 65 005 numbers" "$whole" "$query"; done
for query in "" "?precision=6" "?precision=17" "?format=csv" "?format=csv&precision=6"; do
  measure "streamed, 1 386 014 numbers" "$streamed" "$query"
done
# A route rounded after it ran, by its answer's text: 10 000 points of a curve with slopes.
points=$(python3 -c 'import json; print(json.dumps({"function": "easeInEaseOut", "slope": True, "x": [(i + 0.5) / 10000 for i in range(10000)]}))')
for query in "" "?precision=6"; do
  measure "curve, 10 000 points with slopes" "$points" "$query" /v1/timing-functions/evaluate
done
