#pragma once
// The decision guide tab (the source article §5–6): a plain-language verdict on the
// current scenario — size class, whether one GPU suffices, how many are needed, whether LoRA or
// QLoRA would do — and the migration checklist, whose items light up (required, recommended, not
// needed) from the estimate and can be ticked off as the team handles them.

#include "widgets/session/derived_results.h"

#include <QWidget>

#include <array>
#include <utility>
#include <vector>

class QCheckBox;
class QLabel;

namespace ui {

class DecisionGuidePage : public QWidget {
    Q_OBJECT
public:
    explicit DecisionGuidePage(QWidget* parent = nullptr);

    /// What the page says, from values alone (the report says the same): the verdict as paragraphs
    /// (<p>, <b>) and each checklist item's title, explanation and need.
    struct Texts {
        QString verdict;
        struct Item {
            core::ChecklistId id;
            core::Need need;
            QString title, body;
        };
        std::vector<Item> checklist;
    };
    [[nodiscard]] static Texts textsOf(
        const core::Scenario& scenario, const core::Estimate& estimate, const core::DecisionGuide& guide);
    /// "Required", "Recommended", "Not needed" (translated).
    [[nodiscard]] static QString needText(core::Need need);

    /// The guide of the session's results. The page is laid out again only while visible (every edit
    /// would otherwise relayout it); the accessors below bring it up to date first.
    void setResults(const DerivedResults& results);
    [[nodiscard]] const core::DecisionGuide& guide() const { return m_guide; }
    /// The checklist row of `id`: the tick box, the need badge and the explanation.
    [[nodiscard]] QCheckBox* checkBox(core::ChecklistId id);
    [[nodiscard]] QLabel* badge(core::ChecklistId id);
    [[nodiscard]] QLabel* text(core::ChecklistId id);
    [[nodiscard]] QString verdictText();

protected:
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    /// The verdict's paragraphs (<p>, <b>), and one checklist item's title and explanation: textsOf's parts.
    [[nodiscard]] static QString verdictOf(
        const core::Scenario& scenario, const core::Estimate& estimate, const core::DecisionGuide& guide);
    [[nodiscard]] static std::pair<QString, QString> checklistTexts(core::ChecklistId id,
        const core::Scenario& scenario, const core::Estimate& estimate, const core::DecisionGuide& guide);

    void layOutIfStale();
    void retranslate();

    struct Row {
        QCheckBox* check = nullptr;
        QLabel* badge = nullptr;
        QLabel* text = nullptr;
    };
    static constexpr int kItems = 8;

    bool m_stale = true; ///< the texts show older results than these
    core::Scenario m_scenario;
    core::Estimate m_estimate;
    core::DecisionGuide m_guide;
    QLabel* m_title = nullptr;
    QLabel* m_verdict = nullptr;
    QLabel* m_checklistTitle = nullptr;
    QLabel* m_checklistHint = nullptr;
    std::array<Row, kItems> m_rows;
};

} // namespace ui
