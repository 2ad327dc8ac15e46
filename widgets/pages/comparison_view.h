#pragma once
// Compare 2–4 scenarios side by side (the source article's small-versus-large contrast, or any
// other): key figures in a table with the differences highlighted, memory and step anatomy charts.

#include "core/estimate/estimate.h"
#include "core/scenario/scenario.h"

#include <QWidget>

#include <vector>

class QPushButton;
class QTableView;

namespace ui {

class ComparisonChart;
class ComparisonModel;
class ScenarioSession;

class ComparisonView : public QWidget {
    Q_OBJECT
public:
    static constexpr int kMaxScenarios = 4;

    explicit ComparisonView(ScenarioSession* session, QWidget* parent = nullptr);

    /// Adds a scenario (ignored beyond four); returns whether it was added.
    bool add(const core::Scenario& scenario);
    void clear();
    /// The source article's pair: a 700M model on one GPU and a 7B model on 64 GPUs.
    void showArticlePair();
    [[nodiscard]] int count() const { return int(m_scenarios.size()); }
    [[nodiscard]] QTableView* table() const { return m_table; }
    /// The key figures, as the table shows them and the export writes them.
    [[nodiscard]] const ComparisonModel* figures() const { return m_figures; }
    [[nodiscard]] ComparisonChart* memoryChart() const { return m_memory; }
    [[nodiscard]] ComparisonChart* stepChart() const { return m_step; }
    [[nodiscard]] const std::vector<core::Estimate>& estimates() const { return m_estimates; }

    /// Names short enough for a bar, that keep what tells the scenarios apart: the model's size (and
    /// LoRA or QLoRA), then the GPU count, type and memory, "13B · 8×A100 40GB", "7B LoRA · 1×RTX 4090
    /// 24GB"; the model's name, the ZeRO stage or the layout join them only where those alone are alike.
    [[nodiscard]] static QStringList shortNames(const std::vector<core::Scenario>& scenarios);

protected:
    void changeEvent(QEvent* event) override;

private:
    void refresh();
    void retranslate();

    ScenarioSession* m_session;
    std::vector<core::Scenario> m_scenarios;
    std::vector<core::Estimate> m_estimates;
    QPushButton* m_addCurrent;
    QPushButton* m_addFile;
    QPushButton* m_article;
    QPushButton* m_clear;
    QTableView* m_table;
    ComparisonModel* m_figures;
    ComparisonChart* m_memory;
    ComparisonChart* m_step;
};

} // namespace ui
