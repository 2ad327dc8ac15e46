#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test with ctest. Exits non-zero on any failure.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

tp_install_missing
tp_build -DTRAINPLANNER_TESTS=ON
cd "$TP_BUILD"
QT_QPA_PLATFORM=offscreen ctest --output-on-failure -j "$(nproc 2>/dev/null || echo 2)"
