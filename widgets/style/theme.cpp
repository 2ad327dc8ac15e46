#include "widgets/style/theme.h"

#include <QGuiApplication>
#include <QPalette>

namespace ui::theme {

bool isDark(const QPalette& palette)
{
    return palette.color(QPalette::Window).lightnessF() < palette.color(QPalette::WindowText).lightnessF();
}

bool darkInterface()
{
    return isDark(QGuiApplication::palette());
}

const Surface& surface(bool dark)
{
    // Light: the colours the charts and views had before they followed the palette. Dark: a background
    // near the dark Fusion and Breeze windows' bases, text at 12:1 against it, a grid just visible.
    static const Surface light { Qt::white, QColor(0x30, 0x30, 0x30), QColor(0x60, 0x60, 0x60),
        QColor(0xE2, 0xE2, 0xE2), QColor(0xD6, 0xD6, 0xD6), QColor(0x20, 0x20, 0x20), QColor(0xE4, 0xE4, 0xE4),
        QColor(0x80, 0x50, 0x00) };
    static const Surface darkSet { QColor(0x26, 0x28, 0x2B), QColor(0xE8, 0xE8, 0xE8), QColor(0xB8, 0xB8, 0xB8),
        QColor(0x3E, 0x42, 0x47), QColor(0x80, 0x84, 0x8A), QColor(0xE6, 0xE6, 0xE6), QColor(0x4A, 0x4E, 0x54),
        QColor(0xF2, 0xB8, 0x4B) };
    return dark ? darkSet : light;
}

Banner banner(bool fits, bool dark)
{
    if (dark)
        return { fits ? QColor(0x1E, 0x44, 0x2E) : QColor(0x5A, 0x24, 0x1E), QColor(0xF2, 0xF2, 0xF2),
            QColor(0x9C, 0xD0, 0xFF) };
    return { fits ? QColor(0xE3, 0xF4, 0xEA) : QColor(0xFB, 0xE4, 0xDC), QColor(0x1A, 0x1A, 0x1A), QColor() };
}

QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x35, 0x37, 0x3A), base(0x26, 0x28, 0x2B), text(0xE8, 0xE8, 0xE8);
    const QColor disabled(0x80, 0x80, 0x80);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::ToolTipBase, base);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, disabled);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::red);
    p.setColor(QPalette::Link, QColor(0x9C, 0xD0, 0xFF));
    p.setColor(QPalette::Highlight, QColor(0x3D, 0x7E, 0xC9));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Light, window.lighter(150));
    p.setColor(QPalette::Midlight, window.lighter(120));
    p.setColor(QPalette::Mid, window.darker(130));
    p.setColor(QPalette::Dark, window.darker(170));
    p.setColor(QPalette::Shadow, Qt::black);
    for (const QPalette::ColorRole role : { QPalette::WindowText, QPalette::Text, QPalette::ButtonText })
        p.setColor(QPalette::Disabled, role, disabled);
    return p;
}

} // namespace ui::theme
