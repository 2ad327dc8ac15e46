#include "widgets/models/memory_table_model.h"

#include "widgets/text/format.h"

#include <QFont>
#include <QLocale>

namespace ui {

MemoryTableModel::MemoryTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void MemoryTableModel::setEstimate(const core::Estimate& estimate)
{
    if (estimate.memory.perStage.size() == m_memory.perStage.size()) {
        m_memory = estimate.memory;
        emit headerDataChanged(Qt::Horizontal, Weights, Total); // the display unit may have changed
        if (rowCount() > 0) emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
        return;
    }
    beginResetModel();
    m_memory = estimate.memory;
    endResetModel();
}

int MemoryTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_memory.perStage.size());
}
int MemoryTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant MemoryTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const auto& st = m_memory.perStage[std::size_t(index.row())];
    if (role == Qt::FontRole && index.row() == m_memory.stage) {
        QFont bold;
        bold.setBold(true);
        return bold;
    }
    if (role == Qt::TextAlignmentRole) return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole) return {};
    const auto& b = st.bytes;
    const QLocale locale;
    auto bytes = [&](double v) { return locale.toString(bytesIn(v), 'f', 2); };
    switch (index.column()) {
    case Stage:
        return st.stage;
    case Layers:
        return st.layers;
    case InFlight:
        return formatSignificant(st.inFlight, 3);
    case Weights:
        return bytes(b.weights);
    case Gradients:
        return bytes(b.gradients);
    case Master:
        return bytes(b.masterWeights);
    case Optimizer:
        return bytes(b.optimizerStates);
    case ModelStates:
        return bytes(b.modelStates());
    case Activations:
        return bytes(b.activations);
    case Buffers:
        return bytes(b.buffers);
    case Overhead:
        return bytes(b.overhead);
    case Total:
        return bytes(b.total());
    }
    return {};
}

QVariant MemoryTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole && section == ModelStates)
        return tr("Weights, gradients, master weights and optimizer states together: the model states that ZeRO "
                  "shards over the data-parallel GPUs (Rajbhandari et al. 2020)");
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    const QString unit = unitName();
    switch (section) {
    //: a pipeline-parallel stage (a group of layers)
    case Stage:
        return tr("Stage");
    case Layers:
        return tr("Layers");
    case InFlight:
        return tr("Micro-batches in flight");
    case Weights:
        return tr("Weights (%1)").arg(unit);
    case Gradients:
        return tr("Gradients (%1)").arg(unit);
    case Master:
        return tr("Master (%1)").arg(unit);
    case Optimizer:
        return tr("Optimizer (%1)").arg(unit);
    case ModelStates:
        //: weights + gradients + master weights + optimizer states (ZeRO's "model states")
        return tr("Model states (%1)").arg(unit);
    case Activations:
        return tr("Activations (%1)").arg(unit);
    case Buffers:
        return tr("Buffers (%1)").arg(unit);
    case Overhead:
        return tr("Overhead (%1)").arg(unit);
    case Total:
        return tr("Total (%1)").arg(unit);
    }
    return {};
}

} // namespace ui
