// The slowest log is one of empty lines (core/runs/training_log.h kMaxLogBytes: the work per line), and no
// other may read slower (the third hostile-input review): 64 KiB lines of spaces read 1.5 × slower, every
// label search whose first character is a space stopping at each byte. Lines that can hold no figure
// are passed over before the searches, and those searches no longer stop at each space; what the
// reader takes from real lines is unchanged (here). The speed is measured, not asserted:
// tests/bench/bench_estimate.cpp BM_LogReaderLines, and hostile round 3's runner compares the two logs.
#include "core/runs/log_reader.h"
#include "core/runs/training_log.h"

#include <catch2/catch.hpp>

#include <string>

TEST_CASE("lines the reader passes over or searches differently read as before", "[log][stream]")
{
    // A step line after 60,000 spaces, a label whose space is missing before a later one, an argument
    // after spaces, a line of spaces and colons: read as the searches from the first character read them.
    const std::string spaces(60000, ' ');
    const std::string text = spaces + "  global_batch_size ............ 1024\n" + std::string(1000, ':') + "\n" + spaces
        + "\n" + "xiteration 5 iteration 20/ 100 | elapsed time per iteration (ms): 2000.0 |\n" + spaces
        + " iteration 30/ 100 | elapsed time per iteration (ms): 3000.0 | global batch size: 1024 |\n"
        + "seq_length..  4096\n";
    const auto log = core::parseTrainingLog(text);
    REQUIRE(log);
    CHECK(log->stepLines == 2);
    CHECK(log->firstStep == 20);
    CHECK(log->firstStepLine == 4);
    CHECK(log->firstSample.pace == Approx(2.0));
    REQUIRE(log->sample.size() == 1);
    CHECK(log->sample[0].pace == Approx(3.0));
    CHECK(log->highestSteadyStep == 30);
    const auto& batch = log->stated[static_cast<std::size_t>(core::LogSetting::global_batch)];
    REQUIRE(batch);
    CHECK(batch->value == 1024);
    CHECK(batch->line == 5); // the iteration line's over the arguments'
    // "seq_length.." has no space before its dots: no argument line.
    CHECK_FALSE(log->stated[static_cast<std::size_t>(core::LogSetting::seq_len)]);
}
