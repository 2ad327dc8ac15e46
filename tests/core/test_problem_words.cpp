// Each problem code's English, written once as a row of core/scenario/problem.cpp: its name, its key and a
// template of its named values. The templates' choices and formats read as the sentences they replace.
#include "core/scenario/problem.h"

#include <catch2/catch.hpp>

#include <set>
#include <string>

using namespace core;

TEST_CASE("every problem code has one name, and its sentence fills every placeholder", "[core][problems]")
{
    std::set<std::string> names;
    for (int i = 0; i < kProblemCodeCount; ++i) {
        const auto code = ProblemCode(i);
        INFO(toString(code));
        CHECK(names.insert(std::string(toString(code))).second);
        // Whatever the values — none, or every choice a template may pick — no brace is left.
        for (double choice : { 0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 9.0, -1.0 }) {
            const Problem p(code,
                { { "expected", choice }, { "kind", choice }, { "why", choice }, { "framework", choice },
                    { "learned", choice }, { "power_of_two", choice }, { "integer", choice }, { "counts_ends", choice },
                    { "rejected", choice }, { "line", choice } });
            const std::string text = p.message();
            INFO(text);
            CHECK_FALSE(text.empty());
            CHECK(text.find_first_of("{}|") == std::string::npos);
        }
        CHECK(Problem(code).message().find_first_of("{}|") == std::string::npos);
    }
    CHECK(toString(ProblemCode(kProblemCodeCount)) == "unknown_problem");
}

TEST_CASE("the templates' choices, formats and keys read as sentences", "[core][problems]")
{
    using enum ProblemCode;
    CHECK(Problem(value_out_of_range, { { "min", 1 }, { "max", 64 }, { "power_of_two", 1 } }).message()
        == "must be a power of two between 1 and 64");
    CHECK(Problem(value_out_of_range, { { "min", 1 }, { "max", 64 }, { "integer", 1 } }).message()
        == "must be an integer between 1 and 64");
    CHECK(Problem(value_out_of_range, { { "min", 0.5 }, { "max", 2 } }).message()
        == "must be a number between 0.5 and 2");
    CHECK(Problem(value_wrong_type, { { "expected", 3 } }).message() == "must be an object");
    CHECK(Problem(max_positions_mismatch, { { "learned", 1 } }).message() == "is required with learned positions");
    CHECK(Problem(stage_without_layer, { { "pp", 8 }, { "virtual_stages", 1 }, { "layers", 6 }, { "counts_ends", 1 } })
              .message()
        == "pp × virtual_stages (8 × 1) must not exceed the model's layers (6 + 2 for the embedding and the loss): a "
           "stage would hold no layer");
    CHECK(Problem(does_not_fit, { { "total_bytes", 96.0 * 1073741824 }, { "capacity_bytes", 80.04 * 1073741824 } })
              .message()
        == "does not fit: 96 GiB per GPU, capacity 80 GiB");
    CHECK(Problem(search_too_large, { { "configurations", 3000000 }, { "limit", 2000000 }, { "values", 7 } }).message()
        == "the search has 3000000 configurations to estimate, more than the limit of 2000000; narrow the 7 values "
           "of the search");
    CHECK(Problem(
        search_too_large, { { "configurations", 3000000 }, { "limit", 2000000 }, { "values", 7 } }, "parallel.tp")
              .message()
              .ends_with("narrow the 7 values of parallel.tp"));
    CHECK(Problem(framework_cannot_express, { { "framework", 1 }, { "why", 4 }, { "micro_batch", 2 }, { "dp", 8 } })
              .message()
        == "cannot be expressed in torchtitan's settings: the global batch must be a whole multiple of micro-batch × "
           "data-parallel size (2 × 8), or the run stops at start-up");
    CHECK(Problem(log_has_no_steps).message()
        == "has no step line of Megatron-LM, torchtitan, DeepSpeed or the Hugging Face Trainer");
    CHECK(Problem(measurement_implausible, { { "kind", 4 }, { "value", 1200 }, { "bound", 989 }, { "line", 12 } })
              .message()
        == "line 12: 1200 TFLOP/s per GPU is above the GPU's peak of 989 TFLOP/s; is the scenario the one the run "
           "used?");
    CHECK(
        Problem(
            no_master_weights, { { "format", int(DType::bf16) }, { "mantissa_bits", 7 }, { "threshold", 1.0 / 256 } })
            .message()
            .starts_with("the weights are kept in bf16 with no fp32 master copy: an update smaller than 2^-8 (0.39 %) "
                         "of a weight's magnitude rounds away"));
    // The key a problem is about comes from the same row.
    CHECK(keyOf(heads_not_divisible_by_tp) == "parallel.tp");
    CHECK(keyOf(does_not_fit).empty());
    CHECK(Problem(micro_batch_over_global_batch).key == "training.micro_batch");
}
