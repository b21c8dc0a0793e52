#!/usr/bin/env bash
# Load test on loopback: wrk against a release build of animation-timing and, in the same run,
# against a minimal Go net/http server returning the same bytes. Prints req/s and p50/p99 for a
# small GET and a 1 000-point POST, and our req/s as a ratio of Go's.
#
# Usage: scripts/load.sh [seconds per run, default 10] [connections, default 32]
# Installs wrk and golang-go from Debian if they are missing (needs root).
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-10}
connections=${2:-32}
work=$(mktemp -d)
ours_port=18090
go_port=18091

need() { command -v "$1" >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq "$2" >/dev/null; }; }
need wrk wrk
need go golang-go

echo "building release binary…"
swift build -c release --product animation-timing 2>&1 | tail -n 1
bin="$(swift build -c release --show-bin-path)/animation-timing"

"$bin" --port "$ours_port" --log-level warning &
ours_pid=$!
trap 'kill $ours_pid $go_pid 2>/dev/null || true; rm -rf "$work"' EXIT
go_pid=
for _ in $(seq 1 50); do curl -fsS "http://127.0.0.1:$ours_port/healthz" >/dev/null 2>&1 && break; sleep 0.1; done

get_path="/v1/timing-functions/easeIn?x=0.5"
python3 - "$work/body.json" <<'PY'
import json, sys
xs = [i / 999 for i in range(1000)]
json.dump({"function": "easeInEaseOut", "x": xs}, open(sys.argv[1], "w"))
PY
curl -fsS "http://127.0.0.1:$ours_port$get_path" -o "$work/get.out"
curl -fsS "http://127.0.0.1:$ours_port/v1/timing-functions/evaluate" -H 'Content-Type: application/json' \
  --data-binary @"$work/body.json" -o "$work/post.out"
echo "payloads: GET response $(wc -c <"$work/get.out") bytes; POST request $(wc -c <"$work/body.json") bytes, response $(wc -c <"$work/post.out") bytes"

(cd "$work" && cp "$OLDPWD/scripts/load/goserver.go" . && GOCACHE="$work/gocache" go build -o goserver goserver.go)
"$work/goserver" "$go_port" "$work/get.out" "$work/post.out" &
go_pid=$!
for _ in $(seq 1 50); do curl -fsS "http://127.0.0.1:$go_port$get_path" >/dev/null 2>&1 && break; sleep 0.1; done

cat >"$work/post.lua" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local f = io.open("$work/body.json", "rb")
wrk.body = f:read("*a")
f:close()
LUA

# run NAME URL [script] → "req/s p50 p99"
run() {
  local out
  if [ -n "${3:-}" ]; then
    out=$(wrk -t2 -c"$connections" -d"${duration}s" --latency -s "$3" "$2")
  else
    out=$(wrk -t2 -c"$connections" -d"${duration}s" --latency "$2")
  fi
  local rps p50 p99 errors
  rps=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
  p50=$(echo "$out" | awk '$1 == "50%" {print $2}')
  p99=$(echo "$out" | awk '$1 == "99%" {print $2}')
  errors=$(echo "$out" | awk '/Non-2xx|Socket errors/ {print}' | tr '\n' ' ')
  printf '%-34s %12s req/s   p50 %-9s p99 %-9s %s\n' "$1" "$rps" "$p50" "$p99" "$errors" >&2
  echo "$rps"
}

echo
echo "wrk: 2 threads, $connections connections, ${duration}s per run, loopback, $(nproc) cores shared with the servers"
ours_get=$(run "animation-timing  GET (small)" "http://127.0.0.1:$ours_port$get_path")
go_get=$(run "go net/http       GET (small)" "http://127.0.0.1:$go_port$get_path")
ours_post=$(run "animation-timing  POST (1000 points)" "http://127.0.0.1:$ours_port/v1/timing-functions/evaluate" "$work/post.lua")
go_post=$(run "go net/http       POST (1000 points)" "http://127.0.0.1:$go_port/v1/timing-functions/evaluate" "$work/post.lua")
echo
python3 -c "print(f'ratio animation-timing / go: GET {float($ours_get)/float($go_get):.2f}x, POST {float($ours_post)/float($go_post):.2f}x')"
echo "(Go's POST handler returns canned bytes without computing anything; ours parses 1000 numbers and evaluates the curve.)"
