#include "widgets/pages/comparison_view.h"

#include "core/scenario/architecture.h"
#include "core/scenario/presets.h"
#include "core/scenario/scenario_io.h"
#include "widgets/charts/comparison_chart.h"
#include "widgets/models/comparison_model.h"
#include "widgets/session/scenario_session.h"
#include "widgets/text/format.h"
#include "widgets/text/native_path.h"
#include "widgets/text/problem_text.h"
#include "widgets/text/scenario_name.h"

#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <functional>

namespace ui {

ComparisonView::ComparisonView(ScenarioSession* session, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
{
    setObjectName(QStringLiteral("comparisonView"));
    m_addCurrent = new QPushButton(this);
    m_addFile = new QPushButton(this);
    m_article = new QPushButton(this);
    m_article->setObjectName(QStringLiteral("compareArticle"));
    m_clear = new QPushButton(this);
    m_figures = new ComparisonModel(this);
    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("compareTable"));
    m_table->setModel(m_figures);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    // Scenario names are long: they wrap in the column header (its tooltip has them whole too).
    m_table->horizontalHeader()->setDefaultAlignment(Qt::Alignment(Qt::AlignCenter | Qt::TextWordWrap));
    m_table->horizontalHeader()->setMinimumHeight(3 * m_table->fontMetrics().lineSpacing() + 10); // three lines
    // A line per figure: a long GPU name ("NVIDIA A100 SXM 80GB, 400 Gb/s per node (AWS p4de)")
    // loses its middle, and its tooltip has it whole.
    m_table->setWordWrap(false);
    m_table->setTextElideMode(Qt::ElideMiddle);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().lineSpacing() + 8);
    m_memory = new ComparisonChart(ComparisonChart::Memory, this);
    m_step = new ComparisonChart(ComparisonChart::StepTime, this);

    auto* buttons = new QHBoxLayout;
    for (auto* b : { m_addCurrent, m_addFile, m_article, m_clear })
        buttons->addWidget(b);
    buttons->addStretch(1);
    auto* charts = new QSplitter(Qt::Horizontal, this);
    charts->addWidget(m_memory);
    charts->addWidget(m_step);
    auto* vertical = new QSplitter(Qt::Vertical, this);
    vertical->addWidget(m_table);
    vertical->addWidget(charts);
    vertical->setStretchFactor(0, 1);
    vertical->setStretchFactor(1, 1);
    // Neither is squeezed: every figure's row in sight and charts tall enough for their legends. On
    // a laptop the page scrolls instead (MainView's scrolled pages).
    m_table->setMinimumHeight(m_table->horizontalHeader()->minimumHeight()
        + m_figures->rowCount() * m_table->verticalHeader()->defaultSectionSize() + 2 * m_table->frameWidth() + 2);
    for (ComparisonChart* chart : { m_memory, m_step })
        chart->setMinimumHeight(320);
    vertical->setChildrenCollapsible(false);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(buttons);
    layout->addWidget(vertical, 1);

    connect(m_addCurrent, &QPushButton::clicked, this, [this] { add(m_session->scenario()); });
    connect(m_addFile, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Add scenario to the comparison"), QString(),
            tr("TrainPlanner scenarios (*.tpscenario.json *.json)"));
        if (path.isEmpty()) return;
        const auto result = core::loadScenarioFile(nativePath(path));
        if (!result.ok())
            QMessageBox::warning(this, tr("Cannot open scenario"), ProblemText::of(result.error));
        else
            add(*result.scenario);
    });
    connect(m_article, &QPushButton::clicked, this, &ComparisonView::showArticlePair);
    // Clearing throws away scenarios that may not be saved anywhere: asked first.
    connect(m_clear, &QPushButton::clicked, this, [this] {
        if (count() == 0) return;
        const auto answer = QMessageBox::question(this, tr("Clear the comparison"),
            tr("Remove the %n compared scenario(s)? Scenarios that are not saved cannot be brought back.", nullptr,
                count()),
            QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel);
        if (answer == QMessageBox::Yes) clear();
    });
    connect(session, &ScenarioSession::displayFormatChanged, this, &ComparisonView::refresh);
    retranslate();
}

bool ComparisonView::add(const core::Scenario& scenario)
{
    if (count() >= kMaxScenarios) return false;
    m_scenarios.push_back(scenario);
    m_estimates.push_back(core::estimate(scenario));
    refresh();
    m_table->scrollToTop(); // the first rows (parameters, GPUs, memory) in sight, not where the last list was left
    return true;
}

void ComparisonView::clear()
{
    m_scenarios.clear();
    m_estimates.clear();
    refresh();
}

void ComparisonView::showArticlePair()
{
    clear();
    for (const char* name : { "article-small-700m-1gpu", "article-large-7b-64gpu" }) {
        QFile file(QStringLiteral(":/examples/%1.tpscenario.json").arg(QLatin1String(name)));
        if (!file.open(QIODevice::ReadOnly)) continue;
        const auto result = core::parseScenario(file.readAll().toStdString());
        if (result.ok()) add(*result.scenario);
    }
}

namespace {

/// The model's size as its name writes it ("7B", "8x7B"), else from its parameter count ("6.7B").
QString modelSize(const core::ModelSpec& model)
{
    static const QRegularExpression size(QStringLiteral("^(\\d+x)?\\d+(\\.\\d+)?[MBT]$"));
    if (const core::ModelPreset* preset = model.preset.empty() ? nullptr : core::findModelPreset(model.preset);
        preset && preset->arch == model.arch) {
        const QStringList words = QString::fromStdString(preset->label).split(QLatin1Char(' '));
        for (auto word = words.rbegin(); word != words.rend(); ++word)
            if (size.match(*word).hasMatch()) return *word;
    }
    const double params = double(core::totalParameters(model.arch));
    if (params >= 1e12) return QString::number(params / 1e12, 'f', params >= 1e13 ? 0 : 1) + QLatin1Char('T');
    if (params >= 1e9) return QString::number(params / 1e9, 'f', params >= 1e10 ? 0 : 1) + QLatin1Char('B');
    return QString::number(std::max(1.0, std::round(params / 1e6))) + QLatin1Char('M');
}

/// The GPU's name without its maker and product line, with its memory: "A100 SXM 40GB", "RTX 4090 24GB".
QStringList gpuWords(const core::GpuSpec& gpu)
{
    QString name = QString::fromStdString(gpu.name);
    for (const QChar c : { QLatin1Char('('), QLatin1Char(')'), QLatin1Char(',') })
        name.replace(c, QLatin1Char(' '));
    static const QStringList dropped { QStringLiteral("NVIDIA"), QStringLiteral("AMD"), QStringLiteral("GeForce"),
        QStringLiteral("Instinct"), QStringLiteral("per"), QStringLiteral("GPU") };
    // The words up to its memory ("A100 80GB", not the rest of a custom GPU's "… 400 Gb/s node (AWS)"),
    // else its first two and the memory.
    static const QRegularExpression memory(QStringLiteral("^\\d+(\\.\\d+)?GB$"));
    QStringList words;
    for (const QString& word : name.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        if (dropped.contains(word)) continue;
        words << word;
        if (memory.match(word).hasMatch()) return words;
    }
    words = words.mid(0, 2);
    words << QString::number(std::round(gpu.memoryGib)) + QStringLiteral("GB");
    return words;
}

/// `words` without the form factor (SXM, PCIe, HGX), which a short name leaves out where it can.
QStringList withoutFormFactor(QStringList words)
{
    static const QRegularExpression formFactor(QStringLiteral("^(SXM\\d?|PCIe|HGX)$"));
    words.removeIf([](const QString& w) { return formFactor.match(w).hasMatch(); });
    return words;
}

} // namespace

QStringList ComparisonView::shortNames(const std::vector<core::Scenario>& scenarios)
{
    const std::size_t n = scenarios.size();
    std::vector<QStringList> parts(n);
    for (std::size_t i = 0; i < n; ++i) {
        const core::Scenario& s = scenarios[i];
        QString model = modelSize(s.model);
        if (s.training.method == core::Method::lora) model += QStringLiteral(" LoRA");
        if (s.training.method == core::Method::qlora) model += QStringLiteral(" QLoRA");
        // The form factor only where two different GPUs would read alike without it (H100 SXM, H100 PCIe).
        const QStringList gpu = gpuWords(s.hardware.gpu);
        bool clash = false;
        for (const core::Scenario& other : scenarios) {
            const QStringList words = gpuWords(other.hardware.gpu);
            clash = clash || (words != gpu && withoutFormFactor(words) == withoutFormFactor(gpu));
        }
        const QString gpus = QString::number(s.parallel.gpus()) + QStringLiteral("×")
            + (clash ? gpu : withoutFormFactor(gpu)).join(QLatin1Char(' '));
        parts[i] = { model, gpus };
    }
    // Where two names still read alike, the first of these that tells them apart joins them.
    const std::function<QString(const core::Scenario&)> details[] = {
        [](const core::Scenario& s) {
            const core::ModelPreset* preset = s.model.preset.empty() ? nullptr : core::findModelPreset(s.model.preset);
            return preset ? QString::fromStdString(preset->label) : QString();
        },
        [](const core::Scenario& s) { return QStringLiteral("ZeRO-%1").arg(s.parallel.zero); },
        [](const core::Scenario& s) { return layoutDegrees(s.parallel, Degrees::aboveOne, QStringLiteral(" ")); },
        [](const core::Scenario& s) { return recomputeName(s.parallel.recompute); },
    };
    for (const auto& detail : details) {
        std::vector<bool> add(n, false);
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = 0; j < n; ++j)
                add[i] = add[i]
                    || (j != i && parts[j] == parts[i] && detail(scenarios[j]) != detail(scenarios[i])
                        && !detail(scenarios[i]).isEmpty());
        for (std::size_t i = 0; i < n; ++i)
            if (add[i]) parts[i] << detail(scenarios[i]);
    }
    QStringList out;
    for (const QStringList& p : parts)
        out << p.join(ComparisonChart::nameSeparator());
    return out;
}

void ComparisonView::refresh()
{
    // Charts name the bars by letter and short name; the table's headers have the whole names.
    QStringList names;
    for (int i = 0; i < count(); ++i)
        names << ScenarioName::lettered(i, ScenarioName::of(m_scenarios[std::size_t(i)]));
    const QStringList brief = shortNames(m_scenarios);
    m_memory->setEstimates(brief, m_estimates);
    m_step->setEstimates(brief, m_estimates);

    m_figures->setEstimates(names, m_estimates, m_scenarios);
}

void ComparisonView::retranslate()
{
    m_addCurrent->setText(tr("Add the current scenario"));
    m_addFile->setText(tr("Add a file…"));
    m_article->setText(tr("The source article's pair"));
    m_clear->setText(tr("Clear"));
    refresh(); // the figures' names and texts in the new language
}

void ComparisonView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) retranslate();
    QWidget::changeEvent(event);
}

} // namespace ui
