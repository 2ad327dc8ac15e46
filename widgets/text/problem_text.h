#pragma once
// Core's problems (estimate warnings, layout rules, heatmap cells, planner rejections) as
// translated sentences: the one place that words them (core has no user-visible strings).

#include "core/estimate/estimate.h"
#include "core/runs/hf_import.h"
#include "core/runs/training_log.h"
#include "core/scenario/scenario_io.h"

#include <QCoreApplication>
#include <QString>

#include <optional>

namespace ui {

/// The training-log reader's rule (core/runs/training_log.h): a steady step over this multiple of the
/// median is left out. The texts that state the rule take it as an argument.
inline constexpr double kSlowStepOverMedian = 1.5;

class ProblemText {
    Q_DECLARE_TR_FUNCTIONS(ui::ProblemText)
public:
    /// A sentence with the problem's numbers.
    [[nodiscard]] static QString of(const core::Problem& problem);
    /// A file or an edit the reader refused, worded from its code (the reader's English words where it
    /// has none).
    [[nodiscard]] static QString of(const core::ScenarioError& error);
    /// What a config.json import assumed or could not represent.
    [[nodiscard]] static QString of(const core::ImportNote& note);
    /// What the reader of a training log should know about it (a framework's lines left out, a restart…).
    [[nodiscard]] static QString of(const core::LogNote& note);
    /// "Megatron-LM", "torchtitan", "DeepSpeed", "the Hugging Face Trainer".
    [[nodiscard]] static QString logFormatName(core::LogFormat format);
    /// A setting a training log states ("tensor parallelism (TP)", "global batch"), in words.
    [[nodiscard]] static QString logSettingName(core::LogSetting setting);
    /// A short phrase for a count of problems of one kind ("12 do not fit in memory").
    [[nodiscard]] static QString summary(core::ProblemCode code);

private:
    // of(Problem) by family of codes, in core/scenario/problem.h's groups: each words its own codes and
    // answers nothing for any other.
    static std::optional<QString> estimateWarning(const core::Problem& w);
    static std::optional<QString> layoutProblem(const core::Problem& w);
    static std::optional<QString> fileProblem(const core::Problem& w);
    static std::optional<QString> modelProblem(const core::Problem& w);
    static std::optional<QString> hardwareProblem(const core::Problem& w);
    static std::optional<QString> launchProblem(const core::Problem& w);
    static std::optional<QString> measurementProblem(const core::Problem& w);
};

} // namespace ui
