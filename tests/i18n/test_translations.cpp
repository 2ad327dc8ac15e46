// The Chinese translation is complete and current: no message unfinished, vanished or
// empty, and every translatable string in widgets/ and app/ has a translation — checked by running
// lupdate on the sources into a scratch file and comparing with the committed .ts.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>

namespace {

std::string slurp(const std::filesystem::path& p)
{
    std::ifstream in(p, std::ios::binary);
    return { std::istreambuf_iterator<char>(in), {} };
}

struct Message {
    std::string context, source, translation, type;
};

/// XML entities decoded, so texts written by lupdate and by other tools compare equal.
std::string decoded(std::string s)
{
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
    const std::string cmd = std::string(TP_LUPDATE) + " -silent -no-obsolete -locations none -I " + root + " " + root
        + "/widgets " + root + "/app -ts " + scratch.string() + " >/dev/null 2>&1";
    REQUIRE(std::system(cmd.c_str()) == 0);
    std::set<std::pair<std::string, std::string>> committed;
    for (const auto& m : messages(slurp(kTs)))
        if (!m.translation.empty()) committed.insert({ m.context, m.source });
    const auto found = messages(slurp(scratch));
    REQUIRE(found.size() > 100);
    for (const auto& m : found) {
        INFO(m.context << ": " << m.source);
        CHECK(committed.count({ m.context, m.source }) == 1);
    }
}
