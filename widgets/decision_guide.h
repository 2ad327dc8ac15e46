#pragma once
// The decision guide tab (issue 9; the source article §5–6): a plain-language verdict on the
// current scenario — size class, whether one GPU suffices, how many are needed, whether LoRA or
// QLoRA would do — and the migration checklist, whose items light up (required, recommended, not
// needed) from the estimate and can be ticked off as the team handles them.

#include "decision.h"

#include <QWidget>

#include <array>

class QCheckBox;
class QLabel;

namespace ui {

class ScenarioDocument;

class DecisionGuideView : public QWidget {
    Q_OBJECT
public:
    explicit DecisionGuideView(ScenarioDocument* document, QWidget* parent = nullptr);

    // Recomputed only while visible (every edit would otherwise relayout the page); the accessors
    // bring it up to date first.
    [[nodiscard]] const core::DecisionGuide& guide() const;
    /// The checklist row of `id`: the tick box, the need badge and the explanation.
    [[nodiscard]] QCheckBox* checkBox(core::ChecklistId id) const;
    [[nodiscard]] QLabel* badge(core::ChecklistId id) const;
    [[nodiscard]] QLabel* text(core::ChecklistId id) const;
    [[nodiscard]] QString verdictText() const;

protected:
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void refreshIfStale() const;
    void update(const core::Estimate& estimate);
    void retranslate();

    struct Row {
        QCheckBox* check = nullptr;
        QLabel* badge = nullptr;
        QLabel* text = nullptr;
    };
    static constexpr int kItems = 8;

    ScenarioDocument* m_doc;
    bool m_stale = true;
    core::DecisionGuide m_guide;
    core::Estimate m_estimate;
    QLabel* m_title = nullptr;
    QLabel* m_verdict = nullptr;
    QLabel* m_checklistTitle = nullptr;
    QLabel* m_checklistHint = nullptr;
    std::array<Row, kItems> m_rows;
};

} // namespace ui
