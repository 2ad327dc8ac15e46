#pragma once
// Texts of objects that are not widgets (context-menu actions) follow the language of the widget
// that owns them.

#include <functional>

class QWidget;

namespace ui {

/// Calls `retranslate` now and again whenever `widget` receives QEvent::LanguageChange.
void onLanguageChange(QWidget* widget, std::function<void()> retranslate);

} // namespace ui
