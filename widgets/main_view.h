#pragma once
// The main window's central view: inputs on the left; on the right the verdict and the result
// pages in tabs, built from their rows (widgets/pages/page_registry.h). It hands the session's
// results to each page.

#include "widgets/pages/page_registry.h"
#include "widgets/text/format.h"

#include <QSize>
#include <QSizeF>
#include <QString>
#include <QStringList>
#include <QWidget>

#include <cstdint>
#include <functional>
#include <vector>

class QChart;
class QPainter;
class QTabWidget;

namespace ui {

class InputPanel;
class ScenarioSession;
struct DerivedResults;
class VerdictBanner;

/// What a window manager adds around a window (title bar, borders), allowed for when a window's
/// first size is chosen: its content is then this much smaller than the screen's free area.
inline constexpr QSize kWindowFrame { 16, 48 };

/// `wanted`, bounded to the free area (QScreen::availableGeometry) of `widget`'s screen less
/// kWindowFrame: a dialog's first size never runs off a laptop screen (the primary screen before
/// the widget shows).
[[nodiscard]] QSize sizeOnScreen(QSize wanted, const QWidget* widget);

class MainView : public QWidget {
    Q_OBJECT
public:
    explicit MainView(ScenarioSession* session, QWidget* parent = nullptr);

    [[nodiscard]] InputPanel* inputs() const { return m_inputs; }
    /// The widget of page `id` ("memory", … pageIds()), brought up to date with the session's results
    /// first (a page behind the current one takes new results only when shown or asked for); null for
    /// an unknown id.
    [[nodiscard]] QWidget* page(const QString& id) const;
    /// The one view of type T on page `id` (the page itself, or its child), brought up to date first;
    /// null when the page has none.
    template <class T> [[nodiscard]] T* viewOn(const char* id) const
    {
        QWidget* w = page(QLatin1String(id));
        if (!w) return nullptr;
        if (auto* self = qobject_cast<T*>(w)) return self;
        return w->findChild<T*>();
    }
    [[nodiscard]] VerdictBanner* banner() const { return m_banner; }
    [[nodiscard]] QTabWidget* tabs() const { return m_tabs; }
    /// The result pages' ids in tab order ("memory", "time", … "sensitivity").
    [[nodiscard]] static QStringList pageIds();
    /// Brings page `id` to the front; false for an unknown id.
    bool showPage(const QString& id);
    /// Every chart with something to show, in tab order (presentation mode's slides).
    [[nodiscard]] QList<QChart*> presentableCharts() const;
    using Figure = ui::Figure;
    /// Every figure with something to show, in tab order, as the pages' rows name them: every chart
    /// (every slide is exportable) and the painted views (the pipeline, the rank placement, the
    /// what-if grid).
    [[nodiscard]] std::vector<Figure> figures() const;
    /// The tables the pages export, in tab order, from the results they show (the export's tables).
    [[nodiscard]] std::vector<PageTable> tables() const;
    /// The tables the pages add to the report, in tab order.
    [[nodiscard]] std::vector<ReportTable> reportTables() const;
    /// The banner shows the range of step, memory and cost with every assumption ±20 % in turn.
    void setShowRanges(bool on);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    /// Takes the session's results: the banner and the current page at once, the other pages
    /// when shown or asked for. The only place views get results.
    void showResults(const DerivedResults& results);
    /// Hands `results` to page `index` unless it has the latest already.
    void pushToPage(int index, const DerivedResults& results) const;
    void bringUpToDate(int index) const;

    struct Page {
        BuiltPage built;
        mutable std::uint64_t generation = 0; ///< of the results it shows
    };

    std::uint64_t m_generation = 0; ///< counts showResults calls (a new unit re-announces the same results)
    std::vector<Page> m_pages; ///< in pageRows() order

    InputPanel* m_inputs;
    VerdictBanner* m_banner;
    QTabWidget* m_tabs;
    ScenarioSession* m_session;
};

} // namespace ui
