#pragma once
// The pipeline schedule of one step as a Gantt chart: stages as rows, each micro-batch's
// forward, recomputation and backward as blocks, idle time shaded, then the exposed communication
// and the optimizer step. Drawn from core::pipelineTimeline(); the widget only paints.

#include "core/estimate/timeline.h"

#include <QWidget>

namespace ui {

class TimelineView : public QWidget {
    Q_OBJECT
public:
    explicit TimelineView(QWidget* parent = nullptr);
    void setTimeline(core::Timeline timeline);
    [[nodiscard]] const core::Timeline& timeline() const { return m_timeline; }
    /// The chart at `size` on white (copy and export use it).
    [[nodiscard]] QImage render(QSize size, double scale = 2.0) const;
    [[nodiscard]] QString title() const;
    /// Draws the chart at `size` (the view, its copy and the export all draw through this).
    void paint(QPainter& painter, QSize size, bool dark = false) const;
    /// What the drawing leaves out of a long step (empty when every micro-batch is drawn).
    [[nodiscard]] QString note() const;

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;

private:
    [[nodiscard]] QRectF plotRect(QSize size) const;

    core::Timeline m_timeline;
};

} // namespace ui
