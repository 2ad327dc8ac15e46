#include "widgets/text/text_limit.h"

#include "core/scenario/scenario_io.h"

#include <QLineEdit>

namespace ui {

QString cutToUtf8Bytes(const QString& text, qsizetype maxBytes)
{
    qsizetype bytes = 0, end = 0;
    while (end < text.size()) {
        const char32_t c = text.at(end).unicode();
        // A pair of surrogates is one character of four bytes; a lone surrogate becomes U+FFFD (3).
        const bool pair = QChar::isHighSurrogate(c) && end + 1 < text.size() && text.at(end + 1).isLowSurrogate();
        const qsizetype units = pair ? 2 : 1;
        const qsizetype width = pair ? 4 : c < 0x80 ? 1 : c < 0x800 ? 2 : 3;
        if (bytes + width > maxBytes) break;
        bytes += width;
        end += units;
    }
    return text.left(end);
}

Utf8LengthValidator::Utf8LengthValidator(qsizetype maxBytes, QObject* parent)
    : QValidator(parent)
    , m_maxBytes(maxBytes)
{
}

QValidator::State Utf8LengthValidator::validate(QString& input, int& pos) const
{
    if (input.toUtf8().size() > m_maxBytes) {
        // The inserted part: what lies between the prefix and the suffix the edit left as they were.
        const QString& before = m_accepted;
        qsizetype prefix = 0, suffix = 0;
        while (prefix < before.size() && prefix < input.size() && before[prefix] == input[prefix])
            ++prefix;
        while (suffix < before.size() - prefix && suffix < input.size() - prefix
            && before[before.size() - 1 - suffix] == input[input.size() - 1 - suffix])
            ++suffix;
        const QString head = input.left(prefix), tail = input.right(suffix);
        const qsizetype room = m_maxBytes - head.toUtf8().size() - tail.toUtf8().size();
        if (room < 0) return Invalid; // the text around the edit is over the limit by itself
        const QString inserted = cutToUtf8Bytes(input.mid(prefix, input.size() - prefix - suffix), room);
        input = head + inserted + tail;
        pos = int(prefix + inserted.size());
    }
    m_accepted = input;
    return Acceptable;
}

void limitToScenarioName(QLineEdit* field)
{
    field->setMaxLength(32767); // the validator is the limit
    field->setValidator(new Utf8LengthValidator(qsizetype(core::kMaxNameBytes), field));
}

} // namespace ui
