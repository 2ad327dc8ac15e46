#pragma once
// File → Export Charts, Tables and Report (usability review, problem 7: the export was a folder
// chooser and a status-bar line). Shows the scenario's name, which heads every file, for a last
// correction; a checklist of every figure with something to show (every slide, the pipeline, the
// placement and the what-if grid); the figures' formats and PNG scale; CSV with or without a BOM;
// JSON; the report's formats; and whether to open the folder afterwards. Remembers its choices.

#include "widgets/export/report_export.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QLineEdit;
class QListWidget;

namespace ui {

class MainView;
class ScenarioSession;

class ExportDialog : public QDialog {
    Q_OBJECT
public:
    ExportDialog(MainView* view, ScenarioSession* session, QWidget* parent = nullptr);

    [[nodiscard]] QString folder() const;
    void setFolder(const QString& folder);
    /// What the ticks say.
    [[nodiscard]] ExportOptions options() const;
    /// Renames the scenario if its name was edited (one undo step), remembers the choices and writes
    /// the files. The caller reports the result.
    [[nodiscard]] ExportResult run();
    [[nodiscard]] QListWidget* figureList() const { return m_figures; }
    [[nodiscard]] bool openFolderWhenDone() const;

private:
    void updateButtons();

    MainView* m_view;
    ScenarioSession* m_session;
    QLineEdit* m_name;
    QLineEdit* m_folder;
    QListWidget* m_figures;
    QCheckBox *m_png, *m_svg, *m_pdf, *m_tables, *m_bom, *m_json, *m_md, *m_html, *m_reportPdf, *m_open;
    QComboBox* m_scale;
    QPushButton* m_export = nullptr;
};

} // namespace ui
