#pragma once
// Tables whose Copy (Ctrl+C, or the context menu) puts the selection — or the whole table — on the
// clipboard as tab-separated text with headers, ready to paste into a spreadsheet.

#include <QTableView>

namespace ui {

/// The selected rows (all rows when none is selected) as tab-separated text: a header line, then
/// one line per row; the row headers come first when the vertical header is shown.
[[nodiscard]] QString tableToTsv(const QTableView* view);

/// Adds the "Copy as text" action (Ctrl+C while the table has focus) to any table view.
void installTableCopy(QTableView* view);

class CopyableTableView : public QTableView {
    Q_OBJECT
public:
    explicit CopyableTableView(QWidget* parent = nullptr);
    [[nodiscard]] QString toTsv() const { return tableToTsv(this); }
    void copy();
};

} // namespace ui
