#pragma once
// Help → Getting Started (F1) and Help → Keyboard Shortcuts: what the banner's lines say, what each
// result tab answers (from the page registry, so a new page cannot be left out), the main workflows,
// and the keys. The keys are read from the window's own actions and its form's mnemonics when the
// dialog is built, so the list cannot go stale. Everything is in the program (no network, no files
// a user may lack) and translated.

#include <QDialog>
#include <QPointer>
#include <QString>

#include <vector>

class QTabWidget;
class QTextBrowser;

namespace ui {

class HelpDialog : public QDialog {
    Q_OBJECT
public:
    enum class Section { gettingStarted, shortcuts };

    /// `window`: the window whose actions and form labels the shortcut list reads.
    explicit HelpDialog(QWidget* window, Section section = Section::gettingStarted, QWidget* parent = nullptr);
    void showSection(Section section);
    /// The two sections' texts as shown (plain text, for the tests and for copying).
    [[nodiscard]] QString gettingStartedText() const;
    [[nodiscard]] QString shortcutsText() const;

    /// A key binding as the list shows it: the keys, what they do, and where (a menu's title).
    struct Shortcut {
        QString keys;
        QString what;
        QString where;
    };
    /// Every action of `window` that has a shortcut (its keys joined, in the platform's notation), in
    /// the order of the menus, then the window's own; an action without words is left out.
    [[nodiscard]] static std::vector<Shortcut> actionShortcuts(const QWidget* window);
    /// Alt + the underlined letter of each label of the window's input form, in the form's order.
    [[nodiscard]] static std::vector<Shortcut> formMnemonics(const QWidget* window);

    /// The documentation installed with the program: `programFolder`/../share/doc/trainplanner and
    /// the man page beside it. Empty where it is not installed (a build tree): the Help names no
    /// manual a user cannot open.
    struct Manual {
        QString docFolder; ///< empty when not installed
        bool manPage = false;
    };
    [[nodiscard]] static Manual installedManual(const QString& programFolder);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    [[nodiscard]] QString gettingStartedHtml() const;
    [[nodiscard]] QString shortcutsHtml() const;

    QPointer<QWidget> m_window;
    QTabWidget* m_tabs;
    QTextBrowser* m_start;
    QTextBrowser* m_keys;
};

} // namespace ui
