#pragma once
// Latest job wins: slow work (a planner search, a heatmap, a sensitivity sweep, a calibration fit)
// runs on a worker thread, and only the most recently started job's result is delivered, on the
// thread of the tracker's context object. Starting a job asks the one before to stop. The shape is
// hotspot's JobTracker (src/jobtracker.h), without ThreadWeaver.

#include <QObject>
#include <QThreadPool>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>

namespace ui {

class JobTracker {
public:
    /// Results are delivered on `context`'s thread, and never once the tracker is gone. The context
    /// must outlive the tracker (the tracker is its member).
    explicit JobTracker(QObject* context);
    /// Asks the running job to stop and waits for it: no job outlives the data it was given.
    ~JobTracker();
    JobTracker(const JobTracker&) = delete;
    JobTracker& operator=(const JobTracker&) = delete;

    /// Runs `work` on a worker thread; it should poll the flag it is given and return early when it
    /// is set. `deliver` receives the result unless a later job was started meanwhile.
    template <class Result>
    void start(std::function<Result(const std::atomic<bool>& stop)> work, std::function<void(const Result&)> deliver)
    {
        launch([work = std::move(work), deliver = std::move(deliver)](
                   const std::atomic<bool>& stop) -> std::function<void()> {
            auto result = std::make_shared<Result>(work(stop));
            return [deliver, result] { deliver(*result); };
        });
    }

    /// Asks the running job to stop early; its (partial) result is still delivered.
    void cancel();
    /// A job was started and its result has not been delivered yet.
    [[nodiscard]] bool isRunning() const { return m_running; }

private:
    /// Shared with the worker and the queued delivery, which may outlive the tracker.
    struct State {
        std::uint64_t latest = 0; ///< GUI thread only
        bool alive = true; ///< GUI thread only
    };
    void launch(std::function<std::function<void()>(const std::atomic<bool>&)> work);

    QObject* m_context;
    QThreadPool m_pool;
    std::shared_ptr<State> m_state = std::make_shared<State>();
    std::shared_ptr<std::atomic<bool>> m_stop;
    bool m_running = false;
};

} // namespace ui
