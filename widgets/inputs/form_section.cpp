#include "widgets/inputs/form_section.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QToolButton>
#include <QVBoxLayout>

namespace ui {

namespace {
QString translated(const char* text)
{
    return text ? QCoreApplication::translate("ui::InputPanel", text) : QString();
}
} // namespace

FormSection::FormSection(const char* title, QWidget* parent)
    : QWidget(parent)
    , m_title(title)
{
    m_header = new QToolButton(this);
    m_header->setCheckable(true);
    m_header->setChecked(true);
    m_header->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_header->setArrowType(Qt::DownArrow);
    m_header->setAutoRaise(true);
    m_header->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    QFont bold = m_header->font();
    bold.setBold(true);
    m_header->setFont(bold);
    m_body = new QWidget(this);
    m_form = new QFormLayout(m_body);
    m_form->setContentsMargins(14, 2, 4, 6);
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_header);
    layout->addWidget(m_body);
    connect(m_header, &QToolButton::toggled, this, &FormSection::setExpanded);
    retranslate();
}

void FormSection::addRow(const char* label, QWidget* field, const char* toolTip)
{
    addRow(label, field, toolTip ? std::function<QString()>([toolTip] { return translated(toolTip); }) : nullptr);
}

void FormSection::addRow(const char* label, QWidget* field, std::function<QString()> help)
{
    auto* l = new QLabel(m_body);
    // A row of several widgets names the one its mnemonic focuses as its focus proxy (the size slider
    // beside its value): a QLabel's buddy must take focus itself.
    l->setBuddy(field->focusProxy() ? field->focusProxy() : field);
    m_form->addRow(l, field);
    m_rows.push_back({ l, field, label, std::move(help) });
    l->setText(translated(label));
    showHelp(m_rows.back());
}

void FormSection::showHelp(const Row& row)
{
    if (!row.help) return;
    // The label explains its field too; What's This (Shift+F1, Help menu) shows the same text.
    const QString help = row.help();
    for (QWidget* w : { static_cast<QWidget*>(row.label), row.field, row.field->focusProxy() }) {
        if (!w) continue;
        w->setToolTip(help);
        w->setWhatsThis(help);
    }
}

void FormSection::addStackedRow(const char* label, QWidget* field, const char* toolTip)
{
    auto* l = new QLabel(m_body);
    l->setBuddy(field->focusProxy() ? field->focusProxy() : field);
    m_form->addRow(l);
    m_form->addRow(field);
    m_rows.push_back(
        { l, field, label, toolTip ? std::function<QString()>([toolTip] { return translated(toolTip); }) : nullptr });
    l->setText(translated(label));
    showHelp(m_rows.back());
}

void FormSection::addWideRow(QWidget* field)
{
    m_form->addRow(field);
}

void FormSection::setItems(QComboBox* combo, std::vector<std::pair<const char*, QVariant>> items)
{
    std::vector<std::pair<std::function<QString()>, QVariant>> composed;
    for (auto& [text, value] : items)
        composed.emplace_back([text = text] { return translated(text); }, std::move(value));
    setItems(combo, std::move(composed));
}

void FormSection::setItems(QComboBox* combo, std::vector<std::pair<std::function<QString()>, QVariant>> items)
{
    {
        const QSignalBlocker block(combo);
        combo->clear();
        for (const auto& [text, value] : items)
            combo->addItem(text(), value);
    }
    m_combos.push_back({ combo, std::move(items) });
}

void FormSection::setExpanded(bool expanded)
{
    const QSignalBlocker block(m_header);
    m_header->setChecked(expanded);
    m_header->setArrowType(expanded ? Qt::DownArrow : Qt::RightArrow);
    m_body->setVisible(expanded);
}

void FormSection::retranslate()
{
    m_header->setText(translated(m_title));
    for (const auto& r : m_rows) {
        r.label->setText(translated(r.text));
        showHelp(r);
    }
    for (const auto& c : m_combos) {
        const QSignalBlocker block(c.combo);
        for (int i = 0; i < static_cast<int>(c.items.size()); ++i)
            c.combo->setItemText(i, c.items[std::size_t(i)].first());
    }
}

void FormSection::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) retranslate();
    QWidget::changeEvent(event);
}

} // namespace ui
