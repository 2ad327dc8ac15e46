#include "widgets/models/copyable_table_view.h"

#include "widgets/text/retranslate.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QHeaderView>

namespace ui {

QString tableToTsv(const QTableView* view)
{
    const QAbstractItemModel* m = view->model();
    if (!m) return {};
    const auto selected = view->selectionModel() ? view->selectionModel()->selectedRows() : QModelIndexList {};
    QList<int> rows;
    for (const auto& index : selected)
        rows << index.row();
    if (rows.isEmpty())
        for (int r = 0; r < m->rowCount(); ++r)
            rows << r;
    std::sort(rows.begin(), rows.end());
    const bool rowHeaders = !view->verticalHeader()->isHidden();
    QStringList lines;
    QStringList header;
    if (rowHeaders) header << QString();
    for (int c = 0; c < m->columnCount(); ++c)
        header << m->headerData(c, Qt::Horizontal).toString();
    lines << header.join(QLatin1Char('\t'));
    for (int r : rows) {
        QStringList cells;
        if (rowHeaders) cells << m->headerData(r, Qt::Vertical).toString();
        for (int c = 0; c < m->columnCount(); ++c)
            cells << m->index(r, c).data().toString();
        lines << cells.join(QLatin1Char('\t'));
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

void installTableCopy(QTableView* view)
{
    view->setContextMenuPolicy(Qt::ActionsContextMenu);
    auto* action = new QAction(view);
    action->setObjectName(QStringLiteral("copyTableAction"));
    action->setShortcut(QKeySequence::Copy);
    action->setShortcutContext(Qt::WidgetShortcut);
    QObject::connect(
        action, &QAction::triggered, view, [view] { QApplication::clipboard()->setText(tableToTsv(view)); });
    view->addAction(action);
    onLanguageChange(
        view, [action] { action->setText(QApplication::translate("ui::CopyableTableView", "Copy as text")); });
}

CopyableTableView::CopyableTableView(QWidget* parent)
    : QTableView(parent)
{
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setAlternatingRowColors(true);
    verticalHeader()->hide();
    horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    horizontalHeader()->setStretchLastSection(true);
    installTableCopy(this);
}

void CopyableTableView::copy()
{
    QApplication::clipboard()->setText(toTsv());
}

} // namespace ui
