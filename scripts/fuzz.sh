#!/usr/bin/env bash
# Fuzzes the readers with libFuzzer (clang-14, ASan + UBSan) for a set time, split evenly between the
# targets: the scenario reader and estimate() (fuzz_scenario), the training log reader and the
# comparison (fuzz_training_log), the price table reader (fuzz_price_table), the planner's --pin
# parser (fuzz_pin), a hardware profile read through a scenario in a Latin-1 folder
# (fuzz_hardware_profile) and --set values (fuzz_set_override): every one reaches the writers. Each starts from its seeds: tests/fuzz/corpus for fuzz_scenario,
# tests/fuzz/corpus_<target without fuzz_> for the others.
# Usage: scripts/fuzz.sh [seconds=600]. Findings are written to build-fuzz/findings/<target>-*;
# the script runs every target and fails if any found something.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
seconds="${1:-600}"
TP_PACKAGES+=(clang-14 libclang-rt-14-dev)
tp_install_missing
build="$TP_ROOT/build-fuzz"
if [ ! -f "$build/CMakeCache.txt" ]; then
  CXX=clang++-14 cmake -S "$TP_ROOT" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTRAINPLANNER_GUI=OFF \
    -DTRAINPLANNER_FUZZ=ON -DCMAKE_CXX_FLAGS="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined"
fi
# target, its seeds, the longest input it is given (a --pin list is short; a log line may be 64 KiB).
targets=(
  "fuzz_scenario corpus 65536"
  "fuzz_training_log corpus_training_log 200000"
  "fuzz_price_table corpus_price_table 65536"
  "fuzz_pin corpus_pin 1024"
  "fuzz_hardware_profile corpus_hardware_profile 65536"
  "fuzz_set_override corpus_set_override 4096"
)
cmake --build "$build" -j "$(nproc 2>/dev/null || echo 2)" --target fuzz_scenario fuzz_training_log fuzz_price_table fuzz_pin \
  fuzz_hardware_profile fuzz_set_override
each=$((seconds / ${#targets[@]}))
[ "$each" -ge 1 ] || each=1
mkdir -p "$build/findings"
status=0
for entry in "${targets[@]}"; do
  read -r target seeds max_len <<< "$entry"
  corpus="$build/$seeds"
  mkdir -p "$corpus"
  cp -n "$TP_ROOT/tests/fuzz/$seeds"/* "$corpus/" 2>/dev/null || true
  echo "== $target for $each s (seeds: tests/fuzz/$seeds)"
  "$build/tests/$target" "$corpus" -max_total_time="$each" -max_len="$max_len" -timeout=10 \
    -rss_limit_mb=2048 -artifact_prefix="$build/findings/$target-" -print_final_stats=1 || status=$?
done
exit "$status"
