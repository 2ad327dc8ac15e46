#pragma once
// Feasibility heatmap: pick two inputs; every cell is the estimate with those values,
// coloured by memory per GPU or step time, infeasible cells crossed out with the reason in the
// tooltip; a click applies the cell's values (undoable). Drawn from core::heatmap().

#include "core/search/heatmap.h"

#include <QWidget>

#include <cstdint>

class QComboBox;
class QLabel;

namespace ui {

class HeatmapGrid;
class ScenarioSession;

class WhatIfPage : public QWidget {
    Q_OBJECT
public:
    explicit WhatIfPage(ScenarioSession* session, QWidget* parent = nullptr);
    [[nodiscard]] HeatmapGrid* grid() const { return m_grid; }
    /// The page's heading: what the grid's axes and colours are (the export's title).
    [[nodiscard]] QString title() const;
    void setAxes(core::HeatAxis x, core::HeatAxis y);
    /// The grid shows the current scenario on the chosen axes (the map is asked of the session in the
    /// background, and only while the view is visible).
    [[nodiscard]] bool isCurrent() const;
    /// Applies cell `index` to the document as one undoable edit. Refused (returns false) while the
    /// grid still shows an older scenario: its cells hold that scenario's other values.
    bool apply(int index);

protected:
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void request();
    void retranslate();
    [[nodiscard]] static QString axisName(core::HeatAxis axis);

    ScenarioSession* m_session;
    std::uint64_t m_revision = 0; ///< of the scenario the grid's map is for; 0 = none yet
    QLabel* m_title = nullptr;
    QLabel* m_xLabel = nullptr;
    QLabel* m_yLabel = nullptr;
    QLabel* m_metricLabel = nullptr;
    QComboBox* m_x = nullptr;
    QComboBox* m_y = nullptr;
    QComboBox* m_metric = nullptr;
    HeatmapGrid* m_grid = nullptr;
};

} // namespace ui
