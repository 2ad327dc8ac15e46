#include "widgets/pages/decision_guide_page.h"

#include "widgets/text/format.h"

#include <QCheckBox>
#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QLocale>
#include <QScrollArea>
#include <QVBoxLayout>

namespace ui {

namespace {

QString gib(double bytes)
{
    return formatBytes(bytes, 1);
}

/// Decimal bytes with the unit that keeps 1–3 digits before the point (kB … EB).
QString humanBytes(double bytes)
{
    static const char* const units[] = { "B", "kB", "MB", "GB", "TB", "PB", "EB" };
    int i = 0;
    while (bytes >= 1000 && i < 6) {
        bytes /= 1000;
        ++i;
    }
    return QLocale().toString(bytes, 'f', bytes < 10 && i > 0 ? 1 : 0) + QChar(0x2009) + QLatin1String(units[i]);
}

QString usd(double v)
{
    return QStringLiteral("$") + QLocale().toString(v, 'f', 0);
}

QString parallelism(const core::Parallel& p)
{
    QString text = layoutDegrees(p, Degrees::aboveOne, QStringLiteral(" × "));
    if (p.zero > 0) text += QStringLiteral(", ZeRO-%1").arg(p.zero);
    return text;
}

} // namespace

DecisionGuidePage::DecisionGuidePage(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("decisionGuide"));
    auto* page = new QWidget;
    auto* layout = new QVBoxLayout(page);
    m_title = new QLabel(page);
    m_title->setObjectName(QStringLiteral("decisionTitle"));
    QFont big = m_title->font();
    big.setPointSizeF(big.pointSizeF() * 1.3);
    big.setBold(true);
    m_title->setFont(big);
    m_verdict = new QLabel(page);
    m_verdict->setObjectName(QStringLiteral("decisionVerdict"));
    m_verdict->setWordWrap(true);
    m_verdict->setTextFormat(Qt::RichText);
    m_verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_checklistTitle = new QLabel(page);
    m_checklistTitle->setFont(big);
    m_checklistHint = new QLabel(page);
    m_checklistHint->setWordWrap(true);
    auto* grid = new QGridLayout;
    grid->setColumnStretch(2, 1);
    grid->setHorizontalSpacing(10);
    for (int i = 0; i < kItems; ++i) {
        Row& r = m_rows[std::size_t(i)];
        r.check = new QCheckBox(page);
        r.badge = new QLabel(page);
        r.badge->setAlignment(Qt::AlignCenter);
        r.badge->setMinimumWidth(110);
        r.text = new QLabel(page);
        r.text->setWordWrap(true);
        r.text->setTextInteractionFlags(Qt::TextSelectableByMouse);
        r.check->setAccessibleDescription(QStringLiteral("checklist-%1").arg(i));
        grid->addWidget(r.check, i, 0, Qt::AlignTop);
        grid->addWidget(r.badge, i, 1, Qt::AlignTop);
        grid->addWidget(r.text, i, 2);
    }
    layout->addWidget(m_title);
    layout->addWidget(m_verdict);
    layout->addSpacing(12);
    layout->addWidget(m_checklistTitle);
    layout->addWidget(m_checklistHint);
    layout->addLayout(grid);
    layout->addStretch(1);

    auto* scroll = new QScrollArea(this);
    scroll->setWidget(page);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(scroll);
}

void DecisionGuidePage::setResults(const DerivedResults& results)
{
    m_scenario = results.scenario;
    m_estimate = results.estimate;
    m_guide = results.guide;
    m_stale = true;
    if (isVisible()) layOutIfStale();
}

void DecisionGuidePage::layOutIfStale()
{
    if (m_stale) retranslate();
}

QCheckBox* DecisionGuidePage::checkBox(core::ChecklistId id)
{
    layOutIfStale();
    return m_rows[std::size_t(id)].check;
}

QLabel* DecisionGuidePage::badge(core::ChecklistId id)
{
    layOutIfStale();
    return m_rows[std::size_t(id)].badge;
}

QLabel* DecisionGuidePage::text(core::ChecklistId id)
{
    layOutIfStale();
    return m_rows[std::size_t(id)].text;
}

QString DecisionGuidePage::verdictText()
{
    layOutIfStale();
    return m_verdict->text();
}

void DecisionGuidePage::showEvent(QShowEvent* event)
{
    layOutIfStale();
    QWidget::showEvent(event);
}

DecisionGuidePage::Texts DecisionGuidePage::textsOf(
    const core::Scenario& s, const core::Estimate& e, const core::DecisionGuide& g)
{
    Texts out;
    out.verdict = verdictOf(s, e, g);
    for (const core::ChecklistItem& item : g.checklist) {
        auto [title, body] = checklistTexts(item.id, s, e, g);
        out.checklist.push_back({ item.id, item.need, title, body });
    }
    return out;
}

QString DecisionGuidePage::verdictOf(const core::Scenario& s, const core::Estimate& e, const core::DecisionGuide& g)
{
    const QLocale locale;
    const QString gpu = QString::fromStdString(s.hardware.gpu.name);
    const QString capacity = gib(e.memory.capacity);
    QStringList paragraphs;
    switch (g.sizeClass) {
    case core::SizeClass::small:
        paragraphs << tr("<b>Small model</b> (%1 parameters, under %2 B): the source article's single-GPU territory — "
                         "iterate quickly on one GPU or a few, at low cost.")
                          .arg(formatCount(g.params), locale.toString(core::kSmallModelParams / 1e9));
        break;
    case core::SizeClass::medium:
        paragraphs << tr(
            "<b>Mid-size model</b> (%1 parameters, between %2 B and the 7B class): one node is usually enough; "
            "whether one GPU is depends on precision and memory-saving settings.")
                          .arg(formatCount(g.params), locale.toString(core::kSmallModelParams / 1e9));
        break;
    case core::SizeClass::large:
        paragraphs << tr(
            "<b>Large model</b> (%1 parameters, the 7B class or more): the source article's distributed-training "
            "territory — parallelism, a fast network, fault tolerance and a team that runs them.")
                          .arg(formatCount(g.params));
        break;
    }
    if (g.fitsOneGpu)
        paragraphs << tr(
            "<b>One GPU is enough</b> for full training: %1 of %2 on one %3 (micro-batch 1, full recomputation).")
                          .arg(gib(g.oneGpuBytes), capacity, gpu);
    else if (g.minGpus > 0)
        paragraphs << tr(
            "<b>One GPU is not enough</b> for full training: it needs %1 on one %2 (capacity %3). At least %4 GPUs "
            "are needed (ZeRO-3 data parallelism, full recomputation); this scenario uses %5 (%6).")
                          .arg(gib(g.oneGpuBytes), gpu, capacity, locale.toString(g.minGpus), locale.toString(e.gpus),
                              parallelism(s.parallel));
    else
        paragraphs << tr(
            "<b>One GPU is not enough</b> for full training (%1 on one %2), and not even %3 GPUs with ZeRO-3 "
            "data parallelism are: model or pipeline parallelism is required.")
                          .arg(gib(g.oneGpuBytes), gpu, locale.toString(core::kMaxGuideGpus));
    auto fitText = [](bool fits) -> QString { return fits ? tr("fits") : tr("does not fit"); };
    paragraphs << tr(
        "<b>Fine-tuning instead of pre-training</b> (§5): LoRA rank %1 needs %2 on one GPU (%3), QLoRA %4 (%5) — "
        "%6 % and %7 % of full training's memory, and no distributed training at all when it fits.")
                      .arg(s.training.loraRank)
                      .arg(gib(g.loraBytes), fitText(g.loraFits), gib(g.qloraBytes), fitText(g.qloraFits))
                      .arg(locale.toString(g.loraBytes / g.oneGpuBytes * 100, 'f', 0),
                          locale.toString(g.qloraBytes / g.oneGpuBytes * 100, 'f', 0));
    return QStringLiteral("<p>") + paragraphs.join(QStringLiteral("</p><p>")) + QStringLiteral("</p>");
}

std::pair<QString, QString> DecisionGuidePage::checklistTexts(
    core::ChecklistId id, const core::Scenario& s, const core::Estimate& e, const core::DecisionGuide& g)
{
    using core::ChecklistId;
    const QLocale locale;
    const QString gpu = QString::fromStdString(s.hardware.gpu.name);
    const auto& t = e.training;
    const auto& r = e.reliability;
    const double days = t.timeS / 86400.0;
    QString title, body;
    switch (id) {
    case ChecklistId::distributed_code:
        title = tr("Distributed training code");
        body = e.gpus > 1 ? tr("%1 GPUs (%2): data loading, gradient synchronisation and checkpoint save/load must be "
                               "rewritten for a distributed framework.")
                                .arg(locale.toString(e.gpus), parallelism(s.parallel))
                          : tr("One GPU: the single-GPU training loop is enough.");
        break;
    case ChecklistId::hyperparameters:
        title = tr("Hyperparameters");
        //: %3 is "8 replicas" or "one replica"
        body = tr("Global batch %1 sequences (%2 tokens) = %3 × micro-batch %4 × %5 accumulation steps; "
                  "learning rate, "
                  "batch size and warm-up found on one GPU do not carry over and need a new search.")
                   .arg(locale.toString(s.training.globalBatch),
                       formatCount(double(s.training.globalBatch) * s.training.seqLen),
                       s.parallel.dp == 1 ? tr("one replica") : tr("%1 replicas").arg(locale.toString(s.parallel.dp)),
                       locale.toString(s.training.microBatch), formatSignificant(e.compute.microBatches, 3));
        break;
    case ChecklistId::data_pipeline:
        title = tr("Data pipeline");
        //: %3 is "4 nodes" or "one node"
        body = tr("%1 of tokenized data (%4 bytes per token), read at %2/s by the whole cluster on %3: "
                  "multi-node training needs shared or replicated storage that keeps every node fed.")
                   .arg(humanBytes(g.datasetBytes), humanBytes(g.readBytesPerS),
                       g.nodes == 1 ? tr("one node") : tr("%1 nodes").arg(locale.toString(g.nodes)),
                       locale.toString(core::kBytesPerToken));
        break;
    case ChecklistId::fault_tolerance:
        title = tr("Fault tolerance");
        body
            = tr("About %1 interruptions expected over %2 days (cluster MTBF %3 h): automatic restart from the latest "
                 "checkpoint (%4, written in %5 s every %6 min) keeps days of work from being lost.")
                  .arg(r.expectedInterruptions < 1
                          ? formatSignificant(r.expectedInterruptions, 2)
                          : formatFixed(r.expectedInterruptions, r.expectedInterruptions < 10 ? 1 : 0),
                      formatFixed(days, 1), locale.toString(r.clusterMtbfHours, 'f', 1), humanBytes(r.checkpointBytes),
                      locale.toString(r.checkpointWriteS, 'f', 0), locale.toString(r.checkpointIntervalS / 60, 'f', 0));
        break;
    case ChecklistId::network:
        //: checklist item: the interconnect between nodes
        title = tr("Network");
        body = tr("Communication takes %1 % of each step and %2 crosses the network over the run: a high-bandwidth, "
                  "low-latency interconnect and a parallel layout that keeps heavy traffic inside nodes.")
                   .arg(locale.toString(e.communication.shareOfStep * 100, 'f', 1), humanBytes(t.interNodeBytes));
        break;
    case ChecklistId::monitoring:
        title = tr("Monitoring");
        body = tr(
            "%1 days on %2 × %3: watch memory, GPU utilisation, network bandwidth and the loss curve continuously.")
                   .arg(formatFixed(days, 1), locale.toString(e.gpus), gpu);
        break;
    case ChecklistId::software_stack:
        title = tr("Identical software stack");
        body = g.nodes == 1 ? tr("The node's GPUs share one driver, CUDA, NCCL and framework installation; a node "
                                 "added later must run the same versions, or bugs appear that cannot be reproduced.")
                            : tr("%1 nodes must run the same driver, CUDA, NCCL and framework versions, or bugs appear "
                                 "that cannot be reproduced.")
                                  .arg(locale.toString(g.nodes));
        break;
    case ChecklistId::budget:
        title = tr("Budget");
        body = tr("%1 in total: GPUs %2, energy %3, checkpoint storage %4, network %5, team %6 (settings under "
                  "Efficiency, "
                  "cost and reliability).")
                   .arg(usd(t.totalCostUsd), usd(t.gpuCostUsd), usd(t.energyCostUsd), usd(t.storageCostUsd),
                       usd(t.networkCostUsd), usd(t.teamCostUsd));
        break;
    }
    return { title, body };
}

QString DecisionGuidePage::needText(core::Need need)
{
    switch (need) {
    case core::Need::required:
        return tr("Required");
    case core::Need::recommended:
        return tr("Recommended");
    case core::Need::not_needed:
        return tr("Not needed");
    }
    return {};
}

void DecisionGuidePage::retranslate()
{
    m_stale = false;
    const Texts texts = textsOf(m_scenario, m_estimate, m_guide);
    m_title->setText(tr("Decision guide"));
    m_verdict->setText(texts.verdict);
    m_checklistTitle->setText(tr("Migration checklist"));
    m_checklistHint->setText(
        tr("From single-GPU to distributed training, as the source article lists it (§6 and §3.4). "
           "Each item says how much this scenario needs it; tick it off when your team has it covered."));
    for (const Texts::Item& item : texts.checklist) {
        Row& row = m_rows[std::size_t(item.id)];
        row.check->setText(item.title);
        row.text->setText(item.body);
        const QString colour = item.need == core::Need::required ? QStringLiteral("#D55E00")
            : item.need == core::Need::recommended               ? QStringLiteral("#E69F00")
                                                                 : QStringLiteral("#999999");
        row.badge->setText(needText(item.need));
        row.badge->setProperty("need", int(item.need));
        const QString style
            = QStringLiteral("QLabel { color: white; background: %1; border-radius: 8px; padding: 2px 8px; }")
                  .arg(colour);
        if (row.badge->styleSheet() != style) row.badge->setStyleSheet(style); // re-polishes: only on a change
        row.text->setEnabled(item.need != core::Need::not_needed);
    }
}

void DecisionGuidePage::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) retranslate();
    QWidget::changeEvent(event);
}

} // namespace ui
