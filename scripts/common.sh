# Shared by run.sh and test.sh: install what is missing (Debian 12), configure once, build.
# Sourced, not executed.

TP_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TP_BUILD="${TP_BUILD_DIR:-$TP_ROOT/build}"

# Debian 12 packages (docs/DESIGN.md "Dependencies"). libqt6opengl6-dev and libxkbcommon-dev are
# needed by Qt 6.4's CMake packages for Charts and Gui, though apt only recommends them.
TP_PACKAGES=(
  cmake g++ make
  qt6-base-dev qt6-charts-dev qt6-svg-dev qt6-tools-dev qt6-l10n-tools qt6-translations-l10n
  libqt6opengl6-dev libxkbcommon-dev libgl-dev
  catch2 nlohmann-json3-dev libcli11-dev libbenchmark-dev
  xvfb xauth fonts-noto-cjk
  python3
)

tp_install_missing() {
  local missing=() p
  for p in "${TP_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  if [ ${#missing[@]} -eq 0 ]; then
    echo "== all ${#TP_PACKAGES[@]} packages are installed"
    return 0
  fi
  echo "== installing: ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
}

tp_build() {
  local jobs
  jobs="$(nproc 2>/dev/null || echo 2)"
  if [ ! -f "$TP_BUILD/CMakeCache.txt" ]; then
    cmake -S "$TP_ROOT" -B "$TP_BUILD" -DCMAKE_BUILD_TYPE=Release "$@"
  fi
  cmake --build "$TP_BUILD" -j "$jobs"
}
