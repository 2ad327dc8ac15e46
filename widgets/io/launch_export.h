#pragma once
// Launch settings from the GUI: a plan's or the current scenario's settings for
// Megatron-LM, torchtitan or DeepSpeed (core/runs/launch.h), copied to the clipboard or saved. A setting
// the framework cannot express is worded in the interface language and nothing is copied or written.

#include "core/runs/launch.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <functional>

class QMenu;
class QWidget;

namespace ui {

class LaunchExport {
    Q_DECLARE_TR_FUNCTIONS(ui::LaunchExport)

public:
    /// "Megatron-LM arguments", "torchtitan job file (TOML)", "DeepSpeed config (JSON)".
    [[nodiscard]] static QString title(core::Framework framework);
    /// The file name a save dialog proposes: megatron.args, torchtitan.toml, ds_config.json.
    [[nodiscard]] static QString fileName(core::Framework framework);
    /// One sentence per setting the framework cannot express; empty when it can express them all.
    [[nodiscard]] static QStringList refusals(const core::LaunchSettings& settings);
    /// The settings on the clipboard (DeepSpeed: the JSON alone, so that it stays valid). Returns the
    /// refusals, empty when copied.
    [[nodiscard]] static QStringList copy(const core::Scenario& scenario, core::Framework framework);
    /// The files save() writes at `path`: the settings, and for DeepSpeed `path`.expected.txt beside them.
    [[nodiscard]] static QStringList filesFor(core::Framework framework, const QString& path);
    /// Writes filesFor() as one set, all or none: the settings (DeepSpeed: the expectations beside
    /// them). A file that exists is replaced only when `mayReplace` (the user agreed) or when this run
    /// wrote it. Returns the refusals, the files not replaced or the write error; empty when written.
    [[nodiscard]] static QStringList save(
        const core::Scenario& scenario, core::Framework framework, const QString& path, bool mayReplace = false);
    /// Fills `menu` with one action per framework (object names launch-megatron, …), each calling
    /// `chosen` with it.
    static void fillMenu(QMenu* menu, const std::function<void(core::Framework)>& chosen);
};

} // namespace ui
