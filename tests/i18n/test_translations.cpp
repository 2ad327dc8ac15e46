// The Chinese translation is complete and current: no message unfinished, vanished or
// empty, and every translatable string in widgets/, app/ and core's formulas has a translation — checked by running
// lupdate on the sources into a scratch file and comparing with the committed .ts. The .ts is the
// only place the Chinese text lives (docs/DESIGN.md, "How to fix or add a translation"), so these
// tests are what stands between a hand edit and the shipped interface: a translation keeps its
// source's placeholders and its figures.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace {

std::string slurp(const std::filesystem::path& p)
{
    std::ifstream in(p, std::ios::binary);
    return { std::istreambuf_iterator<char>(in), {} };
}

struct Message {
    std::string context, source, comment, translation, type;
};

/// UTF-8 of a code point.
std::string utf8(unsigned long c)
{
    std::string out;
    if (c < 0x80) {
        out += char(c);
    } else if (c < 0x800) {
        out += char(0xC0 | (c >> 6));
        out += char(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        out += char(0xE0 | (c >> 12));
        out += char(0x80 | ((c >> 6) & 0x3F));
        out += char(0x80 | (c & 0x3F));
    } else {
        out += char(0xF0 | (c >> 18));
        out += char(0x80 | ((c >> 12) & 0x3F));
        out += char(0x80 | ((c >> 6) & 0x3F));
        out += char(0x80 | (c & 0x3F));
    }
    return out;
}

/// XML entities decoded, so texts written by lupdate and by other tools compare equal. lupdate writes
/// some characters as references ("&#xa0;", a no-break space): decoded, so that their digits are not
/// read as figures.
std::string decoded(std::string s)
{
    for (auto at = s.find("&#"); at != std::string::npos; at = s.find("&#", at + 1)) {
        const auto end = s.find(';', at);
        if (end == std::string::npos) break;
        const bool hex = at + 2 < s.size() && (s[at + 2] == 'x' || s[at + 2] == 'X');
        const std::string digits = s.substr(at + (hex ? 3 : 2), end - at - (hex ? 3 : 2));
        if (digits.empty()
            || digits.find_first_not_of(hex ? "0123456789abcdefABCDEF" : "0123456789") != std::string::npos)
            continue;
        s.replace(at, end - at + 1, utf8(std::stoul(digits, nullptr, hex ? 16 : 10)));
    }
    for (const auto& [entity, ch] : { std::pair<std::string, std::string> { "&apos;", "'" }, { "&quot;", "\"" },
             { "&lt;", "<" }, { "&gt;", ">" }, { "&amp;", "&" } }) {
        for (auto at = s.find(entity); at != std::string::npos; at = s.find(entity, at + ch.size()))
            s.replace(at, entity.size(), ch);
    }
    return s;
}

/// Text between `open` and `close` starting at `from`; advances `from` past it.
bool between(
    const std::string& text, const std::string& open, const std::string& close, std::size_t& from, std::string& out)
{
    const auto a = text.find(open, from);
    if (a == std::string::npos) return false;
    const auto b = text.find(close, a + open.size());
    if (b == std::string::npos) return false;
    out = text.substr(a + open.size(), b - a - open.size());
    from = b + close.size();
    return true;
}

/// <context><name>…</name><message><source>…</source><translation …>…</translation></message>…
/// (plain string scanning: the .ts is machine-written by lupdate).
std::vector<Message> messages(const std::string& ts)
{
    std::vector<Message> out;
    std::size_t pos = 0;
    std::string context;
    while (between(ts, "<context>", "</context>", pos, context)) {
        std::size_t c = 0;
        std::string name, message;
        between(context, "<name>", "</name>", c, name);
        while (between(context, "<message", "</message>", c, message)) {
            Message m;
            m.context = name;
            std::size_t k = 0;
            between(message, "<source>", "</source>", k, m.source);
            m.source = decoded(m.source);
            // The disambiguation (tr's second argument) is part of the key: one class can give one
            // English text two translations.
            std::size_t kc = 0;
            if (between(message, "<comment>", "</comment>", kc, m.comment)) m.comment = decoded(m.comment);
            const auto t = message.find("<translation", k);
            if (t != std::string::npos) {
                const auto gt = message.find('>', t);
                m.type = message.substr(t, gt - t);
                if (message[gt - 1] != '/') {
                    const auto endTag = message.find("</translation>", gt);
                    m.translation = message.substr(gt + 1, endTag - gt - 1);
                }
            }
            out.push_back(m);
        }
    }
    return out;
}

const std::filesystem::path kTs = std::filesystem::path(TP_SOURCE_DIR) / "translations" / "trainplanner_zh_CN.ts";

/// The texts a translation shows: the one translation, or each form of a plural message.
std::vector<std::string> translatedForms(const Message& m)
{
    std::vector<std::string> forms;
    const std::string open = "<numerusform>", close = "</numerusform>";
    std::size_t at = 0;
    std::string form;
    while (between(m.translation, open, close, at, form))
        forms.push_back(decoded(form));
    if (forms.empty()) forms.push_back(decoded(m.translation));
    return forms;
}

/// What QString::arg() and tr()'s plural fill in: %1 to %99, the locale-formatted %L1, and %n / %Ln.
const std::regex kPlaceholder(R"(%L?([1-9][0-9]?|n))");

std::multiset<std::string> placeholders(const std::string& text)
{
    std::multiset<std::string> out;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), kPlaceholder); it != std::sregex_iterator(); ++it)
        out.insert(it->str());
    return out;
}

/// The figures a text writes out: every run of ASCII digits outside a placeholder ("16" of "16 B/param",
/// "8" of "FP8", "3" of "ZeRO-3", "2021" of "2021–23"). A translation must show the same runs, as
/// many times each: a figure typed in the text cannot change in translation, and a word the source
/// spells ("two") stays a word (二), so no figure appears that the source lacks.
std::multiset<std::string> figures(const std::string& text)
{
    const std::string bare = std::regex_replace(text, kPlaceholder, " ");
    static const std::regex digits("[0-9]+");
    std::multiset<std::string> out;
    for (auto it = std::sregex_iterator(bare.begin(), bare.end(), digits); it != std::sregex_iterator(); ++it)
        out.insert(it->str());
    return out;
}

std::string joined(const std::multiset<std::string>& items)
{
    std::string out;
    for (const auto& item : items)
        out += (out.empty() ? "" : " ") + item;
    return out;
}

} // namespace

TEST_CASE("every message of the Chinese translation is finished", "[i18n]")
{
    const auto all = messages(slurp(kTs));
    REQUIRE(all.size() > 100);
    for (const auto& m : all) {
        INFO(m.context << ": " << m.source);
        CHECK(m.type.find("unfinished") == std::string::npos);
        CHECK(m.type.find("vanished") == std::string::npos);
        CHECK(m.type.find("obsolete") == std::string::npos);
        CHECK_FALSE(m.translation.empty());
        // A plural message keeps its words inside <numerusform>: a form of only white space showed a
        // blank line in the Chinese planner.
        std::string words = m.translation;
        for (const char* tag : { "<numerusform>", "</numerusform>" })
            for (auto at = words.find(tag); at != std::string::npos; at = words.find(tag))
                words.erase(at, std::string(tag).size());
        CHECK(words.find_first_not_of(" \t\r\n") != std::string::npos);
    }
}

TEST_CASE("every translatable string in the sources is in the Chinese translation", "[i18n]")
{
    const auto scratch = std::filesystem::path(TP_SCRATCH_DIR) / "scratch_zh_CN.ts";
    std::filesystem::remove(scratch);
    const std::string root = TP_SOURCE_DIR;
    // -I the repository root: includes name their file from there ("widgets/pages/planner_page.h"), and
    // lupdate needs the headers to know which namespace a class's tr() belongs to.
    // core/estimate/explain.cpp marks its formulas with TP_NOTE, lupdate's QT_TRANSLATE_NOOP under another name.
    const std::string cmd = std::string(TP_LUPDATE)
        + " -silent -no-obsolete -locations none -tr-function-alias QT_TRANSLATE_NOOP+=TP_NOTE -I " + root + " " + root
        + "/widgets " + root + "/app " + root + "/core/estimate/explain.cpp -ts " + scratch.string()
        + " >/dev/null 2>&1";
    REQUIRE(std::system(cmd.c_str()) == 0);
    std::set<std::tuple<std::string, std::string, std::string>> committed;
    for (const auto& m : messages(slurp(kTs)))
        if (!m.translation.empty()) committed.insert({ m.context, m.source, m.comment });
    const auto found = messages(slurp(scratch));
    REQUIRE(found.size() > 100);
    for (const auto& m : found) {
        INFO(m.context << ": " << m.source);
        CHECK(committed.count({ m.context, m.source, m.comment }) == 1);
    }
}

TEST_CASE("every translation keeps exactly the placeholders of its source", "[i18n]")
{
    const auto all = messages(slurp(kTs));
    REQUIRE(all.size() > 100);
    for (const auto& m : all) {
        const auto expected = placeholders(m.source);
        for (const auto& form : translatedForms(m)) {
            INFO(m.context << ": " << m.source << "\n  translation: " << form);
            CHECK(joined(placeholders(form)) == joined(expected));
        }
    }
}

TEST_CASE("the figures of a source text appear unchanged in its translation", "[i18n]")
{
    const auto all = messages(slurp(kTs));
    REQUIRE(all.size() > 100);
    for (const auto& m : all) {
        const auto expected = figures(m.source);
        for (const auto& form : translatedForms(m)) {
            INFO(m.context << ": " << m.source << "\n  translation: " << form);
            CHECK(joined(figures(form)) == joined(expected));
        }
    }
}

TEST_CASE("placeholders and figures are told apart", "[i18n]")
{
    CHECK(joined(placeholders("%1 of %2 (%L3, %n step(s), 100 %)")) == "%1 %2 %L3 %n");
    CHECK(joined(figures("BF16 mixed + FP32 master (%1 B/param)")) == "16 32");
    CHECK(joined(figures("%1 GiB on %2 × H100, 100 %")) == "100 100");
    CHECK(joined(figures("%10 and %1 0")) == "0");
    // the order may change with the sentence; the figures may not
    CHECK(figures("ZeRO-2 and 3") == figures("ZeRO-3 and 2"));
    CHECK(figures("8 GPUs") != figures("16 GPUs"));
    // a character reference is a character, not a figure
    CHECK(figures(decoded("FFN&#xa0;%5, &#160;GB/s")).empty());
}
