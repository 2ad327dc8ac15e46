#pragma once
// A table view whose Copy (Ctrl+C) puts the selection — or the whole table — on the clipboard as
// tab-separated text with headers, ready to paste into a spreadsheet.

#include <QTableView>

namespace ui {

class CopyableTableView : public QTableView {
    Q_OBJECT
public:
    explicit CopyableTableView(QWidget* parent = nullptr);
    [[nodiscard]] QString toTsv() const;
    void copy();

protected:
    void keyPressEvent(QKeyEvent* event) override;
};

} // namespace ui
