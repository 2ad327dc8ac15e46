#pragma once
// Charts to files at an explicit size — never a grab of the on-screen view, whose size depends on
// the window: PNG (at 1×, 2× or 3× device pixel ratio), SVG and PDF, chosen by the extension.

#include <QSizeF>
#include <QString>

class QChart;

namespace ui {

/// Lays `chart` out at `size` (points) and writes it to `path` (.png, .svg or .pdf). For PNG the
/// image has size × scale pixels. Returns an empty string on success, else the reason.
[[nodiscard]] QString exportChart(QChart* chart, const QString& path, QSizeF size = {1200, 750}, double scale = 2.0,
                                  const QString& title = {});

} // namespace ui
