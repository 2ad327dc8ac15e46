#pragma once
// Test helper: the shapes of Narayanan et al. 2021's GPT models (Table 1), set on an architecture.
#include "core/scenario/architecture.h"

/// The 39.1B row: 48 layers, hidden 8192, 64 heads of 128, a GeLU MLP of 4h.
inline void setNarayanan39b(core::Architecture& a)
{
    a.layers = 48;
    a.hidden = 8192;
    a.heads = a.kvHeads = 64;
    a.headDim = 128;
    a.ffnHidden = 4 * 8192;
}
