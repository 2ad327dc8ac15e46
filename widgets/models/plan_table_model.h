#pragma once
// The best plans of a search, one row each, with their key figures.

#include "core/search/planner.h"

#include <QAbstractTableModel>

namespace ui {

class PlanTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    /// The columns: rank, the tie mark, one per parallel dimension (core::dimensions(), from
    /// FirstDegree on), then the other settings a plan sets and its figures.
    /// What a plan is ranked by comes first, so that it is in view without scrolling on a laptop;
    /// the layout follows.
    enum Column {
        Rank,
        Tie,
        Step,
        Days,
        Cost,
        Mfu,
        Memory,
        Comm,
        FirstDegree,
        Zero = FirstDegree + int(core::kDimensionCount),
        Sp,
        Recompute,
        Virtual,
        MicroBatch,
        ColumnCount
    };

    explicit PlanTableModel(QObject* parent = nullptr);
    void setPlans(std::vector<core::Plan> plans);
    [[nodiscard]] const std::vector<core::Plan>& plans() const { return m_plans; }

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] int columnCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role) const override;
    [[nodiscard]] QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    std::vector<core::Plan> m_plans;
};

} // namespace ui
