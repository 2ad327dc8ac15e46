#include "widgets/charts/chart_export.h"

#include "widgets/charts/chart_style.h"
#include "widgets/io/safe_save.h"

#include <QAbstractAxis>
#include <QAbstractBarSeries>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QBuffer>
#include <QChart>
#include <QChartView>
#include <QFileInfo>
#include <QFontMetricsF>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QImage>
#include <QLegend>
#include <QLegendMarker>
#include <QPainter>
#include <QPieSeries>
#include <QPointer>
#include <QTextDocument>
#include <QTextDocumentFragment>
#include <QXYSeries>

namespace ui {

namespace {

/// Moves a bottom legend to the right while it lives when its entries would not fit in one row at
/// `width`: Qt elides them instead ("Master ...", "Optimiz..." in the report's A4 charts).
class LegendFit {
public:
    LegendFit(QChart* chart, double width)
        : m_legend(chart->legend())
    {
        if (!m_legend->isVisible() || m_legend->alignment() != Qt::AlignBottom) return;
        // Not beside a right-hand axis: the plot between two axes and a legend would be too narrow.
        for (const QAbstractAxis* axis : chart->axes())
            if (axis->alignment() == Qt::AlignRight) return;
        if (legendRowWidth(m_legend) <= width * 0.97) return;
        m_moved = true;
        m_legend->setAlignment(Qt::AlignRight);
    }
    ~LegendFit()
    {
        if (m_moved) m_legend->setAlignment(Qt::AlignBottom);
    }
    LegendFit(const LegendFit&) = delete;
    LegendFit& operator=(const LegendFit&) = delete;

private:
    QLegend* m_legend;
    bool m_moved = false;
};

/// Draws `chart` at `size`; `inspect` sees the chart laid out at that size, before it goes back.
void paint(
    QChart* chart, QPainter& painter, QSizeF size, const std::function<void(const QGraphicsScene&)>& inspect = {})
{
    const LightChart light(chart); // files, slides and the report are light whatever the screen's palette
    const LegendFit legend(chart, size.width());
    // The chart gets its own scene at the requested size, so the on-screen view is untouched.
    QGraphicsScene scene;
    QGraphicsScene* previous = chart->scene();
    QGraphicsItem* previousParent = chart->parentItem();
    const QSizeF previousSize = chart->size();
    const QPointF previousPos = chart->pos();
    if (previous) previous->removeItem(chart);
    scene.addItem(chart);
    chart->setPos(0, 0);
    chart->resize(size);
    scene.setSceneRect(QRectF(QPointF(0, 0), size));
    scene.render(&painter, QRectF(QPointF(0, 0), size), QRectF(QPointF(0, 0), size));
    if (inspect) inspect(scene);
    scene.removeItem(chart);
    if (previous) {
        previous->addItem(chart);
        if (previousParent) chart->setParentItem(previousParent);
    }
    chart->setPos(previousPos);
    chart->resize(previousSize);
}

/// Enlarges every font of a chart while it lives, then puts them back.
class FontScaler {
public:
    FontScaler(QChart* chart, double factor)
        : m_chart(chart)
    {
        if (factor == 1.0) return;
        m_title = chart->titleFont();
        chart->setTitleFont(scaled(m_title, factor));
        m_legend = chart->legend()->font();
        chart->legend()->setFont(scaled(m_legend, factor));
        for (QAbstractAxis* axis : chart->axes()) {
            m_axes.push_back({ axis, axis->labelsFont(), axis->titleFont() });
            axis->setLabelsFont(scaled(axis->labelsFont(), factor));
            axis->setTitleFont(scaled(axis->titleFont(), factor));
        }
        // The values on bars (the memory chart's parts).
        for (QAbstractSeries* series : chart->series())
            if (auto* bars = qobject_cast<QAbstractBarSeries*>(series); bars && bars->isLabelsVisible())
                for (QBarSet* set : bars->barSets()) {
                    m_bars.push_back({ set, set->labelFont() });
                    set->setLabelFont(scaled(set->labelFont(), factor));
                }
        m_active = true;
    }
    ~FontScaler()
    {
        if (!m_active) return;
        m_chart->setTitleFont(m_title);
        m_chart->legend()->setFont(m_legend);
        for (const auto& a : m_axes) {
            a.axis->setLabelsFont(a.labels);
            a.axis->setTitleFont(a.title);
        }
        for (const auto& [set, font] : m_bars)
            set->setLabelFont(font);
    }
    FontScaler(const FontScaler&) = delete;
    FontScaler& operator=(const FontScaler&) = delete;

private:
    static QFont scaled(QFont f, double factor)
    {
        if (f.pointSizeF() > 0)
            f.setPointSizeF(f.pointSizeF() * factor);
        else if (f.pixelSize() > 0)
            f.setPixelSize(int(f.pixelSize() * factor));
        return f;
    }
    struct AxisFonts {
        QAbstractAxis* axis;
        QFont labels, title;
    };
    QChart* m_chart;
    bool m_active = false;
    QFont m_title, m_legend;
    std::vector<AxisFonts> m_axes;
    std::vector<std::pair<QBarSet*, QFont>> m_bars;
};

/// Swaps in the export category labels (kExportCategories) while it lives, without truncation.
class ExportCategories {
public:
    explicit ExportCategories(QChart* chart)
    {
        const QStringList labels = chart->property(kExportCategories).toStringList();
        if (labels.isEmpty()) return;
        for (QAbstractAxis* axis : chart->axes(Qt::Horizontal)) {
            if (auto* categories = qobject_cast<QBarCategoryAxis*>(axis);
                categories && categories->count() == labels.size()) {
                m_axis = categories;
                m_saved = categories->categories();
                m_truncate = categories->truncateLabels();
                categories->setTruncateLabels(false);
                categories->setCategories(labels);
                return;
            }
        }
    }
    ~ExportCategories()
    {
        if (!m_axis) return;
        m_axis->setCategories(m_saved);
        m_axis->setTruncateLabels(m_truncate);
    }
    ExportCategories(const ExportCategories&) = delete;
    ExportCategories& operator=(const ExportCategories&) = delete;

private:
    QBarCategoryAxis* m_axis = nullptr;
    QStringList m_saved;
    bool m_truncate = true;
};

} // namespace

QImage renderChart(QChart* chart, QSizeF size, double scale, const QString& title, double fontScale)
{
    const QString oldTitle = chart->title();
    if (!title.isEmpty()) chart->setTitle(title);
    QImage image((size * scale).toSize(), QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(scale);
    image.fill(Qt::white);
    {
        FontScaler fonts(chart, fontScale);
        ExportCategories categories(chart);
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        paint(chart, painter, size);
    }
    if (!title.isEmpty()) chart->setTitle(oldTitle);
    return image;
}

bool chartHasData(const QChart* chart)
{
    for (const QAbstractSeries* series : chart->series()) {
        if (const auto* xy = qobject_cast<const QXYSeries*>(series); xy && xy->count() > 0) return true;
        if (const auto* pie = qobject_cast<const QPieSeries*>(series); pie && pie->count() > 0) return true;
        if (const auto* bars = qobject_cast<const QAbstractBarSeries*>(series))
            for (const QBarSet* set : bars->barSets())
                if (set->count() > 0) return true;
    }
    return false;
}

void installChartActions(QChartView* view)
{
    installImageActions(
        view,
        [view] {
            return renderChart(view->chart(), { 1200, 750 }, 2.0);
        },
        [view] { return chartTitle(view->chart()); },
        [view](const QString& path) { return exportChart(view->chart(), path); }, true);
}

ChartRenderer rendererFor(QChart* chart)
{
    return [alive = QPointer<QChart>(chart)](QSizeF size, double scale, double fontScale) {
        return alive ? renderChart(alive, size, scale, {}, fontScale) : QImage();
    };
}

void addChartFigure(std::vector<Figure>& out, const QString& file, QChartView* view)
{
    if (view && chartHasData(view->chart())) out.push_back({ file, chartTitle(view->chart()), view->chart(), {} });
}

void installChartActionsUnder(QWidget* root)
{
    for (QChartView* view : root->findChildren<QChartView*>())
        installChartActions(view);
}

QString chartTitle(const QChart* chart)
{
    // The title as text: charts wrap theirs to their width in rich text ("More GPUs,<br>more
    // failures"), which a file name, a caption or a list must not show.
    QString title = chart->title();
    if (Qt::mightBeRichText(title)) title = QTextDocumentFragment::fromHtml(title).toPlainText();
    title.replace(QChar::LineSeparator, QLatin1Char(' ')).replace(QLatin1Char('\n'), QLatin1Char(' '));
    return title.simplified();
}

QString renderChartFile(
    QChart* chart, const QString& format, QSizeF size, double scale, const QString& title, QByteArray& bytes)
{
    const QString oldTitle = chart->title();
    if (!title.isEmpty()) chart->setTitle(title);
    QString error;
    if (format.toLower() == QLatin1String("png")) {
        bytes.clear();
        QBuffer buffer(&bytes);
        buffer.open(QIODevice::WriteOnly);
        const QImage image = renderChart(chart, size, scale);
        if (image.isNull() || !image.save(&buffer, "PNG")) error = QStringLiteral("the picture could not be encoded");
    } else {
        error = renderPicture([chart](QPainter& painter, QSizeF at) { drawChart(chart, painter, at); }, format, size,
            scale, chartTitle(chart), bytes);
    }
    if (!title.isEmpty()) chart->setTitle(oldTitle);
    return error;
}

void drawChart(QChart* chart, QPainter& painter, QSizeF size)
{
    ExportCategories categories(chart);
    paint(chart, painter, size);
}

QString exportChart(QChart* chart, const QString& path, QSizeF size, double scale, const QString& title)
{
    QByteArray bytes;
    if (QString error = renderChartFile(chart, QFileInfo(path).suffix(), size, scale, title, bytes); !error.isEmpty())
        return QStringLiteral("%1: %2").arg(path, error);
    return saveBytes(path, bytes);
}

double smallestFontPt(const QChart* chart)
{
    double smallest = chart->titleFont().pointSizeF();
    auto take = [&](const QFont& f) {
        if (f.pointSizeF() > 0) smallest = std::min(smallest, f.pointSizeF());
    };
    if (chart->legend()->isVisible()) take(chart->legend()->font());
    for (const QAbstractAxis* axis : chart->axes()) {
        if (axis->labelsVisible()) take(axis->labelsFont());
        if (axis->isTitleVisible() && !axis->titleText().isEmpty()) take(axis->titleFont());
    }
    for (const QAbstractSeries* series : chart->series())
        if (const auto* bars = qobject_cast<const QAbstractBarSeries*>(series); bars && bars->isLabelsVisible())
            for (const QBarSet* set : bars->barSets())
                take(set->labelFont());
    return smallest;
}

QRectF axisTitleRect(QChart* chart, QSizeF size, Qt::Alignment side, double fontScale)
{
    QString text;
    for (const QAbstractAxis* axis : chart->axes())
        if (axis->alignment() == side && axis->isTitleVisible()) text = axis->titleText();
    if (text.isEmpty()) return {};
    // Laid out exactly as for export (paint()), then looked up among the chart's text items.
    QRectF found;
    FontScaler fonts(chart, fontScale);
    ExportCategories categories(chart);
    QImage probe(size.toSize(), QImage::Format_ARGB32_Premultiplied);
    QPainter painter(&probe);
    paint(chart, painter, size, [&](const QGraphicsScene& scene) {
        for (QGraphicsItem* item : scene.items())
            if (auto* label = dynamic_cast<QGraphicsTextItem*>(item);
                label && label->toPlainText() == text && label->isVisible())
                found = label->sceneBoundingRect();
    });
    return found;
}

} // namespace ui
