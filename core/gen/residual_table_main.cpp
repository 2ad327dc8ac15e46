// Writes the C++ source of the out-of-sample residual table (core::detail::computeResiduals) to the file
// named by its argument, at build time: programs then draw a step time's range from it without
// estimating the published suite first (docs/DESIGN.md, "Ranges").
#include "core/fidelity.h"
#include "core/file_io.h"

#include <cstdio>
#include <sstream>

int main(int argc, char** argv)
{
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s OUTPUT.cpp\n", argv[0]);
        return 2;
    }
    std::ostringstream os;
    os.precision(17);
    os << "// Generated at build time by core/gen/residual_table_main.cpp from the published suite and the\n"
          "// model of this build: do not edit.\n"
          "#include \"core/fidelity.h\"\n\nnamespace {\n\nconst std::vector<core::detail::Residual> kTable {\n";
    for (const core::detail::Residual& r : core::detail::computeResiduals()) {
        os << "    { " << r.timeRatio << ", {";
        for (const auto& [kind, name] : r.regimes)
            os << " { R\"tp(" << kind << ")tp\", R\"tp(" << name << ")tp\" },";
        os << " } },\n";
    }
    os << "};\n\nconst bool kRegistered = [] {\n    core::detail::precomputedResiduals = &kTable;\n    return "
          "true;\n}();\n\n"
          "} // namespace\n";
    const std::string error = core::writeFileAtomically(argv[1], os.str());
    if (!error.empty()) {
        std::fprintf(stderr, "%s\n", error.c_str());
        return 1;
    }
    return 0;
}
