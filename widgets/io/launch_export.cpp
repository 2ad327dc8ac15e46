#include "widgets/io/launch_export.h"

#include "widgets/io/safe_save.h"
#include "widgets/text/problem_text.h"

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
    const core::LaunchSettings settings = core::launchSettings(scenario, framework);
    if (!settings.ok()) return refusals(settings);
    QApplication::clipboard()->setText(QString::fromStdString(settings.text));
    return {};
}

QStringList LaunchExport::filesFor(core::Framework framework, const QString& path)
{
    if (framework == core::Framework::deepspeed) return { path, path + QStringLiteral(".expected.txt") };
    return { path };
}

QStringList LaunchExport::save(
    const core::Scenario& scenario, core::Framework framework, const QString& path, bool mayReplace)
{
    const core::LaunchSettings settings = core::launchSettings(scenario, framework);
    if (!settings.ok()) return refusals(settings);
    const QStringList paths = filesFor(framework, path);
    std::vector<FileBytes> files { { paths[0], QByteArray::fromStdString(settings.text) } };
    if (paths.size() > 1) files.push_back({ paths[1], QByteArray::fromStdString(settings.expectationText) });
    // The pair is one set: DeepSpeed's config never lands without the expectations it was planned with.
    const SaveSetResult saved = saveSet(files, mayReplace);
    QStringList problems;
    for (const QString& existing : saved.existing)
        problems << tr("%1 exists and was not replaced.").arg(existing);
    if (!saved.error.isEmpty()) problems << saved.error;
    return problems;
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
