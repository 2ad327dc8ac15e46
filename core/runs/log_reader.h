#pragma once
// The streaming reader behind parseTrainingLog() and readTrainingLog() (core/runs/training_log.h): fed a
// log in pieces of any size, it splits the lines ('\n', '\r\n' or a lone '\r'; a line may run on into
// the next piece) and keeps, per format, what the comparison needs — bounded whatever the log's length.

#include "core/runs/training_log.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace core {

class LogParser {
public:
    LogParser();

    /// The next bytes of the log.
    void feed(std::string_view piece);
    /// The log read so far, its last line taken even without a line end, in the format with the most
    /// step lines; nullopt and `error` (log_has_no_steps) when there is none. Call once.
    [[nodiscard]] std::optional<TrainingLog> finish(Problem* error = nullptr);

private:
    /// One format's step lines as they come.
    struct Candidate {
        TrainingLog log;
        std::int64_t lastStep = 0;
        std::uint64_t random = 0; ///< the sample's generator state (splitmix64, fixed seed)

        void add(std::int64_t line, std::int64_t step, LogSample sample, double mfu, double tflops,
            std::optional<double> memoryGib);
        void reject(std::int64_t line);
        /// What the log states about its run: the first statement.
        void state(LogSetting setting, double value, std::int64_t line);
    };

    /// Megatron-LM's statements of its layout, batch and sequence length at start (TrainingLog::stated).
    void readMegatronSettings(std::string_view text, std::int64_t at);

    void line(std::string_view text);
    void readLine(std::string_view text);

    std::array<Candidate, 4> m_candidates;
    std::string m_pending; ///< the start of a line that runs on into the next piece
    bool m_overlong = false; ///< the pending line is over kMaxLogLineBytes: skipped to its end
    bool m_afterCr = false; ///< the last piece ended with '\r': a '\n' starting the next one ends no line
    std::int64_t m_lines = 0;
    std::string m_scratch; ///< a line without its colour codes
    /// Megatron-LM's run batch, resolved in finish(): the last iteration line's "global batch size:",
    /// and whether the arguments state a batch ramp-up (rampup_batch_size other than None).
    std::optional<LogFigure> m_lineBatch;
    bool m_rampupStated = false;
};

} // namespace core
