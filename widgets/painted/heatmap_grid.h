#pragma once
// The feasibility grid of the What-if page: one cell per pair of values, coloured by
// memory per GPU or step time, infeasible cells crossed out with the reason in the tooltip.
// Painted with QPainter from a core::Heatmap.

#include "core/search/heatmap.h"

#include <QWidget>

class QPainter;

namespace ui {

class HeatmapGrid : public QWidget {
    Q_OBJECT
public:
    enum Metric { Memory, StepTime };
    explicit HeatmapGrid(QWidget* parent = nullptr);
    void setHeatmap(core::Heatmap map, Metric metric);
    /// The axes' names as the page words them ("Tensor parallel (TP)"), drawn beside the ticks and
    /// used in the tooltips.
    void setAxisTitles(const QString& x, const QString& y);
    [[nodiscard]] const core::Heatmap& heatmap() const { return m_map; }
    /// The cell under a widget position, or −1.
    [[nodiscard]] int cellAt(QPointF pos) const;
    [[nodiscard]] QRectF cellRect(int index) const { return cellRect(index, size()); }
    /// Draws the grid at `size` (the view and the export), on a dark surface when `dark` (the view on a dark
    /// palette; exports stay light).
    void paint(QPainter& painter, QSize size, bool dark = false) const;
    /// What hovering a cell shows: its values, its estimate, and why it is infeasible (translated).
    [[nodiscard]] QString toolTipOf(int index) const;
    /// An axis value as the grid labels it: a number, or a recomputation's short name (translated).
    [[nodiscard]] static QString valueText(core::HeatAxis axis, int value);

signals:
    void cellClicked(int index);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    bool event(QEvent* event) override;

private:
    [[nodiscard]] static QRectF gridRect(QSize size);
    [[nodiscard]] QRectF cellRect(int index, QSize size) const;
    [[nodiscard]] QColor colourOf(const core::HeatCell& cell, bool dark = false) const;
    [[nodiscard]] QString cellText(const core::HeatCell& cell) const;
    /// The colour key at the right of the grid: what the colours mean, from its lowest to its highest.
    void paintScale(QPainter& painter, const QRectF& grid, const QColor& text) const;

    core::Heatmap m_map;
    Metric m_metric = Memory;
    double m_lo = 0, m_hi = 1;
    QString m_xTitle, m_yTitle;
};

} // namespace ui
