#include "widgets/presentation_view.h"

#include "widgets/charts/chart_export.h"

#include <QKeyEvent>
#include <QPainter>
#include <QRegularExpression>

namespace ui {

namespace {

/// Fonts readable from the back of a meeting room: 1.6× the on-screen size at 1280 px wide,
/// growing with the screen (2.4× at 1920).
double fontScaleFor(QSize size)
{
    return std::max(1.3, 1.6 * size.width() / 1280.0);
}

} // namespace

QString PresentationView::keepNumbersWithUnits(QString text)
{
    // A no-break space after a digit, a word joiner after a range's dash between digits.
    static const QRegularExpression afterNumber(QStringLiteral("(\\d) (?=\\S)"));
    static const QRegularExpression range(QStringLiteral("(\\d)(–)(?=\\d)"));
    text.replace(afterNumber, QStringLiteral("\\1\u00A0"));
    text.replace(range, QStringLiteral("\\1\\2\u2060"));
    return text;
}

PresentationView::PresentationView(TitleSlide title, QList<QChart*> charts, QWidget* parent)
    : QWidget(parent, Qt::Window)
    , m_title(std::move(title))
{
    for (QChart* c : charts)
        m_charts << rendererFor(c);
    setAttribute(Qt::WA_DeleteOnClose);
    setFocusPolicy(Qt::StrongFocus);
    setWindowTitle(tr("Presentation — %1").arg(m_title.title));
    setAutoFillBackground(true);
    QPalette p = palette();
    p.setColor(QPalette::Window, Qt::white);
    p.setColor(QPalette::WindowText, QColor(0x20, 0x20, 0x20));
    setPalette(p);
}

void PresentationView::setCurrentSlide(int index)
{
    index = std::clamp(index, 0, slideCount() - 1);
    if (index == m_current && !m_cache.isNull()) return;
    m_current = index;
    m_cache = QImage();
    update();
}

QImage PresentationView::renderSlide(int index, QSize size) const
{
    const double dpr = devicePixelRatioF();
    const QSize footer(size.width(), std::max(24, size.height() / 24));
    const QSizeF body(size.width(), size.height() - footer.height());
    QImage image(size * dpr, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(dpr);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    const double scale = fontScaleFor(size);
    if (index == 0) {
        QFont f = font();
        const QRectF area(body.width() * 0.08, body.height() * 0.2, body.width() * 0.84, body.height() * 0.7);
        f.setPointSizeF(20 * scale);
        f.setBold(true);
        painter.setFont(f);
        QRectF used;
        painter.drawText(
            area, Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap, keepNumbersWithUnits(m_title.title), &used);
        f.setPointSizeF(14 * scale);
        painter.setFont(f);
        // The verdict's colour: the banner's green and red, darkened to read as text on white.
        painter.setPen(m_title.fits ? QColor(0x1B, 0x6E, 0x3F) : QColor(0xB0, 0x2A, 0x1E));
        QRectF headline = area.adjusted(0, used.height() + 30 * scale, 0, 0);
        painter.drawText(headline, Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap,
            keepNumbersWithUnits(m_title.headline), &used);
        f.setBold(false);
        f.setPointSizeF(10 * scale);
        painter.setFont(f);
        painter.setPen(QColor(0x30, 0x30, 0x30));
        painter.drawText(headline.adjusted(0, used.height() + 24 * scale, 0, 0),
            Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap, keepNumbersWithUnits(m_title.details));
    } else if (index - 1 < m_charts.size()) {
        // The chart is laid out in points at body size; fonts scale with the screen.
        painter.drawImage(QPointF(0, 0), m_charts[index - 1](body, dpr, scale));
    }
    QFont small = font();
    small.setPointSizeF(7 * scale);
    painter.setFont(small);
    painter.setPen(QColor(0x70, 0x70, 0x70));
    const QRectF bar(20, body.height(), size.width() - 40, footer.height());
    painter.drawText(bar, Qt::AlignLeft | Qt::AlignVCenter, m_title.title);
    painter.drawText(bar, Qt::AlignRight | Qt::AlignVCenter,
        tr("%1 / %2 — arrow keys to move, Esc to leave").arg(index + 1).arg(slideCount()));
    return image;
}

void PresentationView::keyPressEvent(QKeyEvent* event)
{
    switch (event->key()) {
    case Qt::Key_Right:
    case Qt::Key_Down:
    case Qt::Key_PageDown:
    case Qt::Key_Space:
        setCurrentSlide(m_current + 1);
        break;
    case Qt::Key_Left:
    case Qt::Key_Up:
    case Qt::Key_PageUp:
    case Qt::Key_Backspace:
        setCurrentSlide(m_current - 1);
        break;
    case Qt::Key_Home:
        setCurrentSlide(0);
        break;
    case Qt::Key_End:
        setCurrentSlide(slideCount() - 1);
        break;
    case Qt::Key_Escape:
        close();
        break;
    default:
        QWidget::keyPressEvent(event);
    }
}

void PresentationView::mousePressEvent(QMouseEvent* event)
{
    setCurrentSlide(m_current + (event->button() == Qt::RightButton ? -1 : 1));
}

void PresentationView::paintEvent(QPaintEvent*)
{
    if (m_cache.isNull() || m_cache.deviceIndependentSize().toSize() != size())
        m_cache = renderSlide(m_current, size());
    QPainter(this).drawImage(QPointF(0, 0), m_cache);
}

void PresentationView::resizeEvent(QResizeEvent* event)
{
    m_cache = QImage();
    QWidget::resizeEvent(event);
}

} // namespace ui
