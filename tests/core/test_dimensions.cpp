// The table of parallel dimensions agrees with the scenario, the field table, the planner's knobs and
// the communication groups it stands for; what a plan sets is applied and compared in one place.
#include "core/scenario/dimensions.h"
#include "core/scenario/presets.h"
#include "core/scenario/scenario_edit.h"
#include "core/scenario/scenario_fields.h"
#include "core/scenario/scenario_io.h"
#include "core/search/planner.h"

#include <catch2/catch.hpp>

#include <set>
#include <string>

using namespace core;

TEST_CASE("every communication group has one dimension and every dimension one knob and key", "[core][dimensions]")
{
    std::set<Group> groups;
    std::set<Knob> knobs;
    std::set<std::string> labels;
    for (const Dimension& d : dimensions()) {
        INFO(d.label);
        groups.insert(d.group);
        knobs.insert(d.knob);
        labels.insert(std::string(d.label));
        CHECK(&dimensionOf(d.group) == &d);
        CHECK(findDimension(d.knob) == &d);
        CHECK(findDimension(d.key()) == &d);
        CHECK(d.key() == "parallel." + std::string(toString(d.group))); // the file's key names the group
        CHECK_FALSE(d.splits.empty());
        CHECK((d.divides == nullptr) == (d.largest == nullptr));
        // The field table's row of the key reads and writes the same member as the dimension.
        const Field* field = findField(d.key());
        REQUIRE(field);
        REQUIRE(field->get);
        Scenario s = defaultScenario();
        s.parallel.*d.degree = 4;
        CHECK(field->get(s) == 4);
        CHECK(d.of(s.parallel) == 4);
    }
    CHECK(groups.size() == kDimensionCount);
    CHECK(knobs.size() == kDimensionCount);
    CHECK(labels.size() == kDimensionCount);
    for (const Group g : { Group::tp, Group::cp, Group::pp, Group::dp, Group::ep })
        CHECK(dimensionOf(g).group == g);
    CHECK(findDimension(Knob::zero) == nullptr);
    CHECK(findDimension("training.micro_batch") == nullptr);
}

TEST_CASE("the GPU count is the product of the dimensions that multiply it", "[core][dimensions]")
{
    // EP's groups are carved out of DP × CP (Megatron-LM's expert-model-parallel groups): 8 GPUs at
    // DP 8 and EP 8 are still 8 GPUs.
    Scenario s = defaultScenario();
    int value = 2;
    for (const Dimension& d : dimensions())
        s.parallel.*d.degree = value++;
    std::int64_t product = 1;
    for (const Dimension& d : dimensions())
        if (d.multipliesGpus) product *= d.of(s.parallel);
    CHECK(s.parallel.gpus() == product);
    CHECK(gpusPerReplica(s.parallel) * s.parallel.dp == product);
    CHECK_FALSE(dimensionOf(Group::ep).multipliesGpus);
}

TEST_CASE("a degree divides what it splits as Megatron-LM checks it", "[core][dimensions]")
{
    // Llama 3 405B (Dubey et al. 2024, pipeline parallelism and Table 4): 126 layers on 16 stages only with the
    // embedding and the loss counted as layers (128 = 16 × 8); context parallelism 16 on 131,072 tokens.
    Scenario s = defaultScenario();
    s.model.arch.layers = 126;
    const Dimension& pp = dimensionOf(Group::pp);
    CHECK_FALSE(pp.divides(s, 16));
    s.parallel.pipelineSplit = PipelineSplit::embedding_and_loss;
    CHECK(pp.divides(s, 16));
    s.training.seqLen = 131072;
    CHECK(dimensionOf(Group::cp).divides(s, 16));
    s.training.seqLen = 8192 + 16; // 2·16 chunks do not divide it
    CHECK_FALSE(dimensionOf(Group::cp).divides(s, 16));
    // DeepSeek-V3 (DeepSeek-AI 2024, its training framework): 256 routed experts on EP 64.
    s.model.arch.experts = 256;
    s.model.arch.topK = 8;
    CHECK(dimensionOf(Group::ep).divides(s, 64));
    CHECK_FALSE(dimensionOf(Group::ep).divides(s, 48));
    // DP × micro-batch divides the global batch.
    s.training.globalBatch = 1024;
    s.training.microBatch = 2;
    CHECK(dimensionOf(Group::dp).divides(s, 512));
    CHECK_FALSE(dimensionOf(Group::dp).divides(s, 1024));
    CHECK(degreeDivides(s, "parallel.tp", 8)); // TP's values are the field's powers of two
    CHECK_FALSE(degreeDivides(s, "parallel.dp", 0));
}

TEST_CASE("a plan sets its layout and micro-batch and keeps its search current", "[core][dimensions]")
{
    const Scenario searched = defaultScenario(); // DP 8
    Scenario plan = searched;
    plan.parallel.tp = 2;
    plan.parallel.dp = 4;
    plan.parallel.zero = 3;
    plan.parallel.schedule = Schedule::interleaved;
    plan.parallel.virtualStages = 2;
    plan.training.microBatch = 4;

    Scenario current = searched;
    current.name = automaticName(current);
    applyPlan(current, plan);
    CHECK(current.parallel == plan.parallel);
    CHECK(current.training.microBatch == 4);
    CHECK(samePlanInputs(searched, current)); // applying a plan keeps the search applicable
    CHECK(sameCostPlanInputs(searched, current));

    current.training.seqLen *= 2; // anything a plan does not set
    CHECK_FALSE(samePlanInputs(searched, current));

    // A price search's plan also sets the GPU, its price, pricing and spot reclaims.
    Scenario priced = searched;
    priced.hardware = withGpuPreset(priced.hardware, *findGpuPreset("a100-80gb"));
    priced.cost.gpuHourUsd = 1.79;
    priced.cost.pricing = Pricing::spot;
    priced.reliability.spotInterruptionsPerNodeDay = 0.5;
    Scenario afterCost = searched;
    applyCostPlan(afterCost, priced);
    CHECK(afterCost.hardware.gpu == priced.hardware.gpu);
    CHECK(afterCost.cost.gpuHourUsd == 1.79);
    CHECK(afterCost.reliability.spotInterruptionsPerNodeDay == 0.5);
    CHECK(sameCostPlanInputs(searched, afterCost));
    CHECK_FALSE(samePlanInputs(searched, afterCost)); // the layout planner's search did not choose the GPU
}
