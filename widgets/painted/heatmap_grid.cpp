#include "widgets/painted/heatmap_grid.h"

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

QRectF HeatmapGrid::gridRect(QSize size)
{
    return QRectF(64, 8, std::max(10, size.width() - 72), std::max(10, size.height() - 40));
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

QColor HeatmapGrid::colourOf(const core::HeatCell& c) const
{
    if (!c.estimate) return QColor(0xDD, 0xDD, 0xDD);
    if (m_metric == Memory) {
        // Share of the GPU: green when half full, amber near full; beyond, the strongest colour of the
        // grid, so that no cell that fits, however full (79 GiB of 80), is redder than one that does not.
        const double share = c.estimate->memory.total() / c.estimate->memory.capacity;
        if (share > 1) return kNoFit;
        const double t = std::clamp(share, 0.0, 1.0);
        return QColor::fromHsvF(0.33 - 0.22 * t * t, 0.5, 0.9);
    }
    if (!c.feasible()) return kNoFit;
    // Step time on a log scale, fast = green, slow = amber.
    const double v = c.estimate->compute.stepTimeS;
    const double t = m_hi > m_lo ? std::log(v / m_lo) / std::log(m_hi / m_lo) : 0;
    return QColor::fromHsvF(0.33 * (1 - std::clamp(t, 0.0, 1.0)) * 0.8 + 0.05, 0.55, 0.88);
}

QString HeatmapGrid::cellText(const core::HeatCell& c) const
{
    if (!c.estimate) return QStringLiteral("✕");
    const QLocale locale;
    if (m_metric == Memory) return locale.toString(bytesIn(c.estimate->memory.total()), 'f', 0);
    return formatSignificant(c.estimate->compute.stepTimeS, 3);
}

void HeatmapGrid::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    paint(painter, size());
}

void HeatmapGrid::paint(QPainter& painter, QSize size) const
{
    painter.fillRect(QRect(QPoint(0, 0), size), Qt::white);
    const int nx = int(m_map.xs.size()), ny = int(m_map.ys.size());
    if (nx == 0 || ny == 0) return;
    QFont small = font();
    small.setPointSizeF(std::max(6.5, font().pointSizeF() * 0.85));
    painter.setFont(small);
    for (int i = 0; i < int(m_map.cells.size()); ++i) {
        const auto& c = m_map.cells[std::size_t(i)];
        const QRectF r = cellRect(i, size).adjusted(1, 1, -1, -1);
        painter.fillRect(r, colourOf(c));
        painter.setPen(c.feasible() ? QColor(0x20, 0x20, 0x20) : QColor(Qt::white)); // on kNoFit
        QString text = cellText(c);
        if (c.estimate && !c.feasible()) text += QStringLiteral(" ✕");
        painter.drawText(r, Qt::AlignCenter, text);
    }
    painter.setPen(QColor(0x40, 0x40, 0x40));
    const QRectF g = gridRect(size);
    for (int xi = 0; xi < nx; ++xi) {
        const QRectF r = cellRect(xi, size);
        painter.drawText(QRectF(r.left(), g.bottom() + 2, r.width(), 16), Qt::AlignCenter,
            valueText(m_map.xAxis, m_map.xs[std::size_t(xi)]));
    }
    if (m_map.xAxis != m_map.yAxis)
        for (int yi = 0; yi < ny; ++yi) {
            const QRectF r = cellRect(yi * nx, size);
            painter.drawText(QRectF(0, r.top(), g.left() - 4, r.height()), Qt::AlignRight | Qt::AlignVCenter,
                valueText(m_map.yAxis, m_map.ys[std::size_t(yi)]));
        }
}

void HeatmapGrid::mouseReleaseEvent(QMouseEvent* event)
{
    const int i = cellAt(event->position());
    if (i >= 0 && event->button() == Qt::LeftButton) emit cellClicked(i);
}

QString HeatmapGrid::valueText(core::HeatAxis axis, int value)
{
    if (axis != core::HeatAxis::recompute) return QLocale().toString(value);
    if (value >= 0 && value < int(core::kRecomputeNames.size())) return recomputeName(core::Recompute(value));
    return QLocale().toString(value);
}

QString HeatmapGrid::toolTipOf(int index) const
{
    const auto& c = m_map.cells[std::size_t(index)];
    const QLocale locale;
    QString text = QStringLiteral("%1 = %2").arg(
        QString::fromLatin1(core::keyOf(m_map.xAxis).data()), valueText(m_map.xAxis, c.x));
    if (m_map.xAxis != m_map.yAxis)
        text += QStringLiteral(", %1 = %2")
                    .arg(QString::fromLatin1(core::keyOf(m_map.yAxis).data()), valueText(m_map.yAxis, c.y));
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
