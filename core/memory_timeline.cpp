#include "memory_timeline.h"

#include <algorithm>

namespace core {

MemoryOverStep memoryOverStep(const Scenario& s, const Estimate& e, const Timeline& t)
{
    MemoryOverStep out;
    out.capacity = e.memory.capacity;
    out.stepTimeS = t.drawnStepTimeS;
    if (t.drawnMicroBatches == 0 || e.memory.perStage.size() != static_cast<std::size_t>(t.stages)) return out;
    // Total as the memory model reports it: allocated × (1 + fragmentation) + CUDA context.
    const double slack = 1 + s.overhead.fragmentation, context = s.overhead.cudaContextGib * 1024.0 * 1024.0 * 1024.0;
    out.stages.resize(static_cast<std::size_t>(t.stages));
    for (int st = 0; st < t.stages; ++st) {
        StageMemoryTrace& trace = out.stages[static_cast<std::size_t>(st)];
        trace.stage = st;
        const StageMemory& stage = e.memory.perStage[static_cast<std::size_t>(st)];
        const double fixed = stage.bytes.modelStates() + stage.bytes.buffers;
        auto share = [&](int chunk) {
            const auto c = static_cast<std::size_t>(chunk);
            return c < stage.chunkShares.size() ? stage.chunkShares[c] : 1.0 / t.chunks;
        };
        double held = 0; // activations of the passes whose backward has not run
        auto sample = [&](double time, double allocated) {
            const double bytes = allocated * slack + context;
            trace.samples.push_back({ time, bytes });
            if (bytes > trace.peakBytes) {
                trace.peakBytes = bytes;
                trace.peakTimeS = time;
            }
        };
        sample(0, fixed);
        double backwardStart = -1; // a recomputation block opens the backward it belongs to
        for (const TimelineBlock& b : t.blocks) {
            if (b.stage != st) continue;
            switch (b.kind) {
            case BlockKind::forward: {
                sample(b.start, fixed + held);
                held += stage.activationPerMicroBatch * share(b.chunk);
                sample(b.end, fixed + held);
                break;
            }
            case BlockKind::recompute:
                backwardStart = b.start;
                break;
            case BlockKind::backward: {
                // While it runs the backward also holds the logits (last stage) or the recomputed
                // layer (full recomputation); at its end the chunk's activations are freed.
                const double start = backwardStart >= 0 ? backwardStart : b.start;
                backwardStart = -1;
                sample(start, fixed + held);
                sample(start, fixed + held + stage.activationOnce);
                held = std::max(0.0, held - stage.activationPerMicroBatch * share(b.chunk));
                sample(b.end, fixed + held + stage.activationOnce);
                sample(b.end, fixed + held);
                break;
            }
            case BlockKind::communication:
            case BlockKind::optimizer:
                sample(b.start, fixed + held);
                sample(b.end, fixed + held);
                break;
            }
        }
        sample(t.drawnStepTimeS, fixed + held);
    }
    for (std::size_t i = 1; i < out.stages.size(); ++i)
        if (out.stages[i].peakBytes > out.stages[static_cast<std::size_t>(out.peakStage)].peakBytes)
            out.peakStage = static_cast<int>(i);
    return out;
}

} // namespace core
