#include "widgets/models/collectives_model.h"

#include "widgets/text/format.h"

#include <QLocale>

namespace ui {

CollectivesModel::CollectivesModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void CollectivesModel::setEstimate(const core::Estimate& estimate)
{
    const auto& rows = estimate.communication.collectives;
    if (rows.size() == m_rows.size()) {
        m_rows = rows; // same shape: update the cells in place
        emit headerDataChanged(Qt::Horizontal, Sent, Sent); // the display unit may have changed
        if (!m_rows.empty()) emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
        return;
    }
    beginResetModel();
    m_rows = rows;
    endResetModel();
}

int CollectivesModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}
int CollectivesModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CollectivesModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const auto& c = m_rows[std::size_t(index.row())];
    if (role == Qt::TextAlignmentRole)
        return index.column() >= Ranks && index.column() != Link ? int(Qt::AlignRight | Qt::AlignVCenter)
                                                                 : int(Qt::AlignLeft | Qt::AlignVCenter);
    if (role != Qt::DisplayRole && role != Qt::UserRole) return {};
    const bool raw = role == Qt::UserRole; // base units, for copying and export
    const QLocale locale;
    switch (index.column()) {
    case Group:
        return QString::fromLatin1(core::toString(c.group).data()).toUpper();
    case Operation:
        return QString::fromLatin1(core::toString(c.op).data());
    case Ranks:
        return c.groupSize;
    case Link:
        return c.link == core::Link::inter_node ? tr("network")
            : c.overPcie                        ? tr("PCIe (in node)")
                                                : tr("NVLink (in node)");
    case Message:
        return raw ? QVariant(c.messageBytes) : QVariant(locale.toString(c.messageBytes / 1e6, 'f', 1));
    case Calls:
        return raw ? QVariant(c.callsPerStep) : QVariant(locale.toString(c.callsPerStep, 'f', 0));
    case Sent:
        return raw ? QVariant(c.sentBytesPerGpu) : QVariant(locale.toString(bytesIn(c.sentBytesPerGpu), 'f', 2));
    case Time:
        return raw ? QVariant(c.timeS) : QVariant(locale.toString(c.timeS * 1e3, 'f', 1));
    case Exposed:
        return raw ? QVariant(c.exposedTimeS) : QVariant(locale.toString(c.exposedTimeS * 1e3, 'f', 1));
    }
    return {};
}

QVariant CollectivesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Group:
        return tr("Group");
    case Operation:
        return tr("Operation");
    case Ranks:
        return tr("Ranks");
    case Link:
        return tr("Link");
    case Message:
        return tr("Message (MB)");
    case Calls:
        return tr("Calls / step");
    case Sent:
        return tr("Sent / GPU (%1)").arg(unitName());
    case Time:
        return tr("Time (ms)");
    case Exposed:
        return tr("Exposed (ms)");
    }
    return {};
}

} // namespace ui
