#pragma once
// A Megatron-LM log as the command line's and the dialog's tests of "a log of another run" write it:
// validate_args()'s layout line for a run of `tp` × `dp` GPUs, then four iteration lines of `batch`
// sequences taking `ms` each.

#include <string>

namespace tp_test {

inline std::string megatronRun(int tp, int dp, int batch, double ms)
{
    std::string text = "using world size: " + std::to_string(tp * dp) + ", data-parallel size: " + std::to_string(dp)
        + ", context-parallel size: 1, tensor-model-parallel size: " + std::to_string(tp)
        + ", pipeline-model-parallel size: 1\n";
    for (int i = 1; i <= 4; ++i)
        text += " iteration " + std::to_string(i * 10) + "/ 100000 | elapsed time per iteration (ms): "
            + std::to_string(ms) + " | global batch size: " + std::to_string(batch) + " |\n";
    return text;
}

} // namespace tp_test
