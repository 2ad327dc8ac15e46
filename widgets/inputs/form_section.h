#pragma once
// A collapsible group of labelled fields whose texts retranslate on a language change.

#include <QString>
#include <QVariant>
#include <QWidget>

#include <functional>
#include <utility>
#include <vector>

class QComboBox;
class QFormLayout;
class QLabel;
class QToolButton;

namespace ui {

class FormSection : public QWidget {
    Q_OBJECT
public:
    /// Texts are source strings in context "ui::InputPanel" (mark them QT_TRANSLATE_NOOP).
    FormSection(const char* title, QWidget* parent);

    void addRow(const char* label, QWidget* field, const char* toolTip = nullptr);
    /// A row whose help (tooltip and What's This of the field and its label) is composed in the
    /// interface language, again on a language change (fieldHelp).
    void addRow(const char* label, QWidget* field, std::function<QString()> help);
    void addWideRow(QWidget* field);
    /// A labelled row whose field spans the section's width below its label: for a choice whose
    /// texts are long (the precision recipe, whose Chinese texts a row beside the label would cut).
    void addStackedRow(const char* label, QWidget* field, const char* toolTip = nullptr);
    /// Combo items whose texts are translatable; the data is the value the binder stores.
    void setItems(QComboBox* combo, std::vector<std::pair<const char*, QVariant>> items);
    /// Combo items whose texts are composed in the interface language, again on a language change:
    /// for a text with a figure filled in (tr("… (%1 B/param)").arg(16)).
    void setItems(QComboBox* combo, std::vector<std::pair<std::function<QString()>, QVariant>> items);
    void setExpanded(bool expanded);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();

    const char* m_title;
    QToolButton* m_header;
    QWidget* m_body;
    QFormLayout* m_form;
    struct Row {
        QLabel* label;
        QWidget* field;
        const char* text;
        std::function<QString()> help;
    };
    void showHelp(const Row& row);
    std::vector<Row> m_rows;
    struct Items {
        QComboBox* combo;
        std::vector<std::pair<std::function<QString()>, QVariant>> items;
    };
    std::vector<Items> m_combos;
};

} // namespace ui
