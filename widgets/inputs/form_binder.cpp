#include "widgets/inputs/form_binder.h"

#include "core/scenario/scenario_fields.h"
#include "widgets/session/scenario_document.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QSignalBlocker>
#include <QSpinBox>

#include <algorithm>
#include <cmath>

namespace ui {

FormBinder::FormBinder(ScenarioDocument* document, QObject* parent)
    : QObject(parent)
    , m_doc(document)
{
}

void FormBinder::apply(const char* undoText, QObject* control, const std::function<void(core::Scenario&)>& change)
{
    // Changes of one control within a second merge into one undo step (ScenarioDocument), whatever the
    // control: spin boxes, choices and toggles follow the same rule.
    m_doc->edit(QCoreApplication::translate("ui::InputPanel", undoText), change, ScenarioDocument::mergeIdFor(control));
}

namespace {

/// A spin box whose steps are given: the value after n steps, or none (that way disabled).
class SteppedSpinBox : public QSpinBox {
public:
    using QSpinBox::QSpinBox;
    std::function<std::optional<std::int64_t>(int steps)> next;

    void stepBy(int steps) override
    {
        if (!next) {
            QSpinBox::stepBy(steps);
            return;
        }
        // An accelerated or Page step counts as that many valid steps (Page Up: ten).
        if (const auto v = next(steps < 0 ? std::max(steps, -10) : std::min(steps, 10)))
            setValue(static_cast<int>(std::clamp<std::int64_t>(*v, minimum(), maximum())));
        else if (const auto one = next(steps < 0 ? -1 : 1)) // fewer than asked that way: as far as there are
            setValue(static_cast<int>(std::clamp<std::int64_t>(*one, minimum(), maximum())));
    }

protected:
    StepEnabled stepEnabled() const override
    {
        if (!next) return QSpinBox::stepEnabled();
        if (isReadOnly() || !isEnabled()) return StepNone;
        StepEnabled on = StepNone;
        if (next(1)) on |= StepUpEnabled;
        if (next(-1)) on |= StepDownEnabled;
        return on;
    }
};

const core::Field& findField(const QString& keyPath)
{
    const core::Field* limit = core::findField(keyPath.toStdString());
    Q_ASSERT_X(limit, "FormBinder", "a number control without an entry in core's limits table");
    static const core::Field none {};
    return limit ? *limit : none;
}

} // namespace

QSpinBox* FormBinder::spin(QWidget* parent, const QString& keyPath, Getter<int> get, Setter<int> set,
    const char* undoText, std::optional<int> floor)
{
    const core::Field& limit = findField(keyPath);
    return derivedSpin(parent, keyPath, floor ? std::min(*floor, int(limit.min)) : int(limit.min), int(limit.max),
        std::move(get), std::move(set), undoText);
}

QSpinBox* FormBinder::derivedSpin(
    QWidget* parent, const QString& name, int min, int max, Getter<int> get, Setter<int> set, const char* undoText)
{
    auto* box = new SteppedSpinBox(parent);
    box->setObjectName(name);
    box->setRange(min, max);
    box->setAccelerated(true);
    box->setKeyboardTracking(false); // typing "64" is one edit, not "6" then "64"
    connect(box, &QSpinBox::valueChanged, this, [this, box, get, set, undoText](int v) {
        apply(undoText, box, [&](core::Scenario& s) { set(s, v); });
        const QSignalBlocker block(box);
        box->setValue(get(m_doc->scenario()));
    });
    bind(name, box, [box, get](const core::Scenario& s) { box->setValue(get(s)); });
    return box;
}

void FormBinder::stepThrough(QSpinBox* box, Stepper next)
{
    auto* stepped = dynamic_cast<SteppedSpinBox*>(box);
    Q_ASSERT_X(stepped, "FormBinder::stepThrough", "a spin box not made by the binder");
    if (!stepped) return;
    stepped->next = [doc = m_doc, next = std::move(next)](int steps) { return next(doc->scenario(), steps); };
}

QDoubleSpinBox* FormBinder::number(QWidget* parent, const QString& keyPath, int decimals, Getter<double> get,
    Setter<double> set, const char* undoText, double scale)
{
    const core::Field& limit = findField(keyPath);
    auto* box = new QDoubleSpinBox(parent);
    box->setObjectName(keyPath);
    box->setDecimals(decimals);
    // A positive minimum stays positive when shown with few decimals (tokens: 10^-9 billion → 0.1).
    const double step = std::pow(10.0, -decimals);
    const double min = limit.min * scale;
    box->setRange(min > 0 ? std::max(min, step) : min, limit.max * scale);
    box->setAccelerated(true);
    box->setKeyboardTracking(false);
    connect(box, &QDoubleSpinBox::valueChanged, this,
        [this, box, set, undoText](double v) { apply(undoText, box, [&](core::Scenario& s) { set(s, v); }); });
    bind(keyPath, box, [box, get](const core::Scenario& s) { box->setValue(get(s)); });
    return box;
}

QComboBox* FormBinder::combo(
    QWidget* parent, const QString& keyPath, Getter<QVariant> get, Setter<QVariant> set, const char* undoText)
{
    auto* box = new QComboBox(parent);
    box->setObjectName(keyPath);
    // Long items ("Selective, op-level (torchtitan)", preset labels) must not widen the input
    // column past its scroll area, where the right edge would be cut off: the box may shrink to
    // about 14 characters (the current item elided), the popup still shows every item in full.
    box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    box->setMinimumContentsLength(14);
    connect(box, &QComboBox::activated, this, [this, box, set, undoText](int index) {
        const QVariant v = box->itemData(index);
        apply(undoText, box, [&](core::Scenario& s) { set(s, v); });
    });
    bind(keyPath, box, [box, get](const core::Scenario& s) {
        const int i = box->findData(get(s));
        if (i >= 0) box->setCurrentIndex(i);
    });
    return box;
}

QCheckBox* FormBinder::check(
    QWidget* parent, const QString& keyPath, Getter<bool> get, Setter<bool> set, const char* undoText)
{
    auto* box = new QCheckBox(parent);
    box->setObjectName(keyPath);
    connect(box, &QCheckBox::toggled, this,
        [this, box, set, undoText](bool on) { apply(undoText, box, [&](core::Scenario& s) { set(s, on); }); });
    bind(keyPath, box, [box, get](const core::Scenario& s) { box->setChecked(get(s)); });
    return box;
}

void FormBinder::bind(const QString& keyPath, QWidget* control, std::function<void(const core::Scenario&)> show)
{
    m_bindings.push_back({ keyPath, control, std::move(show), core::findField(keyPath.toStdString()) });
}

void FormBinder::refresh(const core::Scenario& scenario)
{
    for (const auto& b : m_bindings) {
        const QSignalBlocker block(b.control);
        b.show(scenario);
        if (b.field && b.field->applies) b.control->setEnabled(b.field->appliesTo(scenario));
    }
}

QWidget* FormBinder::controlFor(const QString& keyPath) const
{
    for (const auto& b : m_bindings)
        if (b.keyPath == keyPath) return b.control;
    return nullptr;
}

} // namespace ui
