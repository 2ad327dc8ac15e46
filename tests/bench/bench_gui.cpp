// One slider tick to updated charts, offscreen: the GUI must follow a drag within a frame (16 ms).
// Prints the median and the 95th percentile; scripts/bench.sh writes them to a file.
#include "core/scenario_io.h"
#include "widgets/inputs/input_panel.h"
#include "widgets/main_view.h"
#include "widgets/session/scenario_session.h"

#include <QApplication>
#include <QSlider>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

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

    // Each tick: the edit; the session's results on its zero-delay timer (results() takes them if
    // the timer has not fired yet); the banner and the page in front; then the repaint. The pages
    // that take every result are measured in turn (the others listen to the session themselves).
    const int start = slider->value();
    for (const char* page : { "memory", "time", "pipeline", "scaling", "reliability", "guide" }) {
        widget.showPage(QString::fromLatin1(page));
        QApplication::processEvents();
        std::vector<double> ms;
        for (int i = 0; i < 300; ++i) {
            const auto t0 = std::chrono::steady_clock::now();
            slider->setValue(start + (i % 40) - 20);
            QApplication::processEvents();
            (void)session.results();
            widget.repaint();
            QApplication::processEvents();
            ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
        }
        std::sort(ms.begin(), ms.end());
        std::printf("slider tick to updated charts, %s page (offscreen, 1280x800, %zu ticks): median %.2f ms, p95 "
                    "%.2f ms, max %.2f ms\n",
            page, ms.size(), ms[ms.size() / 2], ms[ms.size() * 95 / 100], ms.back());
    }
    return 0;
}
