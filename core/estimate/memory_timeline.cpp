#include "core/estimate/memory_timeline.h"

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

    // One pass over the blocks (runs on every edit): each stage keeps what it holds.
    struct State {
        double fixed = 0; ///< model states and buffers, held all along
        double held = 0; ///< activations of the passes whose backward has not run
        double backwardStart = -1; ///< a recomputation block opens the backward it belongs to
        double gradients = 0; ///< gradients freed after the step (per_step) produced so far
    };
    std::vector<State> state(static_cast<std::size_t>(t.stages));
    out.stages.resize(static_cast<std::size_t>(t.stages));
    auto sample = [&](int st, double time, double allocated) {
        StageMemoryTrace& trace = out.stages[static_cast<std::size_t>(st)];
        const double bytes = allocated * slack + context;
        trace.samples.push_back({ time, bytes });
        if (bytes > trace.peakBytes) {
            trace.peakBytes = bytes;
            trace.peakTimeS = time;
        }
    };
    for (int st = 0; st < t.stages; ++st) {
        const StageMemory& stage = e.memory.perStage[static_cast<std::size_t>(st)];
        out.stages[static_cast<std::size_t>(st)].stage = st;
        // Gradients freed after the step are not there before its first backward.
        state[static_cast<std::size_t>(st)].fixed = stage.bytes.modelStates() + stage.bytes.buffers
            - stage.bytes.gradients + (stage.perStepGradients > 0 ? 0 : stage.bytes.gradients);
        sample(st, 0, state[static_cast<std::size_t>(st)].fixed);
    }
    for (const TimelineBlock& b : t.blocks) {
        const StageMemory& stage = e.memory.perStage[static_cast<std::size_t>(b.stage)];
        State& now = state[static_cast<std::size_t>(b.stage)];
        const auto c = static_cast<std::size_t>(b.chunk);
        const double share = c < stage.chunkShares.size() ? stage.chunkShares[c] : 1.0 / t.chunks;
        const double chunk = stage.activationPerMicroBatch * share;
        switch (b.kind) {
        case BlockKind::forward:
            sample(b.stage, b.start, now.fixed + now.held);
            now.held += chunk;
            sample(b.stage, b.end, now.fixed + now.held);
            break;
        case BlockKind::recompute:
            now.backwardStart = b.start;
            break;
        case BlockKind::backward: {
            // While it runs the backward also holds the logits (last stage) or the recomputed layer
            // (full recomputation); at its end the chunk's activations are freed.
            const double start = now.backwardStart >= 0 ? now.backwardStart : b.start;
            now.backwardStart = -1;
            sample(b.stage, start, now.fixed + now.held + now.gradients);
            if (stage.perStepGradients > 0) {
                // One micro-batch: the gradients grow as the activations are freed, the LM head's
                // first, the first layer's last, next to that layer's activations.
                const double first = now.gradients > 0 ? now.gradients : stage.firstGradients;
                sample(b.stage, start, now.fixed + now.held + stage.activationOnce + first);
                now.held = std::max(0.0, now.held - chunk);
                now.gradients += stage.perStepGradients * share; // the chunk's layers' gradients
                const double left = now.held > 0 ? stage.activationOnce : stage.backwardEndActivations;
                sample(b.stage, b.end, now.fixed + now.held + now.gradients + left);
                sample(b.stage, b.end, now.fixed + now.held + now.gradients);
                break;
            }
            sample(b.stage, start, now.fixed + now.held + stage.activationOnce);
            now.held = std::max(0.0, now.held - chunk);
            sample(b.stage, b.end, now.fixed + now.held + stage.activationOnce);
            sample(b.stage, b.end, now.fixed + now.held);
            break;
        }
        case BlockKind::communication:
        case BlockKind::optimizer:
            sample(b.stage, b.start, now.fixed + now.held + now.gradients);
            sample(b.stage, b.end, now.fixed + now.held + now.gradients);
            break;
        }
    }
    for (int st = 0; st < t.stages; ++st) {
        State& now = state[static_cast<std::size_t>(st)];
        sample(st, t.drawnStepTimeS, now.fixed + now.held + now.gradients);
        // zero_grad(set_to_none=True): the next step starts without them.
        if (now.gradients > 0) sample(st, t.drawnStepTimeS, now.fixed + now.held);
    }
    for (std::size_t i = 1; i < out.stages.size(); ++i)
        if (out.stages[i].peakBytes > out.stages[static_cast<std::size_t>(out.peakStage)].peakBytes)
            out.peakStage = static_cast<int>(i);
    return out;
}

} // namespace core
