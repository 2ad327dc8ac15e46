#include "widgets/style/fitted_tabs.h"

#include <climits>

#include <algorithm>
#include <numeric>

namespace ui {

FittedTabBar::FittedTabBar(QWidget* parent)
    : QTabBar(parent)
{
    setUsesScrollButtons(false);
    setElideMode(Qt::ElideRight);
}

int FittedTabBar::capFor(std::vector<int> widths, int available)
{
    if (widths.empty() || std::accumulate(widths.begin(), widths.end(), 0LL) <= available) return INT_MAX;
    // Water-filling: the narrowest titles keep their widths while the rest share what is left.
    std::sort(widths.begin(), widths.end());
    long long left = available;
    for (std::size_t i = 0; i < widths.size(); ++i) {
        const long long share = left / static_cast<long long>(widths.size() - i);
        if (widths[i] > share) return static_cast<int>(std::max(0LL, share));
        left -= widths[i];
    }
    return INT_MAX;
}

int FittedTabBar::cap() const
{
    // The width the tab widget gives its bar: the bar's own width follows its size hint, which
    // this cap sets, so the widget's width (less its frame's few pixels) is what is available.
    const QWidget* owner = parentWidget();
    if (!owner) return INT_MAX;
    std::vector<int> widths;
    widths.reserve(std::size_t(count()));
    for (int i = 0; i < count(); ++i)
        widths.push_back(QTabBar::tabSizeHint(i).width());
    return capFor(std::move(widths), owner->width() - 4);
}

QSize FittedTabBar::tabSizeHint(int index) const
{
    QSize size = QTabBar::tabSizeHint(index);
    // Room for a few letters and the ellipsis at least: "Pipeli…".
    const int least = fontMetrics().horizontalAdvance(QStringLiteral("Mmmm…")) + 16;
    size.setWidth(std::min(size.width(), std::max(cap(), least)));
    return size;
}

QSize FittedTabBar::minimumTabSizeHint(int index) const
{
    return tabSizeHint(index);
}

FittedTabWidget::FittedTabWidget(QWidget* parent)
    : QTabWidget(parent)
{
    setTabBar(new FittedTabBar(this));
}

} // namespace ui
