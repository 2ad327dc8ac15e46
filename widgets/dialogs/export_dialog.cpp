#include "widgets/dialogs/export_dialog.h"

#include "core/base/file_io.h"
#include "widgets/io/app_settings.h"
#include "widgets/io/safe_save.h"
#include "widgets/main_view.h"
#include "widgets/session/scenario_document.h"
#include "widgets/session/scenario_session.h"
#include "widgets/text/native_path.h"
#include "widgets/text/scenario_name.h"
#include "widgets/text/text_limit.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QResizeEvent>
#include <QStandardPaths>
#include <QVBoxLayout>

#include <algorithm>

namespace ui {

ExportDialog::ExportDialog(MainView* view, ScenarioSession* session, QWidget* parent)
    : QDialog(parent)
    , m_view(view)
    , m_session(session)
{
    setObjectName(QStringLiteral("exportDialog"));
    setWindowTitle(tr("Export Charts, Tables and Report"));
    const AppSettings::ExportChoices saved = AppSettings::exportChoices();
    QFormLayout* top = whereRows(saved);
    QGroupBox* figures = figuresBox(saved);
    QWidget* tables = tablesBox();
    QWidget* report = reportBox();
    m_open = new QCheckBox(tr("Open the folder when done"), this);
    const std::pair<QCheckBox*, bool> ticks[] = { { m_png, saved.png }, { m_svg, saved.svg }, { m_pdf, saved.pdf },
        { m_tables, saved.tables }, { m_bom, saved.bom }, { m_json, saved.json }, { m_md, saved.reportMarkdown },
        { m_html, saved.reportHtml }, { m_reportPdf, saved.reportPdf }, { m_open, saved.openFolder } };
    for (const auto& [box, on] : ticks)
        box->setChecked(on);
    m_png->setObjectName(QStringLiteral("exportPng"));
    m_svg->setObjectName(QStringLiteral("exportSvg"));
    m_pdf->setObjectName(QStringLiteral("exportPdf"));
    m_tables->setObjectName(QStringLiteral("exportCsv"));
    m_bom->setObjectName(QStringLiteral("exportBom"));
    m_json->setObjectName(QStringLiteral("exportJson"));
    m_md->setObjectName(QStringLiteral("exportMarkdown"));
    m_html->setObjectName(QStringLiteral("exportHtml"));
    m_reportPdf->setObjectName(QStringLiteral("exportReportPdf"));
    m_open->setObjectName(QStringLiteral("exportOpen"));

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_export = buttons->addButton(tr("&Export"), QDialogButtonBox::AcceptRole);
    m_export->setDefault(true);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    for (QCheckBox* box : { m_png, m_svg, m_pdf, m_tables, m_json, m_md, m_html, m_reportPdf })
        connect(box, &QCheckBox::toggled, this, &ExportDialog::updateButtons);
    connect(m_tables, &QCheckBox::toggled, m_bom, &QWidget::setEnabled);
    connect(m_png, &QCheckBox::toggled, m_scale, &QWidget::setEnabled);
    connect(m_figures, &QListWidget::itemChanged, this, &ExportDialog::updateButtons);
    connect(m_folder, &QLineEdit::textChanged, this, &ExportDialog::updateButtons);
    connect(m_folder, &QLineEdit::textChanged, this, &ExportDialog::updateTarget);
    connect(m_name, &QLineEdit::textChanged, this, &ExportDialog::updateTarget);
    connect(m_subfolder, &QCheckBox::toggled, this, &ExportDialog::updateTarget);

    connect(m_prefix, &QCheckBox::toggled, this, &ExportDialog::updateTarget);

    auto* lower = new QHBoxLayout;
    lower->addWidget(tables, 1);
    lower->addWidget(report, 1);
    m_choices = new QWidget(this);
    auto* choices = new QVBoxLayout(m_choices);
    choices->setContentsMargins(0, 0, 0, 0);
    choices->addLayout(top);
    choices->addWidget(figures, 1);
    choices->addLayout(lower);
    choices->addWidget(m_open);
    // Which file of how many, while the export runs.
    m_progressText = new QLabel(this);
    m_progressText->setObjectName(QStringLiteral("exportProgressText"));
    m_progressText->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_progress = new QProgressBar(this);
    m_progress->setObjectName(QStringLiteral("exportProgress"));
    m_progress->setTextVisible(false);
    auto* progress = new QVBoxLayout;
    progress->addWidget(m_progressText);
    progress->addWidget(m_progress);
    m_progressText->hide();
    m_progress->hide();
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_choices, 1);
    layout->addLayout(progress);
    layout->addWidget(buttons);
    m_bom->setEnabled(m_tables->isChecked());
    m_scale->setEnabled(m_png->isChecked());
    updateButtons();
    updateTarget();
    resize(sizeOnScreen(QSize(620, 660), parentWidget()));
}

QFormLayout* ExportDialog::whereRows(const AppSettings::ExportChoices& saved)
{
    m_name = new QLineEdit(ScenarioName::of(m_session->scenario()), this);
    m_name->setObjectName(QStringLiteral("exportName"));
    m_name->setToolTip(tr("Heads the report and every exported chart; a change renames the scenario"));
    limitToScenarioName(m_name);
    m_folder = new QLineEdit(this);
    m_folder->setObjectName(QStringLiteral("exportFolder"));
    m_folder->setText(saved.folder.isEmpty() ? QDir(QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation))
                                                   .filePath(QStringLiteral("TrainPlanner export"))
                                             : saved.folder);
    auto* browse = new QPushButton(tr("&Browse…"), this);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString chosen = QFileDialog::getExistingDirectory(this, tr("Export to"), m_folder->text());
        if (!chosen.isEmpty()) m_folder->setText(chosen);
    });
    auto* folderRow = new QHBoxLayout;
    folderRow->addWidget(m_folder, 1);
    folderRow->addWidget(browse);
    auto* top = new QFormLayout;
    top->addRow(tr("Scenario &name:"), m_name);
    // A row of a layout takes no buddy by itself: the label names the line edit (Alt+F).
    auto* folderLabel = new QLabel(tr("&Folder:"), this);
    folderLabel->setBuddy(m_folder);
    top->addRow(folderLabel, folderRow);
    m_subfolder = new QCheckBox(tr("In a &new folder named after the scenario"), this);
    m_subfolder->setObjectName(QStringLiteral("exportSubfolder"));
    m_subfolder->setToolTip(tr("Nothing already in the folder is replaced: each export gets its own folder"));
    m_subfolder->setChecked(saved.subfolder);
    top->addRow(QString(), m_subfolder);
    m_prefix = new QCheckBox(this);
    m_prefix->setObjectName(QStringLiteral("exportPrefix"));
    m_prefix->setChecked(saved.prefixNames);
    top->addRow(QString(), m_prefix);
    m_target = new QLabel(this);
    m_target->setObjectName(QStringLiteral("exportTarget"));
    // One line, elided in the middle (the folder's own name stays in view), the whole path as its tooltip:
    // a wrapped label keeps the height of its narrowest layout.
    m_target->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    // Elided again when the label itself is resized: the dialog's resize comes before the layout
    // gives the label its new width, and eliding to the old one left "/… A100 SXM 80GB".
    m_target->installEventFilter(this);
    top->addRow(QString(), m_target);

    return top;
}

QGroupBox* ExportDialog::figuresBox(const AppSettings::ExportChoices& saved)
{
    // Every figure with something to show, ticked unless the user left it out last time.
    auto* figures = new QGroupBox(tr("Charts"), this);
    m_figures = new QListWidget(figures);
    m_figures->setObjectName(QStringLiteral("exportFigures"));
    m_figures->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_figures->setTextElideMode(Qt::ElideRight);
    m_figures->setUniformItemSizes(true);
    for (const auto& f : m_view->figures()) {
        auto* item = new QListWidgetItem(f.title, m_figures);
        item->setData(Qt::UserRole, f.file);
        item->setToolTip(QStringLiteral("%1 (%2)").arg(f.title, f.file)); // the list elides a long title
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(saved.skippedFigures.contains(f.file) ? Qt::Unchecked : Qt::Checked);
    }
    auto* all = new QPushButton(tr("&All"), figures);
    auto* none = new QPushButton(tr("N&one"), figures);
    auto setAll = [this](Qt::CheckState state) {
        for (int i = 0; i < m_figures->count(); ++i)
            m_figures->item(i)->setCheckState(state);
    };
    connect(all, &QPushButton::clicked, this, [setAll] { setAll(Qt::Checked); });
    connect(none, &QPushButton::clicked, this, [setAll] { setAll(Qt::Unchecked); });
    m_png = new QCheckBox(tr("PNG at"), figures);
    m_scale = new QComboBox(figures);
    m_scale->setObjectName(QStringLiteral("exportScale"));
    for (int s = 1; s <= 3; ++s)
        m_scale->addItem(tr("%1× (%2 × %3 px)").arg(s).arg(1200 * s).arg(750 * s), s);
    m_scale->setCurrentIndex(saved.scale - 1);
    m_svg = new QCheckBox(tr("SVG"), figures);
    m_pdf = new QCheckBox(tr("PDF"), figures);
    auto* formats = new QHBoxLayout;
    formats->addWidget(m_png);
    formats->addWidget(m_scale);
    formats->addWidget(m_svg);
    formats->addWidget(m_pdf);
    formats->addStretch(1);
    formats->addWidget(all);
    formats->addWidget(none);
    auto* figuresLayout = new QVBoxLayout(figures);
    figuresLayout->addWidget(m_figures, 1);
    figuresLayout->addLayout(formats);

    return figures;
}

QGroupBox* ExportDialog::tablesBox()
{
    auto* box = new QGroupBox(tr("Tables and data"), this);
    m_tables = new QCheckBox(tr("Tables as CSV"), box);
    m_bom = new QCheckBox(tr("with a UTF-8 BOM (Excel reads Chinese text)"), box);
    m_json = new QCheckBox(tr("Estimate and scenario as JSON"), box);
    auto* dataLayout = new QVBoxLayout(box);
    dataLayout->addWidget(m_tables);
    dataLayout->addWidget(m_bom);
    dataLayout->addWidget(m_json);

    return box;
}

QGroupBox* ExportDialog::reportBox()
{
    auto* box = new QGroupBox(tr("Report"), this);
    m_md = new QCheckBox(tr("Markdown"), box);
    m_html = new QCheckBox(tr("HTML"), box);
    m_reportPdf = new QCheckBox(tr("PDF (A4 handout)"), box);
    auto* reportLayout = new QVBoxLayout(box);
    reportLayout->addWidget(m_reportPdf);
    reportLayout->addWidget(m_html);
    reportLayout->addWidget(m_md);

    return box;
}

QString ExportDialog::folder() const
{
    return m_folder->text().trimmed();
}

void ExportDialog::setFolder(const QString& folder)
{
    m_folder->setText(folder);
}

bool ExportDialog::subfolder() const
{
    return m_subfolder->isChecked();
}

void ExportDialog::setSubfolder(bool on)
{
    m_subfolder->setChecked(on);
}

QString ExportDialog::newFolderName() const
{
    const QString name = m_name->text().trimmed();
    return name.isEmpty() ? ScenarioName::of(m_session->scenario()) : name;
}

QString ExportDialog::jobFolder(ExportOptions& o) const
{
    // The new folder is claimed by the export when it starts (NAME, or NAME (2) if another took it).
    if (subfolder()) o.newFolderName = newFolderName();
    return resolveFolder(folder());
}

QString ExportDialog::targetFolder() const
{
    if (folder().isEmpty()) return {};
    return subfolder() ? freshExportFolder(folder(), newFolderName()) : resolveFolder(folder());
}

bool ExportDialog::prefixNames() const
{
    return m_prefix->isChecked();
}

void ExportDialog::setPrefixNames(bool on)
{
    m_prefix->setChecked(on);
}

void ExportDialog::updateTarget()
{
    // The short name as it will be: files of several scenarios in one folder stay apart.
    const QString example = exportPrefix(m_session->scenario(), double(m_session->results().estimate.params.total))
        + QStringLiteral("_memory.png");
    //: %1 is an example file name, "llama-2-7b-8xa100-80gb_memory.png"
    m_prefix->setText(tr("&Prefix file names with the scenario (%1)").arg(example));
    const QString target = QDir::toNativeSeparators(targetFolder());
    //: where the exported files will be written; %1 is a folder's full path
    const QString text = target.isEmpty() ? QString() : tr("Files go to: %1").arg(target);
    m_target->setToolTip(text);
    m_target->setText(m_target->fontMetrics().elidedText(text, Qt::ElideMiddle, std::max(m_target->width(), 200)));
}

void ExportDialog::resizeEvent(QResizeEvent* event)
{
    QDialog::resizeEvent(event);
    updateTarget();
}

bool ExportDialog::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_target && event->type() == QEvent::Resize) updateTarget();
    return QDialog::eventFilter(watched, event);
}

void ExportDialog::accept()
{
    const QString target = targetFolder();
    // Said before anything is drawn, with the dialog still open to choose another folder.
    for (QString part = target; !part.isEmpty() && part != QLatin1String("/"); part = QFileInfo(part).path()) {
        if (!pathExists(part)) continue;
        if (isFolder(part)) break;
        QMessageBox::warning(this, tr("Not a folder"),
            tr("%1 is a file, not a folder: choose another folder.").arg(QDir::toNativeSeparators(part)));
        return;
    }
    // Into a chosen folder: never the scenario file open in the window or its profile (the export
    // refuses them too), and a user's files only when agreed. A new folder is empty.
    QStringList existing;
    if (!subfolder()) {
        std::vector<std::string> targets;
        for (const QString& file : exportFileNames(m_view, m_session, options())) {
            const QString path = QDir(target).filePath(file);
            targets.push_back(nativePath(path));
            if (pathExists(path) && !wroteThis(path)) existing << file;
        }
        if (!core::clashWithInputs(targets, sessionInputs(*m_session)).empty()) {
            QMessageBox::warning(this, tr("Export would replace the scenario"),
                tr("The export would replace the scenario file open in the window, or its hardware profile, in "
                   "%1: it never does. Choose another folder, or tick “In a new folder” or “Prefix file names”.")
                    .arg(QDir::toNativeSeparators(target)));
            return;
        }
    }
    if (!existing.isEmpty()) {
        QMessageBox ask(QMessageBox::Warning, tr("Replace files?"),
            tr("%n file(s) in %1 would be replaced: this export did not write them.", "", int(existing.size()))
                .arg(QDir::toNativeSeparators(target)),
            QMessageBox::NoButton, this);
        ask.setObjectName(QStringLiteral("exportReplace"));
        ask.setInformativeText(subfolder() ? tr("Choose another folder to keep them.")
                                           : tr("Choose another folder, or tick “In a new folder”, to keep them."));
        ask.setDetailedText(existing.join(QLatin1Char('\n')));
        QPushButton* replace = ask.addButton(tr("&Replace"), QMessageBox::DestructiveRole);
        QPushButton* keep = ask.addButton(QMessageBox::Cancel);
        ask.setDefaultButton(keep);
        ask.exec();
        if (ask.clickedButton() != replace) return;
    }
    m_agreedFolder = existing.isEmpty() ? QString() : target;
    QString refused;
    if (!prepare(refused)) {
        ExportResult r;
        r.error = refused;
        exportFinished(r);
        return;
    }
    ExportOptions o = options();
    o.replaceExisting = !m_agreedFolder.isEmpty() && m_agreedFolder == target;
    m_job = new ExportJob(m_view, m_session, jobFolder(o), o, this);
    connect(m_job, &ExportJob::progress, this, [this](int done, int total, const QString& file) {
        m_progress->setRange(0, total);
        m_progress->setValue(done);
        //: while exporting: %1 and %2 count files, %3 is the file being drawn
        m_progressText->setText(file.isEmpty() ? tr("Writing %n file(s)…", "", done)
                                               : tr("File %1 of %2: %3").arg(done + 1).arg(total).arg(file));
    });
    connect(m_job, &ExportJob::finished, this, &ExportDialog::exportFinished);
    setExporting(true);
    m_progress->setRange(0, int(m_job->fileNames().size()));
    m_progress->setValue(0);
    m_job->start();
}

void ExportDialog::reject()
{
    if (m_job) {
        m_job->cancel(); // the dialog stays: exportFinished says what was written
        return;
    }
    QDialog::reject();
}

void ExportDialog::setExporting(bool on)
{
    m_choices->setEnabled(!on);
    m_export->setEnabled(!on);
    m_progress->setVisible(on);
    m_progressText->setVisible(on);
    if (!on) updateButtons();
}

void ExportDialog::exportFinished(const ExportResult& result)
{
    if (m_job) {
        m_job->deleteLater();
        m_job = nullptr;
    }
    setExporting(false);
    if (!result.cancelled) {
        m_result = result;
        QDialog::accept();
        return;
    }
    // Cancelled: what was drawn before is written; the dialog stays for another try.
    const QString folder = QDir::toNativeSeparators(result.folder);
    QMessageBox box(QMessageBox::Information, tr("Export cancelled"),
        result.files.isEmpty()
            ? tr("Export cancelled: no file was written.")
            //: %n files of %1 were written into folder %2
            : tr("Export cancelled: %n of %1 files were written to %2.", "", int(result.files.size()))
                  .arg(result.planned)
                  .arg(folder),
        QMessageBox::Ok, this);
    box.setObjectName(QStringLiteral("exportCancelled"));
    if (!result.error.isEmpty()) box.setInformativeText(result.error);
    box.exec();
}

bool ExportDialog::openFolderWhenDone() const
{
    return m_open->isChecked();
}

ExportOptions ExportDialog::options() const
{
    ExportOptions o;
    o.scale = m_scale->currentData().toInt();
    o.csvBom = m_tables->isChecked() && m_bom->isChecked();
    QStringList chosen;
    for (int i = 0; i < m_figures->count(); ++i)
        if (m_figures->item(i)->checkState() == Qt::Checked)
            chosen << m_figures->item(i)->data(Qt::UserRole).toString();
    o.figures = chosen;
    o.png = m_png->isChecked();
    o.svg = m_svg->isChecked();
    o.pdf = m_pdf->isChecked();
    o.tables = m_tables->isChecked();
    o.json = m_json->isChecked();
    o.reportMarkdown = m_md->isChecked();
    o.reportHtml = m_html->isChecked();
    o.reportPdf = m_reportPdf->isChecked();
    if (m_prefix->isChecked())
        o.prefix = exportPrefix(m_session->scenario(), double(m_session->results().estimate.params.total));
    return o;
}

void ExportDialog::updateButtons()
{
    // Something to write, somewhere to write it.
    const ExportOptions o = options();
    const bool figures = !o.figures->isEmpty() && (o.png || o.svg || o.pdf);
    const bool anything = figures || o.tables || o.json || o.reportMarkdown || o.reportHtml || o.reportPdf;
    m_export->setEnabled(anything && !folder().isEmpty());
}

ExportResult ExportDialog::run()
{
    if (m_result) return *m_result;
    const QString target = targetFolder(); // before a rename: the folder shown is the folder used
    ExportResult refused;
    if (!prepare(refused.error)) return refused;
    ExportOptions agreed = options();
    agreed.replaceExisting = !m_agreedFolder.isEmpty() && m_agreedFolder == target;
    return exportAll(m_view, m_session, jobFolder(agreed), agreed);
}

bool ExportDialog::prepare(QString& error)
{
    const QString name = m_name->text().trimmed();
    if (!name.isEmpty() && name != ScenarioName::of(m_session->scenario())
        && !m_session->document()->edit(
            tr("Rename scenario"), [&name](core::Scenario& s) { s.name = name.toStdString(); })) {
        error = tr("The name was not applied, so nothing was exported.");
        return false;
    }
    AppSettings::ExportChoices c;
    c.folder = folder();
    c.subfolder = subfolder();
    for (int i = 0; i < m_figures->count(); ++i)
        if (m_figures->item(i)->checkState() != Qt::Checked)
            c.skippedFigures << m_figures->item(i)->data(Qt::UserRole).toString();
    const ExportOptions o = options();
    c.png = o.png;
    c.svg = o.svg;
    c.pdf = o.pdf;
    c.scale = int(o.scale);
    c.tables = o.tables;
    c.bom = m_bom->isChecked();
    c.json = o.json;
    c.reportMarkdown = o.reportMarkdown;
    c.reportHtml = o.reportHtml;
    c.reportPdf = o.reportPdf;
    c.openFolder = m_open->isChecked();
    c.prefixNames = m_prefix->isChecked();
    AppSettings::setExportChoices(c);
    return true;
}

} // namespace ui
