#pragma once
// Always visible: does it fit, how full is each GPU, what fills it most.

#include "core/estimate/estimate.h"
#include "core/estimate/sensitivity.h"
#include "core/search/suggest.h"
#include "widgets/text/format.h"

#include <QFrame>

#include <functional>

class QLabel;

namespace ui {

class VerdictBanner : public QFrame {
    Q_OBJECT
public:
    /// What the banner says of an estimate, in words: the verdict and the key figures, one per line
    /// (the report and the slides say the same from the same values).
    struct Text {
        bool fits = false;
        QString headline;
        QString details;
    };
    [[nodiscard]] static Text textOf(
        const core::Estimate& estimate, const QString& gpuName, const std::optional<core::Sensitivity>& ranges);

    /// A one-click fix as its link reads: the setting's name and value as the form shows them ("Set
    /// Master weights to FP32"), not the file's key.
    [[nodiscard]] static QString fixText(const core::Suggestion& fix);
    /// The expected interruptions over the run in words: "fewer than one", "about one", "about 5".
    [[nodiscard]] static QString interruptionsText(double expected);

    explicit VerdictBanner(QWidget* parent = nullptr);
    void setEstimate(const core::Estimate& estimate);
    /// "Nearest valid" fixes shown as links after their warnings; a click emits suggestionChosen.
    void setSuggestions(std::vector<core::Suggestion> suggestions);
    [[nodiscard]] const std::vector<core::Suggestion>& suggestions() const { return m_suggestions; }
    [[nodiscard]] QString warningsText() const;
    /// With a sensitivity result the details end with the range of step, memory and cost when each
    /// assumption moves by its fraction; without one, points only.
    void setRanges(std::optional<core::Sensitivity> ranges);
    [[nodiscard]] QString detailsText() const;
    /// How the key figures were computed (step, MFU, days, cost): the details' tooltip, worded on hover.
    [[nodiscard]] QString detailsToolTip() const;
    void setGpuName(const QString& name);

    [[nodiscard]] QString headline() const;
    void setExplainer(std::function<QString(const QString& key)> explainer) { m_explain = std::move(explainer); }

signals:
    void suggestionChosen(const core::Suggestion& suggestion);

protected:
    void changeEvent(QEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void refresh();
    void retranslateCue();

    core::Estimate m_estimate;
    std::vector<core::Suggestion> m_suggestions;
    std::optional<core::Sensitivity> m_ranges;
    QString m_gpuName;
    std::function<QString(const QString&)> m_explain;
    QLabel* m_headline;
    QLabel* m_details;
    QLabel* m_cue; ///< "hover for formulas"
    QLabel* m_warnings;
};

} // namespace ui
