#include "widgets/painted/heatmap_grid.h"

#include "widgets/style/theme.h"
#include "widgets/text/format.h"
#include "widgets/text/problem_text.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QHelpEvent>
#include <QLabel>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QVBoxLayout>

#include <cmath>

namespace ui {

HeatmapGrid::HeatmapGrid(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("heatmapGrid"));
    setMinimumSize(320, 240);
    setMouseTracking(true);
}

void HeatmapGrid::setHeatmap(core::Heatmap map, Metric metric)
{
    m_map = std::move(map);
    m_metric = metric;
    m_lo = 1e300;
    m_hi = 0;
    for (const auto& c : m_map.cells) {
        if (!c.estimate) continue;
        const double v = metric == Memory ? c.estimate->memory.total() / c.estimate->memory.capacity
                                          : c.estimate->compute.stepTimeS;
        m_lo = std::min(m_lo, v);
        m_hi = std::max(m_hi, v);
    }
    update();
}

void HeatmapGrid::setAxisTitles(const QString& x, const QString& y)
{
    m_xTitle = x;
    m_yTitle = y;
    update();
}

namespace {
// Room around the cells: the y ticks and the y axis's title on the left, the x ticks and title below,
// the colour key on the right.
constexpr double kLeft = 84, kTop = 8, kRight = 96, kBottom = 42;
} // namespace

QRectF HeatmapGrid::gridRect(QSize size)
{
    return QRectF(
        kLeft, kTop, std::max(10.0, size.width() - kLeft - kRight), std::max(10.0, size.height() - kTop - kBottom));
}

QRectF HeatmapGrid::cellRect(int index, QSize size) const
{
    const QRectF g = gridRect(size);
    const int nx = int(m_map.xs.size()), ny = int(m_map.ys.size());
    if (nx == 0 || ny == 0) return {};
    const int xi = index % nx, yi = index / nx;
    const double w = g.width() / nx, h = g.height() / ny;
    // Row 0 at the bottom, like a plot.
    return QRectF(g.left() + xi * w, g.bottom() - (yi + 1) * h, w, h);
}

int HeatmapGrid::cellAt(QPointF pos) const
{
    for (int i = 0; i < int(m_map.cells.size()); ++i)
        if (cellRect(i).contains(pos)) return i;
    return -1;
}

namespace {
/// A cell that does not fit or cannot run: a saturated red, darker than any fitting cell.
const QColor kNoFit { 0xD9, 0x5A, 0x4A };
} // namespace

namespace {

/// Share of the GPU: green when half full, amber near full; beyond, the strongest colour of the grid,
/// so that no cell that fits, however full (79 GiB of 80), is redder than one that does not.
QColor memoryColour(double share)
{
    if (share > 1) return kNoFit;
    const double t = std::clamp(share, 0.0, 1.0);
    return QColor::fromHsvF(0.33 - 0.22 * t * t, 0.5, 0.9);
}

/// Step time on a log scale between the grid's fastest and slowest: fast = green, slow = amber.
QColor timeColour(double seconds, double lo, double hi)
{
    const double t = hi > lo ? std::log(seconds / lo) / std::log(hi / lo) : 0;
    return QColor::fromHsvF(0.33 * (1 - std::clamp(t, 0.0, 1.0)) * 0.8 + 0.05, 0.55, 0.88);
}

} // namespace

QColor HeatmapGrid::colourOf(const core::HeatCell& c, bool dark) const
{
    if (!c.estimate) return dark ? theme::surface(true).empty : QColor(0xDD, 0xDD, 0xDD);
    if (m_metric == Memory) return memoryColour(c.estimate->memory.total() / c.estimate->memory.capacity);
    if (!c.feasible()) return kNoFit;
    return timeColour(c.estimate->compute.stepTimeS, m_lo, m_hi);
}

QString HeatmapGrid::cellText(const core::HeatCell& c) const
{
    if (!c.estimate) return QStringLiteral("✕");
    // With its unit: a bare "55" could be GiB or seconds.
    if (m_metric == Memory) return formatBytes(c.estimate->memory.total(), 0);
    //: a cell of the what-if grid: seconds per step
    return tr("%1 s").arg(formatSignificant(c.estimate->compute.stepTimeS, 3));
}

void HeatmapGrid::paintScale(QPainter& painter, const QRectF& g, const QColor& text) const
{
    const QRectF bar(g.right() + 10, g.top(), 12, g.height());
    // Memory: the share of the GPU the colours stand for, 0 to 100 %; step time: fastest to slowest.
    constexpr int kSteps = 32;
    for (int i = 0; i < kSteps; ++i) {
        const double t = (i + 0.5) / kSteps;
        const QColor colour = m_metric == Memory
            ? memoryColour(t)
            : timeColour(m_hi > m_lo ? m_lo * std::pow(m_hi / m_lo, t) : m_lo, m_lo, m_hi);
        const QRectF slice(
            bar.left(), bar.bottom() - (i + 1) * bar.height() / kSteps, bar.width(), bar.height() / kSteps + 0.5);
        painter.fillRect(slice, colour);
    }
    painter.setPen(text);
    painter.drawRect(bar);
    const QLocale locale;
    const bool memory = m_metric == Memory;
    const QString top
        = memory ? tr("%1 % of GPU").arg(locale.toString(100)) : tr("%1 s").arg(formatSignificant(m_hi, 3));
    const QString bottom = memory ? tr("%1 %").arg(locale.toString(0)) : tr("%1 s").arg(formatSignificant(m_lo, 3));
    const QRectF labels(bar.right() + 4, bar.top(), kRight - bar.width() - 16, bar.height());
    painter.drawText(labels, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, top);
    painter.drawText(labels, Qt::AlignLeft | Qt::AlignBottom | Qt::TextWordWrap, bottom);
}

void HeatmapGrid::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    paint(painter, size(), theme::darkInterface());
}

void HeatmapGrid::paint(QPainter& painter, QSize size, bool dark) const
{
    const theme::Surface& surface = theme::surface(dark);
    // Light: the labels' grey as before the dark palette; dark: the surface's text.
    const QColor labelColour = dark ? surface.text : QColor(0x40, 0x40, 0x40);
    painter.fillRect(QRect(QPoint(0, 0), size), surface.background);
    const int nx = int(m_map.xs.size()), ny = int(m_map.ys.size());
    if (nx == 0 || ny == 0) return;
    QFont small = font();
    small.setPointSizeF(std::max(6.5, font().pointSizeF() * 0.85));
    painter.setFont(small);
    for (int i = 0; i < int(m_map.cells.size()); ++i) {
        const auto& c = m_map.cells[std::size_t(i)];
        const QRectF r = cellRect(i, size).adjusted(1, 1, -1, -1);
        painter.fillRect(r, colourOf(c, dark));
        // White on the red of a cell that does not fit; dark on the others, the grey of an invalid one too
        // (light on a dark surface's grey).
        const bool lightText = c.estimate ? !c.feasible() : dark;
        painter.setPen(lightText ? QColor(Qt::white) : QColor(0x20, 0x20, 0x20));
        QString text = cellText(c);
        if (c.estimate && !c.feasible()) text += QStringLiteral(" ✕");
        painter.drawText(r, Qt::AlignCenter, text);
    }
    painter.setPen(labelColour);
    const QRectF g = gridRect(size);
    for (int xi = 0; xi < nx; ++xi) {
        const QRectF r = cellRect(xi, size);
        painter.drawText(QRectF(r.left(), g.bottom() + 2, r.width(), 16), Qt::AlignCenter,
            valueText(m_map.xAxis, m_map.xs[std::size_t(xi)]));
    }
    if (m_map.xAxis != m_map.yAxis)
        for (int yi = 0; yi < ny; ++yi) {
            const QRectF r = cellRect(yi * nx, size);
            painter.drawText(QRectF(22, r.top(), g.left() - 26, r.height()), Qt::AlignRight | Qt::AlignVCenter,
                valueText(m_map.yAxis, m_map.ys[std::size_t(yi)]));
        }
    // The axes' names: below the x ticks, and turned along the y ticks.
    QFont bold = small;
    bold.setBold(true);
    painter.setFont(bold);
    painter.drawText(QRectF(g.left(), g.bottom() + 20, g.width(), 18), Qt::AlignCenter, m_xTitle);
    if (m_map.xAxis != m_map.yAxis) {
        painter.save();
        painter.translate(2, g.bottom());
        painter.rotate(-90);
        painter.drawText(QRectF(0, 0, g.height(), 18), Qt::AlignCenter, m_yTitle);
        painter.restore();
    }
    painter.setFont(small);
    paintScale(painter, g, labelColour);
}

void HeatmapGrid::mouseReleaseEvent(QMouseEvent* event)
{
    const int i = cellAt(event->position());
    if (i >= 0 && event->button() == Qt::LeftButton) emit cellClicked(i);
}

QString HeatmapGrid::valueText(core::HeatAxis axis, int value)
{
    if (core::knobOf(axis) != core::Knob::recompute) return QLocale().toString(value);
    if (value >= 0 && value < int(core::kRecomputeNames.size())) return recomputeName(core::Recompute(value));
    return QLocale().toString(value);
}

QString HeatmapGrid::toolTipOf(int index) const
{
    const auto& c = m_map.cells[std::size_t(index)];
    const QLocale locale;
    // The axes as the page names them (the file's keys where the page gave no titles).
    const QString xName = m_xTitle.isEmpty() ? QString::fromLatin1(core::keyOf(m_map.xAxis).data()) : m_xTitle;
    const QString yName = m_yTitle.isEmpty() ? QString::fromLatin1(core::keyOf(m_map.yAxis).data()) : m_yTitle;
    QString text = QStringLiteral("%1: %2").arg(xName, valueText(m_map.xAxis, c.x));
    if (m_map.xAxis != m_map.yAxis) text += QStringLiteral(", %1: %2").arg(yName, valueText(m_map.yAxis, c.y));
    // The cell's GPU count: a degree the grid turns multiplies the GPUs unless DP gives them back.
    text += QLatin1Char('\n')
        + tr("on %n GPU(s)", nullptr, int(std::min<std::int64_t>(c.scenario.parallel.gpus(), 1 << 30)));
    if (c.estimate)
        text += QLatin1Char('\n')
            + tr("%1 per GPU · step %2 s · MFU %3 %")
                  .arg(formatBytes(c.estimate->memory.total(), 1), formatSignificant(c.estimate->compute.stepTimeS, 3),
                      locale.toString(c.estimate->compute.mfu * 100, 'f', 1));
    if (!c.feasible())
        text += QLatin1Char('\n') + ProblemText::of(*c.problem);
    else
        text += QLatin1Char('\n') + tr("Click to use these values.");
    return text;
}

bool HeatmapGrid::event(QEvent* e)
{
    if (e->type() == QEvent::ToolTip) {
        const auto* help = static_cast<QHelpEvent*>(e);
        const int i = cellAt(help->pos());
        if (i < 0) {
            QToolTip::hideText();
            return true;
        }
        QToolTip::showText(help->globalPos(), toolTipOf(i), this);
        return true;
    }
    return QWidget::event(e);
}

} // namespace ui
