#pragma once
// File → Export Charts, Tables and Report: what will be written, chosen before anything is (a folder
// chooser alone left users guessing which files came out). Shows the scenario's name, which heads every file, for a
// last correction; a checklist of every figure with something to show (every slide, the pipeline, the placement and the
// what-if grid); the figures' formats and PNG scale; CSV with or without a BOM; JSON; the report's formats; and whether
// to open the folder afterwards. Remembers its choices. The files go to a new folder named after the scenario unless
// the user unticks that; the folder they go to is shown in full, and files there that this run did not write are
// replaced only after the user agreed to it in a box that names them. File names start with the scenario's short
// name unless unticked. While the files are drawn (about 10 s for every figure) the dialog shows which file of how
// many, Export is off, and Cancel stops the export, keeping the files drawn so far.

#include "widgets/export/folder_export.h"
#include "widgets/io/app_settings.h"

#include <QDialog>

#include <optional>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QGroupBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QProgressBar;

namespace ui {

class MainView;
class ScenarioSession;

class ExportDialog : public QDialog {
    Q_OBJECT
public:
    ExportDialog(MainView* view, ScenarioSession* session, QWidget* parent = nullptr);

    /// The folder field as typed (the parent of the new folder when subfolder() is ticked).
    [[nodiscard]] QString folder() const;
    void setFolder(const QString& folder);
    [[nodiscard]] bool subfolder() const;
    void setSubfolder(bool on);
    /// Where the files go: the folder field resolved (~, relative paths), and the new folder inside
    /// it when ticked (freshExportFolder). Shown below the field.
    [[nodiscard]] QString targetFolder() const;
    /// Whether file names start with the scenario's short name (exportPrefix), as ticked.
    [[nodiscard]] bool prefixNames() const;
    void setPrefixNames(bool on);
    /// What the ticks say.
    [[nodiscard]] ExportOptions options() const;
    /// The result of the export the Export button ran; when it ran none, renames the scenario if
    /// its name was edited (one undo step), remembers the choices and writes the files into
    /// targetFolder() now (with a new folder ticked: the one free when it starts). The caller reports
    /// the result.
    [[nodiscard]] ExportResult run();
    /// The Export button: asks before replacing files this run did not write (stays open on No),
    /// then exports with progress; the dialog closes (Accepted) when the files are written.
    void accept() override;
    /// Cancel: stops a running export (the dialog stays open and says how many files were written),
    /// else closes the dialog.
    void reject() override;
    [[nodiscard]] bool isExporting() const { return m_job != nullptr; }
    [[nodiscard]] QListWidget* figureList() const { return m_figures; }
    [[nodiscard]] bool openFolderWhenDone() const;

protected:
    void resizeEvent(QResizeEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    /// The scenario's name, the folder and where the files will go.
    QFormLayout* whereRows(const AppSettings::ExportChoices& saved);
    /// Every figure with something to show, ticked unless left out last time, and their formats.
    QGroupBox* figuresBox(const AppSettings::ExportChoices& saved);
    QGroupBox* tablesBox();
    QGroupBox* reportBox();
    void updateButtons();
    void updateTarget();
    /// Renames the scenario if asked and remembers the choices; false (with `error`) when the name
    /// was refused.
    bool prepare(QString& error);
    /// The name of the new folder: the name field, or the scenario's when it is empty.
    [[nodiscard]] QString newFolderName() const;
    /// The folder the export job is given: the folder field resolved; with a new folder ticked,
    /// `o.newFolderName` is set and the job claims the folder inside it when it starts.
    [[nodiscard]] QString jobFolder(ExportOptions& o) const;
    /// The job's end: closes the dialog, or after a cancel says what was written and stays open.
    void exportFinished(const ExportResult& result);
    void setExporting(bool on);

    MainView* m_view;
    ScenarioSession* m_session;
    QLineEdit* m_name;
    QLineEdit* m_folder;
    QListWidget* m_figures;
    QCheckBox *m_png, *m_svg, *m_pdf, *m_tables, *m_bom, *m_json, *m_md, *m_html, *m_reportPdf, *m_open;
    QCheckBox* m_subfolder;
    QCheckBox* m_prefix;
    QLabel* m_target;
    QLabel* m_progressText;
    QProgressBar* m_progress;
    QWidget* m_choices; ///< everything but the buttons and the progress: off while exporting
    ExportJob* m_job = nullptr;
    std::optional<ExportResult> m_result; ///< of the export the Export button ran
    QString m_agreedFolder; ///< the folder whose existing files the user agreed to replace
    QComboBox* m_scale;
    QPushButton* m_export = nullptr;
};

} // namespace ui
