#include "widgets/models/plan_table_model.h"

#include "widgets/text/format.h"

#include <QLocale>

namespace ui {

namespace {

/// The parallel dimension shown in `column`, or nullptr.
const core::Dimension* dimensionAt(int column)
{
    const int i = column - PlanTableModel::FirstDegree;
    return i >= 0 && i < int(core::kDimensionCount) ? &core::dimensions()[std::size_t(i)] : nullptr;
}

} // namespace

PlanTableModel::PlanTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void PlanTableModel::setPlans(std::vector<core::Plan> plans)
{
    beginResetModel();
    m_plans = std::move(plans);
    endResetModel();
}

int PlanTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_plans.size());
}
int PlanTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant PlanTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount()) return {};
    if (role == Qt::TextAlignmentRole) return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole) {
        // The whole layout on every cell: on a laptop its columns lie right of the ranked figures.
        const auto& plan = m_plans[std::size_t(index.row())];
        const auto& p = plan.scenario.parallel;
        //: a plan's layout in its row's tooltip: degrees · ZeRO · micro-batch · recomputation
        QString tip = tr("%1 · ZeRO-%2 · micro-batch %3 · recompute %4")
                          .arg(layoutDegrees(p, Degrees::aboveOne, QStringLiteral(" · ")))
                          .arg(p.zero)
                          .arg(plan.scenario.training.microBatch)
                          .arg(recomputeName(p.recompute));
        if (p.virtualStages > 1) tip += tr(" · %1 virtual stages").arg(p.virtualStages);
        if (p.sequenceParallel) tip += tr(" · sequence parallel");
        if (index.column() == Tie && plan.withinBestRange)
            tip += QStringLiteral("\n")
                + tr("Within the best plan's range: measured runs like these do not tell the two apart (Help › How "
                     "Accurate Is This?).");
        return tip;
    }
    if (role != Qt::DisplayRole) return {};
    const auto& plan = m_plans[std::size_t(index.row())];
    const auto& p = plan.scenario.parallel;
    const auto& e = plan.estimate;
    const QLocale locale;
    if (const core::Dimension* d = dimensionAt(index.column())) return d->of(p);
    switch (index.column()) {
    case Rank:
        return index.row() + 1;
    case Zero:
        return p.zero;
    case Sp:
        //: a plan table cell: sequence parallelism is switched on
        return p.sequenceParallel ? tr("on") : QStringLiteral("–");
    case Recompute:
        return recomputeName(p.recompute); // translated, "none" included
    case Virtual:
        return p.virtualStages;
    case MicroBatch:
        return plan.scenario.training.microBatch;
    case Memory:
        return formatBytes(e.memory.total(), 1);
    case Step:
        return formatSeconds(e.compute.stepTimeS);
    case Mfu:
        return locale.toString(e.compute.mfu * 100, 'f', 1);
    case Comm:
        return locale.toString(e.communication.shareOfStep * 100, 'f', 1);
    case Days:
        return formatFixed(e.training.timeS / 86400, 1);
    case Cost:
        return formatFixed(e.training.totalCostUsd, 0);
    case Tie:
        return plan.withinBestRange ? QStringLiteral("≈") : QString();
    }
    return {};
}

QVariant PlanTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (const core::Dimension* d = dimensionAt(section)) return dimensionLabel(*d);
    switch (section) {
    case Rank:
        return tr("#");
    case Zero:
        return QStringLiteral("ZeRO");
    case Sp:
        return tr("SP");
    case Recompute:
        return tr("Recompute");
    case Virtual:
        return tr("v");
    case MicroBatch:
        return tr("Micro-batch");
    case Memory:
        return tr("Memory / GPU");
    case Step:
        return tr("Step (s)");
    case Mfu:
        return tr("MFU (%)");
    case Comm:
        return tr("Comm. (%)");
    case Days:
        return tr("Days");
    case Cost:
        return tr("Cost (USD)");
    case Tie:
        return tr("≈ best");
    }
    return {};
}

} // namespace ui
