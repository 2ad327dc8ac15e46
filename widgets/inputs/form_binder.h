#pragma once
// Binds form controls to one field of the scenario each: a control edits through the document
// (undoable, validated) and follows the document back (undo, file open) without echoing edits.

#include "core/scenario/scenario.h"

#include <QObject>
#include <QString>
#include <QVariant>

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QSpinBox;
class QWidget;

namespace core {
struct Field;
}

namespace ui {

class ScenarioDocument;

class FormBinder : public QObject {
    Q_OBJECT
public:
    FormBinder(ScenarioDocument* document, QObject* parent);

    template <typename T> using Getter = std::function<T(const core::Scenario&)>;
    template <typename T> using Setter = std::function<void(core::Scenario&, T)>;

    /// `keyPath` names the scenario key ("parallel.tp") so refused edits and warnings find the
    /// control; `undoText` is translated in context "ui::InputPanel" (mark it QT_TRANSLATE_NOOP).
    /// The range is the key's limits in core's table (scenario_fields.h), the file reader's own, so
    /// that the form cannot hold a value a file could not. `floor` lowers
    /// the minimum for a value shown when the key does not apply (top-k 0 for a dense model).
    QSpinBox* spin(QWidget* parent, const QString& keyPath, Getter<int> get, Setter<int> set, const char* undoText,
        std::optional<int> floor = std::nullopt);
    /// spin() for a count in `min` … `max`, also one that is no key of its own but is set through keys
    /// (the GPU count, through DP). After an edit it shows what the scenario holds, also when that is
    /// unchanged (17 GPUs typed at TP 8 stay 16).
    QSpinBox* derivedSpin(
        QWidget* parent, const QString& name, int min, int max, Getter<int> get, Setter<int> set, const char* undoText);
    /// The arrows, Up/Down, Page keys and wheel of a spin box made here step to `next(scenario, steps)`
    /// (the degrees that divide what they split, core::steppedDegree) and are disabled where it has no
    /// value; typing still takes any value in range.
    using Stepper = std::function<std::optional<std::int64_t>(const core::Scenario&, int steps)>;
    void stepThrough(QSpinBox* box, Stepper next);
    /// As spin(); `scale` converts file units to the shown ones (tokens shown in billions: 1e-9).
    QDoubleSpinBox* number(QWidget* parent, const QString& keyPath, int decimals, Getter<double> get,
        Setter<double> set, const char* undoText, double scale = 1);
    /// Items carry their value as item data; the texts are set (and retranslated) by the caller.
    QComboBox* combo(
        QWidget* parent, const QString& keyPath, Getter<QVariant> get, Setter<QVariant> set, const char* undoText);
    QCheckBox* check(QWidget* parent, const QString& keyPath, Getter<bool> get, Setter<bool> set, const char* undoText);

    /// Shows the scenario in every bound control (signals blocked), and enables each control of a key
    /// in core's field table only where the key applies (ZeRO-2/3's reduction from ZeRO-2 on, …).
    void refresh(const core::Scenario& scenario);
    /// The control editing `keyPath`, or nullptr.
    [[nodiscard]] QWidget* controlFor(const QString& keyPath) const;

private:
    struct Binding {
        QString keyPath;
        QWidget* control;
        std::function<void(const core::Scenario&)> show;
        const core::Field* field; ///< core's entry for the key, looked up once (nullptr: the panel's own)
    };
    void bind(const QString& keyPath, QWidget* control, std::function<void(const core::Scenario&)> show);
    void apply(const char* undoText, QObject* control, const std::function<void(core::Scenario&)>& change);

    ScenarioDocument* m_doc;
    std::vector<Binding> m_bindings;
};

} // namespace ui
