// Every panel drives core through the document, and every view shows core's numbers.
#include "core/estimate/estimate.h"
#include "core/model/loss_scaling.h"
#include "core/scenario/architecture.h"
#include "core/scenario/presets.h"
#include "core/scenario/scenario_fields.h"
#include "core/scenario/scenario_io.h"
#include "tests/widgets/settle.h"
#include "widgets/charts/loss_scale_chart.h"
#include "widgets/charts/scaling_chart.h"
#include "widgets/charts/time_chart.h"
#include "widgets/inputs/input_panel.h"
#include "widgets/io/app_settings.h"
#include "widgets/main_view.h"
#include "widgets/models/collectives_model.h"
#include "widgets/models/copyable_table_view.h"
#include "widgets/pages/loss_scale_lab.h"
#include "widgets/pages/precision_lab.h"
#include "widgets/session/scenario_document.h"
#include "widgets/session/scenario_session.h"
#include "widgets/style/focus_ring.h"
#include "widgets/text/format.h"
#include "widgets/verdict_banner.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QLocale>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QWheelEvent>
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

using namespace ui;
using ui::test::settle;
using ui::test::waitUntil;

namespace {

template <typename T> T* control(const MainView& w, const char* keyPath)
{
    auto* c = qobject_cast<T*>(w.inputs()->controlFor(QString::fromLatin1(keyPath)));
    INFO(keyPath);
    REQUIRE(c);
    return c;
}

void choose(QComboBox* box, const QVariant& value)
{
    const int i = box->findData(value);
    REQUIRE(i >= 0);
    box->setCurrentIndex(i);
    emit box->activated(i);
}

void requireTimeChartMatchesCore(const MainView& w, const core::Scenario& s)
{
    const core::Estimate e = core::estimate(s);
    const TimeChart& chart = *w.viewOn<ui::TimeChart>("time");
    for (int p = 0; p < TimeChart::PartCount; ++p)
        for (int r = 0; r < 2; ++r) {
            INFO("part " << p << " row " << r);
            CHECK(chart.value(TimeChart::Part(p), TimeChart::Row(r)) * chart.unitSeconds()
                == Approx(TimeChart::seconds(e, TimeChart::Part(p), TimeChart::Row(r))).margin(1e-12));
        }
    CHECK(w.viewOn<ui::CollectivesModel>("time")->rowCount() == int(e.communication.collectives.size()));
    // The step bar is the whole step: GEMMs, attention kernel, memory-bound, bubble, optimizer,
    // offload and exposed communication add up to it.
    double step = 0;
    for (int p = 0; p < TimeChart::PartCount; ++p)
        step += TimeChart::seconds(e, TimeChart::Part(p), TimeChart::StepRow);
    CHECK(step == Approx(e.compute.stepTimeS).epsilon(1e-9));
    CHECK((TimeChart::seconds(e, TimeChart::Attention, TimeChart::StepRow) > 0) == s.parallel.flashAttention);
}

} // namespace

TEST_CASE("parallelism, training, precision and cost controls each edit one key", "[widgets][panels]")
{
    ScenarioSession session(core::defaultScenario());
    ScenarioDocument& doc = *session.document();
    MainView w(&session);
    QSignalSpy spy(&session, &ScenarioSession::resultsChanged);

    choose(control<QComboBox>(w, "parallel.tp"), 2);
    CHECK(doc.scenario().parallel.tp == 2);
    control<QSpinBox>(w, "parallel.pp")->setValue(2);
    CHECK(doc.scenario().parallel.pp == 2);
    control<QCheckBox>(w, "parallel.sequence_parallel")->setChecked(true);
    CHECK(doc.scenario().parallel.sequenceParallel);
    choose(control<QComboBox>(w, "parallel.recompute"), int(core::Recompute::full));
    CHECK(doc.scenario().parallel.recompute == core::Recompute::full);
    control<QSpinBox>(w, "training.seq_len")->setValue(8192);
    CHECK(doc.scenario().training.seqLen == 8192);
    control<QSpinBox>(w, "training.global_batch")->setValue(512);
    CHECK(doc.scenario().training.globalBatch == 512);
    choose(control<QComboBox>(w, "precision.preset"), QStringLiteral("megatron"));
    CHECK(doc.scenario().precision.gradients == core::DType::fp32);
    control<QDoubleSpinBox>(w, "cost.gpu_hour_usd")->setValue(3.5);
    CHECK(doc.scenario().cost.gpuHourUsd == 3.5);
    CHECK(spy.count() == 0); // eight edits in one event-loop turn: nothing computed yet …
    QCoreApplication::processEvents();
    CHECK(spy.count() == 1); // … and then once

    requireTimeChartMatchesCore(w, doc.scenario());

    // Settings that belong to another one follow it: the ZeRO-2/3 reduction takes stage 2 with it and
    // is dropped when the stage falls below 2; a flash kernel turns flash attention on.
    ScenarioSession doc2Session(core::defaultScenario());
    ScenarioDocument& doc2 = *doc2Session.document();
    MainView w2(&doc2Session);
    choose(control<QComboBox>(w2, "parallel.grad_reduce"), int(core::GradReduce::after_accumulation));
    CHECK(doc2.scenario().parallel.zero == 2);
    CHECK(doc2.scenario().parallel.gradReduce == core::GradReduce::after_accumulation);
    CHECK(control<QComboBox>(w2, "parallel.grad_reduce")->isEnabled());
    choose(control<QComboBox>(w2, "parallel.zero"), 3); // ZeRO-3 keeps it: FSDP kept gathered for the step
    CHECK(doc2.scenario().parallel.gradReduce == core::GradReduce::after_accumulation);
    CHECK(control<QComboBox>(w2, "parallel.grad_reduce")->isEnabled());
    CHECK_FALSE(control<QComboBox>(w2, "parallel.dp_collectives")->isEnabled()); // ZeRO-3 is per layer anyway
    choose(control<QComboBox>(w2, "parallel.zero"), 1);
    CHECK(doc2.scenario().parallel.gradReduce == core::GradReduce::per_micro_batch);
    CHECK_FALSE(control<QComboBox>(w2, "parallel.grad_reduce")->isEnabled()); // ZeRO-2's and ZeRO-3's setting only
    choose(control<QComboBox>(w2, "parallel.zero"), 2);
    // What TP keeps belongs to sequence parallelism: editable with it, reset without it.
    CHECK_FALSE(control<QComboBox>(w2, "parallel.tp_saved_input")->isEnabled());
    choose(control<QComboBox>(w2, "parallel.tp"), 2);
    control<QCheckBox>(w2, "parallel.sequence_parallel")->setChecked(true);
    REQUIRE(control<QComboBox>(w2, "parallel.tp_saved_input")->isEnabled());
    choose(control<QComboBox>(w2, "parallel.tp_saved_input"), int(core::TpSavedInput::gathered));
    CHECK(doc2.scenario().parallel.tpSavedInput == core::TpSavedInput::gathered);
    control<QCheckBox>(w2, "parallel.sequence_parallel")->setChecked(false);
    CHECK(doc2.scenario().parallel.tpSavedInput == core::TpSavedInput::shard);
    CHECK_FALSE(control<QComboBox>(w2, "parallel.tp_saved_input")->isEnabled());
    REQUIRE(control<QComboBox>(w2, "parallel.dp_collectives")->isEnabled());
    choose(control<QComboBox>(w2, "parallel.dp_collectives"), int(core::DpCollectives::per_layer));
    CHECK(doc2.scenario().parallel.dpCollectives == core::DpCollectives::per_layer);
    // The software stack: every profile offered, its help one line per stack (the tip's line breaks kept).
    auto* stack = control<QComboBox>(w2, "training.framework");
    CHECK(stack->count() == int(core::kSoftwareStackNames.size()));
    CHECK(stack->toolTip().contains(QStringLiteral("<br>Megatron-Core:")));
    choose(stack, int(core::SoftwareStack::megatron_deepspeed));
    CHECK(doc2.scenario().training.framework == core::SoftwareStack::megatron_deepspeed);
    choose(stack, int(core::SoftwareStack::generic));
    CHECK(doc2.scenario().training.framework == core::SoftwareStack::generic);
    // How long gradients live and whether K and V are copied per head: framework facts the user sets.
    choose(control<QComboBox>(w2, "parallel.gradient_buffers"), int(core::GradientBuffers::per_step));
    CHECK(doc2.scenario().parallel.gradientBuffers == core::GradientBuffers::per_step);
    control<QCheckBox>(w2, "parallel.repeat_kv")->setChecked(true);
    CHECK(doc2.scenario().parallel.repeatKv);
    control<QCheckBox>(w2, "parallel.offload_activations")->setChecked(true);
    CHECK(doc2.scenario().parallel.offloadActivations);
    control<QCheckBox>(w2, "parallel.offload_activations")->setChecked(false); // its PCIe time would hide the rest
    choose(control<QComboBox>(w2, "parallel.zero"), 3);
    control<QCheckBox>(w2, "parallel.flash_attention")->setChecked(false);
    CHECK_FALSE(doc2.scenario().parallel.flashAttention);
    CHECK_FALSE(control<QComboBox>(w2, "parallel.attention_kernel")->isEnabled());
    choose(control<QComboBox>(w2, "parallel.attention_kernel"), int(core::AttentionKernel::flash2));
    CHECK(doc2.scenario().parallel.flashAttention);
    CHECK(doc2.scenario().parallel.attentionKernel == core::AttentionKernel::flash2);
    CHECK(core::parseScenario(core::scenarioToJson(doc2.scenario())).ok());
    // FP8's scope and scaling apply to an fp8 compute format only; the scaling survives a change of recipe.
    CHECK_FALSE(control<QComboBox>(w2, "precision.fp8_scaling")->isEnabled());
    choose(control<QComboBox>(w2, "precision.compute"), int(core::DType::fp8_e4m3));
    CHECK(control<QComboBox>(w2, "precision.fp8_scaling")->isEnabled());
    CHECK(control<QComboBox>(w2, "precision.fp8_scope")->isEnabled());
    const double tensorwise = doc2Session.results().estimate.compute.stepTimeS;
    choose(control<QComboBox>(w2, "precision.fp8_scaling"), int(core::Fp8Scaling::rowwise));
    CHECK(doc2.scenario().precision.fp8Scaling == core::Fp8Scaling::rowwise);
    CHECK(doc2Session.results().estimate.compute.stepTimeS > tensorwise);
    choose(control<QComboBox>(w2, "precision.preset"), QStringLiteral("megatron"));
    CHECK(doc2.scenario().precision.fp8Scaling == core::Fp8Scaling::rowwise);
    // The rates the estimate prices the work at are shown under the GPU's facts, from core.
    settle();
    const auto* facts = w2.findChild<QLabel*>(QStringLiteral("gpuFacts"));
    REQUIRE(facts);
    const core::Estimate e2 = core::estimate(doc2.scenario());
    CHECK(facts->text().contains(QLocale().toString(e2.compute.achievableFlopsPerGpu / 1e12, 'f', 1)));
    CHECK(facts->text().contains(QLocale().toString(e2.compute.attentionRatePerGpu / 1e12, 'f', 1)));
    // The price next to the GPU, where a change of GPU would carry it over unnoticed.
    CHECK(facts->text().contains(
        QStringLiteral("Rented at $%1 per GPU-hour").arg(QLocale().toString(doc2.scenario().cost.gpuHourUsd, 'f', 2))));
    // Editing one figure of a preset GPU keeps the preset and its other figures.
    const std::string presetName = doc2.scenario().hardware.preset;
    REQUIRE_FALSE(presetName.empty());
    control<QDoubleSpinBox>(w2, "hardware.gpu.inter_node_gbps")->setValue(12.5);
    CHECK(doc2.scenario().hardware.preset == presetName);
    CHECK(doc2.scenario().hardware.gpu.interNodeGBps == 12.5);
    CHECK(doc2.scenario().hardware.gpu.intraNodeGBps == core::findGpuPreset(presetName)->spec.intraNodeGBps);
    CHECK(core::presetOverrides(doc2.scenario().hardware) == std::vector<std::string> { "inter_node_gbps" });
    settle();
    CHECK(facts->text().contains(QStringLiteral("Changed from the preset: network")));
    const core::Estimate e = core::estimate(doc.scenario());
    CHECK(w.banner()->findChild<QLabel*>(QStringLiteral("verdictDetails"))->text().contains(QStringLiteral("MFU")));
    CHECK(e.training.costUsd == Approx(session.results().estimate.training.costUsd));

    // Undo walks back one edit at a time and the views follow.
    doc.undoStack()->undo();
    CHECK(doc.scenario().cost.gpuHourUsd == 2.0);
    CHECK(control<QDoubleSpinBox>(w, "cost.gpu_hour_usd")->value() == 2.0);
    requireTimeChartMatchesCore(w, doc.scenario());
}

TEST_CASE("an edit the file rules refuse is shown at the control and changes nothing", "[widgets][panels][validation]")
{
    ScenarioSession session(core::defaultScenario());
    ScenarioDocument& doc = *session.document();
    MainView w(&session);
    QSignalSpy refused(&doc, &ScenarioDocument::editRejected);
    auto* sp = control<QCheckBox>(w, "parallel.sequence_parallel");
    sp->setChecked(true); // sequence parallelism needs TP ≥ 2
    REQUIRE(refused.count() == 1);
    CHECK(refused.at(0).at(0).toString() == QStringLiteral("parallel.sequence_parallel"));
    CHECK_FALSE(doc.scenario().parallel.sequenceParallel);
    CHECK_FALSE(sp->isChecked()); // snapped back
    CHECK(sp->styleSheet().contains(QStringLiteral("border"))); // the control it is about is marked
    // Worded by the GUI from the problem's code (translated), not the reader's English.
    CHECK(w.inputs()->problemText() == QStringLiteral("Not applied: Sequence parallelism needs TP of at least 2."));
    CHECK(doc.undoStack()->count() == 0);
}

TEST_CASE("every number control takes its range from core's limits table", "[widgets][panels][limits]")
{
    // One table for the reader, --set, import-config and the form: a control
    // can hold nothing a file could not, and nothing a file can hold is out of a control's reach.
    ScenarioSession session(core::defaultScenario());
    ScenarioDocument& doc = *session.document();
    MainView w(&session);
    int checked = 0;
    for (const core::Field& field : core::scenarioFields()) {
        const core::Field* l = &field;
        QWidget* c = w.inputs()->controlFor(QString::fromLatin1(l->path.data(), qsizetype(l->path.size())));
        INFO(std::string(l->path));
        if (auto* spin = qobject_cast<QSpinBox*>(c)) {
            ++checked;
            CHECK(spin->maximum() == int(l->max));
            const bool zeroForDense = l->path == "model.top_k" || l->path == "model.moe_ffn_hidden";
            CHECK(spin->minimum() == (zeroForDense ? 0 : int(l->min)));
        } else if (auto* number = qobject_cast<QDoubleSpinBox*>(c)) {
            ++checked;
            const double scale = l->path == "training.tokens" ? 1e-9 : 1.0;
            CHECK(number->maximum() == Approx(l->max * scale));
            CHECK(number->minimum() >= l->min * scale);
        }
    }
    CHECK(checked >= 40);
    // A GPU count the reader refuses cannot be reached by typing either: TP 64 × PP 32 × DP 10^6.
    control<QSpinBox>(w, "parallel.pp")->setValue(32);
    control<QSpinBox>(w, "parallel.dp")->setValue(1'000'000);
    CHECK(doc.scenario().parallel.gpus() <= core::kMaxGpus);
}

TEST_CASE("every form control of a key is built from core's field table", "[widgets][panels][fields]")
{
    // Kind, choices, edit rules and when a key applies come from core: a combo lists
    // every choice a file can name, an edit through the control carries its rules, and the control is
    // disabled where the key does not apply.
    ScenarioSession session(core::defaultScenario());
    ScenarioDocument& doc = *session.document();
    MainView w(&session);
    int combos = 0, applying = 0;
    for (const core::Field& field : core::scenarioFields()) {
        const QString key = QString::fromLatin1(field.path.data(), qsizetype(field.path.size()));
        QWidget* c = w.inputs()->controlFor(key);
        if (!c) continue;
        INFO(std::string(field.path));
        CHECK(c->objectName() == key);
        if (field.kind == core::FieldKind::choice) {
            auto* box = qobject_cast<QComboBox*>(c);
            REQUIRE(box);
            ++combos;
            CHECK(box->count() == int(field.choices.size()));
            for (int i = 0; i < int(field.choices.size()); ++i)
                CHECK(box->findData(i) >= 0);
        } else if (field.kind == core::FieldKind::boolean) {
            CHECK(qobject_cast<QCheckBox*>(c));
        }
        if (field.applies) {
            ++applying;
            CHECK(c->isEnabled() == field.appliesTo(doc.scenario()));
        }
    }
    CHECK(combos >= 19); // every choice key of the table: training 2, precision 8, parallel 9
    CHECK(applying >= 8);
    // An edit through the control carries core's rule: leaving a pipeline drops its split; choosing
    // ZeRO-3 enables its reduction and disables the bucket choice (ZeRO-3 works per layer).
    control<QSpinBox>(w, "parallel.pp")->setValue(4);
    choose(control<QComboBox>(w, "parallel.pipeline_split"), 1);
    REQUIRE(doc.scenario().parallel.pipelineSplit == core::PipelineSplit::embedding_and_loss);
    control<QSpinBox>(w, "parallel.pp")->setValue(1);
    CHECK(doc.scenario().parallel.pipelineSplit == core::PipelineSplit::layers);
    CHECK_FALSE(control<QComboBox>(w, "parallel.pipeline_split")->isEnabled());
    CHECK_FALSE(control<QComboBox>(w, "parallel.grad_reduce")->isEnabled());
    choose(control<QComboBox>(w, "parallel.zero"), 3);
    CHECK(control<QComboBox>(w, "parallel.grad_reduce")->isEnabled());
    CHECK_FALSE(control<QComboBox>(w, "parallel.dp_collectives")->isEnabled());
    // The loss bytes of torchtune's chunked loss (2.75) are shown as they are, not rounded.
    core::Scenario s = doc.scenario();
    s.overhead.lossBytesPerLogit = 2.75;
    doc.edit(QStringLiteral("test"), [&](core::Scenario& x) { x = s; });
    CHECK(control<QDoubleSpinBox>(w, "overhead.loss_bytes_per_logit")->value() == Approx(2.75));
}

TEST_CASE("warnings point at the control to change", "[widgets][panels][validation]")
{
    ScenarioSession session(core::defaultScenario());
    MainView w(&session);
    control<QSpinBox>(w, "parallel.pp")->setValue(3); // 32 layers over 3 stages
    settle();
    CHECK(w.inputs()->problemText().contains(QStringLiteral("32")));
    CHECK_FALSE(w.inputs()->controlFor(QStringLiteral("parallel.pp"))->styleSheet().isEmpty());
}

TEST_CASE("the scaling chart plots core's sweep with the current point", "[widgets][charts]")
{
    ScenarioSession session(core::defaultScenario());
    MainView w(&session);
    const ScalingChart& chart = *w.viewOn<ui::ScalingChart>("scaling");
    const auto& points = session.results().gpuSweep.points;
    REQUIRE(points.size() >= 5);
    REQUIRE(chart.memorySeries()->count() == int(points.size()));
    for (int i = 0; i < int(points.size()); ++i) {
        const auto& e = points[std::size_t(i)].estimate;
        CHECK(chart.memorySeries()->at(i).x() == e.gpus);
        CHECK(chart.memorySeries()->at(i).y() == Approx(e.memory.total() / (1024.0 * 1024 * 1024)));
        CHECK(chart.commSeries()->at(i).y() == Approx(e.communication.shareOfStep * 100));
    }
    control<QSpinBox>(w, "parallel.dp")->setValue(64);
    CHECK(session.results().gpuSweep.points.front().estimate.gpus == 1);
}

TEST_CASE("the collectives table copies as tab-separated text", "[widgets][tables]")
{
    core::Scenario s = core::defaultScenario();
    s.parallel.tp = 2;
    ScenarioSession session(s);
    MainView w(&session);
    REQUIRE(w.showPage(QStringLiteral("time"))); // the table sits under the step-time chart
    auto* view = w.findChild<CopyableTableView*>(QStringLiteral("collectivesTable"));
    REQUIRE(view);
    const QString tsv = view->toTsv();
    const QStringList lines = tsv.trimmed().split(QLatin1Char('\n'));
    CHECK(lines.size() == 1 + w.viewOn<ui::CollectivesModel>("time")->rowCount());
    CHECK(lines.front().count(QLatin1Char('\t')) == CollectivesModel::ColumnCount - 1);
    CHECK(tsv.contains(QStringLiteral("TP\tall_reduce")));
}

#include "widgets/charts/precision_chart.h"
#include "widgets/pages/precision_lab.h"

#include <QTableWidget>

TEST_CASE("the number-format lab shows core's runs", "[widgets][precision]")
{
    PrecisionLab lab;
    REQUIRE(lab.results()->rowCount() == 8);
    // fp32 (source article: 2.0001657009124756), to the seven significant digits fp32 holds.
    CHECK(lab.results()->item(0, 1)->text() == QStringLiteral("2.000166"));
    CHECK(lab.results()->item(1, 1)->text() == QStringLiteral("1")); // bf16 stalls
    CHECK(lab.chart()->lines().size() == 8);
    CHECK(lab.chart()->lines().front()->count() > 100);
}

#include "widgets/charts/reliability_charts.h"
#include "widgets/charts/scaling_chart.h"

TEST_CASE("the reliability charts plot core's goodput and optimum", "[widgets][reliability]")
{
    ScenarioSession session(core::defaultScenario());
    MainView w(&session);
    const auto* charts = w.viewOn<ui::ReliabilityCharts>("reliability");
    const auto& points = session.results().gpuSweep.points;
    REQUIRE(charts->goodputByGpus()->count() == int(points.size()));
    for (int i = 0; i < int(points.size()); ++i)
        CHECK(charts->goodputByGpus()->at(i).y() == Approx(points[std::size_t(i)].estimate.reliability.goodput * 100));
    // The curve peaks at (or next to) the optimal interval core reports.
    const auto* curve = charts->goodputByInterval();
    REQUIRE(curve->count() == 80);
    int peak = 0;
    for (int i = 1; i < curve->count(); ++i)
        if (curve->at(i).y() > curve->at(peak).y()) peak = i;
    const double optimumMinutes = session.results().estimate.reliability.checkpointIntervalS / 60;
    CHECK(curve->at(peak).x() == Approx(optimumMinutes).epsilon(0.1));
}

#include "widgets/charts/comparison_chart.h"
#include "widgets/charts/memory_chart.h"
#include "widgets/pages/comparison_view.h"

TEST_CASE("the comparison shows the source article's pair with core's numbers", "[widgets][compare]")
{
    ScenarioSession session(core::defaultScenario());
    ScenarioDocument& doc = *session.document();
    MainView w(&session);
    ComparisonView* view = w.viewOn<ui::ComparisonView>("compare");
    view->showArticlePair();
    REQUIRE(view->count() == 2);
    // Source article §4's summary: the small model needs one GPU, the large one many, and the
    // large one spends far more of its step communicating.
    const auto& e = view->estimates();
    CHECK(e[0].gpus == 1);
    CHECK(e[1].gpus == 64);
    CHECK(e[0].communication.shareOfStep < 0.05);
    CHECK(e[1].communication.shareOfStep > 0.20);
    const QAbstractItemModel* figures = view->table()->model();
    CHECK(figures->columnCount() == 2);
    CHECK(figures->data(figures->index(1, 1), Qt::FontRole).value<QFont>().bold()); // GPUs differ: highlighted
    CHECK_FALSE(figures->data(figures->index(7, 0), Qt::FontRole).value<QFont>().bold()); // the first is the reference
    for (int t = 0; t < 7; ++t)
        for (int i = 0; i < 2; ++i)
            CHECK(view->memoryChart()->value(t, i)
                == Approx(MemoryChart::termBytes(e[std::size_t(i)].memory.peak().bytes, MemoryChart::Term(t))
                    / (1024.0 * 1024 * 1024)));
    view->add(doc.scenario());
    view->add(doc.scenario());
    CHECK_FALSE(view->add(doc.scenario())); // at most four
    CHECK(view->count() == 4);
}

TEST_CASE(
    "model details edit latent attention, experts and MTP without breaking the head geometry", "[widgets][panels][mla]")
{
    core::Scenario s = core::defaultScenario();
    s.model = core::presetModel(*core::findModelPreset("deepseek-v3"));
    s.parallel.ep = 8;
    ScenarioSession session(s);
    ScenarioDocument& doc = *session.document();
    MainView w(&session);
    // More heads: latent attention keeps K and V per head and the 128-wide heads (not 7168 / 160).
    control<QSpinBox>(w, "model.heads")->setValue(160);
    CHECK(doc.scenario().model.arch.heads == 160);
    CHECK(doc.scenario().model.arch.kvHeads == 160);
    CHECK(doc.scenario().model.arch.headDim == 128);
    control<QSpinBox>(w, "model.dense_layers")->setValue(1);
    CHECK(doc.scenario().model.arch.denseLayers == 1);
    control<QSpinBox>(w, "model.mtp_layers")->setValue(0);
    CHECK(session.results().estimate.params.total
        == std::llround(core::countParameters(doc.scenario().model.arch).mainModel()));
    // Latent attention off: its other dimensions go with it, and the scenario stays valid.
    control<QSpinBox>(w, "model.kv_lora_rank")->setValue(0);
    const core::Architecture& a = doc.scenario().model.arch;
    CHECK_FALSE(a.isMla());
    CHECK(a.qLoraRank == 0);
    CHECK(a.vHeadDim == 0);
    CHECK_FALSE(core::validateScenario(doc.scenario()));
    // The file rules still apply: dense layers must leave MoE layers.
    control<QSpinBox>(w, "model.dense_layers")->setValue(61);
    CHECK(doc.scenario().model.arch.denseLayers == 1);
    // Worded from the architecture rule's code, with its numbers.
    CHECK(w.inputs()->problemText()
        == QStringLiteral("Not applied: Dense first layers (61) must be fewer than the layers (61)."));
}

TEST_CASE("settings are typed: bad stored values read as defaults, recent files stay bounded", "[widgets][settings]")
{
    // Kept for the whole run: later tests that save settings write here, not into the user's.
    static QTemporaryDir dir;
    REQUIRE(dir.isValid());
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, dir.path());
    QSettings().setValue(QStringLiteral("view/unit"), QStringLiteral("parsecs"));
    QSettings().setValue(QStringLiteral("files/recent"), 42);
    CHECK(ui::AppSettings::byteUnit() == ui::ByteUnit::GiB);
    CHECK(ui::AppSettings::recentFiles().isEmpty()); // a number is not a list of files
    ui::AppSettings::setByteUnit(ui::ByteUnit::GB);
    CHECK(ui::AppSettings::byteUnit() == ui::ByteUnit::GB);
    for (int i = 0; i < 12; ++i)
        ui::AppSettings::addRecentFile(dir.filePath(QStringLiteral("s%1.tpscenario.json").arg(i)));
    ui::AppSettings::addRecentFile(dir.filePath(QStringLiteral("s5.tpscenario.json"))); // again: moves first
    const QStringList recent = ui::AppSettings::recentFiles();
    CHECK(recent.size() == ui::AppSettings::kMaxRecentFiles);
    CHECK(recent.front() == dir.filePath(QStringLiteral("s5.tpscenario.json")));
    CHECK(recent.count(recent.front()) == 1);
    CHECK(recent.at(1) == dir.filePath(QStringLiteral("s11.tpscenario.json")));
    ui::AppSettings::setByteUnit(ui::ByteUnit::GiB);
}

TEST_CASE("the loss-scaling lab: moving S slides the gradients into fp16's range", "[widgets][loss-scale]")
{
    ui::PrecisionLab page;
    ui::LossScaleLab* lab = page.lossScale();
    REQUIRE(lab);
    CHECK(page.experiments()->count() == 2);
    lab->setGradients(1e-8, 1.5); // Micikevicius et al. 2018, Figure 3's shape: most below fp16's range
    auto underflow = [&] { return lab->fractions()->item(0, 1)->text(); };
    auto* slider = lab->findChild<QSlider*>(QStringLiteral("lossScale"));
    REQUIRE(slider);
    slider->setValue(0);
    // The table shows core's fraction for fp16 at S = 1.
    const double atOne = core::lossScaleFractions({ 1e-8, 1.5 }, 1.0, core::NumberFormat::fp16).underflowFraction;
    CHECK(lab->fractions()->item(0, 0)->text() == QStringLiteral("fp16"));
    CHECK(underflow() == QLocale().toString(atOne * 100, 'f', 2) + QStringLiteral(" %"));
    const QString before = underflow();
    slider->setValue(16);
    CHECK(underflow() != before);
    // The chart's curve follows: its peak sits at log10(median × S).
    const auto points = lab->chart()->density()->points();
    REQUIRE_FALSE(points.isEmpty());
    const auto peak = std::max_element(
        points.begin(), points.end(), [](const QPointF& a, const QPointF& b) { return a.y() < b.y(); });
    CHECK(peak->x() == Approx(std::log10(1e-8 * 65536)).margin(0.1));
    // Four formats, three fp8 schemes in each of two formats, and the scaler's run in words.
    CHECK(lab->chart()->ranges().size() == 4);
    CHECK(lab->fp8()->rowCount() == 6);
    CHECK(lab->scalerText().contains(QStringLiteral("GradScaler")));
}

TEST_CASE("the wheel scrolls the input panel over an unfocused control instead of changing it", "[widgets][wheel]")
{
    ui::ScenarioSession session(core::defaultScenario());
    ui::MainView w(&session);
    w.resize(1280, 600);
    w.show();
    QApplication::processEvents();
    auto* tp = w.inputs()->findChild<QComboBox*>(QStringLiteral("parallel.tp"));
    REQUIRE(tp);
    auto* scroll = qobject_cast<QScrollArea*>(w.inputs()->parentWidget()->parentWidget());
    REQUIRE(scroll);
    tp->clearFocus();
    CHECK(tp->focusPolicy() == Qt::StrongFocus);
    const int before = session.scenario().parallel.tp;
    const int scrolled = scroll->verticalScrollBar()->value();
    // Returns whether the target took the wheel (accepted it). A wheel the target ignores is handed by
    // Qt to its parents up to the scroll area — for the window system's own events; a synthesized one
    // like this stops at the target, so the scroll area is sent one of its own below.
    auto wheel = [&](QWidget* target) {
        const QPointF at(target->width() / 2.0, target->height() / 2.0);
        QWheelEvent event(at, target->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier,
            Qt::NoScrollPhase, false);
        QApplication::sendEvent(target, &event);
        QApplication::processEvents();
        return event.isAccepted();
    };
    for (int i = 0; i < 6; ++i)
        CHECK_FALSE(wheel(tp)); // not taken: passed on to the panel
    CHECK(session.scenario().parallel.tp == before); // six notches taken would make TP 64
    wheel(scroll->viewport());
    CHECK(scroll->verticalScrollBar()->value() > scrolled); // what the panel does with it
    // Every control of the form is guarded the same way, the size slider and the spin boxes included.
    for (auto* control : w.inputs()->findChildren<QAbstractSpinBox*>()) {
        INFO(control->objectName().toStdString());
        CHECK(control->focusPolicy() == Qt::StrongFocus);
    }
    auto* size = w.inputs()->findChild<QSlider*>(QStringLiteral("modelSize"));
    REQUIRE(size);
    const int value = size->value();
    size->clearFocus();
    CHECK_FALSE(wheel(size));
    CHECK(size->value() == value);
}

TEST_CASE("the scenario's name follows the model and the GPUs until the user names it", "[widgets][name]")
{
    ui::ScenarioSession session(core::defaultScenario());
    ui::ScenarioDocument& doc = *session.document();
    ui::MainView w(&session);
    auto* name = w.inputs()->findChild<QLineEdit*>(QStringLiteral("scenarioName"));
    REQUIRE(name);
    CHECK(name->text() == QStringLiteral("Llama 2 7B pre-training on 8 × A100 SXM 80GB"));
    // Llama 3 70B on H100. Title, report, exports and slides read this name.
    auto* preset = w.inputs()->findChild<QComboBox*>(QStringLiteral("model.preset"));
    REQUIRE(preset);
    preset->setCurrentIndex(preset->findData(QStringLiteral("llama-3-70b")));
    emit preset->activated(preset->currentIndex());
    auto* gpu = w.inputs()->findChild<QComboBox*>(QStringLiteral("hardware.gpu"));
    REQUIRE(gpu);
    gpu->setCurrentIndex(gpu->findData(QStringLiteral("h100-sxm")));
    emit gpu->activated(gpu->currentIndex());
    CHECK(doc.scenario().name == "Llama 3 70B pre-training on 8 × H100 SXM 80GB");
    CHECK(name->text() == QString::fromStdString(doc.scenario().name));
    // Named by the user: the name sticks through later edits, and undo gives the old one back.
    name->setText(QStringLiteral("Budget review, plan B"));
    emit name->editingFinished();
    CHECK(doc.scenario().name == "Budget review, plan B");
    doc.edit(QStringLiteral("test"), [](core::Scenario& s) { s.parallel.dp = 16; });
    CHECK(doc.scenario().name == "Budget review, plan B");
    // Cleared: named after the model and the GPUs again.
    name->clear();
    emit name->editingFinished();
    CHECK(doc.scenario().name == "Llama 3 70B pre-training on 16 × H100 SXM 80GB");
}

TEST_CASE("figures in sentences keep their significant digits without exponents", "[widgets][format]")
{
    // Not "1.23e+03 s" and "3.6e+02", which read as noise on a slide.
    CHECK(ui::formatSignificant(128, 4) == QStringLiteral("128"));
    CHECK(ui::formatSignificant(2.5, 3) == QLocale().toString(2.5, 'f', 1));
    CHECK(ui::formatSignificant(0.00123, 3) == QLocale().toString(0.00123, 'f', 5));
    for (const double v : { 1234.5, 65504.0, 3.15e9, 0.000042 })
        CHECK_FALSE(ui::formatSignificant(v, 3).contains(QLatin1Char('e')));
    CHECK(ui::formatSignificant(std::numeric_limits<double>::infinity(), 3) == QStringLiteral("∞"));
}

TEST_CASE("a GPU-count field sets DP, and the degrees' arrows step through dividing values", "[widgets][gpus]")
{
    // 8 H100 is typed as 8 GPUs, not as DP = 8, and DP's arrows skip 9 … 14, which would end in a
    // divisibility warning.
    ui::ScenarioSession session(core::defaultScenario()); // TP 1, PP 1, CP 1, DP 8; global batch 1,024
    ui::ScenarioDocument& doc = *session.document();
    ui::MainView w(&session);
    auto* gpus = w.inputs()->findChild<QSpinBox*>(QStringLiteral("parallel.gpus"));
    auto* dp = w.inputs()->findChild<QSpinBox*>(QStringLiteral("parallel.dp"));
    auto* pp = w.inputs()->findChild<QSpinBox*>(QStringLiteral("parallel.pp"));
    REQUIRE(gpus);
    REQUIRE(dp);
    REQUIRE(pp);
    CHECK(gpus->value() == 8);
    gpus->setFocus();
    QTest::keyClick(gpus, Qt::Key_Up);
    CHECK(doc.scenario().parallel.dp == 16);
    CHECK(gpus->value() == 16);
    CHECK(dp->value() == 16);
    // Typed: 64 GPUs at TP 2 are DP 32; 17 at TP 8 is no whole replica count, and the field shows the
    // 16 the scenario holds.
    doc.edit(QStringLiteral("test"), [](core::Scenario& s) { s.parallel.tp = 2; });
    gpus->setValue(64);
    CHECK(doc.scenario().parallel.dp == 32);
    doc.edit(QStringLiteral("test"), [](core::Scenario& s) { s.parallel.tp = 8; });
    gpus->setValue(17);
    CHECK(doc.scenario().parallel.dp == 2);
    CHECK(gpus->value() == 16);
    // Six clicks up from DP 2: 4, 8, 16, 32, 64, 128 — each divides the 1,024 sequences, no warning.
    for (int i = 0; i < 6; ++i)
        dp->stepUp();
    CHECK(doc.scenario().parallel.dp == 128);
    for (const auto& warning : core::estimate(doc.scenario()).warnings)
        CHECK(warning.code != core::ProblemCode::global_batch_not_divisible);
    // At 1,024 no dividing DP lies above: the up arrow is off, and typing still takes any value.
    dp->setValue(1024);
    dp->stepUp();
    CHECK(doc.scenario().parallel.dp == 1024);
    dp->setValue(1000);
    CHECK(doc.scenario().parallel.dp == 1000);
    // PP walks the divisors of Llama 2 7B's 32 layers.
    pp->stepUp();
    pp->stepUp();
    CHECK(doc.scenario().parallel.pp == 4);
}

TEST_CASE("a 2-pixel ring follows the keyboard focus and is cut by the input panel's scroll area", "[widgets][focus]")
{
    // The style's own focus frame is too faint to follow.
    ui::ScenarioSession session(core::defaultScenario());
    ui::MainView w(&session);
    w.resize(1280, 600);
    w.show();
    QApplication::setActiveWindow(&w);
    QApplication::processEvents();
    auto* ring = w.findChild<ui::FocusRing*>(QStringLiteral("focusRing"));
    REQUIRE(ring);
    auto* seq = w.inputs()->findChild<QSpinBox*>(QStringLiteral("training.seq_len"));
    REQUIRE(seq);
    seq->setFocus(Qt::TabFocusReason);
    QApplication::processEvents();
    REQUIRE(ring->target() == seq);
    const QRect around(seq->mapTo(&w, QPoint(0, 0)), seq->size());
    CHECK(ring->geometry() == around.adjusted(-3, -3, 3, 3));
    // Drawn: the ring's left edge, 1 px outside the gap, is the highlight colour, 2 px wide.
    const QImage shot = w.grab().toImage();
    const QColor highlight = w.palette().color(QPalette::Active, QPalette::Highlight);
    const int y = around.center().y();
    for (const int x : { around.left() - 3, around.left() - 2 }) {
        const QColor c = shot.pixelColor(x, y);
        INFO(x << ": " << c.name().toStdString() << " vs " << highlight.name().toStdString());
        CHECK(std::abs(c.hue() - highlight.hue()) < 12);
        CHECK(std::abs(c.value() - highlight.value()) < 40);
    }
    // Scrolled out of the panel's view: gone; back in view: back.
    auto* scroll = qobject_cast<QScrollArea*>(w.inputs()->parentWidget()->parentWidget());
    REQUIRE(scroll);
    scroll->verticalScrollBar()->setValue(scroll->verticalScrollBar()->maximum());
    QApplication::processEvents();
    CHECK(ring->target() == nullptr);
    scroll->verticalScrollBar()->setValue(0);
    QApplication::processEvents();
    CHECK(ring->target() == seq);
    // It follows the focus to the next control.
    auto* tokens = w.inputs()->findChild<QDoubleSpinBox*>(QStringLiteral("training.tokens"));
    REQUIRE(tokens);
    tokens->setFocus(Qt::TabFocusReason);
    QApplication::processEvents();
    CHECK(ring->target() == tokens);
    // A click shows the field's own frame only, as browsers' :focus-visible; Tab brings the ring back.
    seq->setFocus(Qt::MouseFocusReason);
    QApplication::processEvents();
    CHECK(ring->target() == nullptr);
    tokens->setFocus(Qt::TabFocusReason);
    QApplication::processEvents();
    CHECK(ring->target() == tokens);
}
