#include "core/scenario_rules.h"

#include "core/architecture.h"

namespace core {

void setArchitectureField(Architecture& a, int Architecture::*field, int value)
{
    if (field == &Architecture::kvLoraRank) {
        setKvLoraRank(a, value);
        return;
    }
    const bool geometry = field == &Architecture::hidden || field == &Architecture::heads;
    // Derived when the heads tile the hidden size exactly (Llama, GPT); Gemma's and latent
    // attention's widths were chosen independently and stay.
    const bool derived = !a.isMla() && a.headDim * a.heads == a.hidden;
    a.*field = value;
    if (geometry && derived && a.heads > 0 && a.hidden % a.heads == 0) a.headDim = a.hidden / a.heads;
    if (field == &Architecture::heads && (a.kvHeads > a.heads || a.isMla())) a.kvHeads = a.heads;
}

void setSchedule(Parallel& p, Schedule schedule)
{
    p.schedule = schedule;
    if (schedule != Schedule::interleaved)
        p.virtualStages = 1;
    else if (p.virtualStages < 2)
        p.virtualStages = 2;
}

} // namespace core
