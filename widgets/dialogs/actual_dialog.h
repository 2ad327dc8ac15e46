#pragma once
// File → Compare With Training Log: a run's first hour held against the plan — the
// measured step time, throughput, memory and MFU beside the estimate's, each residual, whether the
// run left the plan's range, and the whole run forecast at the measured pace. The refitted
// efficiency can be applied to the scenario (one undo step), so that every view follows the run.

#include "core/runs/training_log.h"

#include <QDialog>

#include <cstdint>

class QLabel;
class QPushButton;

namespace ui {

class ScenarioSession;

class ActualDialog : public QDialog {
    Q_OBJECT
public:
    /// `revision` is the session's revision the comparison was made for (0: the current one). Once
    /// the scenario changes, the refit belongs to another scenario: it can no longer be applied.
    ActualDialog(ScenarioSession* session, core::ActualComparison comparison, QWidget* parent = nullptr,
        std::uint64_t revision = 0);

    [[nodiscard]] const core::ActualComparison& comparison() const { return m_comparison; }
    /// The comparison as the dialog shows it (an HTML table), in the interface language.
    [[nodiscard]] QString text() const;
    /// Makes the refitted efficiency (and fragmentation, where the log gave reserved memory) the scenario's.
    void applyRefit();
    /// The scenario changed since the comparison was made.
    [[nodiscard]] bool isStale() const;

private:
    void updateStale();

    ScenarioSession* m_session;
    core::ActualComparison m_comparison;
    QLabel* m_text;
    QLabel* m_stale;
    QPushButton* m_apply;
    std::uint64_t m_revision;
    bool m_applied = false;
};

} // namespace ui
