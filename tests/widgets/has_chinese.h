#pragma once
// Whether a text holds a Chinese character (CJK Unified Ideographs): a translated text does.

#include <QString>

namespace ui::test {

inline bool hasChinese(const QString& text)
{
    for (QChar c : text)
        if (c.unicode() >= 0x4E00 && c.unicode() <= 0x9FFF) return true;
    return false;
}

} // namespace ui::test
