#pragma once
// Presentation mode for meetings: full screen, one slide per page — a title slide with the verdict,
// then every chart that has data (memory, step time, scaling, cost, reliability, number formats,
// comparison), drawn at the screen's size with enlarged fonts. Arrow keys, Page Up/Down, Space,
// Home/End move; Esc leaves.

#include "widgets/charts/chart_export.h"

#include <QImage>
#include <QList>
#include <QString>
#include <QWidget>

class QChart;

namespace ui {

class PresentationView : public QWidget {
    Q_OBJECT
public:
    struct TitleSlide {
        QString title;
        QString headline;
        QString details;
        bool fits = true; ///< the headline in the banner's green or red, never a neutral blue
    };
    PresentationView(TitleSlide title, QList<QChart*> charts, QWidget* parent = nullptr);

    [[nodiscard]] int slideCount() const { return int(m_charts.size()) + 1; }
    [[nodiscard]] int currentSlide() const { return m_current; }
    void setCurrentSlide(int index);
    /// The current slide drawn at `size` (what paintEvent shows; tests use it offscreen).
    [[nodiscard]] QImage renderSlide(int index, QSize size) const;
    /// `text` with every number kept on the line of the word after it and a range kept whole:
    /// "275–306 s", "284 秒" and "82 %" never wrap between number and unit.
    [[nodiscard]] static QString keepNumbersWithUnits(QString text);

protected:
    void keyPressEvent(QKeyEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    TitleSlide m_title;
    QList<ChartRenderer> m_charts;
    int m_current = 0;
    QImage m_cache;
};

} // namespace ui
