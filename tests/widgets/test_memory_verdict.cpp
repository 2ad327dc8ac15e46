// The banner near the GPU's capacity: the margin, the estimate's error and what fills the most, in
// English and in Chinese.
#include "core/estimate/estimate.h"
#include "core/scenario/scenario_io.h"
#include "tests/widgets/has_chinese.h"
#include "widgets/text/format.h"
#include "widgets/text/language.h"
#include "widgets/verdict_banner.h"

#include <QLocale>
#include <catch2/catch.hpp>

#include <cmath>
#include <optional>

using namespace ui;

namespace {

core::Estimate withMargin(double margin)
{
    core::Estimate e = core::estimate(core::defaultScenario());
    e.memory.capacity = e.memory.total() / (1 - margin);
    return e;
}

} // namespace

TEST_CASE("near the capacity the banner gives the margin instead of a yes or no", "[widgets][banner][memory]")
{
    const auto headline = [](double margin) {
        return VerdictBanner::textOf(withMargin(margin), QStringLiteral("A100"), std::nullopt).headline;
    };
    CHECK(headline(0.20).startsWith(QStringLiteral("Fits: ")));
    CHECK(headline(0.03).startsWith(QStringLiteral("Fits with 3.0 % to spare: ")));
    CHECK(headline(0.03).contains(QStringLiteral("within the estimate's 6 % error")));
    CHECK(headline(-0.02).startsWith(QStringLiteral("Over by 2.0 %: ")));
    CHECK(headline(-0.02).contains(QStringLiteral("it may fail at the peak")));
    CHECK(headline(-0.20).startsWith(QStringLiteral("Does not fit: ")));
    // The largest part is named: the default 7B's optimizer states, its weights or its activations.
    const core::MemoryTerm largest = withMargin(0.03).memory.peak().bytes.largest();
    CHECK(headline(0.03).endsWith(memoryTermName(largest)));
    CHECK_FALSE(VerdictBanner::textOf(withMargin(-0.02), QStringLiteral("A100"), std::nullopt).fits);

    REQUIRE(setLanguage(QStringLiteral("zh_CN")));
    for (double margin : { 0.03, -0.02 }) {
        const QString text = headline(margin);
        INFO(text.toStdString());
        CHECK(ui::test::hasChinese(text));
        CHECK(text.contains(QLocale().toString(std::abs(margin) * 100, 'f', 1)));
    }
    setLanguage(QStringLiteral("en"));
}
