#include "widgets/text/retranslate.h"

#include <QEvent>
#include <QWidget>

namespace ui {

namespace {

class LanguageWatcher : public QObject {
public:
    LanguageWatcher(QWidget* widget, std::function<void()> retranslate)
        : QObject(widget)
        , m_retranslate(std::move(retranslate))
    {
        widget->installEventFilter(this);
        m_retranslate();
    }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::LanguageChange) m_retranslate();
        return QObject::eventFilter(watched, event);
    }

private:
    std::function<void()> m_retranslate;
};

} // namespace

void onLanguageChange(QWidget* widget, std::function<void()> retranslate)
{
    new LanguageWatcher(widget, std::move(retranslate));
}

} // namespace ui
