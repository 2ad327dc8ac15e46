#include "widgets/models/comparison_model.h"

#include "core/estimate/estimate_io.h"
#include "widgets/text/format.h"
#include "widgets/text/scenario_name.h"

#include <QColor>
#include <QFont>
#include <QLocale>

#include <algorithm>
#include <cmath>

namespace ui {

namespace {

enum Figure {
    Parameters,
    Gpus,
    GpuType,
    Layout,
    MemoryPerGpu,
    Fits,
    LargestTerm,
    StepTime,
    CommunicationShare,
    Mfu,
    TrainingTime,
    Cost,
    Interruptions,
    FigureCount
};

} // namespace

ComparisonModel::ComparisonModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void ComparisonModel::setEstimates(const QStringList& names, const std::vector<core::Estimate>& estimates,
    const std::vector<core::Scenario>& scenarios)
{
    beginResetModel();
    m_names = names;
    m_estimates = estimates;
    m_scenarios = scenarios.size() == estimates.size() ? scenarios : std::vector<core::Scenario> {};
    endResetModel();
}

QString ComparisonModel::gpuName(std::size_t column) const
{
    return column < m_scenarios.size() ? QString::fromStdString(m_scenarios[column].hardware.gpu.name) : QString();
}

QString ComparisonModel::layout(std::size_t column, Degrees which) const
{
    if (column >= m_scenarios.size()) return {};
    const core::Parallel& p = m_scenarios[column].parallel;
    return layoutDegrees(p, which, QStringLiteral(" · ")) + QStringLiteral(" · ZeRO-%1").arg(p.zero);
}

int ComparisonModel::figures()
{
    return FigureCount;
}

int ComparisonModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : figures();
}

int ComparisonModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_estimates.size());
}

QString ComparisonModel::figureName(int row)
{
    switch (row) {
    case Parameters:
        return tr("Parameters");
    case Gpus:
        return tr("GPUs");
    case GpuType:
        return tr("GPU type");
    case Layout:
        return tr("Layout");
    case MemoryPerGpu:
        return tr("Memory per GPU");
    case Fits:
        return tr("Fits in each GPU's memory"); // not "fits on a single GPU"
    case LargestTerm:
        return tr("Largest memory term");
    case StepTime:
        return tr("Step time");
    case CommunicationShare:
        return tr("Communication share of step");
    case Mfu:
        return tr("MFU");
    case TrainingTime:
        return tr("Training time");
    case Cost:
        return tr("Cost");
    case Interruptions:
        return tr("Expected interruptions");
    }
    return {};
}

QString ComparisonModel::figureText(int row, std::size_t column) const
{
    const core::Estimate& e = m_estimates[column];
    const QLocale locale;
    //: a table cell with nothing to show
    const QString none = tr("—");
    switch (row) {
    case Parameters:
        return formatCount(double(e.params.total));
    case Gpus:
        return locale.toString(e.gpus);
    case GpuType:
        return column < m_scenarios.size() ? gpuName(column) : none;
    case Layout:
        // The degrees above one (and DP), as the planner lists layouts: "TP 8 · PP 8 · DP 16 · ZeRO-1".
        return column < m_scenarios.size() ? layout(column, Degrees::aboveOne) : none;
    case MemoryPerGpu:
        return formatBytes(e.memory.total(), 1);
    case Fits:
        return e.memory.fits() ? tr("yes") : tr("no");
    case LargestTerm:
        return memoryTermName(e.memory.peak().bytes.largest());
    case StepTime:
        //: a step time in seconds (Chinese: 秒, as the banner says)
        return tr("%1 s").arg(formatSeconds(e.compute.stepTimeS));
    case CommunicationShare:
        return formatPercent(e.communication.shareOfStep * 100, 1);
    case Mfu:
        return formatPercent(e.compute.mfu * 100, 1);
    case TrainingTime:
        return tr("%1 days").arg(formatFixed(e.training.timeS / 86400, 1));
    case Cost:
        return QStringLiteral("$") + formatFixed(e.training.totalCostUsd, 0);
    case Interruptions:
        return locale.toString(e.reliability.expectedInterruptions, 'f', 0);
    }
    return {};
}

bool ComparisonModel::differs(int row, int column) const
{
    return column > 0 && column < columnCount() && figureText(row, std::size_t(column)) != figureText(row, 0);
}

QVariant ComparisonModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.column() >= columnCount()) return {};
    switch (role) {
    case Qt::DisplayRole:
    case Qt::ToolTipRole: // whole, where the cell cuts a long GPU name
        return figureText(index.row(), std::size_t(index.column()));
    case Qt::TextAlignmentRole:
        return int(Qt::AlignCenter);
    case Qt::BackgroundRole: // differences from the first scenario stand out
        // A neutral blue: "different", not the banner's "does not fit" red.
        return differs(index.row(), index.column()) ? QVariant(kDifferentColor) : QVariant();
    case Qt::FontRole:
        if (differs(index.row(), index.column())) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    default:
        return {};
    }
}

QVariant ComparisonModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    // A scenario's name can be longer than its column: the header elides it, the tooltip has it whole.
    if (role != Qt::DisplayRole && !(role == Qt::ToolTipRole && orientation == Qt::Horizontal)) return {};
    if (orientation == Qt::Vertical) return figureName(section);
    return section < m_names.size() ? QVariant(m_names[section]) : QVariant();
}

QString csvField(const QString& f)
{
    return QString::fromStdString(core::csvText(f.toStdString()));
}

namespace {

/// `v` with at most 12 significant digits, plain decimals in the "C" locale: the arithmetic's last
/// bits (49999.99999999999 hours, 16791640326.144001 bytes) are noise, not information. An unbounded
/// figure in words, as core's files write it.
QString tidyNumber(double v)
{
    if (std::isnan(v)) return QStringLiteral("undefined");
    if (std::isinf(v)) return v > 0 ? QStringLiteral("infinite") : QStringLiteral("-infinite");
    if (v == 0) return QStringLiteral("0");
    const int decimals = std::clamp(11 - int(std::floor(std::log10(std::abs(v)))), 0, 17);
    QString text = QString::number(v, 'f', decimals);
    if (text.contains(QLatin1Char('.'))) {
        while (text.endsWith(QLatin1Char('0')))
            text.chop(1);
        if (text.endsWith(QLatin1Char('.'))) text.chop(1);
    }
    return text == QLatin1String("-0") ? QStringLiteral("0") : text;
}

} // namespace

QString ComparisonModel::csv() const
{
    static const char* const termKeys[core::kMemoryTermCount]
        = { "weights", "gradients", "master_weights", "optimizer_states", "activations", "buffers", "overhead" };
    constexpr double kGiB = 1024.0 * 1024 * 1024;
    QString out
        = QStringLiteral("scenario,label,parameters,gpus,memory_per_gpu_bytes,memory_per_gpu_gib,gpu_memory_gib,fits,"
                         "largest_memory_term,step_time_s,communication_share_percent,mfu_percent,training_time_days,"
                         "total_cost_usd,expected_interruptions,gpu,layout\n");
    for (std::size_t i = 0; i < m_estimates.size(); ++i) {
        const core::Estimate& e = m_estimates[i];
        // The column headers read "A: name" (ComparisonView, ScenarioName::lettered): the letter
        // and the name apart.
        const QString header = int(i) < m_names.size() ? m_names[int(i)] : QString();
        const QString prefix = ScenarioName::lettered(int(i), QString());
        const bool lettered = header.startsWith(prefix);
        const QString label = lettered ? QString(QChar(u'A' + int(i))) : QString();
        const QString name = lettered ? header.mid(prefix.size()) : header;
        const double total = e.memory.total();
        const QStringList row { csvField(name), csvField(label), tidyNumber(double(e.params.total)), tidyNumber(e.gpus),
            tidyNumber(total), tidyNumber(total / kGiB), tidyNumber(e.memory.capacity / kGiB),
            e.memory.fits() ? QStringLiteral("1") : QStringLiteral("0"),
            QLatin1String(termKeys[static_cast<int>(e.memory.peak().bytes.largest())]), tidyNumber(e.compute.stepTimeS),
            tidyNumber(e.communication.shareOfStep * 100), tidyNumber(e.compute.mfu * 100),
            tidyNumber(e.training.timeS / 86400), tidyNumber(e.training.totalCostUsd),
            tidyNumber(e.reliability.expectedInterruptions), csvField(gpuName(i)), csvField(layout(i, Degrees::all)) };
        out += row.join(QLatin1Char(',')) + QLatin1Char('\n');
    }
    return out;
}

QString modelCsv(const QAbstractItemModel& model)
{
    const auto field = csvField;
    QStringList header { QString() };
    for (int c = 0; c < model.columnCount(); ++c)
        header << field(model.headerData(c, Qt::Horizontal, Qt::DisplayRole).toString());
    QString out = header.join(QLatin1Char(',')) + QLatin1Char('\n');
    for (int r = 0; r < model.rowCount(); ++r) {
        QStringList row { field(model.headerData(r, Qt::Vertical, Qt::DisplayRole).toString()) };
        for (int c = 0; c < model.columnCount(); ++c)
            row << field(model.data(model.index(r, c)).toString());
        out += row.join(QLatin1Char(',')) + QLatin1Char('\n');
    }
    return out;
}

} // namespace ui
