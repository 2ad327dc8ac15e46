#pragma once
// The collectives of one step as a table: group, operation, link, volume and time.

#include "core/estimate/estimate.h"

#include <QAbstractTableModel>

namespace ui {

class CollectivesModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Group, Operation, Ranks, Link, Message, Calls, Sent, Time, Exposed, ColumnCount };

    explicit CollectivesModel(QObject* parent = nullptr);
    void setEstimate(const core::Estimate& estimate);

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] int columnCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role) const override;
    [[nodiscard]] QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    std::vector<core::Collective> m_rows;
};

} // namespace ui
