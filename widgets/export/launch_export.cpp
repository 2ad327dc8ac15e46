#include "widgets/export/launch_export.h"

#include "widgets/export/safe_save.h"
#include "widgets/problem_text.h"
#include "widgets/session/scenario_session.h"

#include <QApplication>
#include <QClipboard>
#include <QMenu>

namespace ui {

QString LaunchExport::title(core::Framework framework)
{
    switch (framework) {
    case core::Framework::megatron:
        return tr("Megatron-LM arguments");
    case core::Framework::torchtitan:
        return tr("torchtitan job file (TOML)");
    case core::Framework::deepspeed:
        return tr("DeepSpeed config (JSON)");
    }
    return {};
}

QString LaunchExport::fileName(core::Framework framework)
{
    switch (framework) {
    case core::Framework::megatron:
        return QStringLiteral("megatron.args");
    case core::Framework::torchtitan:
        return QStringLiteral("torchtitan.toml");
    case core::Framework::deepspeed:
        return QStringLiteral("ds_config.json");
    }
    return {};
}

QStringList LaunchExport::refusals(const core::LaunchSettings& settings)
{
    QStringList out;
    for (const auto& problem : settings.refused)
        out << ProblemText::of(problem);
    return out;
}

QStringList LaunchExport::copy(const core::Scenario& scenario, core::Framework framework)
{
    const core::LaunchSettings settings = ScenarioSession::launchSettingsFor(scenario, framework);
    if (!settings.ok()) return refusals(settings);
    QApplication::clipboard()->setText(QString::fromStdString(settings.text));
    return {};
}

QStringList LaunchExport::save(const core::Scenario& scenario, core::Framework framework, const QString& path)
{
    const core::LaunchSettings settings = ScenarioSession::launchSettingsFor(scenario, framework);
    if (!settings.ok()) return refusals(settings);
    if (const QString error = saveBytes(path, QByteArray::fromStdString(settings.text)); !error.isEmpty())
        return { error };
    if (framework == core::Framework::deepspeed) {
        const QString side = path + QStringLiteral(".expected.txt");
        if (const QString error = saveBytes(side, QByteArray::fromStdString(settings.expectationText));
            !error.isEmpty())
            return { error };
    }
    return {};
}

void LaunchExport::fillMenu(QMenu* menu, const std::function<void(core::Framework)>& chosen)
{
    menu->clear();
    for (const auto framework :
        { core::Framework::megatron, core::Framework::torchtitan, core::Framework::deepspeed }) {
        QAction* action = menu->addAction(title(framework));
        action->setObjectName(
            QStringLiteral("launch-%1")
                .arg(QString::fromUtf8(core::toString(framework).data(), qsizetype(core::toString(framework).size()))));
        QObject::connect(action, &QAction::triggered, menu, [chosen, framework] { chosen(framework); });
    }
}

} // namespace ui
