#!/usr/bin/env bash
# What POST /v1/lottie/export costs against what it is charged (docs/performance.md "Lottie
# export to SVG, and diff"): for each file, the export's time (best of N runs, 3, by curl's
# time_total) and that of reading it (/v1/lottie/timeline?times=0), and the work units each
# charged (from /metrics' animation_timing_work_units_total) — the export's less the reading's,
# per nanosecond of its time less the reading's. Against a release server on a free port given
# --max-work-units 1000000000000 (the larger files are over the default budget). Builds the release
# binary when missing (minutes on 2 cores).
# A FILE named worst:N is made here: one layer moving along N spatial keyframes, each a 5 000 px
# loop (tangents 300, 5 000 px: a curve too large for 256 chords, refused and baked), over N
# frames — the largest offset paths a document can ask for, and their bake.
# Usage: scripts/lottie-export-cost.sh [--runs N] FILE|worst:N…
set -euo pipefail
cd "$(dirname "$0")/.."
runs=3
if [ "${1:-}" = "--runs" ]; then runs=$2; shift 2; fi
[ $# -gt 0 ] || { echo "usage: $0 [--runs N] FILE…" >&2; exit 2; }
binary=.build/release/animation-timing
[ -x "$binary" ] || swift build -c release --product animation-timing
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$binary" --port "$port" --max-work-units 1000000000000 >/dev/null 2>&1 &
server=$!
trap 'kill $server 2>/dev/null' EXIT
for _ in $(seq 50); do curl -sf "localhost:$port/healthz" >/dev/null && break; sleep 0.1; done
curl -sf "localhost:$port/healthz" >/dev/null || { echo "$0: the server did not start" >&2; exit 1; }

units() {
  curl -s "localhost:$port/metrics" | awk '/^animation_timing_work_units_total/ { s += $2 } END { printf "%.0f", s }'
}
best() {  # route, file: the best time_total of N runs, s; and the units one run charged
  local before after t b=""
  before=$(units)
  for _ in $(seq "$runs"); do
    read -r code t < <(curl -s -o /dev/null -w '%{http_code} %{time_total}\n' \
      -H 'Content-Type: application/json' --data-binary "@$2" "localhost:$port$1")
    # A refusal (422 over the budget, 413 too large) is no time of the work.
    [ "$code" = 200 ] || { echo "$0: $1 answered $code for $2" >&2; exit 1; }
    if [ -z "$b" ] || awk -v a="$t" -v c="$b" 'BEGIN { exit !(a < c) }'; then b=$t; fi
  done
  after=$(units)
  echo "$b $(( (after - before) / runs ))"
}
printf '%-40s %9s %9s %12s %9s\n' file "export s" "reading s" units "ns a unit"
scratch=$(mktemp -d)
trap 'kill $server 2>/dev/null; rm -rf "$scratch"' EXIT
for file in "$@"; do
  if [[ "$file" == worst:* ]]; then
    n=${file#worst:}
    file="$scratch/worst-$n.json"
    python3 - "$n" >"$file" <<'PY'
import json, sys
n = int(sys.argv[1])
keyframes = [{"t": i, "s": [(i % 2) * 400, 100], "to": [300 - 600 * (i % 2), 5000],
              "ti": [-300 + 600 * (i % 2), 5000], "o": {"x": 0.3, "y": 0}, "i": {"x": 0.7, "y": 1}}
             for i in range(n)] + [{"t": n, "s": [(n % 2) * 400, 100]}]
print(json.dumps({"fr": 30, "ip": 0, "op": n, "w": 500, "h": 500, "layers": [
    {"ty": 4, "ind": 1, "ip": 0, "op": n, "st": 0, "ks": {"p": {"a": 1, "k": keyframes}},
     "shapes": [{"ty": "el", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [20, 20]}}]}]}))
PY
  fi
  read -r te ue < <(best "/v1/lottie/export" "$file")
  read -r tr ur < <(best "/v1/lottie/timeline?times=0" "$file")
  awk -v f="$(basename "$file" .json)" -v te="$te" -v tr="$tr" -v ue="$ue" -v ur="$ur" 'BEGIN {
    u = ue - ur; printf "%-40s %9.3f %9.3f %12.0f %9.1f\n", f, te, tr, u, (u > 0 ? (te - tr) * 1e9 / u : 0) }'
done
