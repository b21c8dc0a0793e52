#!/usr/bin/env bash
# Builds the libFuzzer targets (Fuzz/) with ASan and runs each for a while.
#
#   scripts/fuzz.sh [seconds] [target…]      seconds per target (default 60); targets default to
#                                            http-parser json timing-function svg-path service
#
# Prints per target the executions, executions per second, coverage (libFuzzer's cov: edges and
# ft: features at the end) and corpus size, and exits 1 if any target found something: its input
# is saved under $FUZZ_FINDINGS/<target>/ (default fuzz-findings/), its log under
# .build-fuzz/logs/. Reproduce one with `.build-fuzz/release/fuzz-<target> <input file>`.
#
# The build has its own scratch path, .build-fuzz, so normal builds in .build are not disturbed
# (and need not be rebuilt). New inputs the fuzzer keeps go to .build-fuzz/corpus/<target>, so
# repeated runs build on each other; the committed seeds in Fuzz/corpus are only read
# (regenerate them and the dictionaries with scripts/fuzz-seeds.py).
#
# Each target runs as one process on one core: libFuzzer's default without -jobs/-workers (which
# would only add a supervising parent, and move the output to fuzz-N.log). On a shared machine
# wrap the whole script in `flock /tmp/cpu-measure.lock`.
#
# A target stops at its first finding. FUZZ_KEEP_GOING=1 runs it in libFuzzer's fork mode with
# crashes, timeouts and OOMs ignored instead (still one child at a time), to see whether a
# known crash hides others: every finding is saved, and the distinct places they stop in are
# listed with their counts.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-60}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(http-parser json timing-function svg-path service)
fi
findings_root=${FUZZ_FINDINGS:-fuzz-findings}
# A single input slower than this is a finding (a hang or quadratic path): the slowest seeds take
# well under a second under ASan, and the service target's budgets keep every request small.
timeout_seconds=${FUZZ_TIMEOUT:-20}
scratch=.build-fuzz

build_started=$(date +%s)
for target in "${targets[@]}"; do
  [ -d "Fuzz/$target" ] || { echo "no fuzz target '$target' (see Fuzz/)" >&2; exit 2; }
  # Package.swift declares the fuzz targets only under ANIMATION_TIMING_FUZZ. One product at a
  # time: the service's own executables, built with -sanitize=fuzzer, would not link.
  ANIMATION_TIMING_FUZZ=1 swift build -c release --scratch-path "$scratch" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing --product "fuzz-$target" 2>&1 \
    | grep -v "Cannot export local symbol" | grep -E "error|warning: |Compiling|Build of" || true
  [ -x "$scratch/release/fuzz-$target" ] || { echo "build of fuzz-$target failed" >&2; exit 2; }
done
echo "fuzz build: $(($(date +%s) - build_started)) s"

mkdir -p "$scratch/logs"
summary=()
failed=0
for target in "${targets[@]}"; do
  work="$scratch/corpus/$target"
  findings="$findings_root/$target"
  log="$scratch/logs/$target.log"
  mkdir -p "$work" "$findings"
  echo "== fuzz-$target for ${seconds} s"
  status=0
  mode=()
  if [ "${FUZZ_KEEP_GOING:-0}" = 1 ]; then
    mode=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
  fi
  # SWIFT_BACKTRACE=enable=no: the Swift runtime's backtracer would take the crash signals
  # libFuzzer needs to see to save the input. detect_leaks=0: the Swift runtime keeps metadata
  # and other caches alive on purpose, which LeakSanitizer would report.
  SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 \
    "$scratch/release/fuzz-$target" "$work" "Fuzz/corpus/$target" \
    -dict="Fuzz/dict/$target.dict" -max_total_time="$seconds" -timeout="$timeout_seconds" \
    -rss_limit_mb=2048 -artifact_prefix="$findings/" -print_final_stats=1 ${mode[@]+"${mode[@]}"} \
    >"$log" 2>&1 \
    || status=$?

  # The last status line ("#N DONE cov: … ft: … corp: units/bytes …", or "#N: cov: … corp: N"
  # in fork mode) and the final stats; in fork mode there are none, so the rate is N / seconds.
  last=$(grep -E '^#[0-9]+' "$log" | tail -n 1 || true)
  cov=$(sed -nE 's/.* cov: ([0-9]+).*/\1/p' <<<"$last")
  ft=$(sed -nE 's/.* ft: ([0-9]+).*/\1/p' <<<"$last")
  corp=$(sed -nE 's/.* corp: ([0-9]+(\/[0-9]+[a-zA-Z]*)?).*/\1/p' <<<"$last")
  execs=$(sed -nE 's/^stat::number_of_executed_units: *([0-9]+)/\1/p' "$log" | tail -n 1)
  rate=$(sed -nE 's/^stat::average_exec_per_sec: *([0-9]+)/\1/p' "$log" | tail -n 1)
  rss=$(sed -nE 's/^stat::peak_rss_mb: *([0-9]+)/\1/p' "$log" | tail -n 1)
  if [ -z "$execs" ]; then
    execs=$(sed -nE 's/^#([0-9]+).*/\1/p' <<<"$last")
    [ -n "$execs" ] && rate=$((execs / seconds))
  fi
  found=$(find "$findings" -type f | wc -l)
  if [ "$status" -ne 0 ] || [ "$found" -ne 0 ]; then
    failed=1
    echo "fuzz-$target: FINDING (exit $status); inputs in $findings/, log in $log"
    # The error, the Swift message and the top of the stack, then the input as libFuzzer saw it.
    grep -E "ERROR: libFuzzer|ERROR: AddressSanitizer|Fatal error|invariant violated|SUMMARY|^    #[0-9] |Test unit written|^Base64" "$log" | head -n 40 || true
    # Where each finding stops, by replaying each saved input (fork mode keeps no stacks): the
    # first frame in the project's sources past the fuzz support's `require`, counted, with the
    # first message seen there, so that many inputs of one bug read as one line.
    echo "distinct findings (count, first project frame, a message):"
    find "$findings" -type f | head -n 200 | while read -r input; do
      SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 \
        "$scratch/release/fuzz-$target" -timeout="$timeout_seconds" "$input" 2>&1 || true
    done | awk '
      /Swift runtime failure:|Fatal error:|ERROR: libFuzzer: timeout|ERROR: AddressSanitizer/ {
        msg = $0; sub(/.*(Swift runtime failure: |Fatal error: |ERROR: )/, "", msg)
        sub(/ \/<compiler-generated>.*/, "", msg); where = ""; next
      }
      /^    #[0-9]+ .* in .*\/(Sources|Fuzz)\// && !/FuzzSupport/ && where == "" {
        where = $0; sub(/.*\/(Sources|Fuzz)\//, "", where); sub(/:[0-9]+$/, "", where)
        count[where]++; if (!(where in first)) first[where] = substr(msg, 1, 120)
      }
      END { for (w in count) printf "%6d  %s  %s\n", count[w], w, first[w] }' \
      | sort -rn | head -n 20
  fi
  line=$(printf '%-16s %10s execs %8s exec/s  cov %-5s ft %-6s corpus %-10s rss %5s MB  findings %s' \
    "$target" "${execs:-?}" "${rate:-?}" "${cov:-?}" "${ft:-?}" "${corp:-?}" "${rss:-?}" "$found")
  echo "$line"
  summary+=("$line")
done

echo "== fuzz summary (${seconds} s per target)"
printf '%s\n' "${summary[@]}"
exit "$failed"
