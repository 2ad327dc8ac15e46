#include "core/runs/log_reader.h"

#include "core/base/file_io.h"
#include "core/base/printable.h"

#include <algorithm>
#include <cfloat>
#include <charconv>
#include <cmath>
#include <cstring>

namespace core {

namespace {

/// `line` without ANSI colour sequences (torchtitan colours its metrics line), into `out`.
void stripColours(std::string_view line, std::string& out)
{
    out.clear();
    for (std::size_t i = 0; i < line.size(); ++i) {
        if (line[i] == '\x1b' && i + 1 < line.size() && line[i + 1] == '[') {
            i += 2;
            while (i < line.size() && !(line[i] >= '@' && line[i] <= '~'))
                ++i;
            continue;
        }
        out += line[i];
    }
}

enum class Read { absent, bad, ok };

/// The first `label` in `line`, as std::string_view::find gives it. A label that starts with a space
/// (" iteration ", " ..") is searched from its second character, the space checked before it: find()
/// looks for the first character with memchr and compares from each hit, so in a line of spaces a
/// search for a space stopped at every byte (64 KiB lines of spaces read 1.5 × slower than the
/// slowest log, one of empty lines).
std::size_t findLabel(std::string_view line, std::string_view label)
{
    if (label.size() < 2 || label[0] != ' ') return line.find(label);
    const std::string_view rest = label.substr(1);
    for (std::size_t from = 1;;) {
        const std::size_t at = line.find(rest, from);
        if (at == std::string_view::npos) return at;
        if (line[at - 1] == ' ') return at - 1;
        from = at + 1;
    }
}

bool hasDigit(std::string_view line)
{
    return std::any_of(line.begin(), line.end(), [](char c) { return c >= '0' && c <= '9'; });
}

/// A number a log can state a setting with: whole, above 0 and below 10^9 (no layout or batch is
/// larger, and each fits the scenario's int).
bool settingValue(double value)
{
    return value > 0 && value < 1e9 && value == std::floor(value);
}

/// The number right after `label` (spaces skipped; digit-group commas dropped when `grouped`).
/// `bad` when the label is there but what follows is no measurement: not a number as a whole ("1e+",
/// "1,000" where commas are no digit groups), negative, not finite, 10^15 or more, or too small for a
/// double (a subnormal such as 1e-320, or 1e-999, which strtod flags with ERANGE).
Read numberAfter(std::string_view line, std::string_view label, double& out, bool grouped = false)
{
    const auto at = findLabel(line, label);
    if (at == std::string_view::npos) return Read::absent;
    std::size_t i = at + label.size();
    while (i < line.size() && line[i] == ' ')
        ++i;
    char digits[48];
    std::size_t n = 0;
    for (; i < line.size(); ++i) {
        const char c = line[i];
        if ((c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-') {
            if (n == sizeof digits) return Read::bad; // no figure has 48 characters
            digits[n++] = c;
        } else if (c == ',' && i + 1 < line.size() && line[i + 1] >= '0' && line[i + 1] <= '9') {
            if (!grouped) return Read::bad; // 1,000: a thousand or a one? neither is taken
        } else {
            break;
        }
    }
    if (n == 0) return Read::bad;
    double v = 0;
    // from_chars: the "C" locale's decimal point whatever the program's (the GUI sets the user's).
    const auto [end, error] = std::from_chars(digits, digits + n, v);
    if (error != std::errc() || end != digits + n) return Read::bad;
    if (!std::isfinite(v) || v < 0 || v >= 1e15 || (v != 0 && v < DBL_MIN)) return Read::bad;
    out = v;
    return Read::ok;
}

/// A whole, non-negative number after `label` (a step number).
Read integerAfter(std::string_view line, std::string_view label, std::int64_t& out)
{
    double v = 0;
    const Read r = numberAfter(line, label, v);
    if (r != Read::ok) return r;
    if (v != std::floor(v)) return Read::bad;
    out = static_cast<std::int64_t>(v);
    return Read::ok;
}

/// An optional figure of a step line: absent, or unusable (left out, the step kept).
std::optional<double> figureAfter(std::string_view line, std::string_view label, bool grouped = false)
{
    double v = 0;
    if (numberAfter(line, label, v, grouped) == Read::ok) return v;
    return std::nullopt;
}

/// splitmix64 (Steele, Lea and Flood 2014): a small, fast generator whose sequence is the same on
/// every platform (std::uniform_int_distribution is not), so the sample is too.
std::uint64_t nextRandom(std::uint64_t& state)
{
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/// Megatron-LM's argument names (megatron/training/arguments.py) of the settings a comparison checks.
constexpr std::array<std::pair<std::string_view, LogSetting>, 7> kMegatronArguments { {
    { "tensor_model_parallel_size", logSettingOf(Knob::tp) },
    { "pipeline_model_parallel_size", logSettingOf(Knob::pp) },
    { "data_parallel_size", logSettingOf(Knob::dp) },
    { "context_parallel_size", logSettingOf(Knob::cp) },
    { "expert_model_parallel_size", logSettingOf(Knob::ep) },
    { "global_batch_size", LogSetting::global_batch },
    { "seq_length", LogSetting::seq_len },
} };

/// validate_args()' "using world size: 64, data-parallel size: 4, context-parallel size: 1, …,
/// tensor-model-parallel size: 8, …, pipeline-model-parallel size: 2, …" — the first of each label is
/// the model's (the encoder's sizes follow, "encoder-tensor-model-parallel size:").
constexpr std::array<std::pair<std::string_view, LogSetting>, 4> kMegatronWorldSizes { {
    { "data-parallel size:", logSettingOf(Knob::dp) },
    { "context-parallel size:", logSettingOf(Knob::cp) },
    { "tensor-model-parallel size:", logSettingOf(Knob::tp) },
    { "pipeline-model-parallel size:", logSettingOf(Knob::pp) },
} };

/// The whole positive number at the start of `text` after dots and spaces ("...... 4"); 0 for anything
/// else ("None", "4.5", "-1").
double argumentValue(std::string_view text)
{
    std::size_t i = 0;
    while (i < text.size() && (text[i] == '.' || text[i] == ' '))
        ++i;
    std::int64_t v = 0;
    const auto [end, error] = std::from_chars(text.data() + i, text.data() + text.size(), v);
    if (error != std::errc() || v <= 0 || v >= 1'000'000'000) return 0;
    if (end != text.data() + text.size() && *end != ' ' && *end != '\t') return 0;
    return double(v);
}

bool identifierChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/// What follows Megatron-LM's argument `name` in its arguments block ("  seq_length ...... 4096": the
/// name, a space, dots, the value): the text after the name; nullopt where the line is no such line.
std::optional<std::string_view> argumentText(std::string_view line, std::string_view name)
{
    const auto at = line.find(name);
    if (at == std::string_view::npos || (at > 0 && identifierChar(line[at - 1]))) return std::nullopt;
    const std::string_view rest = line.substr(at + name.size());
    if (rest.size() < 2 || rest[0] != ' ' || rest[1] != '.') return std::nullopt;
    return rest;
}

void raise(std::optional<LogFigure>& figure, double value, std::int64_t line)
{
    if (!figure || value > figure->value) figure = LogFigure { value, line };
}

} // namespace

void LogParser::Candidate::add(
    std::int64_t line, std::int64_t step, LogSample sample, double mfu, double tflops, std::optional<double> memoryGib)
{
    TrainingLog& l = log;
    if (memoryGib) raise(l.peakMemoryGib, *memoryGib, line);
    if (mfu >= 0) raise(l.highestMfu, mfu, line);
    if (tflops >= 0) raise(l.highestTflopsPerGpu, tflops, line);
    if (l.stepLines > 0 && step < lastStep && l.restarts++ == 0) {
        l.restartLine = line;
        l.restartFrom = lastStep;
        l.restartTo = step;
    }
    lastStep = step;
    if (++l.stepLines == 1) {
        l.firstStep = step;
        l.firstStepLine = line;
        l.firstSample = sample;
        return;
    }
    if (++l.steadySteps == 1) l.lowestSteadyStep = l.highestSteadyStep = step;
    l.lowestSteadyStep = std::min(l.lowestSteadyStep, step);
    l.highestSteadyStep = std::max(l.highestSteadyStep, step);
    // Algorithm R (Vitter 1985): the n-th steady step replaces a uniformly chosen entry with
    // probability capacity / n, which leaves every step in the sample with the same probability.
    if (l.sample.size() < kLogSampleCapacity) {
        l.sample.push_back(sample);
    } else {
        const std::uint64_t j = nextRandom(random) % static_cast<std::uint64_t>(l.steadySteps);
        if (j < kLogSampleCapacity) l.sample[static_cast<std::size_t>(j)] = sample;
    }
}

void LogParser::Candidate::reject(std::int64_t line)
{
    if (log.rejectedLines++ == 0) log.firstRejectedLine = line;
}

void LogParser::Candidate::state(LogSetting setting, double value, std::int64_t line)
{
    auto& stated = log.stated[static_cast<std::size_t>(setting)];
    if (settingValue(value) && !stated) stated = LogFigure { value, line };
}

void LogParser::readMegatronSettings(std::string_view line, std::int64_t at)
{
    constexpr auto npos = std::string_view::npos;
    // Each statement is a number: a line without a digit states nothing (and is spared the searches).
    if (!hasDigit(line)) return;
    Candidate& c = m_candidates[0];
    if (findLabel(line, " ..") != npos) {
        // --rampup-batch-size: "  rampup_batch_size ...... ['32', '32', '2000000']" ("None" without):
        // the iteration lines log the ramp's batches, global_batch_size is the one it ends at (finish()).
        if (const auto rest = argumentText(line, "rampup_batch_size")) {
            if (hasDigit(*rest)) m_rampupStated = true;
            return;
        }
        for (const auto& [name, setting] : kMegatronArguments) {
            if (const auto rest = argumentText(line, name)) {
                c.state(setting, argumentValue(*rest), at);
                return;
            }
        }
        return;
    }
    if (line.find("using world size:") != npos) {
        for (const auto& [label, setting] : kMegatronWorldSizes) {
            double v = 0;
            if (numberAfter(line, label, v) == Read::ok && v == std::floor(v)) c.state(setting, v, at);
        }
        return;
    }
    // Megatron-LM's mpu before validate_args printed it: "> initializing tensor model parallel with size 8".
    if (line.find("> initializing ") != npos) {
        double v = 0;
        if (numberAfter(line, "tensor model parallel with size", v) == Read::ok && v == std::floor(v))
            c.state(logSettingOf(Knob::tp), v, at);
        if (numberAfter(line, "pipeline model parallel with size", v) == Read::ok && v == std::floor(v))
            c.state(logSettingOf(Knob::pp), v, at);
        if (numberAfter(line, "data parallel with size", v) == Read::ok && v == std::floor(v))
            c.state(logSettingOf(Knob::dp), v, at);
    }
}

LogParser::LogParser()
{
    m_candidates[0].log.format = LogFormat::megatron;
    m_candidates[1].log.format = LogFormat::torchtitan;
    m_candidates[2].log.format = LogFormat::deepspeed;
    m_candidates[2].log.memoryIsAllocated = true;
    m_candidates[3].log.format = LogFormat::hf_trainer;
    for (Candidate& c : m_candidates)
        c.random = 0x7472616E706C616Eull; // fixed: the same log gives the same sample
}

void LogParser::feed(std::string_view piece)
{
    if (piece.empty()) return;
    std::size_t pos = 0;
    if (m_afterCr) {
        if (piece[0] == '\n') pos = 1; // the '\n' of a "\r\n" split between pieces
        m_afterCr = false;
    }
    // The next '\n' and '\r' at or after pos (memchr: the log is mostly bytes of no interest), each
    // searched again only once passed, so that a log without '\r' is not scanned to its end per line.
    auto next = [&](char c, std::size_t from) {
        const void* hit = std::memchr(piece.data() + from, c, piece.size() - from);
        return hit ? static_cast<std::size_t>(static_cast<const char*>(hit) - piece.data()) : piece.size();
    };
    std::size_t lf = next('\n', pos), cr = next('\r', pos);
    while (pos < piece.size()) {
        if (lf < pos) lf = next('\n', pos);
        if (cr < pos) cr = next('\r', pos);
        const std::size_t end = std::min(lf, cr);
        const std::string_view part = piece.substr(pos, end - pos);
        if (end == piece.size()) {
            // The line runs on into the next piece: keep its start while it is within the limit.
            if (!m_overlong && m_pending.size() + part.size() <= kMaxLogLineBytes) {
                m_pending.append(part);
            } else {
                m_overlong = true;
                m_pending.clear();
            }
            return;
        }
        if (m_overlong || m_pending.size() + part.size() > kMaxLogLineBytes) {
            line({}); // counted, not read: no framework prints a step line that long
            m_overlong = false;
            m_pending.clear();
        } else if (m_pending.empty()) {
            line(part);
        } else {
            m_pending.append(part);
            line(m_pending);
            m_pending.clear();
        }
        pos = end + 1;
        if (piece[end] == '\r') {
            if (pos == piece.size())
                m_afterCr = true;
            else if (piece[pos] == '\n')
                ++pos;
        }
    }
}

void LogParser::line(std::string_view text)
{
    ++m_lines;
    if (text.empty()) return;
    if (text.find('\x1b') != std::string_view::npos) {
        stripColours(text, m_scratch);
        readLine(m_scratch);
    } else {
        readLine(text);
    }
}

void LogParser::readLine(std::string_view line)
{
    const std::int64_t at = m_lines;
    constexpr auto npos = std::string_view::npos;
    // The label of every figure of a step line ends in ':' or '=', and every setting the start states is a
    // number: a line with neither and no digit (a line of spaces) holds nothing, and is passed over
    // before the label searches below.
    if (!std::memchr(line.data(), ':', line.size()) && !std::memchr(line.data(), '=', line.size()) && !hasDigit(line))
        return;
    // Megatron-LM: the iteration line and report_memory's lines.
    if (findLabel(line, " iteration ") != npos && line.find("elapsed time per iteration (ms):") != npos) {
        Candidate& c = m_candidates[0];
        std::int64_t step = 0;
        double ms = 0;
        if (integerAfter(line, " iteration ", step) != Read::ok
            || numberAfter(line, "elapsed time per iteration (ms):", ms) != Read::ok || ms <= 0)
            return c.reject(at);
        const auto tflops = figureAfter(line, "throughput per GPU (TFLOP/s/GPU):");
        LogSample s;
        // The batch of this step: a ramp-up logs smaller ones first. The last one is the run's (finish()).
        if (const auto batch = figureAfter(line, "global batch size:"); batch && settingValue(*batch)) {
            s.batch = *batch;
            m_lineBatch = LogFigure { *batch, at };
        }
        s.pace = ms / 1000.0;
        if (tflops) s.tflopsPerGpu = static_cast<float>(*tflops);
        return c.add(at, step, s, -1, tflops.value_or(-1), std::nullopt);
    }
    if (line.find("memory (MB)") != npos) {
        if (const auto reserved = figureAfter(line, "| max reserved:"))
            raise(m_candidates[0].log.peakMemoryGib, *reserved * 1048576.0 / kBytesPerGib, at);
        return;
    }
    // torchtitan: "step: N  loss: …", not its validation line; "wps" (words per second) before it was
    // renamed tps in 2024.
    const std::string_view rateLabel = line.find("tps:") != npos ? "tps:" : "wps:";
    if (const auto stepAt = line.find("step:"); stepAt != npos && line.find(rateLabel) != npos
        && line.find("validate step:") == npos && (stepAt == 0 || line[stepAt - 1] == ' ' || line[stepAt - 1] == ']')) {
        Candidate& c = m_candidates[1];
        std::int64_t step = 0;
        double tps = 0;
        if (integerAfter(line.substr(stepAt), "step:", step) != Read::ok
            || numberAfter(line, rateLabel, tps, true) != Read::ok || tps <= 0)
            return c.reject(at);
        const auto mfu = figureAfter(line, "mfu:");
        LogSample s;
        s.pace = 1.0 / tps;
        if (mfu) s.mfu = static_cast<float>(*mfu / 100.0);
        return c.add(at, step, s, mfu ? *mfu / 100.0 : -1, -1, figureAfter(line, "memory:"));
    }
    // DeepSpeed's throughput timer.
    if (line.find("CurrSamplesPerSec=") != npos) {
        Candidate& c = m_candidates[2];
        std::int64_t step = 0;
        double samples = 0;
        if (integerAfter(line, "global_step=", step) != Read::ok
            || numberAfter(line, "CurrSamplesPerSec=", samples) != Read::ok || samples <= 0)
            return c.reject(at);
        LogSample s;
        s.pace = 1.0 / samples;
        return c.add(at, step, s, -1, -1, figureAfter(line, "MaxMemAllocated="));
    }
    // The Hugging Face Trainer's summary.
    if (line.find("'train_steps_per_second':") != npos) {
        Candidate& c = m_candidates[3];
        double rate = 0;
        if (numberAfter(line, "'train_steps_per_second':", rate) != Read::ok || rate <= 0) return c.reject(at);
        LogSample s;
        s.pace = 1.0 / rate;
        return c.add(at, 0, s, -1, -1, std::nullopt);
    }
    readMegatronSettings(line, at);
}

std::optional<TrainingLog> LogParser::finish(Problem* error)
{
    if (m_overlong || !m_pending.empty()) {
        line(m_overlong ? std::string_view() : std::string_view(m_pending));
        m_pending.clear();
        m_overlong = false;
    }
    // Megatron-LM's run batch: the iteration lines' last over the arguments' (a run resumed with another
    // batch logs it), but not where the arguments state a ramp-up: its lines log the ramp's smaller
    // batches, and global_batch_size is the batch it ends at, the run's.
    auto& batch = m_candidates[0].log.stated[static_cast<std::size_t>(LogSetting::global_batch)];
    if (m_lineBatch && !(m_rampupStated && batch)) batch = m_lineBatch;
    // The format with the most step lines; of two with as many, the one whose first step line comes first.
    auto better = [](const Candidate& a, const Candidate& b) {
        if (a.log.stepLines != b.log.stepLines) return a.log.stepLines > b.log.stepLines;
        return a.log.firstStepLine < b.log.firstStepLine;
    };
    std::size_t best = 0;
    for (std::size_t i = 1; i < m_candidates.size(); ++i)
        if (better(m_candidates[i], m_candidates[best])) best = i;
    TrainingLog& chosen = m_candidates[best].log;
    if (chosen.stepLines == 0) {
        std::int64_t rejected = 0, first = 0;
        for (const Candidate& c : m_candidates)
            if (c.log.rejectedLines > 0) {
                rejected += c.log.rejectedLines;
                first = first == 0 ? c.log.firstRejectedLine : std::min(first, c.log.firstRejectedLine);
            }
        if (error)
            *error = rejected > 0 ? Problem(ProblemCode::log_has_no_steps,
                         { { "rejected", double(rejected) }, { "first_line", double(first) } })
                                  : Problem(ProblemCode::log_has_no_steps);
        return std::nullopt;
    }
    const double chosenFormat = static_cast<int>(chosen.format);
    for (std::size_t i = 0; i < m_candidates.size(); ++i) {
        const TrainingLog& other = m_candidates[i].log;
        if (i == best || other.stepLines == 0) continue;
        const double otherFormat = static_cast<int>(other.format);
        if (other.stepLines == chosen.stepLines)
            chosen.notes.push_back({ LogNoteCode::framework_tie,
                { { "framework", chosenFormat }, { "other", otherFormat }, { "lines", double(other.stepLines) } } });
        chosen.notes.push_back({ LogNoteCode::other_framework,
            { { "framework", otherFormat }, { "lines", double(other.stepLines) }, { "chosen", chosenFormat } } });
    }
    return std::move(chosen);
}

std::optional<TrainingLog> parseTrainingLog(std::string_view text, Problem* error)
{
    LogParser parser;
    parser.feed(text);
    return parser.finish(error);
}

LogReadResult readTrainingLog(const std::string& path, const LogReadOptions& options)
{
    LogParser parser;
    LogReadResult result;
    std::uint64_t read = 0;
    int reported = -1;
    auto consume = [&](std::string_view piece, std::uint64_t size) {
        if (options.cancel && options.cancel->load(std::memory_order_relaxed)) {
            result.cancelled = true;
            return false;
        }
        parser.feed(piece);
        read += piece.size();
        if (options.progress && size > 0) {
            // At every whole percent: at most 101 calls, whatever the file's size.
            const int percent = static_cast<int>(std::min<std::uint64_t>(100, read * 100 / size));
            if (percent > reported) {
                reported = percent;
                options.progress(percent / 100.0);
            }
        }
        return true;
    };
    const bool stdinLog = path == "/dev/stdin";
    const StreamRead r
        = stdinLog ? streamStdinBounded(kMaxLogBytes, consume) : streamFileBounded(path, kMaxLogBytes, consume);
    const std::string shown = path.empty() ? std::string("\"\"") : printable(path, 200);
    if (!r.ok()) {
        result.error = r.error;
        return result;
    }
    if (result.cancelled) {
        result.error = shown + ": reading cancelled";
        return result;
    }
    Problem problem;
    result.log = parser.finish(&problem);
    if (result.log) result.log->file = path;
    if (!result.log) {
        result.error = shown + ": " + problem.message();
        result.problem = std::move(problem);
    }
    if (options.progress && reported < 100) options.progress(1.0);
    return result;
}

} // namespace core
