#include "widgets/text_limit.h"

#include "core/scenario_io.h"

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
    if (input.toUtf8().size() <= m_maxBytes) return Acceptable;
    input = cutToUtf8Bytes(input, m_maxBytes);
    pos = std::min(pos, int(input.size()));
    return Acceptable;
}

void limitToScenarioName(QLineEdit* field)
{
    field->setMaxLength(32767); // the validator is the limit
    field->setValidator(new Utf8LengthValidator(qsizetype(core::kMaxNameBytes), field));
}

} // namespace ui
