// Writes the C++ source of the out-of-sample residual table (core::detail::computeResiduals) to the file
// named by its argument, at build time: programs then draw a step time's range from it without
// estimating the published suite first (docs/DESIGN.md). The table is plain constant data (a string
// pool and rows of indices), which every compiler takes at once, sanitizers included; the vector the
// core reads is built from it when the program starts.
#include "core/base/file_io.h"
#include "core/fidelity/fidelity.h"
#include "core/fidelity/refit.h"

#include <cstdio>
#include <iomanip>
#include <map>
#include <sstream>

int main(int argc, char** argv)
{
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s OUTPUT.cpp\n", argv[0]);
        return 2;
    }
    const std::vector<core::detail::Residual> residuals = core::detail::computeResiduals();
    std::map<std::string, int> index;
    std::vector<std::string> pool;
    auto id = [&](const std::string& s) {
        const auto [at, added] = index.try_emplace(s, int(pool.size()));
        if (added) pool.push_back(s);
        return at->second;
    };
    std::ostringstream rows;
    rows.precision(17);
    std::size_t widest = 0;
    for (const core::detail::Residual& r : residuals) {
        rows << "    { " << r.timeRatio << ", " << r.regimes.size() << ", {";
        for (const auto& [kind, name] : r.regimes)
            rows << ' ' << id(kind) << ", " << id(name) << ',';
        rows << " } },\n";
        widest = std::max(widest, r.regimes.size());
    }
    // Leave one source out: each source scored by the constants fitted without its runs.
    const core::LeaveOneSourceOut loso = core::detail::computeLeaveOneSourceOut();
    std::ostringstream held;
    held.precision(17);
    for (const core::HeldOutSource& h : loso.sources)
        held << "    { R\"tp(" << h.source << ")tp\", " << h.runs << ", " << h.meanAbsError << ", " << h.meanError
             << ", " << (h.refit ? "true" : "false") << ", { " << h.constants.efficiency << ", "
             << h.constants.sustained << " }, { " << h.host.secondsPerOp << ", " << h.host.stepS << ", "
             << h.host.residual << " } },\n";
    std::ostringstream os;
    os << "// Generated at build time by core/gen/residual_table_main.cpp from the published suite and the\n"
          "// model of this build: do not edit.\n"
          "#include \"core/fidelity/fidelity.h\"\n#include \"core/fidelity/refit.h\"\n\nnamespace {\n\n"
          "constexpr const char* kPool[] = {\n";
    for (const std::string& s : pool)
        os << "    R\"tp(" << s << ")tp\",\n";
    os << "};\n\nstruct Row {\n    double timeRatio;\n    int regimes;\n    int names["
       << 2 * std::max<std::size_t>(widest, 1) << "];\n};\n\nconstexpr Row kRows[] = {\n"
       << rows.str()
       << "};\n\nconst std::vector<core::detail::Residual> kTable = [] {\n"
          "    std::vector<core::detail::Residual> out;\n"
          "    for (const Row& row : kRows) {\n"
          "        core::detail::Residual r { row.timeRatio, {} };\n"
          "        for (int i = 0; i < row.regimes; ++i)\n"
          "            r.regimes.emplace_back(kPool[row.names[2 * i]], kPool[row.names[2 * i + 1]]);\n"
          "        out.push_back(std::move(r));\n"
          "    }\n"
          "    return out;\n"
          "}();\n\n"
       << "const core::LeaveOneSourceOut kHeldOut { {\n"
       << held.str() << "}, " << std::setprecision(17) << loso.sourceBalancedMeanAbsError << " };\n\n"
       << "const bool kRegistered = [] {\n    core::detail::precomputedResiduals = &kTable;\n"
          "    core::detail::precomputedLeaveOneSourceOut = &kHeldOut;\n    return true;\n}();\n\n"
          "} // namespace\n";
    const std::string error = core::writeFileAtomically(argv[1], os.str());
    if (!error.empty()) {
        std::fprintf(stderr, "%s\n", error.c_str());
        return 1;
    }
    return 0;
}
