#!/usr/bin/env bash
# Installs what is missing, builds, and starts TrainPlanner on the bundled default scenario
# (Llama-2-7B pre-training on 8 × A100 80GB). Without a display it saves a picture of the main
# window to ./trainplanner-out/main.png and prints the default scenario's key figures.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

tp_install_missing
tp_build

if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then
  exec "$TP_BUILD/app/trainplanner" "$@"
fi

mkdir -p trainplanner-out
QT_QPA_PLATFORM=offscreen "$TP_BUILD/app/trainplanner" --screenshot trainplanner-out/main.png --force "$@"
echo "== no display: saved a picture of the main window to trainplanner-out/main.png"
echo
"$TP_BUILD/trainplanner-cli" estimate - --format text
