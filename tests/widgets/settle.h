#pragma once
// The session computes its results on the next turn of the event loop, and background work arrives
// queued: tests let the loop turn before they read a view.

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QThread>

#include <functional>

namespace ui::test {

/// One turn of the event loop: the session's zero-delay timer fires and the views receive the
/// results of every edit made so far.
inline void settle()
{
    QCoreApplication::processEvents();
}

/// Turns the event loop until `done()` holds or `ms` milliseconds passed; returns `done()`.
inline bool waitUntil(const std::function<bool()>& done, int ms = 10000)
{
    QElapsedTimer clock;
    clock.start();
    while (!done() && clock.elapsed() < ms) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        QThread::msleep(1);
    }
    return done();
}

} // namespace ui::test
