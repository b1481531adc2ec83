//! What every chart of the page shares: one size that still reads when a
//! phone scales it down to 376 px (text ≥ 11 px there), one time axis
//! (log, labelled `10 µs`, `1 ms`), the timeout drawn as a line, and the
//! SVG cleaned for inlining.

use plotters::prelude::*;

use crate::report::table::format_duration;
use crate::BenchError;

/// Chart width in SVG units; the page lets it shrink to the screen.
pub(crate) const WIDTH: u32 = 480;

/// Font size asked of plotters for tick labels and axis names. Its SVG
/// backend writes sizes divided by 1.24, so 18 is 14.5 SVG units: 11.4 px
/// on a 400 px phone that shows the 480-unit chart 376 px wide.
pub(crate) const FONT: u32 = 18;

/// The grey of timed-out marks and the timeout line.
pub(crate) const TIMEOUT_GREY: RGBColor = RGBColor(140, 140, 140);

/// A plotters error, named by chart.
pub(crate) fn chart_error(chart: &str) -> impl Fn(String) -> BenchError + '_ {
    move |message| BenchError::Chart {
        chart: chart.into(),
        message,
    }
}

/// A tick of the time axis (µs as f64): `100 µs`, `1.00 ms`.
pub(crate) fn time_tick(us: &f64) -> String {
    format_duration(us.max(0.0))
}

/// A log range of whole powers of ten around `lo..hi` (µs, at least 1).
pub(crate) fn decades(lo: f64, hi: f64) -> (f64, f64) {
    // A tenth of a µs: the fastest engine solves easy puzzles in about one.
    let lo = lo.max(0.1);
    let hi = hi.max(lo * 10.0);
    (
        10f64.powf(lo.log10().floor()),
        10f64.powf(hi.log10().ceil()),
    )
}

/// The SVG without its XML declaration, so it can sit inside HTML.
pub(crate) fn strip_xml_header(svg: String) -> String {
    match svg.find("<svg") {
        Some(i) => svg[i..].to_string(),
        None => svg,
    }
}

/// A label shortened to `max` characters with an ellipsis.
pub(crate) fn shorten(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_string()
    } else {
        let kept: String = text.chars().take(max.saturating_sub(1)).collect();
        format!("{kept}…")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_and_labels_read_well() {
        assert_eq!(decades(23.0, 4_700.0), (10.0, 10_000.0));
        assert_eq!(decades(0.0, 0.0), (0.1, 1.0));
        assert_eq!(decades(1.7, 6.0), (1.0, 100.0));
        assert_eq!(time_tick(&999.9999), "1.00 ms");
        assert_eq!(shorten("Sudoku_hardest", 8), "Sudoku_…");
        assert_eq!(shorten("hard", 8), "hard");
    }
}
