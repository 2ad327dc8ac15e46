#!/usr/bin/env bash
# Hostile-input reproducers, round 2 (hostile-input-2.md): runs each case against the
# trainplanner-cli given as $1 and prints PASS or FAIL per case. PASS means the safe behaviour
# the report expects (a clear error with exit 2, exit 3 with the old file untouched, a bounded run,
# a plausible result); FAIL names the defect (H2-xx) the case reproduces.
#
# Safe to run: every file it writes is under a temporary folder it creates (and removes unless
# KEEP=1); each case runs with a wall-clock limit (timeout -s KILL) and an address-space limit
# (ulimit -v; set NO_VLIMIT=1 for an ASan build, which reserves terabytes of address space; the
# memory case A-39MB-log-in-512MiB then cannot fail, so read its RSS from /usr/bin/time -v instead).
# Needs bash, coreutils (timeout, mktemp), awk; python3 is used where present (TOML check).
#
#   repro/run_all.sh build/trainplanner-cli            # all cases, about 5 minutes
#   QUICK=1 repro/run_all.sh build/trainplanner-cli    # skip the three slow search cases
set -u
CLI="${1:?usage: run_all.sh PATH/TO/trainplanner-cli}"
CLI="$(cd "$(dirname "$CLI")" && pwd)/$(basename "$CLI")"
[ -x "$CLI" ] || { echo "not executable: $CLI" >&2; exit 2; }
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
TMP="$(mktemp -d -t tp-hostile2.XXXXXX)"
[ "${KEEP:-0}" = 1 ] || trap 'rm -rf "$TMP"' EXIT
export HOME="$TMP/home" XDG_CONFIG_HOME="$TMP/home/.config" LC_ALL=C.UTF-8
mkdir -p "$HOME"
pass=0; fail=0; skipped=0

# run ID SECONDS VMEM_KB CMD... : runs CMD in $TMP/ID with the limits; sets RC, OUT, ERR, DIR.
run() {
  local id=$1 secs=$2 vmem=$3; shift 3
  DIR="$TMP/$id"; mkdir -p "$DIR"; OUT="$DIR/stdout"; ERR="$DIR/stderr"
  { ( cd "$DIR" || exit 99
      [ "${NO_VLIMIT:-0}" = 1 ] || ulimit -v "$vmem"
      exec timeout -s KILL "$secs" "$@" > "$OUT" 2> "$ERR" < "${STDIN_FILE:-/dev/null}" ); } 2> /dev/null
  RC=$?
}
verdict() { # ID OK(0/1) DESCRIPTION
  if [ "$2" = 0 ]; then pass=$((pass + 1)); printf 'PASS %-34s %s\n' "$1" "$3"
  else fail=$((fail + 1)); printf 'FAIL %-34s %s (rc=%s)\n' "$1" "$3" "$RC"; fi
}
has() { grep -q -- "$1" "$2"; }
G4=4194304   # 4 GiB address space
G1=1048576

# ---------------------------------------------------------------- fixes of the first round (sample)
run V-ovf0 20 $G4 "$CLI" estimate "$HERE/ovf0.tpscenario.json"
[ $RC = 2 ] && has 'at most 10000000 GPUs' "$ERR"; verdict V-DEF01-gpus-overflow $? "tp*pp*dp*cp > 10^7 refused"
run V-ovfneg 20 $G4 "$CLI" validate "$HERE/ovfneg.tpscenario.json"
[ $RC = 2 ]; verdict V-DEF01-negative-gpus $? "wrapping product refused by validate"
run V-moe 20 $G4 "$CLI" estimate "$HERE/moe-overflow.tpscenario.json"
[ $RC = 2 ] && has 'parameters' "$ERR"; verdict V-DEF06-params-overflow $? "parameter count > 1e15 refused"
run V-c5000 20 $G4 "$CLI" import-config "$HERE/c5000.json"
[ $RC = 2 ] && has 'num_hidden_layers' "$ERR"; verdict V-DEF08-import-layers $? "import of 5000 layers refused"
mkdir -p "$TMP/V-fifo"; mkfifo "$TMP/V-fifo/out.fifo"
run V-fifo 20 $G4 "$CLI" import-config "$HERE/hf-llama-2-7b.json" -o out.fifo
[ $RC = 3 ] && [ -p "$TMP/V-fifo/out.fifo" ]; verdict V-DEF04-output-fifo $? "-o onto a FIFO refused, FIFO kept"
mkdir -p "$TMP/V-tmp"; echo VICTIM > "$TMP/V-tmp/victim.txt"; ln -s victim.txt "$TMP/V-tmp/out.json.tmp"
run V-tmp 20 $G4 "$CLI" import-config "$HERE/hf-llama-2-7b.json" -o out.json
[ "$(cat "$TMP/V-tmp/victim.txt")" = VICTIM ]; verdict V-DEF05-planted-tmp-link $? "planted OUT.tmp link not followed"
mkdir -p "$TMP/V-prof"; printf '%s' '{"format": "trainplanner-hardware-profile", "version": 1, "name": "good", "hardware": {"gpu": "h100-sxm", "gpus_per_node": 8}}' > "$TMP/V-prof/good.tphardware.json"
run V-prof 20 $G4 "$CLI" estimate - --set "hardware.profile=$TMP/V-prof/good.tphardware.json" --format text
[ $RC = 0 ] && has 'H100' "$OUT"; verdict V-DEF07-set-profile $? "--set hardware.profile applied"
printf '%s' '{"format":"trainplanner-scenario","version":1,"name":"\u001b[2J\u001b[31mRED","model":{"preset":"llama-2-7b"}}' > "$TMP/ansi.tpscenario.json"
run V-ansi 20 $G4 "$CLI" estimate "$TMP/ansi.tpscenario.json" --format text
! grep -q $'\x1b' "$OUT"; verdict V-DEF11-escape-controls $? "ESC in a name escaped on stdout"
run V-prec 20 $G4 "$CLI" precision --start 0 --update 0
! grep -qi 'nan' "$OUT"; verdict V-DEF12-precision-nan $? "no -nan% in the precision lab"

# ---------------------------------------------------------------- actual LOG --scenario FILE
# The reference log is GPT-3 175B on 1,024 A100 (its first line says so). Against the bundled default
# (Llama 2 7B on 8 A100) its 27-s steps are below that scenario's kernel floor — MFU would exceed
# 100 % — and the log is refused as a measurement of another run (TrainPlanner's change to the
# reviewers' runner: it read the log against the default). It reads against the scenario it ran.
run A-ok 20 $G4 "$CLI" actual "$HERE/megatron-ok.log" --scenario "$HERE/../../../resources/examples/gpt3-175b-narayanan.tpscenario.json" --format json
[ $RC = 0 ] && has '"framework": "megatron"' "$OUT"; verdict A-reference-log $? "the project's own Megatron log reads"
run A-other 20 $G4 "$CLI" actual "$HERE/megatron-ok.log" --scenario - --format json
[ $RC = 2 ] && has 'kernel floor' "$ERR"; verdict A-reference-log-other-scenario $? "a log no run of the scenario can show is refused"
for f in crlf nul bad-utf8; do
  run "A-$f" 20 $G4 "$CLI" actual "$HERE/log-$f.log" --scenario - --format json
  [ $RC = 0 ] && has '"steps_read": 5' "$OUT"; verdict "A-$f" $? "5 step lines read through $f"
done
run A-weird 20 $G4 "$CLI" actual "$HERE/log-weird-numbers.log" --scenario -
[ $RC = 2 ]; verdict A-nan-inf-negative $? "1e999, nan, inf, -0, -5, 1e-999 are no step times"
mkdir -p "$TMP/A-special"; mkfifo "$TMP/A-special/fifo"; mkdir "$TMP/A-special/dir"
run A-fifo 10 $G4 "$CLI" actual "$TMP/A-special/fifo" --scenario -
[ $RC = 2 ] && has 'not a regular file' "$ERR"; verdict A-log-fifo $? "FIFO refused without blocking"
run A-dir 10 $G4 "$CLI" actual "$TMP/A-special/dir" --scenario -
[ $RC = 2 ] && has 'folder' "$ERR"; verdict A-log-directory $? "a folder refused"
run A-devzero 10 $G4 "$CLI" actual /dev/zero --scenario -
[ $RC = 2 ]; verdict A-log-dev-zero $? "/dev/zero refused"
STDIN_FILE=/dev/zero run A-stdin-zero 60 $G4 "$CLI" actual /dev/stdin --scenario -
[ $RC = 2 ] && has 'too large' "$ERR"; verdict A-stdin-dev-zero $? "endless stdin stops at the cap (reads 512 MiB first)"
run A-tiny-tps 20 $G4 "$CLI" actual "$HERE/log-tt-tiny-tps.log" --scenario - --format text
[ $RC = 2 ]; verdict A-tiny-throughput-H2-04 $? "tps 1e-300 accepted as a measurement (step time 5e305 s)"
run A-denormal 20 $G4 "$CLI" actual "$HERE/log-mg-denormal-ms.log" --scenario - --format json
[ $RC = 2 ]; verdict A-denormal-step-H2-04 $? "1e-320 ms accepted: forecast 0 days, \$0"
run A-hf-rate 20 $G4 "$CLI" actual "$HERE/log-hf-tiny-rate.log" --scenario - --format text
[ $RC = 2 ] || ! grep -Eq '[0-9]{40}' "$OUT"; verdict A-truncated-numbers-H2-05 $? "1e300 s printed as a cut 63-digit number"
run A-memory 20 $G4 "$CLI" actual "$HERE/log-mg-huge-memory.log" --scenario - --format json
[ $RC = 2 ] || ! has '"peak_memory_gib": 9' "$OUT"; verdict A-absurd-memory-H2-04 $? "10^12 GiB on an 80 GiB GPU taken as measured"
run A-mixed 20 $G4 "$CLI" actual "$HERE/log-mixed-frameworks.log" --scenario - --format text
grep -qi 'megatron' "$ERR" "$OUT"; verdict A-mixed-frameworks-H2-12 $? "3 Megatron lines dropped silently for 4 torchtitan ones"
run A-single 20 $G4 "$CLI" actual "$HERE/log-single-step.log" --scenario - --format text
grep -qi 'warm' "$ERR"; verdict A-single-step-H2-12 $? "the only (warm-up) step used without a note"
# 3 million short torchtitan lines (39 MB): a bounded reader keeps well under 512 MiB of address space.
mkdir -p "$TMP/A-big"; awk 'BEGIN { for (i = 1; i <= 3000000; ++i) print "step:1 tps:1" }' > "$TMP/A-big/big.log"
run A-big 120 524288 "$CLI" actual "$TMP/A-big/big.log" --scenario -
[ $RC = 0 ] || [ $RC = 2 ]; verdict A-39MB-log-in-512MiB-H2-01 $? "memory grows ~17x the log (bad_alloc/abort under the limit)"
rm -f "$TMP/A-big/big.log"

# ---------------------------------------------------------------- launch FILE --framework
for fw in megatron torchtitan; do
  run "L-nl-$fw" 20 $G4 "$CLI" launch "$HERE/launch-name-newline.tpscenario.json" --framework $fw -o out
  ! grep -v -e '^#' -e '^description = ' "$DIR/out" | grep -q -e 'pwned' -e 'dump_folder'
  verdict "L-name-newline-$fw" $? "a name's line breaks stay inside the comment/string"
  run "L-q-$fw" 20 $G4 "$CLI" launch "$HERE/launch-name-quotes.tpscenario.json" --framework $fw -o out
  ! grep -v '^#' "$DIR/out" | grep -v '^description = ' | grep -q -e 'rm -rf' -e '\$(id)'
  verdict "L-name-quotes-$fw" $? "quotes, \$(...), backticks only inside comments/strings"
done
run L-del 20 $G4 "$CLI" launch "$HERE/launch-name-del.tpscenario.json" --framework torchtitan -o job.toml
if command -v python3 >/dev/null && python3 -c 'import tomllib' 2>/dev/null; then
  python3 -c 'import sys,tomllib; tomllib.load(open(sys.argv[1],"rb"))' "$DIR/job.toml" 2>/dev/null
  verdict L-toml-del-H2-09 $? "U+007F in the name makes the TOML invalid"
else skipped=$((skipped + 1)); echo "SKIP L-toml-del-H2-09 (python3 with tomllib needed)"; fi
mkdir -p "$TMP/L-pair"; echo ORIGINAL > "$TMP/L-pair/ds.json"; mkdir "$TMP/L-pair/ds.json.expected.txt"
run L-pair 20 $G4 "$CLI" launch "$HERE/launch-deepspeed.tpscenario.json" --framework deepspeed -o ds.json
[ $RC = 3 ] && [ "$(cat "$DIR/ds.json")" = ORIGINAL ]; verdict L-deepspeed-pair-H2-07 $? "exit 3 but ds.json already replaced"
mkdir -p "$TMP/L-fsize"; echo ORIGINAL > "$TMP/L-fsize/m.args"
( cd "$TMP/L-fsize" && ulimit -f 1 && timeout 20 "$CLI" launch - --framework megatron -o m.args > /dev/null 2> err ); RC=$?
[ $RC = 3 ] && [ "$(cat "$TMP/L-fsize/m.args")" = ORIGINAL ] && [ "$(ls -A "$TMP/L-fsize" | wc -l)" = 2 ]
verdict L-file-size-limit $? "RLIMIT_FSIZE: exit 3, old file kept, no temp file left"
run L-refused 20 $G4 "$CLI" launch "$HERE/launch-refused-torchtitan.tpscenario.json" --framework torchtitan -o job.toml
[ $RC = 2 ] && [ ! -e "$DIR/job.toml" ]; verdict L-refusal-writes-nothing $? "refused setting: exit 2, nothing written"
mkdir -p "$TMP/L-self"; cp "$HERE/launch-name-quotes.tpscenario.json" "$TMP/L-self/s.tpscenario.json"
run L-self 20 $G4 "$CLI" launch s.tpscenario.json --framework megatron -o s.tpscenario.json
head -c 1 "$DIR/s.tpscenario.json" | grep -q '{'; verdict L-overwrites-input-H2-13 $? "-o FILE replaces the scenario it read"

run L-batch 20 $G4 "$CLI" launch - --framework deepspeed --set training.micro_batch=3
[ $RC = 2 ] || awk -F'[:,]' '/"train_batch_size"/ {t=$2} /"train_micro_batch_size_per_gpu"/ {m=$2} /"gradient_accumulation_steps"/ {g=$2}
  END { exit !(t == m * g * 8) }' "$OUT"; verdict L-batch-not-divisible-H2-09 $? "DeepSpeed 1024 != 3 x 42 x 8: a config DeepSpeed refuses"
run L-overflow 20 $G4 "$CLI" launch - --framework deepspeed --set training.global_batch=1000000000 --set parallel.dp=40000 --set training.micro_batch=65536
[ $RC = 2 ] || ! has '"gradient_accumulation_steps": 1000000000' "$OUT"; verdict L-accumulation-overflow-H2-06 $? "micro_batch x dp wraps: 10^9 accumulation steps"

# ---------------------------------------------------------------- loss-scale
bad=0
for a in "--scale 0" "--scale -1" "--scale nan" "--scale inf" "--scale 1e308" "--grad-median 0" \
         "--grad-sigma-decades 1e9" "--steps -1" "--elements 1e300" "--growth-interval 2147483648"; do
  run LS-bad 10 $G4 "$CLI" loss-scale $a; [ $RC = 2 ] || bad=1
done
RC=$bad; verdict LS-out-of-range-args $bad "0, negative, nan, inf, 1e308 refused with exit 2"
run LS-extreme 60 $G4 "$CLI" loss-scale --growth 1000 --growth-interval 1 --start-scale 1e30 --steps 10000000 --elements 1e15 --format json
[ $RC = 0 ] && ! grep -qi -e 'nan' -e 'null' "$OUT"; verdict LS-extreme-valid $? "10^7 steps, growth 1000: bounded, no NaN/null"

# ---------------------------------------------------------------- plan: --pin, --prices, overrides
run P-pin-twice 30 $G4 "$CLI" plan - --gpus 64 --pin parallel.tp=1 --pin parallel.tp=8 --top 1
[ $RC = 2 ] || grep -Eq '^ +1 +1 ' "$OUT"; verdict P-pin-twice-H2-11 $? "second --pin of a key silently replaces the first"
run P-pin-overflow 30 $G4 "$CLI" plan - --gpus 65537 --set 'model={"params":1e6}' --set training.seq_len=1 \
  --set training.global_batch=536870912 --pin training.micro_batch=65536 --top 1
! grep -Eq '^ +1 .* 65537 ' "$OUT"; verdict P-dp-x-mb-overflow-H2-06 $? "dp x micro_batch wraps: impossible plan ranked first"
run P-prices-pin 60 $G4 "$CLI" plan - --gpus 64 --prices "$HERE/prices-one.tpprices.json" --pin parallel.tp=8 --top 1
[ $RC = 2 ] || awk '$1 == "1" { found = 1; exit !($7 == 8) } END { if (!found) exit 1 }' "$OUT"; verdict P-prices-ignores-pin-H2-08 $? "--pin (and --objective) ignored with --prices"
run P-unknown-type 20 $G4 "$CLI" plan - --gpus 8 --prices "$HERE/prices-10000-rows.tpprices.json" --gpu-types h100-sxm,nonexistent
[ $RC = 2 ]; verdict P-unknown-gpu-type-late-H2-08 $? "unknown --gpu-types reported only after the whole search"
mkdir -p "$TMP/P-fifo"; mkfifo "$TMP/P-fifo/p"
run P-fifo 10 $G4 "$CLI" plan - --gpus 8 --prices "$TMP/P-fifo/p"
[ $RC = 2 ] && ! grep -q "p: .*p: " "$ERR"; verdict P-prices-fifo-message-H2-13 $? "FIFO refused, path printed twice"
run P-ctrl 30 $G4 "$CLI" plan - --gpus 8 --prices "$HERE/prices-control-chars.tpprices.json"
[ $RC = 0 ] && ! grep -q $'\x1b' "$OUT"; verdict P-prices-control-chars $? "provider's ESC/OSC escaped"
run P-gpu1e308 10 $G4 "$CLI" estimate "$HERE/gpu-override-1e308.tpscenario.json"
[ $RC = 2 ] && has 'inter_node_gbps' "$ERR"; verdict P-gpu-override-1e308 $? "inter_node_gbps 1e308 refused by key"
run P-peak 10 $G4 "$CLI" estimate "$HERE/gpu-override-peak-below-measured.tpscenario.json"
! grep -q 'achievable_tflops' "$ERR"; verdict P-peak-override-message-H2-10 $? "error names achievable_tflops, which the file does not set"
run P-peak1e6 10 $G4 "$CLI" estimate "$HERE/gpu-override-peak-1e6.tpscenario.json" --format json
printf '%s' '{"format":"trainplanner-scenario","version":1,"model":{"preset":"llama-2-7b"},"hardware":{"gpu":"a100-80gb"}}' > "$TMP/a100.tpscenario.json"
run P-peakbase 10 $G4 "$CLI" estimate "$TMP/a100.tpscenario.json" --format json
a=$(grep -m1 '"step_time_s"' "$TMP/P-peak1e6/stdout"); b=$(grep -m1 '"step_time_s"' "$TMP/P-peakbase/stdout")
[ "$a" != "$b" ]; verdict P-peak-override-ignored-H2-10 $? "peak_tflops x3200 leaves the step time unchanged"
run P-mfu 10 $G4 "$CLI" estimate - --set training.seq_len=1000000 --format json
awk -F': ' '/"mfu"/ { gsub(/,/, "", $2); exit !($2 <= 1) }' "$OUT"; verdict E-mfu-over-100-H2-14 $? "MFU above 100 % at seq_len 10^6"
for f in vocab-2e62 layers-1e9 nested-1e5; do
  run "I-$f" 10 $G4 "$CLI" import-config "$HERE/hf-$f.json"
  [ $RC = 2 ]; verdict "I-hf-$f" $? "hostile config.json refused"
done
mkdir -p "$TMP/I-sparse"; truncate -s 100M "$TMP/I-sparse/config.json"
run I-sparse 10 $G4 "$CLI" import-config "$TMP/I-sparse/config.json"
[ $RC = 2 ] && has 'too large' "$ERR"; verdict I-hf-100MB $? "100 MB config.json refused before reading"

# ---------------------------------------------------------------- searches that must stay bounded
if [ "${QUICK:-0}" = 1 ]; then
  skipped=$((skipped + 3)); echo "SKIP (QUICK=1) P-wide-pins-H2-02 P-price-rows-H2-03 P-price-one-row-H2-03"
else
  mb=1,2,4,8,16,32,64,128,256,512,1024,2048,4096,8192,16384,32768,65536
  vs=$(seq -s, 1 64)
  run P-wide 60 $G4 "$CLI" plan "$HERE/plan-search-heavy-interleaved.tpscenario.json" --gpus 4096 --top 3 \
    --pin training.micro_batch=$mb --pin parallel.virtual_stages=$vs --pin parallel.recompute=none,selective,selective_op,norms_up_proj,full
  [ $RC = 0 ] || [ $RC = 2 ]; verdict P-wide-pins-H2-02 $? "25 M configurations, minutes of CPU, 1.3 GB (killed at 60 s)"
  run P-rows 60 $G4 "$CLI" plan - --gpus 8 --prices "$HERE/prices-10000-rows.tpprices.json" --top 3
  [ $RC = 0 ] || [ $RC = 2 ]; verdict P-price-rows-H2-03 $? "1 MB price table: 120,000 searches (killed at 60 s)"
  run P-one 60 $G4 "$CLI" plan "$HERE/plan-search-heavy.tpscenario.json" --gpus 524288 --prices "$HERE/prices-one.tpprices.json" --top 3
  [ $RC = 0 ] || [ $RC = 2 ]; verdict P-price-one-row-H2-03 $? "one price row, 20 single-threaded searches (killed at 60 s)"
fi

echo "----"
echo "passed $pass, failed $fail, skipped $skipped (cases in $TMP$([ "${KEEP:-0}" = 1 ] || echo ', removed'))"
[ $fail = 0 ]
