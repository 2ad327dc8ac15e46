// Catch2's implementation, compiled once for every test executable (it is the heaviest translation
// unit of the tests). Each executable brings its own main(): catch_main.cpp, or the widget tests'
// main that creates the QApplication first.
#define CATCH_CONFIG_RUNNER
#include "tests/support/catch_run.h"

#include <catch2/catch.hpp>

int runCatchSession(int argc, char** argv)
{
    return Catch::Session().run(argc, argv);
}
