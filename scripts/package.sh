#!/usr/bin/env bash
# Builds TrainPlanner's Debian package with CPack: trainplanner-out/trainplanner_<version>_<arch>.deb.
# Its Depends come from the shared libraries the programs actually link (dpkg-shlibdeps), plus Qt's
# platform plugins, which are loaded at run time. Install it with
#   sudo apt-get install ./trainplanner-out/trainplanner_*.deb
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

TP_PACKAGES+=(dpkg-dev file)  # dpkg-shlibdeps, and what CPack runs it on
tp_install_missing

build="${TP_PACKAGE_BUILD_DIR:-$TP_ROOT/build-package}"
jobs="$(nproc 2>/dev/null || echo 2)"
cmake -S "$TP_ROOT" -B "$build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX=/usr -DTRAINPLANNER_TESTS=OFF
cmake --build "$build" -j "$jobs"
rm -f "$build"/trainplanner_*.deb
(cd "$build" && cpack -G DEB)
mkdir -p "$TP_ROOT/trainplanner-out"
cp "$build"/trainplanner_*.deb "$TP_ROOT/trainplanner-out/"
for deb in "$TP_ROOT"/trainplanner-out/trainplanner_*.deb; do
  echo "== $deb"
  dpkg-deb --field "$deb" Package Version Architecture Depends Recommends
done
