// The ordinary test main (the implementation is in catch_impl.cpp).
#include "tests/support/catch_run.h"

int main(int argc, char** argv)
{
    return runCatchSession(argc, argv);
}
