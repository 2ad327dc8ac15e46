#pragma once
// Where ranks sit: the first nodes of the cluster with each GPU's TP, DP and PP
// coordinates (coloured by pipeline stage), and for each parallel group whether it stays on
// NVLink or crosses the network, with its time per step. Drawn from core::placement().

#include "core/estimate/placement.h"

#include <QWidget>

class QPainter;

namespace ui {

class PlacementView : public QWidget {
    Q_OBJECT
public:
    explicit PlacementView(QWidget* parent = nullptr);
    void setData(const core::Scenario& scenario, const core::Placement& placement);
    [[nodiscard]] const core::Placement& placement() const { return m_placement; }
    /// The group lines as shown (tests read them).
    [[nodiscard]] QStringList groupLines() const;
    /// Draws the map at `size` (the view and the export).
    void paint(QPainter& painter, QSize size, bool dark = false) const;

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;

private:
    core::Parallel m_parallel;
    core::Placement m_placement;
};

} // namespace ui
