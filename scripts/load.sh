#!/usr/bin/env bash
# Performance against other servers on this machine, every ratio of issue 9 in one run
# (docs/performance.md, "HTTP"). On loopback, with wrk, against a release build of
# animation-timing and, in the same run and alternating with it round by round:
#   go-canned  Go net/http returning the bytes animation-timing gave (scripts/load/goserver.go)
#   go-json    Go net/http + encoding/json doing the same work (scripts/load/gojsonserver.go)
#   nginx      `return 200` with the same bytes
# Each figure is the median of ROUNDS rounds. Then, for animation-timing alone: the standard
# timing-bench scene over HTTP against the same request in process (alternating, ROUNDS but at
# least 5 rounds of 5 requests a side, the same heap setup on both: see there), resident memory
# (idle, with 256 kept-alive connections, after the scene and 5 s later), exec → first 200 on
# /healthz, and the sampler's rate. Prints one line per target with PASS or MISS.
#
# Usage: scripts/load.sh [seconds per wrk run, default 5] [connections, default 32] [rounds, default 3]
# Installs wrk, golang-go and nginx from Debian if they are missing (needs root). Takes about
# (4 servers × 2 requests × rounds × seconds) + 12 s × max(rounds, 5) + 90 s after the build:
# ~4.5 min with the defaults.
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-5}
connections=${2:-32}
rounds=${3:-3}
work=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  if [ -f "$work/nginx.pid" ]; then kill "$(cat "$work/nginx.pid")" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

missing=()
command -v wrk >/dev/null 2>&1 || missing+=(wrk)
command -v go >/dev/null 2>&1 || missing+=(golang-go)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx-light)
command -v curl >/dev/null 2>&1 || missing+=(curl)
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing from Debian: ${missing[*]}"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null 2>&1
fi
nginx_bin=$(command -v nginx || echo /usr/sbin/nginx)

echo "building release binaries…"
swift build -c release --product animation-timing 2>&1 | tail -n 1
swift build -c release --product timing-bench 2>&1 | tail -n 1
bin_dir="$(swift build -c release --show-bin-path)"
bin="$bin_dir/animation-timing"

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
wait_ready() { for _ in $(seq 1 100); do curl -fsS "http://127.0.0.1:$1$2" >/dev/null 2>&1 && return 0; sleep 0.05; done; echo "server on $1 did not start" >&2; exit 1; }

ours_port=$(free_port)
"$bin" --host 127.0.0.1 --port "$ours_port" --log-level warning &
ours_pid=$!
pids+=("$ours_pid")
wait_ready "$ours_port" /healthz

get_path="/v1/timing-functions/easeIn?x=0.5"
post_path="/v1/timing-functions/evaluate"
python3 - "$work/body.json" <<'PY'
import json, sys
xs = [i / 999 for i in range(1000)]
json.dump({"function": "easeInEaseOut", "x": xs}, open(sys.argv[1], "w"))
PY
curl -fsS "http://127.0.0.1:$ours_port$get_path" -o "$work/get.out"
curl -fsS "http://127.0.0.1:$ours_port$post_path" -H 'Content-Type: application/json' \
  --data-binary @"$work/body.json" -o "$work/post.out"
echo "payloads: GET answer $(wc -c <"$work/get.out") bytes; POST $(wc -c <"$work/body.json") bytes in, $(wc -c <"$work/post.out") bytes out"

cp scripts/load/goserver.go scripts/load/gojsonserver.go "$work/"
(cd "$work" && GOCACHE="$work/gocache" go build -o goserver goserver.go && GOCACHE="$work/gocache" go build -o gojsonserver gojsonserver.go)
canned_port=$(free_port)
"$work/goserver" "$canned_port" "$work/get.out" "$work/post.out" &
pids+=($!)
json_port=$(free_port)
"$work/gojsonserver" "$json_port" &
pids+=($!)
wait_ready "$canned_port" "$get_path"
wait_ready "$json_port" "$get_path"

# nginx answering the GET with the same bytes (the body inside a single-quoted nginx string:
# the JSON has no single quotes or backslashes).
nginx_port=$(free_port)
mkdir -p "$work/nginx"
# The body exactly, its final line break included ($(…) alone would strip it).
get_body=$(cat "$work/get.out"; printf x)
get_body=${get_body%x}
cat >"$work/nginx.conf" <<NGINX
worker_processes $(nproc);
pid $work/nginx.pid;
error_log $work/nginx/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path $work/nginx; proxy_temp_path $work/nginx; fastcgi_temp_path $work/nginx;
  uwsgi_temp_path $work/nginx; scgi_temp_path $work/nginx;
  keepalive_requests 100000000;
  server {
    listen 127.0.0.1:$nginx_port;
    location / { default_type application/json; return 200 '$get_body'; }
  }
}
NGINX
"$nginx_bin" -c "$work/nginx.conf" -p "$work/nginx" 2>/dev/null
wait_ready "$nginx_port" "$get_path"
cmp -s <(curl -fsS "http://127.0.0.1:$nginx_port$get_path") "$work/get.out" || { echo "nginx answers different bytes" >&2; exit 1; }

cat >"$work/post.lua" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local f = io.open("$work/body.json", "rb")
wrk.body = f:read("*a")
f:close()
LUA

# measure NAME PORT PATH [script]: one wrk run; appends "NAME rps p99_ms" to $work/runs.
measure() {
  local out rps p99 errors
  if [ -n "${4:-}" ]; then
    out=$(wrk -t2 -c"$connections" -d"${duration}s" --latency -s "$4" "http://127.0.0.1:$2$3")
  else
    out=$(wrk -t2 -c"$connections" -d"${duration}s" --latency "http://127.0.0.1:$2$3")
  fi
  rps=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
  p99=$(echo "$out" | awk '$1 == "99%" {v=$2; if (v ~ /us$/) {sub(/us/,"",v); v/=1000} else if (v ~ /ms$/) {sub(/ms/,"",v)} else if (v ~ /s$/) {sub(/s/,"",v); v*=1000}; print v}')
  errors=$(echo "$out" | awk '/Non-2xx|Socket errors/ {printf "%s ", $0}')
  printf '  %-26s %10s req/s  p99 %7.2f ms  %s\n' "$1" "$rps" "$p99" "$errors"
  echo "$1 $rps $p99" >>"$work/runs"
}

echo
echo "wrk: 2 threads, $connections connections, ${duration} s a run, $rounds rounds, loopback; $(nproc) cores shared by wrk and the servers"
for round in $(seq 1 "$rounds"); do
  echo "round $round"
  measure get-ours "$ours_port" "$get_path"
  measure get-go-canned "$canned_port" "$get_path"
  measure get-go-json "$json_port" "$get_path"
  measure get-nginx "$nginx_port" "$get_path"
  measure post-ours "$ours_port" "$post_path" "$work/post.lua"
  measure post-go-json "$json_port" "$post_path" "$work/post.lua"
done

# The standard timing-bench scene over HTTP against the same request in process, like with like:
# - the same statistic on both sides: a round is 5 requests over HTTP (curl reading the streamed
#   57 MB answer into /dev/null) and 5 through TimingService.handle in a fresh process
#   (`timing-bench scene-handle 5`, the pieces read and dropped as curl drops them), each side
#   the median of its 5; the ratio is the median of the rounds' ratios;
# - the two sides alternate round by round, and which goes first alternates too, so a slow minute
#   on this shared machine falls on both;
# - the same heap: scene-handle sets the allocator up as the server does (FreedMemory.configure,
#   not the GLIBC_TUNABLES `timing-bench timeline` re-executes itself with), and the service with
#   the server's default configuration. Each side's first request of a round starts from a cold
#   heap: a fresh process in process, and over HTTP a server that gave its freed memory back
#   after a second idle (HeavyWorkPool's idle trim) while the other side ran.
# `timing-bench timeline` (best of 9, warm tunables heap) is still run for the sampler's rate.
"$bin_dir/timing-bench" scene >"$work/scene.json"
scene_http() {
  local rates=() bytes seconds
  for _ in 1 2 3 4 5; do
    read -r bytes seconds < <(curl -fsS -o /dev/null -w '%{size_download} %{time_total}\n' \
      -H 'Content-Type: application/json' --data-binary @"$work/scene.json" "http://127.0.0.1:$ours_port/v1/timelines")
    rates+=("$(python3 -c "print($bytes / $seconds / 1e6)")")
  done
  echo "http ${rates[*]}" >>"$work/scene-rounds"
}
scene_in_process() {
  local line
  line=$("$bin_dir/timing-bench" scene-handle 5 | sed -n 's/.* runs \(.*\) median .*/in-process \1/p')
  # One line a round, or the rounds' ratios would pair measurements of different minutes.
  [ -n "$line" ] || { echo "timing-bench scene-handle gave no figures" >&2; exit 1; }
  echo "$line" >>"$work/scene-rounds"
}
# At least 5 rounds: on this machine one side's median of 5 still swings ±30 % from one round to
# the next (in process 65 → 106 MB/s between two neighbouring rounds), and the ratio with it.
scene_rounds=$((rounds < 5 ? 5 : rounds))
for round in $(seq 1 "$scene_rounds"); do
  if [ $((round % 2)) -eq 1 ]; then scene_http; scene_in_process; else scene_in_process; scene_http; fi
done
"$bin_dir/timing-bench" timeline >"$work/bench.txt"
kill "$ours_pid" 2>/dev/null || true

# Memory and start-up of a fresh server, alone.
python3 scripts/load/memory.py --bin "$bin" --scene "$work/scene.json" >"$work/memory.json"

python3 - "$work" <<'PY'
import json, re, statistics, sys
work = sys.argv[1]
runs = {}
for line in open(f"{work}/runs"):
    name, rps, p99 = line.split()
    runs.setdefault(name, []).append((float(rps), float(p99)))
med = lambda name, i: statistics.median(r[i] for r in runs[name])
bench = open(f"{work}/bench.txt").read()
sampler = float(re.search(r"([\d.]+) M property-values/s", bench).group(1))
# The same scene with no two steps on one timing (nothing for SharedTimings to share): not a
# target, printed beside it so the sampler's own rate per value stays in view.
unshared = re.search(r"no timing shared\s+[\d.]+ ms\s+([\d.]+) M property-values/s", bench)
# Rounds in the order they ran, each "http r1 … r5" or "in-process r1 … r5"; a round's ratio is
# the median over HTTP ÷ the median in process of the same round.
scene = {"http": [], "in-process": []}
for line in open(f"{work}/scene-rounds"):
    side, *rates = line.split()
    scene[side].append(statistics.median(float(r) for r in rates))
scene_ratios = [h / p for h, p in zip(scene["http"], scene["in-process"])]
http, in_process = statistics.median(scene["http"]), statistics.median(scene["in-process"])
memory = json.load(open(f"{work}/memory.json"))

rows = [
    ("GET easeIn req/s ÷ Go net/http, same bytes", med("get-ours", 0) / med("get-go-canned", 0), ">=", 1.0, "×"),
    ("GET easeIn req/s ÷ nginx return 200, same bytes", med("get-ours", 0) / med("get-nginx", 0), ">=", 0.6, "×"),
    ("GET easeIn req/s ÷ Go net/http+encoding/json, same work", med("get-ours", 0) / med("get-go-json", 0), ">=", 1.2, "×"),
    ("POST evaluate 1000 points ÷ Go net/http+encoding/json", med("post-ours", 0) / med("post-go-json", 0), ">=", 1.5, "×"),
    ("POST /v1/timelines standard scene, HTTP MB/s ÷ in-process", statistics.median(scene_ratios), ">=", 0.8, "×"),
    ("GET p99 at %s connections ÷ Go net/http (same bytes)" % "wrk", med("get-ours", 1) / med("get-go-canned", 1), "<=", 1.0, "×"),
    ("GET p99 ÷ Go net/http+encoding/json", med("get-ours", 1) / med("get-go-json", 1), "<=", 1.0, "×"),
    ("RSS idle", memory["idle_mb"], "<=", 15, " MB"),
    ("RSS holding 256 kept-alive connections", memory["keepalive_mb"], "<=", 64, " MB"),
    ("RSS 5 s after the standard scene", memory["after_5s_mb"], "<", 64, " MB"),
    ("exec → first 200 on /healthz (median of 5)", memory["startup_ms"], "<=", 50, " ms"),
    ("sampler, standard scene, one core (best of 9)", sampler, ">=", 40, " M values/s"),
]
print()
print("medians: " + ", ".join("%s %.0f req/s p99 %.2f ms" % (n, med(n, 0), med(n, 1)) for n in runs))
print("standard scene, median of 5 a side per round: HTTP %s MB/s (median %.0f), in process %s MB/s (median %.0f), ratios %s; RSS peak during it %.1f MB" % (
    " ".join("%.0f" % r for r in scene["http"]), http, " ".join("%.0f" % r for r in scene["in-process"]),
    in_process, " ".join("%.2f" % r for r in scene_ratios), memory["scene_peak_mb"]))
if unshared:
    print("sampler, same scene with no timing shared (best of 9): %s M values/s" % unshared.group(1))
print()
for name, value, op, target, unit in rows:
    ok = {">=": value >= target, "<=": value <= target, "<": value < target}[op]
    print("%-4s %-58s %8.2f%s  (target %s %g%s)" % ("PASS" if ok else "MISS", name, value, unit, op, target, unit))
PY
