#pragma once
// The accuracy page's chart: the out-of-sample error of each slice (a source or a regime) as two
// horizontal bars, the signed mean error and the mean |error|, top to bottom in the given order.

#include <QChartView>
#include <QStringList>

#include <vector>

class QBarCategoryAxis;
class QBarSet;

namespace ui {

class FidelityChart : public QChartView {
    Q_OBJECT
public:
    /// One slice's errors as fractions (0.05 = 5 %).
    struct Slice {
        double meanError = 0;
        double meanAbsError = 0;
    };

    explicit FidelityChart(const std::vector<Slice>& slices, QWidget* parent = nullptr);

    /// Texts in the interface's language; `categories` top to bottom, one per slice.
    void setTexts(const QString& title, const QString& axisTitle, const QString& meanErrorLabel,
        const QString& meanAbsErrorLabel, const QStringList& categories);

    /// In percent, bottom-up (horizontal bars): the signed mean error, then the mean |error|.
    [[nodiscard]] QBarSet* meanErrorBars() const { return m_meanError; }
    [[nodiscard]] QBarSet* meanAbsErrorBars() const { return m_meanAbsError; }

private:
    QBarSet* m_meanError = nullptr;
    QBarSet* m_meanAbsError = nullptr;
    QBarCategoryAxis* m_categories = nullptr;
};

} // namespace ui
