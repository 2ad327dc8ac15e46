// One slider tick to updated charts, offscreen: the GUI must follow a drag within a frame (16 ms).
// Prints the median and the 95th percentile for each page that takes results; scripts/bench.sh
// writes them to a file. Two measures:
//  - "tick": what a drag does in the app. The edit, the session's results on its zero-delay timer,
//    the banner and the page in front taking them, and Qt's repaint of what they marked dirty
//    (the repaint manager's UpdateRequest, handled in the same event-loop turn). The bench checks
//    that the page in front was painted on every tick, so nothing is measured that was not drawn.
//  - "full repaint": the same tick with a forced repaint of the whole window, input panel and tab
//    bar included (the measure until 2026-12-02). An upper bound, as after an expose: it is not
//    what a drag costs.
// Pages named on the command line are measured instead of all of them (to profile one).
#include "core/scenario/scenario_io.h"
#include "widgets/inputs/input_panel.h"
#include "widgets/main_view.h"
#include "widgets/session/scenario_session.h"

#include <QApplication>
#include <QEvent>
#include <QSlider>
#include <QStringList>
#include <QTabWidget>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

/// Counts paint events that reach `page` or a widget inside it.
class PaintCounter : public QObject {
public:
    QWidget* page = nullptr;
    int paints = 0;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::Paint && page && watched->isWidgetType()) {
            auto* w = static_cast<QWidget*>(watched);
            if (w == page || page->isAncestorOf(w)) ++paints;
        }
        return false;
    }
};

void report(const char* measure, const QString& page, std::vector<double> ms, int painted)
{
    std::sort(ms.begin(), ms.end());
    std::printf("slider tick to updated charts (%s), %s page (offscreen, 1280x800, %zu ticks, page painted on %d): "
                "median %.2f ms, p95 %.2f ms, max %.2f ms\n",
        measure, qPrintable(page), ms.size(), painted, ms[ms.size() / 2], ms[ms.size() * 95 / 100], ms.back());
}

} // namespace

int main(int argc, char** argv)
{
    if (!std::getenv("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    ui::ScenarioSession session(core::defaultScenario());
    ui::MainView widget(&session);
    widget.resize(1280, 800);
    widget.show();
    QApplication::processEvents();
    auto* slider = widget.findChild<QSlider*>(QStringLiteral("modelSize"));
    if (!slider) return 1;
    PaintCounter counter;
    app.installEventFilter(&counter);

    QStringList pages = QApplication::arguments().mid(1);
    if (pages.isEmpty())
        pages = { QStringLiteral("memory"), QStringLiteral("time"), QStringLiteral("pipeline"),
            QStringLiteral("scaling"), QStringLiteral("reliability"), QStringLiteral("guide") };
    const int start = slider->value();
    for (const bool full : { false, true }) {
        for (const QString& page : pages) {
            if (!widget.showPage(page)) return 1;
            QApplication::processEvents();
            counter.page = widget.tabs()->currentWidget();
            std::vector<double> ms;
            int painted = 0;
            for (int i = 0; i < 300; ++i) {
                counter.paints = 0;
                const auto t0 = std::chrono::steady_clock::now();
                slider->setValue(start + (i % 40) - 20);
                QApplication::processEvents(); // the session's timer: results to the banner and the page
                (void)session.results();
                if (full) widget.repaint();
                QApplication::processEvents(); // the repaint manager's update request
                ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
                if (counter.paints > 0) ++painted;
            }
            report(full ? "full repaint" : "tick", page, std::move(ms), painted);
        }
    }
    return 0;
}
