#include "widgets/dialogs/help_dialog.h"

#include "core/estimate/sensitivity.h"
#include "widgets/main_view.h"
#include "widgets/pages/page_registry.h"

#include <QAction>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QKeySequence>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QTabWidget>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>

#include <algorithm>
#include <functional>

namespace ui {

namespace {

/// A menu item's words as a sentence uses them: no mnemonic marks, no trailing ellipsis.
QString plainText(QString text)
{
    // A translation's mnemonic in brackets ("新建(&N)") goes whole.
    static const QRegularExpression bracketed(QStringLiteral("[(（]&[^&][)）]"));
    text.remove(bracketed);
    text.replace(QLatin1String("&&"), QStringLiteral("\x01"));
    text.remove(QLatin1Char('&'));
    text.replace(QStringLiteral("\x01"), QStringLiteral("&"));
    text = text.trimmed();
    if (text.endsWith(QChar(0x2026))) text.chop(1);
    if (text.endsWith(QLatin1String("..."))) text.chop(3);
    // A form label's colon, full-width in Chinese.
    if (text.endsWith(QLatin1Char(':')) || text.endsWith(QChar(0xFF1A))) text.chop(1);
    return text.trimmed();
}

/// The first menu that holds `action`, or null.
const QMenu* menuOf(const QAction* action)
{
    for (const QObject* object : action->associatedObjects())
        if (const auto* menu = qobject_cast<const QMenu*>(object)) return menu;
    return nullptr;
}

/// The menu's path from the menu bar ("File › Export Launch Settings").
QString menuPath(const QMenu* menu)
{
    QStringList path;
    // Up to the menu bar; a menu without a title (the menu bar's overflow list) is no part of a path.
    for (const QMenu* m = menu; m && !m->title().isEmpty(); m = m->menuAction() ? menuOf(m->menuAction()) : nullptr) {
        path.prepend(plainText(m->title()));
        if (path.size() > 4) break; // no cycle of menus in a window, but never loop
    }
    return path.join(QStringLiteral(" › "));
}

QString row(const QString& a, const QString& b, const QString& c = QString())
{
    QString html
        = QStringLiteral("<tr><td style='padding:2px 12px 2px 0'><b>%1</b></td><td style='padding:2px 12px 2px "
                         "0'>%2</td>")
              .arg(a.toHtmlEscaped(), b.toHtmlEscaped());
    if (!c.isNull()) html += QStringLiteral("<td style='padding:2px 0'>%1</td>").arg(c.toHtmlEscaped());
    return html + QStringLiteral("</tr>");
}

QString item(const QString& title, const QString& body)
{
    return QStringLiteral("<li><b>%1</b> %2</li>").arg(title.toHtmlEscaped(), body.toHtmlEscaped());
}

} // namespace

HelpDialog::HelpDialog(QWidget* window, Section section, QWidget* parent)
    : QDialog(parent)
    , m_window(window)
{
    setObjectName(QStringLiteral("helpDialog"));
    m_tabs = new QTabWidget(this);
    m_start = new QTextBrowser(m_tabs);
    m_start->setObjectName(QStringLiteral("helpGettingStarted"));
    m_start->setOpenExternalLinks(true); // the installed manual, a folder on this computer
    m_keys = new QTextBrowser(m_tabs);
    m_keys->setObjectName(QStringLiteral("helpShortcuts"));
    m_tabs->addTab(m_start, QString());
    m_tabs->addTab(m_keys, QString());
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_tabs, 1);
    layout->addWidget(buttons);
    // Long texts scroll inside the browsers: the dialog fits a 1280 × 720 screen.
    setMinimumSize(360, 260);
    resize(sizeOnScreen(QSize(860, 700), parent ? parent : window));
    retranslate();
    showSection(section);
}

void HelpDialog::showSection(Section section)
{
    m_tabs->setCurrentIndex(section == Section::shortcuts ? 1 : 0);
}

QString HelpDialog::gettingStartedText() const
{
    return m_start->toPlainText();
}

QString HelpDialog::shortcutsText() const
{
    return m_keys->toPlainText();
}

void HelpDialog::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) retranslate();
    QDialog::changeEvent(event);
}

void HelpDialog::retranslate()
{
    setWindowTitle(tr("TrainPlanner Help"));
    m_tabs->setTabText(0, tr("Getting Started"));
    m_tabs->setTabText(1, tr("Keyboard Shortcuts"));
    m_start->setHtml(gettingStartedHtml());
    m_keys->setHtml(shortcutsHtml());
}

QString HelpDialog::gettingStartedHtml() const
{
    const QLocale locale;
    QString html;
    html += QStringLiteral("<h2>%1</h2><p>%2</p>")
                .arg(tr("Getting started").toHtmlEscaped(),
                    tr("TrainPlanner estimates, before a cluster is rented, whether a language model's training fits "
                       "on each GPU, how to split it over the GPUs, how long a step and the whole run take, and what "
                       "it costs. Change an input in the form on the left: every figure follows at once, and Edit › "
                       "Undo takes a change back.")
                        .toHtmlEscaped());

    html += QStringLiteral("<h3>%1</h3><ul>").arg(tr("The banner, line by line").toHtmlEscaped());
    html += item(tr("Fits / Does not fit:"),
        tr("the memory of the most loaded GPU against its capacity, green when it fits, red when it does not."));
    html += item(tr("Parameters on GPUs:"),
        tr("the model's size, the GPU count and type, and the largest memory term: what to reduce first when it "
           "does not fit."));
    html += item(tr("Step:"),
        tr("the time of one optimizer step; the tokens processed per second by all GPUs and by one; the model's "
           "TFLOP/s per GPU; MFU, the share of the GPU's peak arithmetic the model's FLOPs use; the share of the "
           "step spent waiting for communication; then the days, GPU-hours and GPU cost of the whole run."));
    html += item(tr("Goodput:"),
        tr("the share of the run spent on useful steps once failures, restarts and checkpoints are counted; the "
           "interruptions to expect; how often to save a checkpoint, and its size."));
    //: %1 is the percentage each assumption moves by (20)
    html += item(tr("Range:"),
        tr("where measured runs like this one landed against the estimate (10th to 90th percentile). With View › "
           "Show Ranges, also the step time, memory and cost when each assumption moves by ±%1 %.")
            .arg(locale.toString(core::kRangeFraction * 100)));
    html += item(tr("⚠ Warnings:"),
        tr("inputs that are inconsistent or risky; a link after a warning applies the nearest setting that fixes "
           "it."));
    html += QStringLiteral("</ul><p>%1</p>")
                .arg(tr("Rest the mouse on the banner's figures (or on “Hover for formulas”) to see each formula, "
                        "the arithmetic with this scenario's numbers, and the paper or datasheet it comes from.")
                         .toHtmlEscaped());

    html += QStringLiteral("<h3>%1</h3><table>").arg(tr("What each tab answers").toHtmlEscaped());
    for (const PageRow& page : pageRows())
        html += row(QCoreApplication::translate("ui::MainView", page.title),
            QCoreApplication::translate("ui::HelpDialog", page.answers));
    html += QStringLiteral("</table>");

    html += QStringLiteral("<h3>%1</h3><ul>").arg(tr("Main workflows").toHtmlEscaped());
    html += item(tr("Does it fit?"),
        tr("Choose a model (a preset or a size) and a GPU, set the GPU count and the split (tensor, pipeline and "
           "data parallel, ZeRO). The banner answers; the Memory tab shows what fills the GPU, and the Decision "
           "guide lists ways to make it fit."));
    html += item(tr("Plan the layout:"),
        tr("on the Planner tab, set the GPUs, pin what must stay (for example tensor parallel 8) and Search. The "
           "plans are ranked; “Apply the selected plan” makes one the scenario, as one undo step. File › Export "
           "Launch Settings writes the arguments for Megatron-LM, torchtitan or DeepSpeed."));
    html += item(tr("Compare scenarios:"),
        tr("on the Compare tab, “Add the current scenario”, change the inputs and add again, up to four. The "
           "table marks what differs; the charts set them side by side."));
    html += item(tr("Export for a meeting:"),
        tr("File › Export Charts, Tables and Report writes every chart (PNG, SVG, PDF), the tables (CSV), the "
           "estimate (JSON) and a report into a new folder named after the scenario. View › Present Full Screen "
           "shows the charts as slides."));
    html += item(tr("Check a real run:"),
        tr("File › Compare With Training Log reads a Megatron-LM, torchtitan, DeepSpeed or Hugging Face Trainer "
           "log and sets its step time, tokens/s and memory against the plan, names the settings in which the "
           "log's run differs from the scenario, and refits the efficiency. Tools › Calibrate to a Measured Run "
           "takes figures typed in."));
    html += QStringLiteral("</ul>");

    html += QStringLiteral("<h3>%1</h3><p>%2</p>")
                .arg(tr("Where the numbers come from").toHtmlEscaped(),
                    tr("Every figure comes from a formula with a published source: a paper and its equation or "
                       "table, a vendor's datasheet, or measured runs. Help › What's This, then a click on an input, "
                       "says what the input means, its unit, range and default. Help › How Accurate Is This? sets "
                       "the estimate against published training runs.")
                        .toHtmlEscaped());

    const Manual manual = installedManual(QCoreApplication::applicationDirPath());
    if (!manual.docFolder.isEmpty()) {
        html += QStringLiteral("<h3>%1</h3><p>").arg(tr("The manual").toHtmlEscaped());
        html += tr("The documentation installed with TrainPlanner, with every formula and its source: %1.")
                    .arg(QStringLiteral("<a href='%1'>%2</a>")
                             .arg(QUrl::fromLocalFile(manual.docFolder).toString(QUrl::FullyEncoded),
                                 QDir::toNativeSeparators(manual.docFolder).toHtmlEscaped()));
        if (manual.manPage)
            html += QLatin1Char(' ')
                + tr("In a terminal, %1 and %2 describe the programs' options.")
                      .arg(QStringLiteral("<code>man trainplanner</code>"),
                          QStringLiteral("<code>man trainplanner-cli</code>"));
        html += QStringLiteral("</p>");
    }
    return html;
}

QString HelpDialog::shortcutsHtml() const
{
    QString html = QStringLiteral("<h2>%1</h2><table>").arg(tr("Keyboard shortcuts").toHtmlEscaped());
    html += QStringLiteral("<tr><th align='left'>%1</th><th align='left'>%2</th><th align='left'>%3</th></tr>")
                .arg(tr("Keys").toHtmlEscaped(), tr("Action").toHtmlEscaped(), tr("Menu").toHtmlEscaped());
    for (const Shortcut& s : actionShortcuts(m_window))
        html += row(s.keys, s.what, s.where);
    // Keys no action carries: Qt's own focus moves and the slides' keys.
    html += row(tr("Tab, Shift+Tab"), tr("Next / previous control"), tr("anywhere"));
    html += row(tr("→, Space / ←"), tr("Next / previous slide"), tr("full-screen presentation"));
    html += row(tr("Esc"), tr("Leave the presentation"), tr("full-screen presentation"));
    html += QStringLiteral("</table>");

    html += QStringLiteral("<h3>%1</h3><p>%2</p><table>")
                .arg(tr("Form fields").toHtmlEscaped(),
                    tr("Alt and a field's underlined letter move to that field and scroll it into view (in a "
                       "section that is open); pressing it again moves to the next field with the same letter.")
                        .toHtmlEscaped());
    for (const Shortcut& s : formMnemonics(m_window))
        html += row(s.keys, s.what);
    html += QStringLiteral("</table>");
    return html;
}

std::vector<HelpDialog::Shortcut> HelpDialog::actionShortcuts(const QWidget* window)
{
    std::vector<Shortcut> out;
    if (!window) return out;
    QList<const QAction*> seen;
    auto add = [&](const QAction* action, const QString& where) {
        if (seen.contains(action) || action->shortcuts().isEmpty()) return;
        seen << action;
        // An action may say what it does in its status tip (Undo's text names the last change).
        const QString what = plainText(action->statusTip().isEmpty() ? action->text() : action->statusTip());
        if (what.isEmpty()) return;
        QStringList keys;
        for (const QKeySequence& k : action->shortcuts())
            // X11's name of Shift+Tab, bound beside the Shift+Tab spelling a reader knows.
            if (!k.toString().contains(QLatin1String("Backtab"))) keys << k.toString(QKeySequence::NativeText);
        const Shortcut row { keys.join(QStringLiteral(", ")), what, where };
        // Every table's Copy is one row.
        if (std::none_of(out.begin(), out.end(),
                [&](const Shortcut& s) { return s.keys == row.keys && s.what == row.what && s.where == row.where; }))
            out.push_back(row);
    };
    // Menus first, in the menu bar's order, submenus inside their menu.
    std::function<void(const QMenu*)> walk = [&](const QMenu* menu) {
        for (const QAction* action : menu->actions()) {
            if (action->menu())
                walk(action->menu());
            else
                add(action, menuPath(menu));
        }
    };
    if (const auto* bar = window->findChild<QMenuBar*>())
        for (const QAction* top : bar->actions())
            if (top->menu()) walk(top->menu());
    // Then the window's own (the result tabs) and any other action inside it (a table's Copy).
    for (const QAction* action : window->actions())
        add(action, tr("anywhere"));
    for (const QAction* action : window->findChildren<QAction*>()) {
        const QMenu* menu = menuOf(action);
        add(action, menu ? menuPath(menu) : tr("where it applies"));
    }
    return out;
}

std::vector<HelpDialog::Shortcut> HelpDialog::formMnemonics(const QWidget* window)
{
    std::vector<Shortcut> out;
    if (!window) return out;
    const QWidget* form = window->findChild<QWidget*>(QStringLiteral("inputPanel"));
    if (!form) return out;
    for (const QLabel* label : form->findChildren<QLabel*>()) {
        if (!label->buddy()) continue;
        const QKeySequence key = QKeySequence::mnemonic(label->text());
        if (key.isEmpty()) continue;
        out.push_back({ key.toString(QKeySequence::NativeText), plainText(label->text()), QString() });
    }
    return out;
}

HelpDialog::Manual HelpDialog::installedManual(const QString& programFolder)
{
    // The install layout of cmake/Install.cmake: bin/, share/doc/trainplanner, share/man/man1.
    const QDir share(QDir(programFolder).filePath(QStringLiteral("../share")));
    Manual manual;
    const QString doc = share.filePath(QStringLiteral("doc/trainplanner"));
    if (!QFileInfo(doc).isDir()) return manual;
    manual.docFolder = QDir::cleanPath(doc);
    manual.manPage = QFileInfo::exists(share.filePath(QStringLiteral("man/man1/trainplanner.1")))
        || QFileInfo::exists(share.filePath(QStringLiteral("man/man1/trainplanner.1.gz")));
    return manual;
}

} // namespace ui
