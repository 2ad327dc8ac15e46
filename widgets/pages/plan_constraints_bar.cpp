#include "widgets/pages/plan_constraints_bar.h"

#include "widgets/text/format.h"

#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QToolButton>

#include <algorithm>

namespace ui {

using core::Knob;

PlanConstraintsBar::PlanConstraintsBar(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("planConstraints"));
    m_label = new QLabel(this);
    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setHorizontalSpacing(4);
    grid->addWidget(m_label, 0, 0, 2, 1, Qt::AlignTop);
    for (std::size_t k = 0; k < core::kKnobCount; ++k) {
        auto* b = new QToolButton(this);
        b->setObjectName(QStringLiteral("planPin.") + QString::fromLatin1(core::kKnobKeys[k].data()));
        b->setPopupMode(QToolButton::InstantPopup);
        b->setToolButtonStyle(Qt::ToolButtonTextOnly);
        b->setMenu(new QMenu(b));
        b->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
        // The menu is built when it opens, from what is offered and chosen then.
        connect(b->menu(), &QMenu::aboutToShow, this, [this, k] {
            const Knob knob = Knob(k);
            QMenu* menu = m_buttons[k]->menu();
            menu->clear();
            const auto& chosen = m_constraints.allowed[k];
            QAction* any = menu->addAction(tr("Any"), this, [this, knob] { setAllowed(knob, {}); });
            any->setCheckable(true);
            any->setChecked(chosen.empty());
            const int current = core::knobValue(m_scenario, knob);
            menu->addAction(tr("Only the current: %1").arg(valueText(knob, current)), this,
                [this, knob, current] { setAllowed(knob, { current }); });
            menu->addSeparator();
            for (const int v : m_offered[k]) {
                QAction* a = menu->addAction(valueText(knob, v));
                a->setCheckable(true);
                a->setChecked(std::find(chosen.begin(), chosen.end(), v) != chosen.end());
                connect(a, &QAction::toggled, this, [this, knob, v](bool on) {
                    std::vector<int> set = m_constraints.allowed[std::size_t(knob)];
                    std::erase(set, v);
                    if (on) set.push_back(v);
                    setAllowed(knob, set);
                });
            }
        });
        m_buttons[k] = b;
        grid->addWidget(b, int(k / 5), 1 + int(k % 5));
    }
    retranslate();
}

void PlanConstraintsBar::setScenario(const core::Scenario& s, int gpus)
{
    m_scenario = s;
    m_offered = core::knobChoices(s, gpus);
    for (std::size_t k = 0; k < core::kKnobCount; ++k) {
        const auto& offered = m_offered[k];
        // A chosen value no longer offered (PP 3 after 8 GPUs became 16) goes.
        auto& chosen = m_constraints.allowed[k];
        std::erase_if(chosen, [&](int v) { return std::find(offered.begin(), offered.end(), v) == offered.end(); });
        showKnob(Knob(k));
    }
}

core::PlanConstraints PlanConstraintsBar::constraints() const
{
    return m_constraints;
}

void PlanConstraintsBar::setAllowed(core::Knob knob, std::vector<int> values)
{
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    m_constraints.allowed[std::size_t(knob)] = std::move(values);
    showKnob(knob);
    emit changed();
}

QString PlanConstraintsBar::knobName(core::Knob knob)
{
    if (const core::Dimension* d = core::findDimension(knob)) return dimensionLabel(*d);
    switch (knob) {
    case Knob::zero:
        return QStringLiteral("ZeRO");
    case Knob::micro_batch:
        return tr("micro-batch");
    case Knob::virtual_stages:
        return tr("virtual stages");
    case Knob::sequence_parallel:
        return tr("sequence parallel");
    case Knob::recompute:
        return tr("recompute");
    default: // the parallel dimensions, named above
        return {};
    }
}

QString PlanConstraintsBar::valueText(core::Knob knob, int value)
{
    switch (knob) {
    case Knob::sequence_parallel:
        //: a switch setting's value in a planner constraint (sequence parallelism on or off)
        return value != 0 ? tr("on") : tr("off");
    case Knob::recompute:
        return recomputeName(core::Recompute(value));
    default:
        return QLocale().toString(value);
    }
}

void PlanConstraintsBar::showKnob(core::Knob knob)
{
    const auto& chosen = m_constraints.allowed[std::size_t(knob)];
    QStringList values;
    for (const int v : chosen)
        values << valueText(knob, v);
    QToolButton* b = m_buttons[std::size_t(knob)];
    //: a planner constraint: a setting's name (%1) and the values it may take (%2), or "any"
    b->setText(tr("%1: %2").arg(knobName(knob), chosen.empty() ? tr("any") : listText(values)));
    // A limited knob stands out: its text is bold.
    QFont f = b->font();
    f.setBold(!chosen.empty());
    b->setFont(f);
    b->setToolTip(chosen.empty() ? tr("The search tries every value of %1").arg(knobName(knob))
                                 : tr("The search keeps %1 at %2").arg(knobName(knob), listText(values)));
}

void PlanConstraintsBar::retranslate()
{
    m_label->setText(tr("Keep:"));
    m_label->setToolTip(tr("Limit the settings the search may change; the rest it chooses"));
    for (std::size_t k = 0; k < core::kKnobCount; ++k)
        showKnob(Knob(k));
}

void PlanConstraintsBar::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) retranslate();
    QWidget::changeEvent(event);
}

} // namespace ui
