#pragma once
// A tab widget whose titles, where they do not all fit, are shortened longest first: the short
// titles ("Memory", "Planner", "Compare") stay whole and only the long ones ("Pipeline and
// placement") lose their ends, each to the same width, instead of Qt's shrinking every title alike
// ("Mem…", "Plan…"). Every tab stays in sight, with no scroll arrows; a tab's tooltip has its title whole.

#include <QTabBar>
#include <QTabWidget>

#include <vector>

namespace ui {

class FittedTabBar : public QTabBar {
public:
    explicit FittedTabBar(QWidget* parent = nullptr);
    /// The width every title is cut to, given the titles' natural widths and the width they share:
    /// the largest cap with sum(min(width, cap)) <= available; unbounded (INT_MAX) when all fit.
    [[nodiscard]] static int capFor(std::vector<int> widths, int available);

protected:
    [[nodiscard]] QSize tabSizeHint(int index) const override;
    [[nodiscard]] QSize minimumTabSizeHint(int index) const override;

private:
    [[nodiscard]] int cap() const;
};

class FittedTabWidget : public QTabWidget {
public:
    explicit FittedTabWidget(QWidget* parent = nullptr);
};

} // namespace ui
