#!/usr/bin/env bash
# Fuzzes the scenario reader and estimate() with libFuzzer (clang-14, ASan + UBSan) for a set time.
# Usage: scripts/fuzz.sh [seconds=600]. Findings are written to build-fuzz/findings/.
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
cmake --build "$build" -j "$(nproc 2>/dev/null || echo 2)" --target fuzz_scenario
mkdir -p "$build/corpus" "$build/findings"
cp -n "$TP_ROOT"/tests/fuzz/corpus/* "$build/corpus/" 2>/dev/null || true
"$build/tests/fuzz_scenario" "$build/corpus" -max_total_time="$seconds" -max_len=65536 -timeout=10 \
  -rss_limit_mb=2048 -artifact_prefix="$build/findings/" -print_final_stats=1
