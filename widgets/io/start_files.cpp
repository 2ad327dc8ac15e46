#include "widgets/io/start_files.h"

#include "widgets/text/native_path.h"

#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>

namespace ui {

std::vector<StartRead> readStartFiles(
    const QStringList& paths, std::chrono::milliseconds limit, const ScenarioReader& reader)
{
    if (paths.isEmpty()) return {};
    // Shared with the worker, which may outlive this call (a read that never returns): it holds its
    // own copies of everything it touches.
    struct Shared {
        std::mutex mutex;
        std::condition_variable done;
        std::vector<std::optional<core::ScenarioResult>> results;
        std::size_t finished = 0;
    };
    auto shared = std::make_shared<Shared>();
    shared->results.resize(std::size_t(paths.size()));
    std::vector<std::string> files;
    for (const QString& path : paths)
        files.push_back(nativePath(path));
    std::thread([shared, files = std::move(files), reader] {
        for (std::size_t i = 0; i < files.size(); ++i) {
            core::ScenarioResult result = reader(files[i]);
            const std::lock_guard lock(shared->mutex);
            shared->results[i] = std::move(result);
            shared->finished = i + 1;
            shared->done.notify_all();
        }
    }).detach();

    std::unique_lock lock(shared->mutex);
    shared->done.wait_for(lock, limit, [&] { return shared->finished == shared->results.size(); });
    std::vector<StartRead> out;
    for (qsizetype i = 0; i < paths.size(); ++i)
        out.push_back({ paths[i], shared->results[std::size_t(i)] });
    return out;
}

} // namespace ui
