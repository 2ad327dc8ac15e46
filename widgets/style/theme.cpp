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

} // namespace ui::theme
