#!/usr/bin/env bash
# Installs what is missing, checks every C++ file's format, builds, and runs every test with ctest;
# then the hostile-input runners of tests/hostile/round2 and round3; then builds the core, the command line and their
# tests again with AddressSanitizer + UndefinedBehaviorSanitizer and runs those and the runner too;
# then fuzzes the readers for 60 s. Exits non-zero on any failure.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
jobs="$(nproc 2>/dev/null || echo 2)"

TP_PACKAGES+=(clang-14 libclang-rt-14-dev)  # the fuzzing step below
TP_PACKAGES+=(clang-format-14)               # the format check
TP_PACKAGES+=(desktop-file-utils appstream man-db) # the install test's validators (tests/cli/test_install.cpp)
TP_PACKAGES+=(poppler-utils)                      # pdffonts, pdftotext: the report PDF embeds the SC face and its text reads back (tests/widgets/test_export*.cpp)
TP_PACKAGES+=(locales)                            # localedef's de_DE source: hostile round 3's decimal-comma case
tp_install_missing

# Every C++ file follows the repository's .clang-format: a rule nothing checks erodes.
echo "== clang-format-14 --dry-run --Werror on every C++ file"
find "$TP_ROOT/app" "$TP_ROOT/core" "$TP_ROOT/tests" "$TP_ROOT/widgets" \( -name '*.cpp' -o -name '*.h' \) -print0 \
  | xargs -0 clang-format-14 --dry-run --Werror
# Warnings are errors here (CMake's CMAKE_COMPILE_WARNING_AS_ERROR): a warning no build fails on
# accumulates. The everyday build (scripts/run.sh) only shows them.
tp_build -DTRAINPLANNER_TESTS=ON -DCMAKE_COMPILE_WARNING_AS_ERROR=ON
(cd "$TP_BUILD" && QT_QPA_PLATFORM=offscreen ctest --output-on-failure -j "$jobs")

# The hostile-input runners of tests/hostile/round2 and round3 (README.md there): every case must pass.
# Run alone, after ctest: round 2's three search cases have a 60-second limit.
echo "== hostile-input review 2: run_all.sh against the release CLI"
bash "$TP_ROOT/tests/hostile/round2/run_all.sh" "$TP_BUILD/trainplanner-cli"
echo "== hostile-input review 3: run_all.sh against the release CLI and app"
TP_CLI="$TP_BUILD/trainplanner-cli" TP_GUI="$TP_BUILD/app/trainplanner" bash "$TP_ROOT/tests/hostile/round3/run_all.sh"

if [ "${TP_SKIP_SANITIZERS:-0}" != "1" ]; then
  echo "== sanitizer build (ASan + UBSan): core, CLI and their tests"
  asan="${TP_ASAN_BUILD_DIR:-$TP_ROOT/build-asan}"
  if [ ! -f "$asan/CMakeCache.txt" ]; then
    cmake -S "$TP_ROOT" -B "$asan" -DCMAKE_BUILD_TYPE=Debug -DTRAINPLANNER_GUI=OFF -DTRAINPLANNER_TESTS=ON \
      -DCMAKE_CXX_FLAGS="-O1 -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer" \
      -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined"
  fi
  cmake --build "$asan" -j "$jobs"
  (cd "$asan" && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ctest --output-on-failure -j "$jobs")
  echo "== hostile-input review 2: run_all.sh against the sanitizer build"
  NO_VLIMIT=1 ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
    bash "$TP_ROOT/tests/hostile/round2/run_all.sh" "$asan/trainplanner-cli"
  # The sanitizer build has no GUI: its CLI with the release app.
  echo "== hostile-input review 3: run_all.sh against the sanitizer build's CLI"
  NO_VLIMIT=1 ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
    TP_CLI="$asan/trainplanner-cli" TP_GUI="$TP_BUILD/app/trainplanner" bash "$TP_ROOT/tests/hostile/round3/run_all.sh"
fi

# The libFuzzer targets (scripts/fuzz.sh): the scenario reader and the config.json
# importer, the training log reader, the price table reader and the --pin parser, the time split
# between them, each from its corpus under tests/fuzz; a finding fails the run.
if [ "${TP_SKIP_FUZZ:-0}" != "1" ]; then
  echo "== fuzzing the readers for ${TP_FUZZ_SECONDS:-60} s in all (libFuzzer, clang-14, ASan + UBSan)"
  # libFuzzer prints a line per new input; the end (statistics, or a finding and its input) is what matters.
  bash "$TP_ROOT/scripts/fuzz.sh" "${TP_FUZZ_SECONDS:-60}" 2>&1 | tail -n 60
fi
