#include "widgets/pages/comparison_view.h"

#include "core/scenario_io.h"
#include "widgets/charts/comparison_chart.h"
#include "widgets/models/comparison_model.h"
#include "widgets/session/scenario_session.h"
#include "widgets/text/format.h"
#include "widgets/text/native_path.h"
#include "widgets/text/problem_text.h"

#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QMessageBox>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

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
    m_table->horizontalHeader()->setMinimumHeight(2 * m_table->fontMetrics().lineSpacing() + 10); // two lines
    m_table->setWordWrap(true);
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
    vertical->setStretchFactor(0, 2);
    vertical->setStretchFactor(1, 3);
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
    connect(m_clear, &QPushButton::clicked, this, &ComparisonView::clear);
    connect(session, &ScenarioSession::displayFormatChanged, this, &ComparisonView::refresh);
    retranslate();
}

bool ComparisonView::add(const core::Scenario& scenario)
{
    if (count() >= kMaxScenarios) return false;
    m_scenarios.push_back(scenario);
    m_estimates.push_back(core::estimate(scenario));
    refresh();
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

/// The bundled examples' names in the interface language (the compare headers follow the
/// language); any other name is the user's and is shown as written.
QString displayName(const std::string& name)
{
    static const char* const kBundled[] = {
        QT_TRANSLATE_NOOP("ui::ComparisonView", "Source article: 700M model on one GPU (FP32)"),
        QT_TRANSLATE_NOOP(
            "ui::ComparisonView", "Source article: 7B model on 64 rented A100 (ZeRO-3, BF16 mixed, 400 Gb/s per node)"),
    };
    for (const char* bundled : kBundled)
        if (name == bundled) return ComparisonView::tr(bundled);
    return QString::fromStdString(name);
}

} // namespace

void ComparisonView::refresh()
{
    // Charts label the bars A, B, C, D; the table's headers say which scenario each letter is.
    // Exported and presented charts have room for names: the letter and the (shortened) name.
    QStringList letters, names, exportNames;
    for (int i = 0; i < count(); ++i) {
        letters << QString(QChar(u'A' + i));
        const QString name = displayName(m_scenarios[std::size_t(i)].name);
        names << QStringLiteral("%1: %2").arg(letters.back(), name);
        exportNames << letters.back() + QStringLiteral(": ")
                + (name.size() > 40 ? name.left(39).trimmed() + QChar(u'…') : name);
    }
    m_memory->setEstimates(letters, m_estimates, exportNames);
    m_step->setEstimates(letters, m_estimates, exportNames);

    m_figures->setEstimates(names, m_estimates);
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
