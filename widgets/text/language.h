#pragma once
// The interface language, switchable at run time: installs Qt's and TrainPlanner's translators
// and sets the default locale (number formatting); every widget retranslates on LanguageChange.

#include <QString>

namespace ui {

/// "" follows the system, "en" is English, "zh_CN" Simplified Chinese. Returns whether the
/// application's own translation was found (English always counts as found).
bool setLanguage(const QString& code);
[[nodiscard]] QString language();

} // namespace ui
