#include "copyable_table_view.h"

#include <QApplication>
#include <QClipboard>
#include <QHeaderView>
#include <QKeyEvent>

namespace ui {

CopyableTableView::CopyableTableView(QWidget* parent) : QTableView(parent)
{
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setAlternatingRowColors(true);
    verticalHeader()->hide();
    horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    horizontalHeader()->setStretchLastSection(true);
    setContextMenuPolicy(Qt::ActionsContextMenu);
    auto* copyAction = new QAction(tr("Copy as text"), this);
    copyAction->setShortcut(QKeySequence::Copy);
    connect(copyAction, &QAction::triggered, this, &CopyableTableView::copy);
    addAction(copyAction);
}

QString CopyableTableView::toTsv() const
{
    const QAbstractItemModel* m = model();
    if (!m) return {};
    const auto selected = selectionModel() ? selectionModel()->selectedRows() : QModelIndexList{};
    QList<int> rows;
    for (const auto& index : selected) rows << index.row();
    if (rows.isEmpty())
        for (int r = 0; r < m->rowCount(); ++r) rows << r;
    std::sort(rows.begin(), rows.end());
    QStringList lines;
    QStringList header;
    for (int c = 0; c < m->columnCount(); ++c) header << m->headerData(c, Qt::Horizontal).toString();
    lines << header.join(QLatin1Char('\t'));
    for (int r : rows) {
        QStringList cells;
        for (int c = 0; c < m->columnCount(); ++c) cells << m->index(r, c).data().toString();
        lines << cells.join(QLatin1Char('\t'));
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

void CopyableTableView::copy() { QApplication::clipboard()->setText(toTsv()); }

void CopyableTableView::keyPressEvent(QKeyEvent* event)
{
    if (event->matches(QKeySequence::Copy)) {
        copy();
        return;
    }
    QTableView::keyPressEvent(event);
}

} // namespace ui
