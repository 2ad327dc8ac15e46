#pragma once
// A 2-pixel ring around the widget with keyboard focus (the style's
// focus frame is a faint 1-pixel line, hard to follow on a projector). One ring per window follows
// the focus that the keyboard moves (Tab, mnemonics; not a click, as browsers' :focus-visible). It is a child of the
// window drawn over everything, passes the mouse through, moves with its widget and every scrolling parent, and is cut
// where a parent (the input panel's scroll area) cuts its widget.

#include <QPointer>
#include <QWidget>

namespace ui {

class FocusRing : public QWidget {
    Q_OBJECT
public:
    /// Rings the focused widget of `window`'s window from now on; the ring is owned by the window.
    static FocusRing* attach(QWidget* window);
    /// The ringed widget, or nullptr while the ring is hidden.
    [[nodiscard]] QWidget* target() const { return isVisible() ? m_target.data() : nullptr; }
    static constexpr int kWidth = 2; ///< px at 96 dpi; the ring's gap to its widget is 1 px more
    static constexpr int kMargin = kWidth + 1;

protected:
    void paintEvent(QPaintEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    explicit FocusRing(QWidget* window);
    void follow(QWidget* now);
    void place();

    QPointer<QWidget> m_window;
    QPointer<QWidget> m_target;
    QRect m_ring;
    bool m_keyboard = false; ///< the focus came from the keyboard (Tab, Backtab, a mnemonic) ///< the whole ring in the
                             ///< ring widget's coordinates (the widget is the part shown)
};

} // namespace ui
