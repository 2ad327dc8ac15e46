// The layers' rules (docs/DESIGN.md "Layers"), checked on the sources because a rule nothing checks
// erodes: core/ includes no Qt; Qt Charts is included only under widgets/charts/; a folder of widgets/
// includes only from the folders below it; no file of widgets/ or core/ takes part in an include
// cycle; views receive values — only the results hub (and the number-format lab, which needs no
// scenario, and the launch files, which are written from the scenario they are handed) call core's
// computations; only AppSettings touches QSettings.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

const fs::path kRoot(TP_SOURCE_DIR);

/// The C++ files under `dir` (relative to the repository), sorted.
std::vector<fs::path> sourcesUnder(const fs::path& dir)
{
    std::vector<fs::path> out;
    for (const auto& entry : fs::recursive_directory_iterator(kRoot / dir)) {
        const auto ext = entry.path().extension();
        if (entry.is_regular_file() && (ext == ".cpp" || ext == ".h")) out.push_back(entry.path());
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::string repoPath(const fs::path& p)
{
    return fs::relative(p, kRoot).generic_string();
}

/// The file's lines with `//` comments removed (string literals here hold no "//").
std::vector<std::string> codeLines(const fs::path& p)
{
    std::ifstream in(p);
    std::vector<std::string> out;
    std::string line;
    while (std::getline(in, line)) {
        const auto comment = line.find("//");
        if (comment != std::string::npos && (comment == 0 || line[comment - 1] != ':')) line.erase(comment);
        out.push_back(line);
    }
    return out;
}

/// What the GUI is made of: widgets/ and the window in app/ (the command line is not a view).
std::vector<fs::path> guiSources()
{
    auto out = sourcesUnder("widgets");
    for (const char* f : { "app/main.cpp", "app/main_window.cpp", "app/main_window.h" })
        out.push_back(kRoot / f);
    return out;
}

} // namespace

TEST_CASE("no file under core/ includes a Qt header", "[core][layers]")
{
    // #include <QString>, <QtCore/...>, "qobject.h", <qglobal.h> ...
    const std::regex qtInclude(R"(^\s*#\s*include\s*[<"](Q[A-Za-z]+|Qt[A-Za-z]*/[^>"]*|q[a-z]+\.h)[>"])");
    const auto files = sourcesUnder("core");
    CHECK(files.size() > 5);
    for (const auto& f : files) {
        int number = 0;
        for (const auto& line : codeLines(f)) {
            ++number;
            INFO(repoPath(f) << ":" << number << ": " << line);
            CHECK_FALSE(std::regex_search(line, qtInclude));
        }
    }
}

TEST_CASE("Qt Charts is included only under widgets/charts/", "[core][layers]")
{
    // Qt Charts' classes: QChart*, the series, axes, sets, legend and model mappers.
    const std::regex chartsInclude(R"(^\s*#\s*include\s*<(QtCharts/[^>]*|QChart\w*|Q\w*Series|Q\w*Axis|QBarSet|)"
                                   R"(QBoxSet|QCandlestickSet|QPieSlice|QLegend\w*|Q\w*ModelMapper)>)");
    int charts = 0;
    for (const auto& f : guiSources()) {
        const bool inCharts = repoPath(f).rfind("widgets/charts/", 0) == 0;
        int number = 0;
        for (const auto& line : codeLines(f)) {
            ++number;
            if (!std::regex_search(line, chartsInclude)) continue;
            if (inCharts) {
                ++charts;
                continue;
            }
            FAIL_CHECK(repoPath(f) << ":" << number << " includes Qt Charts outside widgets/charts/: " << line);
        }
    }
    CHECK(charts > 10); // the check sees the includes where they belong
}

TEST_CASE("views receive values: only the results hub calls core's computations", "[core][layers]")
{
    // Core's computations: every function declared at namespace scope in a header of core/, less the
    // look-ups that compute nothing (names of enum values, an axis's values, a rank's position) and the
    // headers that hold types, names, text and files rather than figures. A new header is a
    // computation until it is listed here with its reason.
    const std::set<std::string> notComputations { // types and data
        "checked.h", "embedded_data.h", "estimate_types.h", "plan_types.h", "problem.h", "scenario.h", "types.h",
        // text and files
        "printable.h", "json_text.h", "json_reader.h", "file_io.h",
        // file formats
        "estimate_io.h", "plan_io.h", "scenario_io.h", "hf_import.h", "log_reader.h",
        // the inputs and their edits
        "scenario_fields.h", "scenario_edit.h", "scenario_rules.h", "dimensions.h", "presets.h"
    };
    const std::set<std::string> lookups { "toString", "keyOf", "valueText", "axisValues", "withAxis", "placeRank",
        "findExplanation", "hardwareProfileJson", "frameworkLabel", "refusalText", "knobValue", "differingKnobs",
        "knobChoices", "heatAxis", "heatAxes", "knobOf", "logSettingOf",
        // an edit: the model the size field sets (a standard shape for a parameter count)
        "bareSizeModel" };
    std::vector<std::string> computing;
    for (const auto& f : sourcesUnder("core"))
        if (f.extension() == ".h" && f.parent_path().parent_path() == kRoot / "core"
            && !notComputations.count(f.filename().string()))
            computing.push_back(repoPath(f));
    const std::regex declaration(R"(^(?:\[\[nodiscard\]\]\s*)?[A-Za-z_][\w:<>,\s]*[\s&*]([a-z]\w*)\()");
    std::set<std::string> computations;
    for (const std::string& h : computing) {
        for (const auto& line : codeLines(kRoot / h)) {
            std::smatch m;
            if (std::regex_search(line, m, declaration) && !lookups.count(m[1].str())) computations.insert(m[1].str());
        }
    }
    // The headers' main entry points are among them: the parser of declarations works.
    for (const char* f : { "estimate", "sweepGpus", "plan", "sensitivity", "heatmap", "placement", "pipelineTimeline",
             "memoryOverStep", "goodputCurve", "decide", "calibrate", "validatePublished", "explain", "nearestValid",
             "estimateWithRange", "precisionLab", "launchSettings", "compareWithLog" })
        CHECK(computations.count(f) == 1);

    // The hub; the number-format lab's two experiments (their simulations take their own inputs, no
    // scenario); the launch files, whose settings are text for the scenario they are handed (any page's,
    // not only the current one); the comparison, whose scenarios are not the current one (an estimate
    // each, microseconds, when one is added); the price search's panel, which reads a price table.
    const std::set<std::string> allowed { "widgets/session/scenario_session.cpp", "widgets/pages/precision_lab.cpp",
        "widgets/pages/loss_scale_lab.cpp", "widgets/io/launch_export.cpp", "widgets/pages/comparison_view.cpp",
        "widgets/pages/cost_planner_panel.cpp" };
    std::set<std::string> callers;
    const std::regex call(R"(core::([a-z]\w*)\s*\()");
    for (const auto& f : guiSources()) {
        int number = 0;
        for (const auto& line : codeLines(f)) {
            ++number;
            INFO(repoPath(f) << ":" << number << ": " << line);
            CHECK(line.find("using namespace core") == std::string::npos); // calls stay visible as core::
            for (std::sregex_iterator it(line.begin(), line.end(), call), end; it != end; ++it) {
                if (!computations.count((*it)[1].str())) continue;
                callers.insert(repoPath(f));
                CHECK(allowed.count(repoPath(f)) == 1);
            }
        }
    }
    CHECK(callers == allowed); // no entry stays on the list once its file stops calling
    CHECK(callers.count("widgets/session/scenario_session.cpp") == 1);
}

TEST_CASE("settings are typed: only AppSettings touches QSettings", "[core][layers]")
{
    // Each stored key's name, type and default in one place (widgets/io/app_settings.cpp): a key spelled
    // in two files can drift apart, and the second spelling reads a default the first never wrote.
    const std::regex settings(R"(\bQSettings\b)");
    int owner = 0;
    for (const auto& f : guiSources()) {
        const std::string path = repoPath(f);
        int number = 0;
        for (const auto& line : codeLines(f)) {
            ++number;
            if (!std::regex_search(line, settings)) continue;
            if (path == "widgets/io/app_settings.cpp") {
                ++owner;
                continue;
            }
            FAIL_CHECK(path << ":" << number << " uses QSettings outside widgets/io/app_settings.cpp: " << line);
        }
    }
    CHECK(owner > 3);
}

TEST_CASE("the notes the code cites are in the repository", "[core][layers]")
{
    // Comments cite docs/DESIGN.md, docs/FORMULAS.md, … by name: each must exist, and
    // no source may send a reader outside the repository for the design (only the reviews it
    // answers are cited by their own path).
    // Ours are upper case (docs/MODEL.md); lower-case ones belong to other projects (torchtitan's
    // docs/performance.md) and are cited with their repository.
    const std::regex cited(R"((docs/[A-Z]+\.md))");
    const std::string shared = std::string("..") + "/shared/"; // not spelled out: this file would match
    std::set<std::string> names;
    for (const char* dir : { "app", "core", "widgets", "tests" })
        for (const auto& f : sourcesUnder(dir)) {
            std::ifstream in(f);
            std::string line;
            int number = 0;
            while (std::getline(in, line)) {
                ++number;
                for (std::sregex_iterator it(line.begin(), line.end(), cited), end; it != end; ++it)
                    names.insert((*it)[1].str());
                const bool outside
                    = line.find(shared) != std::string::npos && line.find(shared + "reviews/") == std::string::npos;
                if (outside) FAIL_CHECK(repoPath(f) << ":" << number << " cites a note outside the repository");
            }
        }
    CHECK(names.count("docs/DESIGN.md") == 1);
    CHECK(names.count("docs/FORMULAS.md") == 1);
    for (const auto& name : names) {
        INFO(name);
        CHECK(fs::exists(kRoot / name));
    }
}

TEST_CASE("includes name their file from the repository root, and folders hold what their name says", "[core][layers]")
{
    // "core/estimate/estimate.h", "widgets/charts/memory_chart.h": where a file comes from is
    // read off its include, and a moved file breaks the build, not a reader's guess.
    const std::regex quoted(R"re(^\s*#\s*include\s*"([^"]+)")re");
    int includes = 0;
    for (const char* dir : { "app", "core", "widgets", "tests" })
        for (const auto& f : sourcesUnder(dir)) {
            int number = 0;
            for (const auto& line : codeLines(f)) {
                ++number;
                std::smatch m;
                if (!std::regex_search(line, m, quoted)) continue;
                ++includes;
                INFO(repoPath(f) << ":" << number << ": " << line);
                CHECK(fs::exists(kRoot / m[1].str()));
            }
        }
    CHECK(includes > 500);
    // painted/ draws with QPainter, pages/ are tab pages: neither holds a chart.
    for (const char* dir : { "widgets/painted", "widgets/pages" })
        for (const auto& f : sourcesUnder(dir))
            for (const auto& line : codeLines(f)) {
                INFO(repoPath(f) << ": " << line);
                CHECK(line.find("#include <QChart") == std::string::npos);
            }
}

TEST_CASE("core holds no sentence the GUI shows: its strings reach a view only as names, keys, citations or files",
    "[core][layers]")
{
    // A translated interface shows no English: what core says in words (problems, refusals, import notes) reaches the
    // GUI as codes and is worded there (widgets/text/problem_text.cpp); its explanations' notation through one catalog
    // (widgets/text/explain_text.cpp). Every other core string a view converts is listed here by its shape:
    // a name (a scenario's, a preset's, a GPU's), a key or identifier, a citation (source), a file's text,
    // or the English fallback a coded text keeps for the rare refusal without a code. A new conversion of
    // another core string fails here until it is coded, catalogued or added with its reason.
    const std::regex conversion(R"(fromStdString\(((?:[^()]|\([^()]*\))*)\))");
    const std::regex allowed(R"(^\s*()"
                             // names: scenarios, presets, GPUs, imported models, fields of the import dialog,
                             // a price table's GPU types, providers and dates
                             R"(.*\b(name|preset|label|modelType|gpu|provider|date)\b.*|)"
                             // keys, identifiers and values as the file writes them
                             R"(.*\b(key|id|path|value|from|to)\b.*|.*codeName\(\).*|core::toString\(.*|)"
                             // citations
                             R"(.*\bsource\b.*|)"
                             // a file's text: the scenario, the estimate, a profile, a CSV table
                             R"(core::(scenarioToJson|estimateToJson|hardwareProfileJson)\(.*|text|)"
                             // launch settings: a framework's file and its side file, which the frameworks'
                             // users read beside an English log (core/runs/launch.h); saved or copied, never shown
                             R"(settings\.(text|expectationText)|)"
                             // English fallbacks of coded texts (ProblemText, ExplainText, AccuracyView),
                             // and the system's reason a file could not be written (safe_save.cpp)
                             R"(error\.toString\(\)|english|kind|error)\s*$)");
    int conversions = 0;
    for (const auto& f : guiSources()) {
        int number = 0;
        for (const auto& line : codeLines(f)) {
            ++number;
            for (std::sregex_iterator it(line.begin(), line.end(), conversion), end; it != end; ++it) {
                ++conversions;
                INFO(repoPath(f) << ":" << number << ": " << (*it)[1].str());
                CHECK(std::regex_match((*it)[1].str(), allowed));
            }
        }
    }
    CHECK(conversions > 30);
}

namespace {

/// The folder of a file under `root` ("charts" of widgets/charts/memory_chart.h), or "" for the root's
/// own files.
std::string folderIn(const std::string& root, const std::string& repo)
{
    const std::string rest = repo.substr(root.size() + 1);
    const auto slash = rest.find('/');
    return slash == std::string::npos ? std::string() : rest.substr(0, slash);
}

/// The files of `folder` ("widgets", "core") that a file includes ("widgets/…" paths).
std::vector<std::string> includesFrom(const fs::path& f, const std::string& folder)
{
    const std::regex quoted(R"re(^\s*#\s*include\s*"()re" + folder + R"re(/[^"]+)")re");
    std::vector<std::string> out;
    for (const auto& line : codeLines(f)) {
        std::smatch m;
        if (std::regex_search(line, m, quoted)) out.push_back(m[1].str());
    }
    return out;
}

/// Every include cycle among the units of `folder`, as "a -> b -> a". A unit is a header with its
/// source: a.cpp including b.h and b.cpp including a.h is a cycle between the units a and b even
/// though no header includes itself.
std::vector<std::string> includeCycles(const std::string& folder, std::size_t& units)
{
    auto unit = [](std::string path) { return path.substr(0, path.rfind('.')); };
    std::map<std::string, std::set<std::string>> uses;
    for (const auto& f : sourcesUnder(folder)) {
        auto& out = uses[unit(repoPath(f))];
        for (const auto& included : includesFrom(f, folder))
            if (unit(included) != unit(repoPath(f))) out.insert(unit(included));
    }
    units = uses.size();
    // Depth-first search: a unit met again while it is still on the path closes a cycle.
    enum Mark { unseen, onPath, done };
    std::map<std::string, Mark> mark;
    std::vector<std::string> path, cycles;
    std::function<void(const std::string&)> visit = [&](const std::string& u) {
        mark[u] = onPath;
        path.push_back(u);
        for (const auto& v : uses[u]) {
            if (mark[v] == onPath) {
                std::string cycle;
                for (auto it = std::find(path.begin(), path.end(), v); it != path.end(); ++it)
                    cycle += *it + " -> ";
                cycles.push_back(cycle + v);
            } else if (mark[v] == unseen) {
                visit(v);
            }
        }
        path.pop_back();
        mark[u] = done;
    };
    for (const auto& [u, _] : uses)
        if (mark[u] == unseen) visit(u);
    return cycles;
}

/// Fails for every include of a file of `root` from a folder of its own level or above (`level`: the
/// folders lowest first; a folder not in the list fails too, so that a new one takes its place).
void checkFolderLevels(const std::string& root, const std::map<std::string, int>& level)
{
    int edges = 0;
    for (const auto& f : sourcesUnder(root)) {
        const std::string from = folderIn(root, repoPath(f));
        INFO(repoPath(f));
        REQUIRE(level.count(from) == 1);
        for (const auto& included : includesFrom(f, root)) {
            const std::string to = folderIn(root, included);
            INFO("includes " << included);
            REQUIRE(level.count(to) == 1);
            if (to == from) continue;
            ++edges;
            CHECK(level.at(to) < level.at(from));
        }
    }
    CHECK(edges > 100);
}

} // namespace

TEST_CASE("a folder of widgets/ includes only from the folders below it", "[core][layers]")
{
    // Lowest first (widgets/CMakeLists.txt says what each holds). Folders of one level do not include
    // each other: a chart does not know the painted views, nor a page the form.
    const std::map<std::string, int> level { { "text", 0 }, { "style", 0 }, { "io", 1 }, { "session", 2 },
        { "models", 3 }, { "charts", 3 }, { "painted", 3 }, { "inputs", 4 }, { "pages", 4 }, { "", 5 }, { "export", 6 },
        { "dialogs", 7 } };
    checkFolderLevels("widgets", level);
}

TEST_CASE("a folder of core/ includes only from its own folder and the ones below it", "[core][layers]")
{
    // Lowest first (core/CMakeLists.txt says what each holds; docs/DESIGN.md "Layers"): the basics, the
    // scenario, the model, one estimate, the published runs; runs of a plan and searches over many
    // estimates share the top level and do not include each other. No file lies in core/ itself.
    const std::map<std::string, int> level { { "base", 0 }, { "scenario", 1 }, { "model", 2 }, { "estimate", 3 },
        { "fidelity", 4 }, { "runs", 5 }, { "search", 5 }, { "gen", 6 } };
    checkFolderLevels("core", level);
}

TEST_CASE("no file of widgets/ takes part in an include cycle", "[core][layers]")
{
    std::size_t units = 0;
    for (const auto& cycle : includeCycles("widgets", units))
        FAIL_CHECK("include cycle: " << cycle);
    CHECK(units > 60);
}

TEST_CASE("no file of core/ takes part in an include cycle", "[core][layers]")
{
    // The step time's topology below the traffic model and the stack, the field table's setters below
    // the edit rules that use the table, the planner's types below its search and its entry points.
    std::size_t units = 0;
    for (const auto& cycle : includeCycles("core", units))
        FAIL_CHECK("include cycle: " << cycle);
    CHECK(units > 40);
}

/// The file's code as statements: comments and string and character literals taken out, then split at
/// each `;`, at a block's braces (a `{` ending a line, a `}` starting one) and after a table's row (a
/// `},` ending a line).
std::vector<std::string> statementsOf(const fs::path& p)
{
    std::ifstream in(p);
    std::stringstream whole;
    whole << in.rdbuf();
    const std::string text = whole.str();
    std::string code;
    auto identifier = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    for (std::size_t i = 0; i < text.size();) {
        if (text.compare(i, 2, "//") == 0) {
            i = std::min(text.size(), text.find('\n', i));
        } else if (text.compare(i, 2, "/*") == 0) {
            i = std::min(text.size(), text.find("*/", i) + 2);
        } else if (text.compare(i, 2, "R\"") == 0 && (i == 0 || !identifier(text[i - 1]))) {
            const std::size_t open = text.find('(', i);
            const std::string end = ")" + text.substr(i + 2, open - i - 2) + "\"";
            i = std::min(text.size(), text.find(end, open) + end.size());
        } else if (text[i] == '"' || (text[i] == '\'' && !(i > 0 && identifier(text[i - 1])))) {
            const char quote = text[i++];
            while (i < text.size() && text[i] != quote)
                i += text[i] == '\\' ? 2 : 1;
            ++i;
        } else {
            code += text[i++];
        }
    }
    static const std::regex separator(R"(;|\{[ \t]*\n|\n[ \t]*\}|\},[ \t]*\n)");
    return { std::sregex_token_iterator(code.begin(), code.end(), separator, -1), std::sregex_token_iterator() };
}

TEST_CASE("the parallel dimensions are listed once: no statement of core names three of them", "[core][layers]")
{
    // A list of the dimensions written out (tp, pp, cp, dp, ep) is one more place a new dimension must be
    // added and can be forgotten. They are listed in the struct that holds them, the groups' enumeration,
    // the dimension table and the rank topology; everything else iterates those (dimensions(),
    // Degrees, rankOrder()) or names one or two of them for a formula of its own.
    const std::set<std::string> lists { "core/scenario/scenario.h", "core/scenario/estimate_types.h",
        "core/scenario/dimensions.h", "core/scenario/dimensions.cpp", "core/model/topology.h",
        "core/model/topology.cpp" };
    const std::regex name(R"(\b(tp|pp|cp|dp|ep)\b)");
    int statements = 0;
    for (const auto& f : sourcesUnder("core")) {
        if (lists.count(repoPath(f))) continue;
        for (const std::string& statement : statementsOf(f)) {
            ++statements;
            std::set<std::string> named;
            for (std::sregex_iterator it(statement.begin(), statement.end(), name), end; it != end; ++it)
                named.insert((*it)[1].str());
            INFO(repoPath(f) << ": " << statement);
            CHECK(named.size() < 3);
        }
    }
    CHECK(statements > 5000); // the splitter sees the code
    // And the check sees a list when there is one.
    const std::string probe = "const int g = p.tp * p.pp * p.cp;";
    std::set<std::string> named;
    for (std::sregex_iterator it(probe.begin(), probe.end(), name), end; it != end; ++it)
        named.insert((*it)[1].str());
    CHECK(named.size() == 3);
}

TEST_CASE("no comment, test name or document cites an issue or a review's item number", "[core][layers]")
{
    // A reader cannot look up an issue's or a review item's number: comments say what they protect and where a
    // rule or a figure comes from, tests are named by their subject, and the documents date a change
    // instead of naming the ticket that asked for it. Another project's issue is cited by its
    // repository ("pytorch/torchtitan#1789"), which a reader can open.
    const std::regex ticket(
        R"((\b[Ii]ssues? #?[0-9]+)|(\b[Rr]eview,? (problem |item |case )?[A-Z]{0,4}-?[0-9]+[a-z]?\b)|(\b[UH][0-9]-[0-9]{2}\b)|(TEST_CASE\("[A-Z]{1,4}-?[0-9]+[a-z]?(:|/[A-Z])))");
    std::vector<fs::path> files;
    for (const char* dir : { "app", "core", "widgets", "tests" })
        for (const auto& f : sourcesUnder(dir))
            files.push_back(f);
    int documents = 0;
    for (const auto& entry : fs::directory_iterator(kRoot / "docs"))
        if (entry.path().extension() == ".md") {
            files.push_back(entry.path());
            ++documents;
        }
    files.push_back(kRoot / "README.md");
    for (const auto& f : files) {
        std::ifstream in(f);
        std::string line;
        int number = 0;
        while (std::getline(in, line)) {
            ++number;
            if (std::regex_search(line, ticket)) FAIL_CHECK(repoPath(f) << ":" << number << ": " << line);
        }
    }
    CHECK(files.size() > 200);
    CHECK(documents >= 5);
}

TEST_CASE("every function a header declares is called somewhere", "[core][layers]")
{
    // A function nothing calls is a reader's time and a rule's exception: it is deleted, not kept for
    // later. Declarations in the headers of app/, core/ and widgets/ (not overrides, which the
    // framework calls); a use is any mention outside a line that declares or defines it, in any
    // source, tests included. A name shared with another function counts that one's uses too: the
    // check finds functions nothing mentions, not every one nothing calls.
    const std::regex declaration(
        R"(^\s*(?:\[\[nodiscard\]\]\s*)?(?:(?:static|virtual|inline|constexpr)\s+)*(?:[A-Za-z_][\w:<>,]*(?:<[^;()]*>)?[\s&*]+)+([a-z]\w*)\s*\()");
    const std::regex definition(
        R"(^(?:\[\[nodiscard\]\]\s*)?(?:[A-Za-z_][\w:<>,]*(?:<[^;()]*>)?[\s&*]+)*(?:\w+::)+(\w+)\s*\()");
    const std::regex word(R"(\b[a-z]\w*\b)");
    auto statement = [](const std::string& line) {
        const auto first = line.find_first_not_of(" \t");
        if (first == std::string::npos) return true;
        for (const char* start : { "return", "else", "case", "if", "for", "while", "throw", "?", ":", "=", "&&", "||" })
            if (line.compare(first, std::strlen(start), start) == 0) return true;
        return false;
    };
    // What each line declares or defines.
    auto declared = [&](const std::string& line, bool header) {
        std::set<std::string> names;
        if (statement(line)) return names;
        std::smatch m;
        if (std::regex_search(line, m, declaration) && (!header || line.find("override") == std::string::npos))
            names.insert(m[1].str());
        if (std::regex_search(line, m, definition)) names.insert(m[1].str());
        return names;
    };
    std::map<std::string, std::string> functions; // name → the header declaring it first
    std::vector<fs::path> sources;
    for (const char* dir : { "app", "core", "widgets", "tests" })
        for (const auto& f : sourcesUnder(dir))
            sources.push_back(f);
    for (const auto& f : sources) {
        const std::string path = repoPath(f);
        if (f.extension() != ".h" || path.starts_with("tests/")) continue;
        for (const auto& line : codeLines(f))
            if (line.find("Q_") == std::string::npos)
                for (const auto& name : declared(line, true))
                    functions.emplace(name, path);
    }
    CHECK(functions.size() > 500);
    std::set<std::string> used;
    for (const auto& f : sources)
        for (const auto& line : codeLines(f)) {
            const auto own = declared(line, false);
            for (std::sregex_iterator it(line.begin(), line.end(), word), end; it != end; ++it)
                if (!own.count(it->str())) used.insert(it->str());
        }
    for (const auto& [name, header] : functions)
        if (!used.count(name)) FAIL_CHECK(header << " declares " << name << "(), which nothing calls");
}
