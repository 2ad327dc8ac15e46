#pragma once
// Memory per GPU of every pipeline stage, term by term (the numbers behind the memory chart).

#include "core/estimate/estimate.h"
#include "widgets/text/format.h"

#include <QAbstractTableModel>

namespace ui {

class MemoryTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Stage,
        Layers,
        InFlight,
        Weights,
        Gradients,
        Master,
        Optimizer,
        ModelStates, ///< the four above: what ZeRO shards (Rajbhandari et al. 2020 §3)
        Activations,
        Buffers,
        Overhead,
        Total,
        ColumnCount
    };

    explicit MemoryTableModel(QObject* parent = nullptr);
    void setEstimate(const core::Estimate& estimate);

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] int columnCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role) const override;
    [[nodiscard]] QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    core::MemoryEstimate m_memory;
};

} // namespace ui
