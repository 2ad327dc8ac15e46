#include "widgets/painted/placement_view.h"

#include "widgets/style/palette.h"
#include "widgets/style/theme.h"
#include "widgets/text/format.h"

#include <QEvent>
#include <QLocale>
#include <QPainter>

namespace ui {

namespace {

const QColor kStageColours[] = { palette::kBlue, palette::kGreen, palette::kOrange, palette::kPurple, palette::kSkyBlue,
    palette::kVermillion, palette::kYellow, palette::kGrey };

} // namespace

PlacementView::PlacementView(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("placementView"));
    setMinimumSize(480, 150); // shares the pipeline page with two charts: the window fits 768 px high
}

void PlacementView::setData(const core::Scenario& scenario, const core::Placement& placement)
{
    m_parallel = scenario.parallel;
    m_placement = placement;
    update();
}

QStringList PlacementView::groupLines() const
{
    const QLocale locale;
    QStringList lines;
    for (const auto& g : m_placement.groups) {
        // The link the step time was priced on: a group that leaves its NVLink domain (H100 PCIe's
        // bridged pairs) or a GPU without NVLink goes over PCIe inside the node.
        const QString where = g.kind == core::LinkKind::network
            ? tr("across %1 nodes (network)").arg(locale.toString(g.nodes))
            : g.kind == core::LinkKind::pcie ? tr("inside one node (PCIe)")
                                             : tr("inside one node (NVLink)");
        lines << tr("%1 groups of %2 GPUs: %3 — %4 s per step, %5 s exposed (%6 % of the step)")
                     .arg(dimensionLabel(core::dimensionOf(g.group)))
                     .arg(g.size)
                     .arg(where, formatSignificant(g.timeS, 3), formatSignificant(g.exposedS, 3),
                         locale.toString(g.shareOfStep * 100, 'f', 1));
    }
    if (lines.isEmpty()) lines << tr("One GPU per replica and no model parallelism: no collectives inside a replica.");
    return lines;
}

void PlacementView::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    paint(painter, size(), theme::darkInterface());
}

void PlacementView::paint(QPainter& painter, QSize size, bool dark) const
{
    const theme::Surface& surface = theme::surface(dark);
    // A group across the network in red: darker on white, lighter on a dark surface.
    const QColor network = dark ? palette::kVermillion.lighter(140) : palette::kVermillion.darker(120);
    painter.fillRect(QRect(QPoint(0, 0), size), surface.background);
    painter.setRenderHint(QPainter::Antialiasing);
    const QLocale locale;
    const auto& pl = m_placement;
    const int perNode = std::max(1, pl.gpusPerNode);
    const int shownNodes = std::min(pl.nodes, 8);
    painter.setPen(surface.text);
    QString header = pl.nodes == 1
        ? tr("Rank placement: %1 GPUs on one node of %2").arg(locale.toString(pl.gpus)).arg(perNode)
        : tr("Rank placement: %1 GPUs on %2 nodes of %3")
              .arg(locale.toString(pl.gpus), locale.toString(pl.nodes))
              .arg(perNode);
    if (shownNodes < pl.nodes) header += QLatin1Char(' ') + tr("(first %1 nodes shown)").arg(shownNodes);
    painter.drawText(QRectF(8, 4, size.width() - 16, 20), Qt::AlignLeft | Qt::AlignVCenter, header);

    // Nodes: one row each, GPUs left to right, coloured by pipeline stage.
    const QStringList lines = groupLines();
    const double listHeight = 20.0 * lines.size() + 8;
    const double top = 28, available = std::max(40.0, size.height() - top - listHeight - 8);
    const double rowH = std::min(34.0, available / std::max(1, shownNodes));
    const double cellW = std::min(90.0, (size.width() - 90.0) / perNode);
    QFont small = font();
    small.setPointSizeF(std::max(6.0, small.pointSizeF() * 0.8));
    for (int n = 0; n < shownNodes; ++n) {
        const double y = top + n * rowH;
        painter.setFont(font());
        painter.setPen(surface.text);
        painter.drawText(QRectF(4, y, 76, rowH), Qt::AlignRight | Qt::AlignVCenter, tr("Node %1").arg(n));
        painter.setFont(small);
        for (int g = 0; g < perNode; ++g) {
            const int rank = n * perNode + g;
            if (rank >= pl.gpus) break;
            const core::RankPlace r = core::placeRank(m_parallel, perNode, rank);
            const QRectF cell(86 + g * cellW, y + 2, cellW - 3, rowH - 4);
            painter.setPen(Qt::NoPen);
            painter.setBrush(kStageColours[r.pp % 8]);
            painter.drawRoundedRect(cell, 3, 3);
            painter.setPen(Qt::white);
            if (rowH >= 16 && cellW >= 44)
                painter.drawText(cell, Qt::AlignCenter, QStringLiteral("t%1 d%2 p%3").arg(r.tp).arg(r.dp).arg(r.pp));
        }
    }
    painter.setFont(font());
    painter.setPen(surface.text);
    double y = top + shownNodes * rowH + 8;
    for (int i = 0; i < lines.size(); ++i) {
        const bool acrossNodes = i < int(pl.groups.size()) && pl.groups[std::size_t(i)].link == core::Link::inter_node;
        painter.setPen(acrossNodes ? network : surface.text);
        painter.drawText(QRectF(8, y, size.width() - 16, 20), Qt::AlignLeft | Qt::AlignVCenter, lines[i]);
        y += 20;
    }
}

bool PlacementView::event(QEvent* e)
{
    if (e->type() == QEvent::LanguageChange) update();
    return QWidget::event(e);
}

} // namespace ui
