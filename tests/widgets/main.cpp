// Widget tests run without a display: choose the offscreen platform before QApplication exists
// (catch_discover_tests also runs this binary at build time). Catch's implementation is in
// tests/support/catch_impl.cpp.
#include "tests/support/catch_run.h"

#include <QApplication>

#include <clocale>
#include <cstdlib>

int main(int argc, char** argv)
{
    if (!std::getenv("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    std::setlocale(LC_NUMERIC, "C"); // as the app does after QApplication (app/main.cpp)
    return runCatchSession(argc, argv);
}
