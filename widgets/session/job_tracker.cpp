#include "widgets/session/job_tracker.h"

#include <QRunnable>

namespace ui {

JobTracker::JobTracker(QObject* context)
    : m_context(context)
{
    // One worker: a superseded job finishes (early, it was asked to stop) before the next one
    // starts, so two jobs never compete for the machine's cores.
    m_pool.setMaxThreadCount(1);
}

JobTracker::~JobTracker()
{
    m_state->alive = false;
    cancel();
    m_pool.clear();
    m_pool.waitForDone();
}

void JobTracker::cancel()
{
    if (m_stop) m_stop->store(true);
}

void JobTracker::launch(std::function<std::function<void()>(const std::atomic<bool>&)> work)
{
    cancel(); // the job before is superseded: ask it to stop
    m_stop = std::make_shared<std::atomic<bool>>(false);
    const std::uint64_t id = ++m_state->latest;
    m_running = true;
    m_pool.start([this, id, stop = m_stop, state = m_state, context = m_context, work = std::move(work)] {
        std::function<void()> deliver = work(*stop);
        // The context is alive: the tracker, its member, waits for this job in its destructor.
        QMetaObject::invokeMethod(
            context,
            [this, id, state, deliver = std::move(deliver)] {
                // On the context's thread: drop a superseded job's result, and every result once
                // the tracker is gone.
                if (!state->alive || id != state->latest) return;
                m_running = false;
                deliver();
            },
            Qt::QueuedConnection);
    });
}

} // namespace ui
