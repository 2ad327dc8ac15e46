#include "widgets/style/focus_ring.h"

#include <QAbstractScrollArea>
#include <QApplication>
#include <QEvent>
#include <QFocusEvent>
#include <QPainter>

namespace ui {

FocusRing* FocusRing::attach(QWidget* window)
{
    return new FocusRing(window);
}

FocusRing::FocusRing(QWidget* window)
    : QWidget(window)
    , m_window(window)
{
    setObjectName(QStringLiteral("focusRing"));
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setAttribute(Qt::WA_NoSystemBackground);
    setFocusPolicy(Qt::NoFocus);
    hide();
    // Shown for the keyboard's focus, as browsers' :focus-visible: Tab, Backtab and mnemonics show it,
    // a click hides it (the field shows its own frame), a window or popup handing focus back keeps
    // what was. The reason is the FocusIn event's, seen before the widget gets it.
    qApp->installEventFilter(this);
}

void FocusRing::follow(QWidget* now)
{
    m_target = nullptr;
    // Only inside this window (not a combo's popup, not a dialog), and around the control itself: a
    // table's or text view's viewport is ringed as its scroll area.
    if (now && qobject_cast<QAbstractScrollArea*>(now->parentWidget())
        && static_cast<QAbstractScrollArea*>(now->parentWidget())->viewport() == now)
        now = now->parentWidget();
    if (!now || !m_window || now == m_window || !m_window->isAncestorOf(now) || !now->parentWidget()) {
        hide();
        return;
    }
    m_target = now;
    place();
}

void FocusRing::place()
{
    if (!m_target || !m_target->isVisible()) {
        hide();
        return;
    }
    // The ring in the window, cut to what the scroll areas around it show.
    const QRect ring(m_target->mapTo(m_window, QPoint(0, 0)) - QPoint(kMargin, kMargin),
        m_target->size() + QSize(2 * kMargin, 2 * kMargin));
    QRect shown = ring;
    // Cut where a scroll area's viewport hides the control; plain containers hide nothing of the ring.
    for (QWidget* w = m_target->parentWidget(); w && w != m_window; w = w->parentWidget())
        if (auto* area = qobject_cast<QAbstractScrollArea*>(w->parentWidget()); area && area->viewport() == w)
            shown &= QRect(w->mapTo(m_window, QPoint(0, 0)), w->size());
    shown &= m_window->rect();
    if (shown.isEmpty() || !m_target->isVisibleTo(m_window)) {
        hide();
        return;
    }
    m_ring = ring.translated(-shown.topLeft());
    setGeometry(shown);
    raise();
    show();
    update();
}

bool FocusRing::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::FocusIn && watched->isWidgetType()) {
        switch (static_cast<QFocusEvent*>(event)->reason()) {
        case Qt::TabFocusReason:
        case Qt::BacktabFocusReason:
        case Qt::ShortcutFocusReason:
            m_keyboard = true;
            break;
        case Qt::MouseFocusReason:
            m_keyboard = false;
            break;
        default: // ActiveWindow, Popup, Other, …: as before
            break;
        }
        QWidget* now = static_cast<QWidget*>(watched);
        if (now == QApplication::focusWidget() || !now->focusProxy()) follow(m_keyboard ? now : nullptr);
        return false;
    }
    // The application's events: the ring moves with its widget and every parent that scrolls it.
    switch (event->type()) {
    case QEvent::Move:
    case QEvent::Resize:
    case QEvent::Show:
    case QEvent::Hide:
    case QEvent::ZOrderChange:
        if (m_target && watched->isWidgetType()
            && (watched == m_target || static_cast<QWidget*>(watched)->isAncestorOf(m_target)))
            place();
        break;
    default:
        break;
    }
    return QWidget::eventFilter(watched, event);
}

void FocusRing::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    QPen pen(palette().color(QPalette::Active, QPalette::Highlight), kWidth);
    p.setPen(pen);
    p.setBrush(Qt::NoBrush);
    const double inset = kWidth / 2.0;
    p.drawRoundedRect(QRectF(m_ring).adjusted(inset, inset, -inset, -inset), 3, 3);
}

} // namespace ui
