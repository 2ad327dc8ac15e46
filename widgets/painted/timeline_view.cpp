#include "widgets/painted/timeline_view.h"

#include "widgets/io/picture_export.h"
#include "widgets/io/safe_save.h"
#include "widgets/style/axis_ticks.h"
#include "widgets/style/palette.h"
#include "widgets/style/theme.h"
#include "widgets/text/format.h"

#include <QEvent>
#include <QHelpEvent>
#include <QLocale>
#include <QPainter>
#include <QToolTip>

#include <cmath>

namespace ui {

namespace {

/// `c` under white at 160/255 opacity: the edge drawn round each block.
QColor lighterEdge(const QColor& c)
{
    constexpr double kWhite = 160.0 / 255.0;
    const auto mix = [](int channel) { return int(std::lround(channel * (1 - kWhite) + 255 * kWhite)); };
    return QColor(mix(c.red()), mix(c.green()), mix(c.blue()));
}

QColor colourOf(core::BlockKind kind)
{
    switch (kind) {
    case core::BlockKind::forward:
        return palette::kBlue;
    case core::BlockKind::recompute:
        return palette::kSkyBlue;
    case core::BlockKind::backward:
        return palette::kGreen;
    case core::BlockKind::communication:
        return palette::kVermillion;
    case core::BlockKind::optimizer:
        return palette::kPurple;
    }
    return palette::kGrey;
}

QString kindName(core::BlockKind kind)
{
    switch (kind) {
    case core::BlockKind::forward:
        return TimelineView::tr("Forward");
    case core::BlockKind::recompute:
        return TimelineView::tr("Recomputation");
    case core::BlockKind::backward:
        return TimelineView::tr("Backward");
    case core::BlockKind::communication:
        return TimelineView::tr("Exposed communication");
    case core::BlockKind::optimizer:
        return TimelineView::tr("Optimizer step");
    }
    return {};
}

} // namespace

TimelineView::TimelineView(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("timelineView"));
    setMinimumSize(480, 200); // three of these share the pipeline page: the window fits 768 px high
    setMouseTracking(true);
    installImageActions(
        this,
        [this] {
            return render({ 1200, 600 });
        },
        [] { return QStringLiteral("pipeline"); },
        [this](const QString& path) {
            return savePng(render({ 1200, 600 }), path);
        },
        false);
}

void TimelineView::setTimeline(core::Timeline timeline)
{
    m_timeline = std::move(timeline);
    update();
}

QString TimelineView::title() const
{
    const QLocale locale;
    // "1 stage", not "1 stages": the singular is a text of its own.
    const QString stages
        = m_timeline.stages == 1 ? tr("1 stage") : tr("%1 stages").arg(locale.toString(m_timeline.stages));
    return tr("One step on the pipeline: %1 × %2 micro-batches%3 — idle %4 % of the busy time, step %5 s")
        .arg(stages, locale.toString(m_timeline.microBatches))
        .arg(m_timeline.chunks > 1 ? tr(" × %1 chunks").arg(m_timeline.chunks) : QString())
        .arg(locale.toString(m_timeline.idleFraction() * 100, 'f', 1), formatSignificant(m_timeline.stepTimeS, 4));
}

QString TimelineView::note() const
{
    const auto& t = m_timeline;
    const QLocale locale;
    if (t.drawnMicroBatches == 0)
        return tr("%1 stages × %2 chunks × %3 micro-batches are too many blocks to draw; the figures above are the "
                  "whole step's.")
            .arg(locale.toString(t.stages), locale.toString(t.chunks), locale.toString(t.microBatches));
    if (t.shortened())
        return tr(
            "Drawn with %1 of the %2 micro-batches: the steady state between warm-up and cool-down repeats. The axis "
            "shows the drawn %3 s.")
            .arg(locale.toString(t.drawnMicroBatches), locale.toString(t.microBatches),
                formatSignificant(t.drawnStepTimeS, 3));
    return {};
}

QRectF TimelineView::plotRect(QSize size) const
{
    // A long step's note takes a line under the title.
    const int top = note().isEmpty() ? 34 : 52;
    return QRectF(70, top, std::max(10, size.width() - 90), std::max(10, size.height() - top - 64));
}

void TimelineView::paint(QPainter& painter, QSize size, bool dark) const
{
    const theme::Surface& surface = theme::surface(dark);
    painter.fillRect(QRect(QPoint(0, 0), size), surface.background);
    painter.setRenderHint(QPainter::Antialiasing, false);
    const QRectF plot = plotRect(size);
    const auto& t = m_timeline;
    QFont font = painter.font();
    painter.setPen(surface.text);
    painter.drawText(QRectF(0, 6, size.width(), 22), Qt::AlignCenter, title());
    if (const QString shortened = note(); !shortened.isEmpty()) {
        QFont small = font;
        small.setPointSizeF(std::max(6.0, font.pointSizeF() * 0.85));
        painter.setFont(small);
        painter.setPen(surface.alert);
        painter.drawText(QRectF(8, 28, size.width() - 16, 18), Qt::AlignCenter | Qt::TextSingleLine,
            painter.fontMetrics().elidedText(shortened, Qt::ElideRight, size.width() - 16));
        painter.setFont(font);
        painter.setPen(surface.text);
    }
    if (t.drawnStepTimeS <= 0 || t.drawnMicroBatches == 0) return;
    const double rowH = plot.height() / t.stages;
    const double xs = plot.width() / t.drawnStepTimeS;
    // Idle background of the pipeline part, then the blocks.
    for (int st = 0; st < t.stages; ++st) {
        const QRectF row(plot.left(), plot.top() + st * rowH + 1, t.drawnPipelineEndS * xs, std::max(1.0, rowH - 2));
        painter.fillRect(row, surface.empty);
        if (rowH >= 10 && (t.stages <= 16 || st % std::max(1, t.stages / 16) == 0))
            painter.drawText(QRectF(0, plot.top() + st * rowH, plot.left() - 6, rowH),
                Qt::AlignRight | Qt::AlignVCenter, tr("Stage %1").arg(st));
    }
    QFont small = font;
    small.setPointSizeF(std::max(6.0, font.pointSizeF() * 0.8));
    painter.setFont(small);
    for (const auto& b : t.blocks) {
        const QRectF r(plot.left() + b.start * xs, plot.top() + b.stage * rowH + 1,
            std::max(0.5, (b.end - b.start) * xs), std::max(1.0, rowH - 2));
        QColor c = colourOf(b.kind);
        if (b.chunk % 2 == 1 && (b.kind == core::BlockKind::forward || b.kind == core::BlockKind::backward))
            c = c.darker(125);
        if (r.width() > 2 && t.blocks.size() < 4000) {
            // A light edge between blocks, as two opaque fills: a stroked or translucent outline
            // takes Qt's slow path and cost a slider tick 10 ms (bench_gui, pipeline page).
            painter.fillRect(r, lighterEdge(c));
            painter.fillRect(r.adjusted(1, 1, -1, -1), c);
        } else {
            painter.fillRect(r, c);
        }
        if (b.microBatch >= 0 && r.width() >= 16 && rowH >= 12) {
            painter.setPen(Qt::white);
            painter.drawText(r, Qt::AlignCenter, QString::number(b.microBatch));
        }
    }
    painter.setFont(font);
    // Time axis.
    painter.setPen(surface.mutedText);
    painter.drawLine(QPointF(plot.left(), plot.bottom() + 2), QPointF(plot.right(), plot.bottom() + 2));
    const QLocale locale;
    // Ticks on round times, not on fifths of the step (21.7, 43.4 s), as the memory-over-step chart
    // below on the same axis.
    const double interval = niceCeiling(t.drawnStepTimeS / 5);
    for (int i = 0; i * interval <= t.drawnStepTimeS * (1 + 1e-9); ++i) {
        const double x = plot.left() + i * interval * xs;
        painter.drawLine(QPointF(x, plot.bottom() + 2), QPointF(x, plot.bottom() + 6));
        painter.drawText(QRectF(x - 40, plot.bottom() + 6, 80, 16), Qt::AlignHCenter | Qt::AlignTop,
            formatSignificant(i * interval, 3) + QStringLiteral(" s"));
    }
    // Legend: entries left to right, on a second line where the width runs out (the report's A4).
    struct Entry {
        QColor colour;
        QString name;
    };
    std::vector<Entry> entries;
    for (core::BlockKind k : { core::BlockKind::forward, core::BlockKind::recompute, core::BlockKind::backward,
             core::BlockKind::communication, core::BlockKind::optimizer })
        entries.push_back({ colourOf(k), kindName(k) });
    entries.push_back({ surface.empty, tr("Idle (bubble)") });
    double x = plot.left();
    double y = plot.bottom() + 26;
    for (const auto& [colour, name] : entries) {
        const double width = 16 + painter.fontMetrics().horizontalAdvance(name) + 18;
        if (x > plot.left() && x + width - 18 > size.width() - 4) {
            x = plot.left();
            y += 18;
        }
        painter.fillRect(QRectF(x, y + 3, 12, 12), colour);
        painter.drawText(QRectF(x + 16, y, 400, 18), Qt::AlignLeft | Qt::AlignVCenter, name);
        x += width;
    }
}

void TimelineView::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    paint(painter, size(), theme::darkInterface());
}

QImage TimelineView::render(QSize size, double scale) const
{
    QImage image(size * scale, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(scale);
    QPainter painter(&image);
    painter.setFont(font());
    paint(painter, size);
    return image;
}

bool TimelineView::event(QEvent* e)
{
    if (e->type() == QEvent::ToolTip) {
        const auto* help = static_cast<QHelpEvent*>(e);
        const QRectF plot = plotRect(size());
        const auto& t = m_timeline;
        if (t.drawnStepTimeS > 0 && t.drawnMicroBatches > 0 && plot.contains(help->pos())) {
            const int stage = int((help->pos().y() - plot.top()) / (plot.height() / t.stages));
            const double time = (help->pos().x() - plot.left()) / plot.width() * t.drawnStepTimeS;
            for (const auto& b : t.blocks) {
                if (b.stage != stage || time < b.start || time > b.end) continue;
                const QLocale locale;
                QString text = kindName(b.kind) + QStringLiteral(" · ") + tr("stage %1").arg(b.stage);
                if (b.microBatch >= 0) text += QStringLiteral(" · ") + tr("micro-batch %1").arg(b.microBatch);
                if (t.chunks > 1 && b.microBatch >= 0) text += QStringLiteral(" · ") + tr("chunk %1").arg(b.chunk);
                text += QStringLiteral("\n")
                    + tr("%1 – %2 ms")
                          .arg(locale.toString(b.start * 1e3, 'f', 1), locale.toString(b.end * 1e3, 'f', 1));
                QToolTip::showText(help->globalPos(), text, this);
                return true;
            }
            QToolTip::showText(help->globalPos(), tr("Idle: waiting for the pipeline"), this);
            return true;
        }
        QToolTip::hideText();
        return true;
    }
    if (e->type() == QEvent::LanguageChange) update();
    return QWidget::event(e);
}

} // namespace ui
