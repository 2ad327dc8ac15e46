#include "scenario_limits.h"

#include <array>
#include <sstream>

namespace core {

namespace {

constexpr auto I = LimitKind::integer;
constexpr auto P = LimitKind::powerOfTwo;
constexpr auto N = LimitKind::number;
constexpr double kMaxDim = 1 << 20;

// Sources of the bounds: see docs/DESIGN.md "Scenario file"; where a bound is a physical one it says so.
constexpr std::array<KeyLimit, 73> kLimits { {
    { "model.params", 1e6, 1e14, I },
    { "model.layers", 1, 4096, I },
    { "model.hidden", 1, kMaxDim, I },
    { "model.heads", 1, 4096, I },
    { "model.kv_heads", 1, 4096, I },
    { "model.head_dim", 1, 65536, I },
    { "model.ffn_hidden", 1, kMaxDim, I },
    { "model.vocab", 1, 1 << 24, I },
    { "model.max_positions", 1, 1 << 24, I },
    { "model.experts", 0, 4096, I },
    { "model.top_k", 1, 4096, I },
    { "model.moe_ffn_hidden", 1, kMaxDim, I },
    { "model.shared_experts", 0, 64, I },
    { "model.dense_layers", 0, 4096, I },
    { "model.routed_node_limit", 0, 4096, I },
    { "model.q_lora_rank", 0, kMaxDim, I },
    { "model.kv_lora_rank", 0, kMaxDim, I },
    { "model.rope_head_dim", 0, 65536, I },
    { "model.v_head_dim", 0, 65536, I },
    { "model.mtp_layers", 0, 16, I },
    { "training.seq_len", 1, 10'000'000, I },
    { "training.micro_batch", 1, 65'536, I },
    { "training.global_batch", 1, 1'000'000'000, I },
    { "training.tokens", 1, 1e16, N },
    { "training.lora_rank", 1, 65'536, I },
    { "parallel.tp", 1, 64, P },
    { "parallel.pp", 1, 512, I },
    { "parallel.dp", 1, 1'000'000, I },
    { "parallel.cp", 1, 256, I },
    { "parallel.ep", 1, 1024, I },
    { "parallel.zero", 0, 3, I },
    { "parallel.virtual_stages", 1, 64, I },
    { "hardware.gpus_per_node", 1, 1024, I },
    { "hardware.host_memory_gbps", 1, 1e5, N },
    { "hardware.gpu.memory_gib", 0.5, 65536, N },
    { "hardware.gpu.peak_tflops.*", 0.001, 1e6, N },
    { "hardware.gpu.achievable_tflops.*", 0.001, 1e6, N },
    { "hardware.gpu.attention_tflops.flash1", 0.001, 1e6, N },
    { "hardware.gpu.attention_tflops.flash2", 0.001, 1e6, N },
    { "hardware.gpu.attention_tflops.flash3", 0.001, 1e6, N },
    { "hardware.gpu.intra_node_gbps", 0.01, 1e5, N },
    { "hardware.gpu.inter_node_gbps", 0.01, 1e5, N },
    { "hardware.gpu.tdp_watts", 1, 1e5, N },
    { "hardware.gpu.node_watts_per_gpu", 1, 1e5, N },
    { "hardware.gpu.memory_tbps", 0.01, 1000, N },
    { "hardware.gpu.nvlink_gpus", 0, 1024, I },
    { "hardware.gpu.pcie_gbps", 0.01, 1e5, N },
    { "hardware.gpu.sm_count", 1, 4096, I },
    { "hardware.gpu.sustained_fraction", 0.01, 1.0, N },
    { "efficiency.compute", 0.01, 1.0, N },
    { "efficiency.memory_bound_passes", 0.0, 100.0, N },
    { "efficiency.comm_overlap", 0.0, 1.0, N },
    { "efficiency.bus_bandwidth", 0.01, 1.0, N },
    { "efficiency.comm_latency_us", 0.0, 1e6, N },
    { "efficiency.tp_overlap", 0.0, 1.0, N },
    { "efficiency.pp_overlap", 0.0, 1.0, N },
    { "efficiency.ep_overlap", 0.0, 1.0, N },
    { "cost.gpu_hour_usd", 0.0, 1e4, N },
    { "cost.kwh_usd", 0.0, 100.0, N },
    { "cost.pue", 1.0, 5.0, N },
    { "cost.storage_usd_per_tb_month", 0.0, 1e5, N },
    { "cost.checkpoints_kept", 0, 1000, I },
    { "cost.network_usd_per_tb", 0.0, 1e5, N },
    { "cost.team_size", 0.0, 1e4, N },
    { "cost.person_month_usd", 0.0, 1e7, N },
    { "reliability.gpu_mtbf_hours", 1.0, 1e9, N },
    { "reliability.restart_minutes", 0.0, 1e5, N },
    { "reliability.checkpoint_write_gbps", 0.001, 1e6, N },
    { "overhead.cuda_context_gib", 0.0, 64.0, N },
    { "overhead.comm_buffer_gib_per_group", 0.0, 64.0, N },
    { "overhead.grad_bucket_mib", 0.0, 65536.0, N },
    { "overhead.fragmentation", 0.0, 1.0, N },
    { "overhead.loss_bytes_per_logit", 0.0, 64.0, N },
} };

std::string numberText(double v, LimitKind kind)
{
    if (kind != LimitKind::number) return std::to_string(static_cast<std::int64_t>(v));
    std::ostringstream os;
    os << v;
    return os.str();
}

} // namespace

const KeyLimit* limitOf(std::string_view keyPath)
{
    constexpr std::string_view peaks = "hardware.gpu.peak_tflops.";
    constexpr std::string_view achievable = "hardware.gpu.achievable_tflops.";
    if (keyPath.starts_with(peaks) && keyPath.size() > peaks.size()) keyPath = "hardware.gpu.peak_tflops.*";
    if (keyPath.starts_with(achievable) && keyPath.size() > achievable.size())
        keyPath = "hardware.gpu.achievable_tflops.*";
    for (const auto& l : kLimits)
        if (l.key == keyPath) return &l;
    return nullptr;
}

const KeyLimit* keyLimitsBegin()
{
    return kLimits.data();
}
const KeyLimit* keyLimitsEnd()
{
    return kLimits.data() + kLimits.size();
}

std::string rangeText(const KeyLimit& l)
{
    const char* what = l.kind == LimitKind::powerOfTwo ? "a power of two"
        : l.kind == LimitKind::integer                 ? "an integer"
                                                       : "a number";
    return std::string("must be ") + what + " between " + numberText(l.min, l.kind) + " and "
        + numberText(l.max, l.kind);
}

} // namespace core
