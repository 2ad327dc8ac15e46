#pragma once
// The inputs on the left, in collapsible sections: model, training, precision, parallelism,
// hardware, efficiency and cost. Every control edits the scenario through the document and
// follows it back (undo, file open); refused edits and warnings are shown at the control.

#include "core/estimate/estimate.h"
#include "core/scenario/scenario.h"

#include <QWidget>

#include <cstdint>
#include <initializer_list>
#include <optional>

class QComboBox;
class QLineEdit;
class QLabel;
class QSlider;

namespace ui {

class FormBinder;
class FormSection;
class ScenarioDocument;
class ScenarioSession;
struct DerivedResults;

class InputPanel : public QWidget {
    Q_OBJECT
public:
    explicit InputPanel(ScenarioSession* session, QWidget* parent = nullptr);

    /// The model-size slider's scale: log-uniform from 100 M to 2 T parameters, rounded to three
    /// significant digits so the values read well.
    static constexpr int kSliderSteps = 1000;
    [[nodiscard]] static std::int64_t sliderToParams(int position);
    /// A size as typed: a number with an optional K, M, B (or G) or T ("700M", "1.3 B", "7e9",
    /// "7000000000"); nullopt for anything else or outside 100 M – 2 T parameters.
    [[nodiscard]] static std::optional<std::int64_t> typedSize(const QString& text);
    [[nodiscard]] static int paramsToSlider(double params);

    /// The control editing `keyPath` ("parallel.tp"), for tests and for pointing at problems.
    [[nodiscard]] QWidget* controlFor(const QString& keyPath) const;
    [[nodiscard]] QString problemText() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void buildModel();
    void buildModelDetails();
    void buildTraining();
    void buildPrecision();
    void buildParallelism();
    void buildHardware();
    void buildCost();
    void buildOverheads();
    /// A row for one key of core's field table, its control chosen by the key's kind and bound to it.
    QWidget* addField(FormSection* section, const char* path);
    void addFields(FormSection* section, std::initializer_list<const char*> paths);
    void showScenario(const core::Scenario& s);
    /// What follows from the estimate: the size slider, the rates the GPU is priced at, the warnings.
    void showResults(const DerivedResults& results);
    void showRefused(const QString& path, const QString& message);
    void markProblems(const QStringList& keyPaths, const QStringList& texts);

    ScenarioSession* m_session;
    ScenarioDocument* m_doc;
    FormBinder* m_bind;
    QList<FormSection*> m_sections;
    QComboBox* m_preset = nullptr;
    QLineEdit* m_name = nullptr;
    QSlider* m_size = nullptr;
    QLineEdit* m_sizeValue = nullptr; ///< the size in words ("6.74 B"), typed as "700M", "7B" or "7e9"
    QLabel* m_shape = nullptr;
    QLabel* m_gpuTotal = nullptr;
    QLabel* m_gpuFacts = nullptr;
    QLabel* m_problem = nullptr;
    QString m_refused;
    QList<QWidget*> m_marked;
};

} // namespace ui
