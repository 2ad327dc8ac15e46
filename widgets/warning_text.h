#pragma once
// Core's warning codes as translated sentences (core has no user-visible strings).

#include "estimate.h"

#include <QCoreApplication>
#include <QString>

namespace ui {

class WarningText {
    Q_DECLARE_TR_FUNCTIONS(ui::WarningText)
public:
    [[nodiscard]] static QString of(const core::Warning& warning);
};

} // namespace ui
