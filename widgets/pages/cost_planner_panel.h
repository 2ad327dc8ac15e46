#pragma once
// Planner → GPU types and prices: with a price table (`*.tpprices.json`), search GPU type ×
// count × layout × pricing for the cheapest run that finishes by a deadline (90 days unless changed), in the
// background; spot capacity is ranked with its reclaims priced in (lost work, restarts). Applying a row makes its GPU,
// price, pricing and layout the scenario (one undo step). Like the layout search, a search belongs to
// the scenario it started from: an edit makes it stale and its rows cannot be applied.

#include "core/scenario/scenario_edit.h"
#include "core/search/prices.h"
#include "widgets/session/held_search.h"

#include <QWidget>

#include <string>
#include <vector>

class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace ui {

class ScenarioSession;

class CostPlannerPanel : public QWidget {
    Q_OBJECT
public:
    explicit CostPlannerPanel(ScenarioSession* session, QWidget* parent = nullptr);

    /// The deadline the search starts with: a quarter, a team's usual planning horizon.
    static constexpr double kDefaultDeadlineDays = 90;

    /// Reads a price table; false (and the reason in tableText()) when it is refused.
    bool openPriceTable(const QString& path);
    /// The table shipped with the tool (resources/examples/cloud-prices-2026.tpprices.json).
    bool useExampleTable();
    void setTable(core::PriceTable table, const QString& origin);
    void setMaxGpus(int gpus);
    void setDeadlineDays(double days);
    void start();
    void cancel();
    /// Row `row` of the results as the scenario (one undo step); refused when stale.
    void apply(int row);

    [[nodiscard]] bool isRunning() const;
    [[nodiscard]] bool isStale() const { return m_search.isStale(); }
    [[nodiscard]] const core::CostPlanResult& result() const { return m_result; }
    [[nodiscard]] QTableWidget* resultsTable() const { return m_results; }
    /// The finished search's result in the command line's format (`plan --prices … --format json`);
    /// empty while it runs, once the scenario has changed, or with nothing found.
    [[nodiscard]] std::string resultJson() const;
    [[nodiscard]] QString tableText() const;
    [[nodiscard]] QString summaryText() const;

signals:
    void finished();

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void showResult();
    static QString pricingName(core::Pricing pricing);

    ScenarioSession* m_session;
    std::optional<core::PriceTable> m_table;
    QString m_origin;
    core::CostPlanResult m_result;
    std::vector<int> m_rowPlan; ///< per row shown, the plan of m_result it stands for
    HeldSearch m_search { core::sameCostPlanInputs };
    bool m_searchedDeadline = false; ///< the search shown had a deadline
    QString m_tableError;
    QLabel* m_tableLabel;
    QPushButton* m_open;
    QPushButton* m_example;
    QLabel* m_typesLabel;
    QLineEdit* m_types;
    QLabel* m_gpusLabel;
    QSpinBox* m_gpus;
    QLabel* m_deadlineLabel;
    QDoubleSpinBox* m_deadline;
    QPushButton* m_run;
    QPushButton* m_stop;
    QProgressBar* m_progress;
    QLabel* m_summary;
    QTableWidget* m_results;
    QPushButton* m_apply;
};

} // namespace ui
