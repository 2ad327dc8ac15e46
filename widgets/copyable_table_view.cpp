#include "copyable_table_view.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QEvent>
#include <QHeaderView>

namespace ui {

namespace {

/// The copy action; retranslated when the language changes.
class TableCopy : public QObject {
public:
    explicit TableCopy(QTableView* view) : QObject(view), m_view(view)
    {
        view->setContextMenuPolicy(Qt::ActionsContextMenu);
        m_action = new QAction(view);
        m_action->setObjectName(QStringLiteral("copyTableAction"));
        m_action->setShortcut(QKeySequence::Copy);
        m_action->setShortcutContext(Qt::WidgetShortcut);
        connect(m_action, &QAction::triggered, this, [this] { QApplication::clipboard()->setText(tableToTsv(m_view)); });
        view->addAction(m_action);
        view->installEventFilter(this);
        retranslate();
    }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::LanguageChange) retranslate();
        return QObject::eventFilter(watched, event);
    }

private:
    void retranslate() { m_action->setText(QApplication::translate("ui::CopyableTableView", "Copy as text")); }

    QTableView* m_view;
    QAction* m_action = nullptr;
};

} // namespace

QString tableToTsv(const QTableView* view)
{
    const QAbstractItemModel* m = view->model();
    if (!m) return {};
    const auto selected = view->selectionModel() ? view->selectionModel()->selectedRows() : QModelIndexList{};
    QList<int> rows;
    for (const auto& index : selected) rows << index.row();
    if (rows.isEmpty())
        for (int r = 0; r < m->rowCount(); ++r) rows << r;
    std::sort(rows.begin(), rows.end());
    const bool rowHeaders = !view->verticalHeader()->isHidden();
    QStringList lines;
    QStringList header;
    if (rowHeaders) header << QString();
    for (int c = 0; c < m->columnCount(); ++c) header << m->headerData(c, Qt::Horizontal).toString();
    lines << header.join(QLatin1Char('\t'));
    for (int r : rows) {
        QStringList cells;
        if (rowHeaders) cells << m->headerData(r, Qt::Vertical).toString();
        for (int c = 0; c < m->columnCount(); ++c) cells << m->index(r, c).data().toString();
        lines << cells.join(QLatin1Char('\t'));
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

void installTableCopy(QTableView* view) { new TableCopy(view); }

CopyableTableView::CopyableTableView(QWidget* parent) : QTableView(parent)
{
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setAlternatingRowColors(true);
    verticalHeader()->hide();
    horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    horizontalHeader()->setStretchLastSection(true);
    installTableCopy(this);
}

void CopyableTableView::copy() { QApplication::clipboard()->setText(toTsv()); }

} // namespace ui
