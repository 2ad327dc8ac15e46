#pragma once
// A fresh private folder per test case, removed at the end: tests that write files (atomic writes,
// -o outputs) work in it and count what is left in it (no temporary file may stay behind).

#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

namespace tp_test {

struct ScratchFolder {
    std::filesystem::path dir;
    /// `prefix` names the folder under the system's temporary folder (with the process and a counter:
    /// ctest runs test cases in parallel processes).
    explicit ScratchFolder(const std::string& prefix = "tp_scratch")
    {
        static int counter = 0;
        dir = std::filesystem::temp_directory_path()
            / (prefix + "_" + std::to_string(::getpid()) + "_" + std::to_string(++counter));
        std::filesystem::remove_all(dir);
        std::filesystem::create_directories(dir);
    }
    ~ScratchFolder() { std::filesystem::remove_all(dir); }
    ScratchFolder(const ScratchFolder&) = delete;
    ScratchFolder& operator=(const ScratchFolder&) = delete;

    [[nodiscard]] std::string operator/(const std::string& name) const { return (dir / name).string(); }
    /// Every entry of the folder.
    [[nodiscard]] std::size_t entries() const
    {
        std::size_t n = 0;
        for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir))
            ++n;
        return n;
    }
};

} // namespace tp_test
