#!/usr/bin/env bash
# Load and faults on loopback (issue 7): a release build of animation-timing, one server per
# scenario on a free 127.0.0.1 port, driven by scripts/faults/faults.py (Python 3 stdlib only):
#   a  slowloris + silent sockets past --max-connections; a well-behaved client: 100 %, p99 < 50 ms
#   b  big timeline POSTs while /healthz, /readyz, /metrics are polled every 10 ms: each < 50 ms
#   c  SIGTERM under load: every request's outcome recorded, 0 lost; exit 0 within the drain
#   d  clients that never read large answers: operations routes stay 200
#   e  a reader at 300 KB/s of a 26 MB answer (9 MB with --quick), --write-timeout 10: all of it
#   f  fd soft limit below --max-connections (prlimit): CPU stays low, clients served afterwards
#   g  32 concurrent 5M-number timelines (8 with --quick): peak RSS ≤ 256 MB, < 64 MB within 5 s;
#      one byte-amplified timeline (890 MB of contents names from 15 KB; not with --quick) likewise
#   h  soak of mixed requests, 30 s (10 s with --quick): fd count back to baseline, RSS ≤ +16 MB
#   i  TLS ClientHello → 400 at once, Host with space or '/' → 400, charset=utf-16 → 415
#   j  wrk (32 connections) beside 150 silent, 150 slowloris and 8 slow-reader sockets: p99 < 50 ms
# Prints one PASS/FAIL line per check with its figure, then "N passed, M failed"; exits 1 if M > 0.
# Figures and criteria: docs/reliability.md, "Load and faults".
#
# Time, after the build: about 95 s (the slow reader alone takes ~90 s, in the background; a
# server that serializes big requests may take up to 3 minutes), about 50 s with --quick. The
# driver is killed at 300 s whatever happens.
#
# Usage: scripts/faults.sh [--quick] [--only a,c,...] [--table FILE]
#   --table FILE writes the checks as Markdown table rows (for docs/reliability.md).
# Needs python3, prlimit (util-linux) and wrk; installs them from Debian if missing (needs root).
set -euo pipefail
cd "$(dirname "$0")/.."

need() { command -v "$1" >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq "$2" >/dev/null; }; }
need python3 python3
need prlimit util-linux
need wrk wrk

work=$(mktemp -d)
driver_pid=
bin=
cleanup() {
  if [ -n "$driver_pid" ]; then kill "$driver_pid" 2>/dev/null || true; wait "$driver_pid" 2>/dev/null || true; fi
  # Servers and workers the driver started (it stops them itself; this is for interruptions).
  # A pid is killed only if it is still one of ours, never a recycled number.
  if [ -f "$work/pids" ]; then
    while read -r pid; do
      if [ -r "/proc/$pid/cmdline" ] && tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -qF -e "$bin" -e "faults/faults.py"; then
        kill -9 "$pid" 2>/dev/null || true
      fi
    done <"$work/pids"
  fi
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

echo "building release binary…"
swift build -c release --product animation-timing 2>&1 | tail -n 1
bin="$(swift build -c release --show-bin-path)/animation-timing"

status=0
timeout --kill-after=10 300 python3 -u scripts/faults/faults.py --bin "$bin" --work "$work" "$@" &
driver_pid=$!
wait "$driver_pid" || status=$?
driver_pid=
if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
  echo "FAIL  the driver did not finish within 300 s"
  echo "0 passed, 1 failed"
  exit 1
fi
exit "$status"
