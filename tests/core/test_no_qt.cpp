// The rule of the house (DESIGN.md "Layers"): core/ never includes a Qt header.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <regex>
#include <string>

TEST_CASE("no file under core/ includes a Qt header", "[core][layers]")
{
    const std::filesystem::path core = std::filesystem::path(TP_SOURCE_DIR) / "core";
    REQUIRE(std::filesystem::is_directory(core));
    // #include <QString>, <QtCore/...>, "qobject.h", <qglobal.h> ...
    const std::regex qtInclude(R"(^\s*#\s*include\s*[<"](Q[A-Za-z]+|Qt[A-Za-z]*/[^>"]*|q[a-z]+\.h)[>"])");
    int files = 0;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(core)) {
        if (!entry.is_regular_file()) continue;
        ++files;
        std::ifstream in(entry.path());
        std::string line;
        int number = 0;
        while (std::getline(in, line)) {
            ++number;
            INFO(entry.path().string() << ":" << number << ": " << line);
            CHECK_FALSE(std::regex_search(line, qtInclude));
        }
    }
    CHECK(files > 5);
}
