#pragma once
// Text fields whose file format limits bytes, not characters. QLineEdit::setMaxLength counts UTF-16
// units: a 200-character limit let 200 Chinese characters (600 UTF-8 bytes) into a name the file
// refuses past 200 bytes, and the refused rename then vanished without a word.

#include <QValidator>

class QLineEdit;

namespace ui {

/// Keeps a line edit's text within `maxBytes` of UTF-8. Typing past the limit does nothing, as at a
/// maxLength; a paste is cut at the last whole character that fits (never inside a surrogate pair).
/// What is cut is always the part being inserted, wherever the cursor is: the text around it stays.
class Utf8LengthValidator : public QValidator {
    Q_OBJECT
public:
    Utf8LengthValidator(qsizetype maxBytes, QObject* parent);
    State validate(QString& input, int& pos) const override;
    [[nodiscard]] qsizetype maxBytes() const { return m_maxBytes; }

private:
    qsizetype m_maxBytes;
    /// The text as last accepted: what an edit inserted is what differs from it (QLineEdit hands the
    /// validator the edited text only).
    mutable QString m_accepted;
};

/// `text` cut to at most `maxBytes` of UTF-8 at a character boundary.
[[nodiscard]] QString cutToUtf8Bytes(const QString& text, qsizetype maxBytes);

/// A scenario-name field: at most core::kMaxNameBytes of UTF-8.
void limitToScenarioName(QLineEdit* field);

} // namespace ui
