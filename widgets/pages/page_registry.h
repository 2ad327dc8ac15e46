#pragma once
// The result pages, one row each: what the main view's tabs, --tab, the export, the slides and the
// retranslation are built from. A new page is its view files and one row in page_registry.cpp.

#include "widgets/io/picture_export.h"

#include <QString>

#include <functional>
#include <span>
#include <string>
#include <vector>

class QAbstractItemModel;
class QWidget;

namespace ui {

class ScenarioSession;
struct DerivedResults;

/// A table a page gives the export (its "tables" option): the file and its text.
struct PageTable {
    QString file; ///< "memory_stages.csv"; a ".json" file is written as it is, without a byte-order mark
    std::string text; ///< CSV in the command line's format, or JSON
    /// Rows of the scenario shown: the export adds a first column naming it. A table of several
    /// scenarios names each itself.
    bool oneScenario = true;
};

/// A table a page adds to the report, under its title.
struct ReportTable {
    QString title; ///< translated
    const QAbstractItemModel* model = nullptr; ///< its header row is the first column; null: nothing to add
};

/// A result page as its row built it.
struct BuiltPage {
    QWidget* widget = nullptr;
    /// Hands the session's results to the page's views; empty for a page that listens to the session
    /// itself (the planner, the comparison, the what-if grid, the sensitivity).
    std::function<void(const DerivedResults&)> show;
    /// The page's figures that have something to show, in the page's order, each with its stable file
    /// name. Brings views that draw only while visible up to date first.
    std::function<std::vector<Figure>()> figures;
    /// The page's tables for the export, from the results the page shows (a page that listens to the
    /// session gives what it holds); empty for a page with no table.
    std::function<std::vector<PageTable>(const DerivedResults&)> tables;
    /// The table the page adds to the report; empty for none.
    std::function<ReportTable()> report;
};

struct PageRow {
    const char* id; ///< --tab, tests, the export's fallback names
    const char* title; ///< the tab's title, translated in the ui::MainView context
    BuiltPage (*make)(ScenarioSession* session, QWidget* parent);
    /// The question the page answers, one line for the Help's list of tabs, translated in the
    /// ui::HelpDialog context.
    const char* answers;
};

/// The result pages in tab order.
[[nodiscard]] std::span<const PageRow> pageRows();

} // namespace ui
