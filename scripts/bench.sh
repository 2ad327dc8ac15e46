#!/usr/bin/env bash
# Builds (Release) and runs the benchmarks; results go to trainplanner-out/bench.txt.
# Benchmarks measure, they do not assert: nothing here fails on a slow machine.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
tp_install_missing
tp_build -DTRAINPLANNER_TESTS=ON
mkdir -p trainplanner-out
out=trainplanner-out/bench.txt
{
  echo "# TrainPlanner benchmarks, $(date -u +%Y-%m-%dT%H:%M:%SZ), $(nproc) cores"
  "$TP_BUILD/tests/bench_estimate" --benchmark_repetitions=5 --benchmark_report_aggregates_only=true 2>&1
  QT_QPA_PLATFORM=offscreen "$TP_BUILD/tests/bench_gui" 2>/dev/null
} | tee "$out"
echo "== written to $out"
