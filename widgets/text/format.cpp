#include "widgets/text/format.h"

#include <QCoreApplication>
#include <QLocale>

#include <algorithm>
#include <cmath>
#include <span>

namespace ui {

namespace {
ByteUnit g_unit = ByteUnit::GiB; // GUI thread only, as QLocale's default
} // namespace

void setDisplayByteUnit(ByteUnit unit)
{
    g_unit = unit;
}

ByteUnit displayByteUnit()
{
    return g_unit;
}

double bytesIn(double bytes)
{
    return g_unit == ByteUnit::GB ? bytes / 1e9 : bytes / 1073741824.0;
}

QString unitName()
{
    return g_unit == ByteUnit::GB ? QCoreApplication::translate("ui::format", "GB")
                                  : QCoreApplication::translate("ui::format", "GiB");
}

QString formatBytes(double bytes, int decimals)
{
    return QLocale().toString(bytesIn(bytes), 'f', decimals) + QChar(0x202F) + unitName();
}

QString formatBytesRounded(double bytes)
{
    const double shown = bytesIn(bytes);
    if (shown > 0 && shown < 0.01)
        return QStringLiteral("< ") + QLocale().toString(0.01, 'f', 2) + QChar(0x202F) + unitName();
    return formatBytes(bytes, shown >= 100 ? 0 : shown >= 1 ? 1 : 2);
}

QString formatCapacity(double bytes)
{
    return formatSignificant(bytesIn(bytes), 4) + QChar(0x202F) + unitName();
}

QString memoryTermName(core::MemoryTerm term)
{
    static const char* const names[core::kMemoryTermCount] = { QT_TRANSLATE_NOOP("ui::VerdictBanner", "weights"),
        QT_TRANSLATE_NOOP("ui::VerdictBanner", "gradients"), QT_TRANSLATE_NOOP("ui::VerdictBanner", "master weights"),
        QT_TRANSLATE_NOOP("ui::VerdictBanner", "optimizer states"),
        QT_TRANSLATE_NOOP("ui::VerdictBanner", "activations"), QT_TRANSLATE_NOOP("ui::VerdictBanner", "buffers"),
        QT_TRANSLATE_NOOP("ui::VerdictBanner", "overhead") };
    return QCoreApplication::translate("ui::VerdictBanner", names[static_cast<int>(term)]);
}

QString formatSeconds(double seconds)
{
    const QLocale locale;
    if (seconds >= 100) return locale.toString(seconds, 'f', 0);
    if (seconds >= 10) return locale.toString(seconds, 'f', 1);
    if (seconds >= 0.01) return locale.toString(seconds, 'f', 2);
    return formatSignificant(seconds, 2);
}

namespace {

/// Plain decimals stop here: a log's 1e300-second step printed as 301 digits pushed a table's
/// other columns off the screen. Past it, "5.24 × 10³⁰⁵".
constexpr double kPlainLimit = 1e15;

QString scientific(double value)
{
    static const char16_t superscripts[] = u"⁰¹²³⁴⁵⁶⁷⁸⁹";
    int exponent = int(std::floor(std::log10(std::abs(value))));
    double mantissa = value / std::pow(10.0, exponent);
    if (std::abs(std::round(mantissa * 100) / 100) >= 10) mantissa /= 10, ++exponent; // 9.999 → 1.00 × 10ⁿ⁺¹
    QString power;
    for (const QChar digit : QString::number(std::abs(exponent)))
        power += QChar(superscripts[digit.digitValue()]);
    if (exponent < 0) power.prepend(QChar(0x207B)); // superscript minus
    return QStringLiteral("%1 × 10%2").arg(QLocale().toString(mantissa, 'f', 2), power);
}

QString nonFinite(double value)
{
    if (std::isnan(value)) return QStringLiteral("—");
    return value > 0 ? QStringLiteral("∞") : QStringLiteral("−∞");
}

} // namespace

QString formatSignificant(double value, int digits)
{
    if (!std::isfinite(value)) return nonFinite(value);
    if (value == 0) return QStringLiteral("0");
    if (std::abs(value) >= kPlainLimit) return scientific(value);
    const int magnitude = int(std::floor(std::log10(std::abs(value))));
    const int decimals = std::clamp(digits - 1 - magnitude, 0, 15);
    const QLocale locale;
    QString text = locale.toString(value, 'f', decimals);
    // As %g does, without its exponent: no trailing zeros ("128", not "128.0"; "2.5", not "2.50").
    if (decimals > 0) {
        while (text.endsWith(QLatin1Char('0')))
            text.chop(1);
        if (text.endsWith(locale.decimalPoint())) text.chop(locale.decimalPoint().size());
    }
    return text;
}

QString dimensionLabel(const core::Dimension& dimension)
{
    return QString::fromLatin1(dimension.label.data(), qsizetype(dimension.label.size()));
}

QString layoutDegrees(const core::Parallel& parallel, Degrees which, const QString& separator)
{
    QStringList parts;
    for (const core::Dimension& d : core::dimensions()) {
        const int degree = d.of(parallel);
        if (which == Degrees::all || degree > 1 || d.group == core::Group::dp)
            parts << QStringLiteral("%1 %2").arg(dimensionLabel(d)).arg(degree);
    }
    return parts.join(separator);
}

QString recomputeName(core::Recompute recompute)
{
    switch (recompute) {
    case core::Recompute::none:
        //: activation recomputation: none (a short label under a heatmap column)
        return QCoreApplication::translate("ui::HeatmapGrid", "none");
    case core::Recompute::selective:
        //: activation recomputation of the attention scores only
        return QCoreApplication::translate("ui::HeatmapGrid", "selective");
    case core::Recompute::full:
        //: activation recomputation of every layer
        return QCoreApplication::translate("ui::HeatmapGrid", "full");
    case core::Recompute::selective_op:
        //: PyTorch's op-level selective recomputation
        return QCoreApplication::translate("ui::HeatmapGrid", "op-level");
    case core::Recompute::norms_up_proj:
        //: DeepSeek-V3's recomputation of norms and up-projections
        return QCoreApplication::translate("ui::HeatmapGrid", "norms, up-proj.");
    }
    return {};
}

QString formatCount(double count)
{
    const QLocale locale;
    if (count >= 1e12)
        return QCoreApplication::translate("ui::format", "%1 T").arg(locale.toString(count / 1e12, 'f', 2));
    if (count >= 1e9)
        return QCoreApplication::translate("ui::format", "%1 B").arg(locale.toString(count / 1e9, 'f', 2));
    if (count >= 1e6)
        return QCoreApplication::translate("ui::format", "%1 M").arg(locale.toString(count / 1e6, 'f', 0));
    return locale.toString(count, 'f', 0);
}

QString formatLargeNumber(double count)
{
    if (!std::isfinite(count)) return nonFinite(count);
    struct Step {
        double size;
        const char* text;
    };
    // The steps a language counts in: English by thousands, Chinese by ten-thousands (万, 亿 =
    // 10^8, 万亿 = 10^12). Which steps is the language's, not the translator's, choice of words.
    static constexpr Step english[] = { { 1e12, QT_TRANSLATE_NOOP("ui::format", "%1 trillion") },
        { 1e9, QT_TRANSLATE_NOOP("ui::format", "%1 billion") },
        { 1e6, QT_TRANSLATE_NOOP("ui::format", "%1 million") } };
    static constexpr Step chinese[] = { { 1e12, "%1 万亿" }, { 1e8, "%1 亿" }, { 1e4, "%1 万" } };
    const bool inChinese = QLocale().language() == QLocale::Chinese;
    for (const Step& step : inChinese ? std::span<const Step>(chinese) : std::span<const Step>(english))
        if (std::abs(count) >= step.size) {
            const QString number = formatSignificant(count / step.size, 4);
            return inChinese ? QString::fromUtf8(step.text).arg(number)
                             : QCoreApplication::translate("ui::format", step.text).arg(number);
        }
    return formatSignificant(count, 4);
}

QString formatFixed(double value, int decimals)
{
    if (!std::isfinite(value)) return nonFinite(value);
    if (std::abs(value) >= kPlainLimit) return scientific(value);
    return QLocale().toString(value, 'f', decimals);
}

QString withPercentSign(const QString& number)
{
    //: a percentage; Chinese writes the sign against the number, "%1%"
    return QCoreApplication::translate("ui::format", "%1 %").arg(number);
}

QString formatPercent(double percent, int decimals)
{
    return withPercentSign(formatFixed(percent, decimals));
}

QString sentenceGap()
{
    // The language's rule, not a translator's word: Chinese sentences end in "。" and follow on.
    return QLocale().language() == QLocale::Chinese ? QString() : QStringLiteral(" ");
}

QString listText(const QStringList& items)
{
    //: separates the items of a list in a sentence (Chinese: the enumeration comma 、)
    return items.join(QCoreApplication::translate("ui::format", ", "));
}

} // namespace ui
