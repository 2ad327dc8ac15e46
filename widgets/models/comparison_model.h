#pragma once
// The Compare tab's key figures as a table model: one column per scenario, one
// row per figure, as the source article's summary table lists them. The view, the CSV and the
// report all read this model, built from the estimates — not from a table widget's texts.

#include "core/estimate/estimate.h"
#include "core/scenario/scenario.h"
#include "widgets/text/format.h"

#include <QAbstractTableModel>
#include <QColor>
#include <QStringList>

#include <vector>

namespace ui {

class ComparisonModel : public QAbstractTableModel {
    Q_OBJECT
public:
    explicit ComparisonModel(QObject* parent = nullptr);

    /// `names` head the columns ("A: …"); figures that differ from the first scenario's are marked
    /// (bold on a light blue background, kDifferentColor). The scenarios, one per estimate, give the
    /// GPU type and the layout rows (a dash where none is given).
    void setEstimates(const QStringList& names, const std::vector<core::Estimate>& estimates,
        const std::vector<core::Scenario>& scenarios = {});
    /// Re-reads the figures' texts (language or display unit changed).
    void refresh();

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] int columnCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    [[nodiscard]] QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    /// The background of a differing figure: neutral, unlike the "does not fit" red.
    static inline const QColor kDifferentColor { 0xDC, 0xEA, 0xF7 };
    /// Whether figure `row` of scenario `column` differs from the first scenario's.
    [[nodiscard]] bool differs(int row, int column) const;
    /// The figures for spreadsheets and scripts (comparison.csv, docs/DESIGN.md): one row per
    /// scenario, its name first ("scenario") and its letter ("label"), then each figure a plain
    /// number ("C" locale, no thousands separators, at most 12 significant digits) in the unit its
    /// column's name ends with; fits as 1 or 0, the largest memory term as estimate.csv's key; last
    /// the GPU type ("gpu") and the layout ("layout", "TP 8 · PP 1 · … · ZeRO-1").
    [[nodiscard]] QString csv() const;

private:
    [[nodiscard]] static int figures();
    [[nodiscard]] static QString figureName(int row);
    [[nodiscard]] QString figureText(int row, std::size_t column) const;
    [[nodiscard]] QString gpuName(std::size_t column) const;
    [[nodiscard]] QString layout(std::size_t column, Degrees which) const;

    QStringList m_names;
    std::vector<core::Estimate> m_estimates;
    std::vector<core::Scenario> m_scenarios; ///< empty, or one per estimate
};

/// A CSV text field as core writes one (core::csvText): quoted when it holds a comma, a quote or a line
/// break (RFC 4180), and never a formula a spreadsheet would run (a name starting with "=" gets a "'").
[[nodiscard]] QString csvField(const QString& field);

/// A model as RFC 4180 CSV, as the user reads it: the row headers in the first column, the column
/// headers in the first row.
[[nodiscard]] QString modelCsv(const QAbstractItemModel& model);

} // namespace ui
