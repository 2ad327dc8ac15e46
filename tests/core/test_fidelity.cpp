// The fidelity suite (docs/FIDELITY.md): published training runs against the estimate
// with the shipped defaults. The published figures are typed here from the papers, independently
// of resources/fidelity/published.json, so an edit to either is caught.
#include "core/fidelity/fidelity.h"
#include "core/fidelity/refit.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <set>

using namespace core;

TEST_CASE("the published runs are the papers' figures", "[core][fidelity][published]")
{
    const std::map<std::string, double> published {
        // Narayanan et al. 2021, Table 1 (TFLOP/s per GPU)
        { "narayanan-1.7b", 137 },
        { "narayanan-3.6b", 138 },
        { "narayanan-7.5b", 142 },
        { "narayanan-18.4b", 135 },
        { "narayanan-39.1b", 138 },
        { "narayanan-76.1b", 140 },
        { "narayanan-145.6b", 148 },
        { "narayanan-310.1b", 155 },
        { "narayanan-529.6b", 163 },
        { "narayanan-1008b", 163 },
        // Korthikanti et al. 2022, Table 5 (MFU)
        { "korthikanti-22b", 0.415 },
        { "korthikanti-175b", 0.514 },
        { "korthikanti-530b", 0.560 },
        { "korthikanti-1t", 0.563 },
        // Llama 3 paper, Table 4 (BF16 MFU)
        { "llama3-405b-8192gpu-8192", 0.43 },
        { "llama3-405b-16384gpu-8192", 0.41 },
        { "llama3-405b-16384gpu-131072", 0.38 },
        // BLOOM 176B (TFLOP/s per GPU)
        { "bloom-176b", 150 },
        // LLaMA Table 15 and Llama 2 Table 2 (GPU-hours)
        { "llama-7b-gpu-hours", 82432 },
        { "llama-13b-gpu-hours", 135168 },
        { "llama-33b-gpu-hours", 530432 },
        { "llama-65b-gpu-hours", 1022362 },
        { "llama-2-7b-gpu-hours", 184320 },
        { "llama-2-13b-gpu-hours", 368640 },
        { "llama-2-70b-gpu-hours", 1720320 },
        // DeepSeek-V3 report, Table 1 (pre-training H800 GPU-hours)
        { "deepseek-v3-gpu-hours", 2664000 },
        // torchtitan docs/performance.md, Tables 1 and 3 (GiB)
        { "torchtitan-8b-fsdp8-memory", 82.4 },
        { "torchtitan-8b-fsdp128-memory", 67.0 },
        // torchtitan benchmarks/llama3_h100_202412_torchtitan.md, Tables 1–6, Memory(GiB), and Trainy's
        // H200 runs (benchmarks/llama3-8b_h200_202506_trainy-whitefiber.md): peak reserved memory
        { "torchtitan-8b-fsdp8-compile-memory", 77.0 },
        { "torchtitan-8b-fsdp8-compile-fp8-memory", 76.8 },
        { "torchtitan-8b-fsdp128-compile-memory", 62.0 },
        { "torchtitan-8b-fsdp128-compile-fp8-memory", 61.8 },
        { "torchtitan-8b-fsdp8-cp1-32k-memory", 83.9 },
        { "torchtitan-8b-fsdp4-cp2-64k-memory", 84.2 },
        { "torchtitan-8b-fsdp2-cp4-128k-memory", 84.0 },
        { "torchtitan-8b-fsdp1-cp8-256k-memory", 84.5 },
        { "torchtitan-70b-fsdp32-tp8-memory", 71.9 },
        { "torchtitan-70b-fsdp32-tp8-asynctp-memory", 67.6 },
        { "torchtitan-405b-fsdp8-tp8-pp8-1f1b-memory", 82.5 },
        { "torchtitan-405b-fsdp8-tp8-pp8-interleaved-memory", 72.7 },
        { "torchtitan-405b-fsdp8-cp1-tp8-pp8-32k-memory", 75.3 },
        { "torchtitan-405b-fsdp4-cp2-tp8-pp8-64k-memory", 75.9 },
        { "torchtitan-405b-fsdp2-cp4-tp8-pp8-128k-memory", 77.1 },
        { "torchtitan-405b-fsdp1-cp8-tp8-pp8-256k-memory", 84.9 },
        { "torchtitan-8b-h200-32gpu-memory", 47.96 },
        { "torchtitan-8b-h200-64gpu-memory", 46.97 },
        // torchao torchao/prototype/float8nocompile/README.md (d99785c): Llama 3 8B on 8 H100 through
        // torchtitan, seq 4096, peak memory (GiB reserved) without and with full activation checkpointing
        { "torchao-8b-4k-noac-bf16-eager", 53.12 },
        { "torchao-8b-4k-noac-fp8-eager", 52.7 },
        { "torchao-8b-4k-noac-fp8-compile", 46.64 },
        { "torchao-8b-4k-fullac-bf16-eager", 28.07 },
        { "torchao-8b-4k-fullac-fp8-eager", 28.07 },
        { "torchao-8b-4k-fullac-fp8-compile", 28.03 },
        // LitGPT tutorials/resource-tables.md (8641822, one A100 40GB): Max GPU RAM in GB (10^9 bytes), in GiB
        { "litgpt-llama2-7b-lora-mb1", 19.837 }, // 21.30 GB
        { "litgpt-llama2-7b-lora-mb2", 27.074 }, // 29.07 GB
        { "litgpt-llama2-7b-qlora-mb1", 12.89 }, // 13.84 GB
        { "litgpt-llama2-13b-lora-mb1", 35.502 }, // 38.12 GB
        { "litgpt-llama2-13b-qlora-mb1", 21.001 }, // 22.55 GB
        // torchtune README.md "Optimization flags" (1814feb17): Llama 3.2 3B on one A100, batch 2 × 4096,
        // Peak Memory Active (GiB)
        { "torchtune-llama3.2-3b-packed", 60.0 },
        { "torchtune-llama3.2-3b-compile", 51.0 },
        { "torchtune-llama3.2-3b-chunked-ce", 42.9 },
        { "torchtune-llama3.2-3b-ac", 24.9 },
        { "torchtune-llama3.2-3b-lora", 8.5 },
        { "torchtune-llama3.2-3b-qlora", 4.6 },
        // and the same runs' Tokens Per Second
        { "torchtune-llama3.2-3b-packed-tps", 7075 },
        { "torchtune-llama3.2-3b-compile-tps", 8998 },
        { "torchtune-llama3.2-3b-chunked-ce-tps", 9174 },
        { "torchtune-llama3.2-3b-ac-tps", 7210 },
        { "torchtune-llama3.2-3b-lora-tps", 8210 },
        { "torchtune-llama3.2-3b-qlora-tps", 8035 },
        // MosaicML llm-foundry, scripts/train/benchmarking/README.md (commit 8c8dd48): measured tokens/s
        // per GPU of MPT-125M … 70B on 8–512 A100 40/80GB and H100, bf16 and fp8
        { "llm-foundry-mpt-70b-2k-512xh100", 1007 },
        { "llm-foundry-mpt-70b-2k-256xh100", 1035 },
        { "llm-foundry-mpt-70b-2k-128xh100", 1058 },
        { "llm-foundry-mpt-30b-2k-512xh100", 2115 },
        { "llm-foundry-mpt-30b-2k-256xh100", 2148 },
        { "llm-foundry-mpt-30b-2k-128xh100", 2199 },
        { "llm-foundry-mpt-13b-2k-512xh100", 4952 },
        { "llm-foundry-mpt-13b-2k-256xh100", 4989 },
        { "llm-foundry-mpt-13b-2k-128xh100", 5080 },
        { "llm-foundry-mpt-7b-2k-512xh100", 9670 },
        { "llm-foundry-mpt-7b-2k-256xh100", 10119 },
        { "llm-foundry-mpt-7b-2k-128xh100", 10475 },
        { "llm-foundry-mpt-3b-2k-512xh100", 21664 },
        { "llm-foundry-mpt-3b-2k-256xh100", 22772 },
        { "llm-foundry-mpt-3b-2k-128xh100", 23422 },
        { "llm-foundry-mpt-1b-2k-512xh100", 39837 },
        { "llm-foundry-mpt-1b-2k-256xh100", 42555 },
        { "llm-foundry-mpt-1b-2k-128xh100", 44123 },
        { "llm-foundry-mpt-70b-2k-64xh100", 1039 },
        { "llm-foundry-mpt-70b-2k-32xh100", 882 },
        { "llm-foundry-mpt-30b-8k-8xh100", 1384 },
        { "llm-foundry-mpt-30b-4k-8xh100", 1802 },
        { "llm-foundry-mpt-30b-2k-32xh100", 2308 },
        { "llm-foundry-mpt-30b-2k-16xh100", 2263 },
        { "llm-foundry-mpt-30b-2k-8xh100", 2002 },
        { "llm-foundry-mpt-30b-1k-8xh100", 2084 },
        { "llm-foundry-mpt-13b-32k-8xh100", 1976 },
        { "llm-foundry-mpt-13b-16k-8xh100", 2985 },
        { "llm-foundry-mpt-13b-4k-8xh100", 4717 },
        { "llm-foundry-mpt-13b-2k-64xh100", 4800 },
        { "llm-foundry-mpt-13b-2k-32xh100", 4811 },
        { "llm-foundry-mpt-13b-2k-16xh100", 4767 },
        { "llm-foundry-mpt-13b-2k-8xh100", 4792 },
        { "llm-foundry-mpt-13b-1k-8xh100", 5502 },
        { "llm-foundry-mpt-7b-64k-8xh100", 1956 },
        { "llm-foundry-mpt-7b-32k-8xh100", 3318 },
        { "llm-foundry-mpt-7b-8k-8xh100", 6935 },
        { "llm-foundry-mpt-7b-4k-8xh100", 8611 },
        { "llm-foundry-mpt-7b-2k-8xh100", 10643 },
        { "llm-foundry-mpt-7b-1k-8xh100", 10203 },
        { "llm-foundry-mpt-3b-64k-8xh100", 3262 },
        { "llm-foundry-mpt-3b-32k-8xh100", 5873 },
        { "llm-foundry-mpt-3b-16k-8xh100", 11152 },
        { "llm-foundry-mpt-3b-8k-8xh100", 16578 },
        { "llm-foundry-mpt-3b-4k-8xh100", 20964 },
        { "llm-foundry-mpt-3b-2k-64xh100", 22525 },
        { "llm-foundry-mpt-3b-2k-32xh100", 23021 },
        { "llm-foundry-mpt-3b-2k-16xh100", 24142 },
        { "llm-foundry-mpt-3b-1k-8xh100", 27046 },
        { "llm-foundry-mpt-3b-512-8xh100", 27965 },
        { "llm-foundry-mpt-1b-64k-8xh100", 5506 },
        { "llm-foundry-mpt-1b-32k-8xh100", 12025 },
        { "llm-foundry-mpt-1b-16k-8xh100", 19649 },
        { "llm-foundry-mpt-1b-8k-8xh100", 29157 },
        { "llm-foundry-mpt-1b-4k-8xh100", 38535 },
        { "llm-foundry-mpt-1b-2k-64xh100", 44402 },
        { "llm-foundry-mpt-1b-2k-32xh100", 45130 },
        { "llm-foundry-mpt-1b-2k-16xh100", 46037 },
        { "llm-foundry-mpt-1b-2k-8xh100", 45455 },
        { "llm-foundry-mpt-1b-1k-8xh100", 48910 },
        { "llm-foundry-mpt-1b-512-8xh100", 52275 },
        { "llm-foundry-mpt-760m-32k-8xh100", 16291 },
        { "llm-foundry-mpt-760m-16k-8xh100", 27815 },
        { "llm-foundry-mpt-760m-8k-8xh100", 41825 },
        { "llm-foundry-mpt-760m-4k-8xh100", 55459 },
        { "llm-foundry-mpt-760m-2k-32xh100", 67971 },
        { "llm-foundry-mpt-760m-2k-16xh100", 68551 },
        { "llm-foundry-mpt-760m-2k-8xh100", 63147 },
        { "llm-foundry-mpt-760m-1k-8xh100", 78581 },
        { "llm-foundry-mpt-760m-512-8xh100", 83749 },
        { "llm-foundry-mpt-3b-32k-8xh100-fp8", 5856 },
        { "llm-foundry-mpt-3b-8k-8xh100-fp8", 19146 },
        { "llm-foundry-mpt-3b-2k-8xh100-fp8", 30586 },
        { "llm-foundry-mpt-3b-512-8xh100-fp8", 36527 },
        { "llm-foundry-mpt-1b-32k-8xh100-fp8", 12580 },
        { "llm-foundry-mpt-1b-8k-8xh100-fp8", 32010 },
        { "llm-foundry-mpt-1b-512-8xh100-fp8", 70315 },
        { "llm-foundry-mpt-70b-2k-64xa100-80gb", 410 },
        { "llm-foundry-mpt-70b-2k-32xa100-80gb", 373 },
        { "llm-foundry-mpt-30b-8k-8xa100-80gb", 574 },
        { "llm-foundry-mpt-30b-4k-8xa100-80gb", 814 },
        { "llm-foundry-mpt-30b-2k-8xa100-80gb", 916 },
        { "llm-foundry-mpt-30b-1k-8xa100-80gb", 946 },
        { "llm-foundry-mpt-30b-512-8xa100-80gb", 967 },
        { "llm-foundry-mpt-13b-32k-8xa100-80gb", 1016 },
        { "llm-foundry-mpt-13b-16k-8xa100-80gb", 1431 },
        { "llm-foundry-mpt-13b-8k-8xa100-80gb", 1795 },
        { "llm-foundry-mpt-13b-4k-8xa100-80gb", 2060 },
        { "llm-foundry-mpt-13b-2k-8xa100-80gb", 2262 },
        { "llm-foundry-mpt-13b-1k-8xa100-80gb", 2330 },
        { "llm-foundry-mpt-7b-64k-8xa100-80gb", 1013 },
        { "llm-foundry-mpt-7b-32k-8xa100-80gb", 1672 },
        { "llm-foundry-mpt-7b-16k-8xa100-80gb", 2453 },
        { "llm-foundry-mpt-7b-8k-8xa100-80gb", 3206 },
        { "llm-foundry-mpt-7b-4k-8xa100-80gb", 3684 },
        { "llm-foundry-mpt-7b-2k-8xa100-80gb", 4641 },
        { "llm-foundry-mpt-7b-1k-8xa100-80gb", 4357 },
        { "llm-foundry-mpt-3b-64k-8xa100-80gb", 1767 },
        { "llm-foundry-mpt-3b-32k-8xa100-80gb", 3029 },
        { "llm-foundry-mpt-3b-16k-8xa100-80gb", 5529 },
        { "llm-foundry-mpt-3b-8k-8xa100-80gb", 7695 },
        { "llm-foundry-mpt-3b-4k-8xa100-80gb", 9457 },
        { "llm-foundry-mpt-3b-2k-8xa100-80gb", 10811 },
        { "llm-foundry-mpt-3b-1k-8xa100-80gb", 11580 },
        { "llm-foundry-mpt-3b-512-8xa100-80gb", 12127 },
        { "llm-foundry-mpt-1b-64k-8xa100-80gb", 3044 },
        { "llm-foundry-mpt-1b-32k-8xa100-80gb", 6275 },
        { "llm-foundry-mpt-1b-16k-8xa100-80gb", 9956 },
        { "llm-foundry-mpt-1b-8k-8xa100-80gb", 13814 },
        { "llm-foundry-mpt-1b-4k-8xa100-80gb", 17807 },
        { "llm-foundry-mpt-1b-2k-8xa100-80gb", 20513 },
        { "llm-foundry-mpt-1b-1k-8xa100-80gb", 22112 },
        { "llm-foundry-mpt-1b-512-8xa100-80gb", 23148 },
        { "llm-foundry-mpt-760m-64k-8xa100-80gb", 4143 },
        { "llm-foundry-mpt-760m-32k-8xa100-80gb", 8802 },
        { "llm-foundry-mpt-760m-16k-8xa100-80gb", 14274 },
        { "llm-foundry-mpt-760m-8k-8xa100-80gb", 20933 },
        { "llm-foundry-mpt-760m-4k-8xa100-80gb", 27351 },
        { "llm-foundry-mpt-760m-2k-8xa100-80gb", 32434 },
        { "llm-foundry-mpt-760m-1k-8xa100-80gb", 29765 },
        { "llm-foundry-mpt-760m-512-8xa100-80gb", 29446 },
        { "llm-foundry-mpt-350m-64k-8xa100-80gb", 7524 },
        { "llm-foundry-mpt-350m-32k-8xa100-80gb", 13652 },
        { "llm-foundry-mpt-350m-16k-8xa100-80gb", 23559 },
        { "llm-foundry-mpt-350m-8k-8xa100-80gb", 36569 },
        { "llm-foundry-mpt-350m-4k-8xa100-80gb", 49555 },
        { "llm-foundry-mpt-350m-2k-8xa100-80gb", 58782 },
        { "llm-foundry-mpt-350m-1k-8xa100-80gb", 64813 },
        { "llm-foundry-mpt-350m-512-8xa100-80gb", 69330 },
        { "llm-foundry-mpt-125m-64k-8xa100-80gb", 20368 },
        { "llm-foundry-mpt-125m-32k-8xa100-80gb", 36407 },
        { "llm-foundry-mpt-125m-16k-8xa100-80gb", 60040 },
        { "llm-foundry-mpt-125m-8k-8xa100-80gb", 90392 },
        { "llm-foundry-mpt-125m-4k-8xa100-80gb", 118396 },
        { "llm-foundry-mpt-125m-2k-8xa100-80gb", 142830 },
        { "llm-foundry-mpt-125m-2k-8xa100-80gb-2", 141737 },
        { "llm-foundry-mpt-125m-1k-8xa100-80gb", 156468 },
        { "llm-foundry-mpt-125m-512-8xa100-80gb", 165681 },
        { "llm-foundry-mpt-70b-2k-128xa100-40gb", 376 },
        { "llm-foundry-mpt-70b-2k-64xa100-40gb", 276 },
        { "llm-foundry-mpt-30b-2k-128xa100-40gb", 865 },
        { "llm-foundry-mpt-30b-2k-32xa100-40gb", 857 },
        { "llm-foundry-mpt-13b-8k-8xa100-40gb", 1407 },
        { "llm-foundry-mpt-13b-4k-8xa100-40gb", 1603 },
        { "llm-foundry-mpt-13b-2k-128xa100-40gb", 1972 },
        { "llm-foundry-mpt-13b-2k-64xa100-40gb", 1976 },
        { "llm-foundry-mpt-13b-2k-32xa100-40gb", 1998 },
        { "llm-foundry-mpt-13b-2k-16xa100-40gb", 1993 },
        { "llm-foundry-mpt-13b-2k-8xa100-40gb", 1668 },
        { "llm-foundry-mpt-13b-1k-8xa100-40gb", 1727 },
        { "llm-foundry-mpt-13b-512-8xa100-40gb", 1763 },
        { "llm-foundry-mpt-7b-16k-8xa100-40gb", 2249 },
        { "llm-foundry-mpt-7b-8k-8xa100-40gb", 2887 },
        { "llm-foundry-mpt-7b-4k-8xa100-40gb", 3366 },
        { "llm-foundry-mpt-7b-2k-128xa100-40gb", 3623 },
        { "llm-foundry-mpt-7b-2k-64xa100-40gb", 3665 },
        { "llm-foundry-mpt-7b-2k-32xa100-40gb", 3725 },
        { "llm-foundry-mpt-7b-2k-16xa100-40gb", 3645 },
        { "llm-foundry-mpt-7b-2k-8xa100-40gb", 3679 },
        { "llm-foundry-mpt-7b-1k-8xa100-40gb", 3854 },
        { "llm-foundry-mpt-7b-512-8xa100-40gb", 3895 },
        { "llm-foundry-mpt-3b-32k-8xa100-40gb", 2955 },
        { "llm-foundry-mpt-3b-16k-8xa100-40gb", 4465 },
        { "llm-foundry-mpt-3b-8k-8xa100-40gb", 7149 },
        { "llm-foundry-mpt-3b-4k-8xa100-40gb", 8777 },
        { "llm-foundry-mpt-3b-2k-128xa100-40gb", 9538 },
        { "llm-foundry-mpt-3b-2k-64xa100-40gb", 9736 },
        { "llm-foundry-mpt-3b-2k-32xa100-40gb", 9914 },
        { "llm-foundry-mpt-3b-2k-16xa100-40gb", 9750 },
        { "llm-foundry-mpt-3b-2k-8xa100-40gb", 10065 },
        { "llm-foundry-mpt-3b-1k-8xa100-40gb", 10731 },
        { "llm-foundry-mpt-3b-512-8xa100-40gb", 11324 },
        { "llm-foundry-mpt-1b-32k-8xa100-40gb", 5095 },
        { "llm-foundry-mpt-1b-16k-8xa100-40gb", 9715 },
        { "llm-foundry-mpt-1b-8k-8xa100-40gb", 13474 },
        { "llm-foundry-mpt-1b-4k-8xa100-40gb", 16856 },
        { "llm-foundry-mpt-1b-2k-128xa100-40gb", 18647 },
        { "llm-foundry-mpt-1b-2k-64xa100-40gb", 19001 },
        { "llm-foundry-mpt-1b-2k-32xa100-40gb", 15555 },
        { "llm-foundry-mpt-1b-2k-16xa100-40gb", 19085 },
        { "llm-foundry-mpt-1b-2k-8xa100-40gb", 19271 },
        { "llm-foundry-mpt-1b-1k-8xa100-40gb", 20959 },
        { "llm-foundry-mpt-1b-512-8xa100-40gb", 21782 },
        { "llm-foundry-mpt-760m-32k-8xa100-40gb", 7183 },
        { "llm-foundry-mpt-760m-16k-8xa100-40gb", 13914 },
        { "llm-foundry-mpt-760m-8k-8xa100-40gb", 20106 },
        { "llm-foundry-mpt-760m-4k-8xa100-40gb", 25863 },
        { "llm-foundry-mpt-760m-2k-128xa100-40gb", 28940 },
        { "llm-foundry-mpt-760m-2k-64xa100-40gb", 29344 },
        { "llm-foundry-mpt-760m-2k-32xa100-40gb", 29648 },
        { "llm-foundry-mpt-760m-2k-16xa100-40gb", 29607 },
        { "llm-foundry-mpt-760m-2k-8xa100-40gb", 30173 },
        { "llm-foundry-mpt-760m-1k-8xa100-40gb", 33422 },
        { "llm-foundry-mpt-760m-512-8xa100-40gb", 34938 },
        { "llm-foundry-mpt-350m-32k-8xa100-40gb", 13416 },
        { "llm-foundry-mpt-350m-16k-8xa100-40gb", 22896 },
        { "llm-foundry-mpt-350m-8k-8xa100-40gb", 34933 },
        { "llm-foundry-mpt-350m-4k-8xa100-40gb", 46833 },
        { "llm-foundry-mpt-350m-2k-128xa100-40gb", 51934 },
        { "llm-foundry-mpt-350m-2k-64xa100-40gb", 52689 },
        { "llm-foundry-mpt-350m-2k-32xa100-40gb", 53811 },
        { "llm-foundry-mpt-350m-2k-16xa100-40gb", 55413 },
        { "llm-foundry-mpt-350m-2k-8xa100-40gb", 55995 },
        { "llm-foundry-mpt-350m-1k-8xa100-40gb", 62523 },
        { "llm-foundry-mpt-350m-512-8xa100-40gb", 66284 },
        { "llm-foundry-mpt-125m-32k-8xa100-40gb", 32651 },
        { "llm-foundry-mpt-125m-16k-8xa100-40gb", 55484 },
        { "llm-foundry-mpt-125m-8k-8xa100-40gb", 86858 },
        { "llm-foundry-mpt-125m-4k-8xa100-40gb", 115162 },
        { "llm-foundry-mpt-125m-2k-128xa100-40gb", 123936 },
        { "llm-foundry-mpt-125m-2k-64xa100-40gb", 125234 },
        { "llm-foundry-mpt-125m-2k-32xa100-40gb", 127122 },
        { "llm-foundry-mpt-125m-2k-16xa100-40gb", 130535 },
        { "llm-foundry-mpt-125m-2k-8xa100-40gb", 136334 },
        { "llm-foundry-mpt-125m-1k-8xa100-40gb", 148289 },
        { "llm-foundry-mpt-125m-512-8xa100-40gb", 156735 },
        // torchtitan benchmarks/: llama3_h100_202412_torchtitan.md Tables 1–6,
        // asyncTP_llama3_h100_2025-06_torchtitan.md,
        // llama3-8b_h200_202506_trainy-whitefiber.md (tokens/s per GPU).
        { "torchtitan-8b-fsdp8", 5762 },
        { "torchtitan-8b-fsdp8-compile", 6667 },
        { "torchtitan-8b-fsdp8-compile-fp8", 8532 },
        { "torchtitan-8b-fsdp128", 5605 },
        { "torchtitan-8b-fsdp128-compile", 6514 },
        { "torchtitan-8b-fsdp128-compile-fp8", 8380 },
        { "torchtitan-8b-fsdp8-cp1-32k", 3890 },
        { "torchtitan-8b-fsdp4-cp2-64k", 2540 },
        { "torchtitan-8b-fsdp2-cp4-128k", 1071 },
        { "torchtitan-8b-fsdp1-cp8-256k", 548 },
        { "torchtitan-70b-fsdp32-tp8", 829 },
        { "torchtitan-70b-fsdp32-tp8-asynctp", 876 },
        { "torchtitan-405b-fsdp8-tp8-pp8-1f1b", 100 },
        { "torchtitan-405b-fsdp8-tp8-pp8-interleaved", 128 },
        { "torchtitan-405b-fsdp8-cp1-tp8-pp8-32k", 76 },
        { "torchtitan-405b-fsdp4-cp2-tp8-pp8-64k", 47 },
        { "torchtitan-405b-fsdp2-cp4-tp8-pp8-128k", 31 },
        { "torchtitan-405b-fsdp1-cp8-tp8-pp8-256k", 16 },
        { "torchtitan-70b-256gpu-bf16", 597.3 },
        { "torchtitan-70b-256gpu-bf16-asynctp", 652.4 },
        { "torchtitan-70b-256gpu-fp8-tensorwise", 809.8 },
        { "torchtitan-70b-256gpu-fp8-tensorwise-asynctp", 942.4 },
        { "torchtitan-70b-256gpu-fp8-rowwise", 599.6 },
        { "torchtitan-70b-256gpu-fp8-rowwise-asynctp", 624.8 },
        { "torchtitan-8b-64gpu-bf16", 4378 },
        { "torchtitan-8b-64gpu-bf16-asynctp", 4809.4 },
        { "torchtitan-8b-64gpu-fp8-tensorwise", 5078.1 },
        { "torchtitan-8b-64gpu-fp8-tensorwise-asynctp", 5570.1 },
        { "torchtitan-8b-64gpu-fp8-rowwise", 3708.5 },
        { "torchtitan-8b-64gpu-fp8-rowwise-asynctp", 3914.9 },
        { "torchtitan-8b-h200-32gpu", 10938 },
        { "torchtitan-8b-h200-64gpu", 10753 },
        // torchtitan docs/performance.md at 3e3909a: FSDP2 on 64 A100 80GB and 2D on 128 H100 (tokens/s per GPU)
        { "torchtitan-a100-llama3-8b-op", 2973 },
        { "torchtitan-a100-llama3-70b-full", 331 },
        { "torchtitan-a100-llama2-13b-none", 2162 },
        { "torchtitan-a100-llama2-13b-op", 1904 },
        { "torchtitan-a100-llama2-70b-op-bs1", 355 },
        { "torchtitan-a100-llama2-70b-full-bs2", 353 },
        { "torchtitan-405b-128h100-bf16", 109 },
        { "torchtitan-405b-128h100-fp8", 177 },
        { "torchtitan-405b-128h100-fp8-asynctp", 185 },
        // Megatron-LM README, "Performance Benchmarking" (images/model_table.png): teraFLOP/s per H100
        // over its 989.5 TFLOP/s bf16 peak (the table's MFU column, unrounded)
        { "megatron-h100-1.7b", 408.8 / 989.5 },
        { "megatron-h100-7.1b", 465.9 / 989.5 },
        { "megatron-h100-16b", 489.1 / 989.5 },
        { "megatron-h100-32b", 459.6 / 989.5 },
        { "megatron-h100-70b", 419.7 / 989.5 },
        { "megatron-h100-119b", 420.5 / 989.5 },
        { "megatron-h100-177b", 432.8 / 989.5 },
        { "megatron-h100-314b", 474.4 / 989.5 },
        { "megatron-h100-462b", 459.9 / 989.5 },
    };
    const auto& runs = publishedRuns();
    std::set<std::string> ids;
    std::size_t fromPapers = 0;
    for (const PublishedRun& run : runs) {
        INFO(run.id);
        CHECK(ids.insert(run.id).second);
        if (run.group.starts_with("vTrain")) continue; // read from its CSV files (test_software_stack.cpp)
        ++fromPapers;
        REQUIRE(published.count(run.id) == 1);
        CHECK(run.published == published.at(run.id));
        CHECK_FALSE(run.source.empty());
    }
    CHECK(fromPapers == published.size());
}

TEST_CASE("out of sample, the shipped defaults are within 13.8 % on the papers' runs", "[core][fidelity]")
{
    // The papers' runs (Megatron-LM, Llama, BLOOM, DeepSeek, torchtitan memory): each within 40 %,
    // their out-of-sample mean within 13.5 % (10 % and 35 % before GEMMs were timed by their shapes:
    // the refit efficiency, 0.96 on A100, makes the runs with large GEMMs faster, and BLOOM (+30 %) and
    // the GPU-hour rows with assumed layouts moved furthest). The widest, LLaMA 65B's GPU-hours
    // (+38 %), has an assumed layout (TP 8 × DP 256, ZeRO-1, 8 micro-batches) whose gradient reduction
    // Megatron-style hides only under the last micro-batch's backward; Meta's own code
    // overlapped it "as much as possible" (LLaMA §2.4). docs/FIDELITY.md.
    const FidelitySummary summary = validatePublished();
    int calibration = 0, validation = 0, papers = 0;
    double papersError = 0;
    for (const FidelityRow& row : summary.rows) {
        INFO(row.run->id << ": predicted " << row.predicted << ", published " << row.run->published);
        CHECK(std::isfinite(row.predicted));
        if (row.run->group.starts_with("vTrain")) continue; // measured iterations: test_software_stack.cpp
        (row.run->calibration ? calibration : validation)++;
        if (row.run->group == "MosaicML llm-foundry benchmarks" || row.run->group == "torchtitan benchmarks (PyTorch)"
            || row.run->group == "Megatron-LM README (NVIDIA, H100)")
            continue; // the benchmark tables, each with its own ratchet below
        // Llama 3 405B at 128k tokens: +45 % since its pipeline layout is read from §3.3.2 (v = 8
        // instead of the v = 2 assumed, a 6 % bubble instead of 23 %); what the 47 % bubble hid is the
        // missing cost of ring attention at 128k on CP 16 (docs/FIDELITY.md, "Where the model is weakest").
        // LLaMA 65B's GPU-hours: +42 % since efficiency.compute was refit to 0.91 (its assumed layout's
        // exposed gradient reduction, above, is most of it).
        CHECK(std::abs(row.error) < (row.run->id == "llama3-405b-16384gpu-131072" ? 0.50
                      : row.run->id == "llama-65b-gpu-hours"                      ? 0.45
                                                                                  : 0.40));
        if (!row.run->calibration && row.run->metric != FidelityMetric::peak_memory_gib) {
            papersError += std::abs(row.error);
            ++papers;
        }
    }
    // Calibration uses a few runs (nine, chosen by rule before the rest were compared); most are out of sample.
    CHECK(calibration == 9);
    CHECK(validation >= 20 * calibration);
    // 0.138 since Llama 3's three rows took the pipeline layout their paper describes.
    CHECK(papersError / papers <= 0.138);
    CHECK(summary.memoryMeanAbsError <= 0.10);
}

TEST_CASE("llm-foundry's measured FSDP runs out of sample: today's errors by regime as a ratchet", "[core][fidelity]")
{
    // 211 measured runs outside the calibration set. Since the attention core has its own kernel rate
    // (FlashAttention-1 for MPT's Triton kernel, FlashAttention-2 for torchtitan's SDPA), H100 fell
    // from 0.21 to 0.09 and long sequences from 0.245 to 0.17; A100 rose (0.11 → 0.135, 0.08 → 0.09):
    // its rows at 4k tokens and more are now 10–25 % pessimistic, FlashAttention-1 taken at the middle
    // of its published 25–40 % (docs/FIDELITY.md). These bounds are today's values rounded up; lower
    // them as the model improves, never raise them without saying why here.
    const FidelitySummary summary = validatePublished();
    auto slice = [&](const std::string& kind, const std::string& name) {
        for (const FidelityGroup& g : summary.groups)
            if (g.kind == kind && g.name == name) return g;
        FAIL("no group " << kind << " " << name);
        return FidelityGroup {};
    };
    CHECK(slice("source", "MosaicML llm-foundry benchmarks").runs == 211);
    // GEMMs timed by their shapes (waves of tiles, a tile's fixed cost) with efficiency and Hopper's
    // sustained fraction refit: llm-foundry 0.101 → 0.053, A100 80GB 0.124 → 0.069, 16k–32k 0.169 → 0.071.
    // 0.056 (raised, and why): the large-scale H100 table's 1b, 3b, 7b and 70b rows ran FlashAttention-2
    // (its sweep.py), not the Triton kernel they were scored with; 1b and 3b are now 5–13 % optimistic.
    // 0.075 (raised, and why): the stacks' fused projections (MPT's Wqkv timed as one GEMM) made the
    // small models faster, and efficiency.compute and Hopper's sustained fraction, refit on the nine
    // calibration runs (0.96 → 0.91, 0.86 → 0.83), slowed every row: out of sample llm-foundry is now
    // 5 % pessimistic (its five calibration rows were 2 % optimistic before the refit).
    // 0.071: the attention kernel's rate follows the sequence length (FlashAttention-2 and -3 at their
    // 16k-token rates, the Triton kernel at its 2.4k): llm-foundry 7.4 → 7.0 %, its mean −5.2 → −1.1 %.
    CHECK(slice("source", "MosaicML llm-foundry benchmarks").meanAbsError <= 0.071);
    // 0.084 (raised, and why): vTrain's 300 out-of-sample A100 runs joined the suite (8.6 % and 11.3 %,
    // test_software_stack.cpp); llm-foundry's A100 rows did not move.
    // 0.085 and 0.054 (raised, and why): with the attention rate by length, llm-foundry's A100 rows at
    // 16k–64k on the Triton kernel run 1.2–1.3 × faster attention and turned optimistic
    // (A100 40GB 4.5 → 5.3 %, its mean +2.4 %); the refit efficiency (0.91 → 0.915) added half a point.
    CHECK(slice("gpu", "a100-80gb").meanAbsError <= 0.085);
    CHECK(slice("gpu", "a100-40gb").meanAbsError <= 0.054);
    // H100 0.074 → 0.077 (raised, and why): a tile's fixed cost is time at the 16-bit pace, so fp8
    // GEMMs pay more K-steps for it, and torchao's cast bytes are 6 per activation element, not 5:
    // llm-foundry's seven fp8 rows on one H100 node moved 1–6 points more pessimistic while
    // torchtitan's fp8 rows (below) moved toward 0.
    // 0.081 with the large-scale table's FlashAttention-2 (above), after per-layer FSDP collectives
    // for SHARD_GRAD_OP brought its 1b/3b rows at 512 GPUs from +23/+14 % back to +13/+5 %.
    // 0.083 since Llama 3's rows on H100 took their paper's pipeline layout, v = 8.
    // 0.115 and 0.102 (raised, and why): the refit above, Hopper's fraction with it; llm-foundry's H100
    // rows at 8k–32k tokens are 10–15 % pessimistic.
    // 0.081 and 0.089 with the attention rate by length: the H100 rows at 8k–32k moved toward 0.
    CHECK(slice("gpu", "h100-sxm").meanAbsError <= 0.081);
    CHECK(slice("sequence", "16k-32k").meanAbsError <= 0.089);
    // 0.069 (raised, and why): vTrain's small GPT models joined (Megatron-DeepSpeed, TP up to 8 on one
    // node, 7–9 % with its host time; 30 % and more without).
    // 0.075 (raised, and why): the attention rate by length, as for A100 40GB above (most of
    // llm-foundry's long-sequence A100 rows are models under 1B).
    CHECK(slice("size", "under 1B").meanAbsError <= 0.075);
    // fp8: 0.182 before GEMM shapes, 0.188 with them; 0.153 since the 500 W GPU's peak is taken at its
    // power limit (most of its 34 rows are torchtitan's at 500 W, below); 0.158 since TP's
    // all-gathers carry fp8 (torchtitan's tensorwise rows with TP moved toward 0, its rowwise rows,
    // slowed by a known bug, and 8B with TP 8 away from it).
    // 0.135 with precision.fp8_scaling: row-wise scaling casts each operand twice and every linear's
    // whole gathered input, over plain (16-bit) TP (its four torchtitan rows +28 … +62 % → +9 … +34 %);
    // tensor-wise casts a block's input once before TP's gather, and a tile's fixed cost is time.
    // 0.150 since the six 405B runs with PP reduce once (the torchtitan source below).
    CHECK(slice("format", "fp8").meanAbsError <= 0.15);
    // torchtitan's 41 measured runs (33 on H100 at 500 W, and torch.compile, async TP and rowwise fp8,
    // which the scenario cannot express): docs/FIDELITY.md. 0.175 before GEMMs were timed by their
    // shapes (its A100 rows moved from −9 … +1 % to +7 … +16 %), 0.192 with them while the 500 W GPU
    // kept the 700 W SXM's peak; 0.151 with the peak at its power limit between the NVL's and the SXM's;
    // 0.155 with TP's all-gathers in fp8 (as fp8 above); 0.148 since its two runs without torch.compile
    // are eager (parallel.elementwise_kernels; +22 and +23 % before, +9 and +10 % now).
    CHECK(slice("source", "torchtitan benchmarks (PyTorch)").runs == 41);
    // 0.125 with fp8 scaling (as fp8 above); 0.137 since the six 405B runs with PP have
    // torchtitan's FSDP that keeps parameters gathered and reduces once (grad_reduce after_accumulation):
    // the per-micro-batch all-gathers that no longer run had hidden 10–15 % of their time (+4 … +41 %
    // became +10 … +44 %); their measured peak memory needs it (−51 … −58 % before).
    CHECK(slice("source", "torchtitan benchmarks (PyTorch)").meanAbsError <= 0.14);
    // Before, FSDP across eight A100 nodes was predicted 51–57 % too slow. torchtitan's
    // six A100 rows (Llama 2 13B/70B, Llama 3 8B/70B on 64 GPUs) are now each within 20 % (optimistic:
    // the efficiency refit on llm-foundry's Composer runs is higher than torchtitan's eager FSDP2 reaches).
    for (const FidelityRow& row : summary.rows)
        if (row.run->id.starts_with("torchtitan-a100-")) {
            INFO(row.run->id);
            CHECK(std::abs(row.error) < 0.20);
        }
    // Megatron-LM's H100 weak-scaling table (nine GPT runs, 1.7B–462B on 48–6,144 GPUs), all out of
    // sample: 0.130 before Hopper's sustained fraction; the small models are still optimistic (+22 %
    // at 1.7B, +15 % at 7.1B), from 32B up within 10 %.
    CHECK(slice("source", "Megatron-LM README (NVIDIA, H100)").runs == 9);
    CHECK(slice("source", "Megatron-LM README (NVIDIA, H100)").meanAbsError <= 0.085);
    // Over every source: 0.148 before attention had its own kernel rate, 0.113 before GEMM shapes,
    // 0.080 before the 500 W GPU's peak.
    // 0.081 with vTrain's 300 out-of-sample runs (8.6 % and 11.3 %); source-balanced it is higher,
    // and the test of software stacks bounds it. 0.078 with the stages' wait for the busiest; 0.083
    // (raised, and why) with the fused projections and the refit defaults, which bring the
    // source-balanced mean from 11.4 to 10.4 % and llm-foundry's 211 rows from 5.5 to 7.4 %.
    // 0.082 with the attention rate by length (8.2 → 8.1 %; source-balanced 10.4 → 10.5 %).
    CHECK(summary.throughputMeanAbsError <= 0.082);
}

TEST_CASE("honest ranges: measured ÷ estimated step time of the out-of-sample runs of the scenario's regime",
    "[core][fidelity][range]")
{
    // Coverage: with 10th–90th percentile bands, about 80 % of the out-of-sample runs fall inside the
    // range of their own regime.
    const FidelitySummary summary = validatePublished();
    int inside = 0, scored = 0;
    for (const FidelityRow& row : summary.rows) {
        const PublishedRun& run = *row.run;
        if (run.calibration || run.metric == FidelityMetric::peak_memory_gib) continue;
        const bool time = run.metric == FidelityMetric::gpu_hours || run.metric == FidelityMetric::step_time_s;
        const double ratio = time ? 1 / (1 + row.error) : 1 + row.error;
        const EstimateRange range = stepTimeRange(run.scenario);
        CHECK(range.runs >= kMinRangeRuns);
        CHECK(range.low <= range.high);
        inside += ratio >= range.low - 1e-12 && ratio <= range.high + 1e-12;
        ++scored;
    }
    CHECK(double(inside) / scored >= 0.70);
    CHECK(double(inside) / scored <= 0.90);

    // The estimate carries it: step and training time scaled by the same factors.
    const PublishedRun* mpt = nullptr;
    for (const auto& run : publishedRuns())
        if (run.id == "llm-foundry-mpt-7b-2k-128xh100") mpt = &run;
    REQUIRE(mpt);
    const Estimate e = estimateWithRange(mpt->scenario);
    REQUIRE(e.range);
    CHECK(e.range->basis().find("h100-sxm") != std::string::npos);
    CHECK(e.range->basis().find("FSDP") != std::string::npos);
    // H100 FSDP runs of this kind measured both slower and faster than estimated (they lay all above
    // it before the attention kernel had its own rate): the range straddles the estimate.
    CHECK(e.range->low < 1.0);
    CHECK(e.range->high > 1.0);
    CHECK_FALSE(estimate(mpt->scenario).range); // estimate() itself stays range-free (and fast)

    // A GPU the suite has no run on falls back to fewer regimes, and says so.
    Scenario b200 = mpt->scenario;
    b200.hardware.preset = "b200";
    b200.hardware.gpu.name = "NVIDIA B200";
    const EstimateRange fallback = stepTimeRange(b200);
    CHECK(fallback.basis().find("h100") == std::string::npos);
    CHECK(fallback.runs >= kMinRangeRuns);
}

TEST_CASE("rank agreement: where a source measures one model in several layouts, how well the estimate orders them",
    "[core][fidelity]")
{
    // Spearman's rho, ties at their mean rank: ranks 0, 1.5, 1.5, 3 against 0, 1, 2, 3 give
    // 4.5 / √(4.5 × 5) = 0.9487.
    CHECK(spearmanCorrelation({ 1, 2, 3, 4 }, { 10, 20, 30, 40 }) == Approx(1));
    CHECK(spearmanCorrelation({ 1, 2, 3, 4 }, { 40, 30, 20, 10 }) == Approx(-1));
    CHECK(spearmanCorrelation({ 1, 2, 2, 3 }, { 1, 2, 3, 4 }) == Approx(4.5 / std::sqrt(22.5)));
    CHECK(std::isnan(spearmanCorrelation({ 1, 1, 1 }, { 1, 2, 3 })));
    CHECK(std::isnan(spearmanCorrelation({ 1 }, { 1 })));

    // The suite's sets: llm-foundry's cluster-size sweeps (8–512 GPUs, micro-batch and recomputation
    // chosen per size), each within one table (one campaign, one software stack) and one stack the
    // scenario tells apart: the H100 MPT-1B rows on 128–512 GPUs (FlashAttention-2, FSDP
    // SHARD_GRAD_OP, January 2024) and on 8–64 GPUs (the Triton kernel, FULL_SHARD, October 2023) are
    // two sets. torchtitan's tables hold two layouts of a model at most. The target is 0.9; today
    // the mean is 0.76 over 17 sets: most sweeps differ by a few per cent, within the runs' own
    // scatter (MPT-1B on 32 A100 measured 18 % below its neighbours). A ratchet.
    const FidelitySummary summary = validatePublished();
    CHECK(summary.rankAgreement.size() >= 17);
    auto setOf = [&](const std::string& first) {
        for (const RankAgreement& a : summary.rankAgreement)
            if (a.firstRun == first) return a.runs;
        return 0;
    };
    CHECK(setOf("llm-foundry-mpt-1b-2k-512xh100") == 3);
    CHECK(setOf("llm-foundry-mpt-1b-2k-64xh100") == 4);
    // Two tables, two campaigns: MPT-13B with full recomputation at micro-batch 16 (January 2024)
    // and without at micro-batch 2 (October 2023) are not compared (measured the other way round
    // from the estimate: docs/FIDELITY.md).
    CHECK(setOf("llm-foundry-mpt-13b-2k-512xh100") == 3);
    // Pairs measured 5 % apart or more, where a ranking decides something: 20 of 23 ordered as
    // measured; the three misses are all the MPT-1B 32-GPU outlier.
    CHECK(summary.decisivePairs >= 23);
    CHECK(summary.decisivePairsAgreeing <= summary.decisivePairs);
    CHECK(double(summary.decisivePairsAgreeing) / summary.decisivePairs >= 0.85);
    for (const RankAgreement& a : summary.rankAgreement) {
        INFO(a.firstRun);
        CHECK(a.runs >= 3);
        CHECK(a.spearman >= -1.0);
        CHECK(a.spearman <= 1.0);
    }
    CHECK(summary.meanRankAgreement >= 0.7);
}

TEST_CASE("torchtitan's 500 W H100: the peak at its power limit between NVIDIA's two H100 datasheet points",
    "[core][fidelity]")
{
    // NVIDIA H100 datasheet: NVL at 400 W, 1,671 / 3,341 TFLOP/s bf16 / fp8 with sparsity (835.5 /
    // 1,670.5 dense); SXM at 700 W, 989.4 / 1,978.9 dense. At 500 W on the line between them.
    const double bf16 = 835.5 + (989.4 - 835.5) * (500.0 - 400) / (700 - 400);
    const double fp8 = 1670.5 + (1978.9 - 1670.5) * (500.0 - 400) / (700 - 400);
    int cards = 0;
    for (const PublishedRun& run : publishedRuns()) {
        const GpuSpec& gpu = run.scenario.hardware.gpu;
        if (gpu.name.find("Grand Teton") == std::string::npos) continue;
        INFO(run.id);
        ++cards;
        CHECK(gpu.tdpWatts == 500);
        CHECK(gpu.peakTflops.at(DType::bf16) == Approx(bf16).margin(0.05));
        CHECK(gpu.peakTflops.at(DType::fp8_e4m3) == Approx(fp8).margin(0.05));
        CHECK(gpu.flash2Tflops
            == Approx(0.35 * bf16).margin(0.05)); // FlashAttention-2 at 35 % of peak (Shah et al. 2024)
    }
    CHECK(cards == 51); // 35 throughput runs, 16 peak-memory runs
}

TEST_CASE("the residual table built with the program is the one the suite gives now", "[core][fidelity][range]")
{
    // Programs draw ranges from a table computed when they were built (core/gen/residual_table_main.cpp),
    // not by estimating the suite before their first answer; it must be this model's table.
    REQUIRE(detail::precomputedResiduals != nullptr);
    const std::vector<detail::Residual> now = detail::computeResiduals();
    REQUIRE(detail::precomputedResiduals->size() == now.size());
    for (std::size_t i = 0; i < now.size(); ++i) {
        CHECK((*detail::precomputedResiduals)[i].timeRatio == Approx(now[i].timeRatio).epsilon(1e-12));
        CHECK((*detail::precomputedResiduals)[i].regimes == now[i].regimes);
    }
}
