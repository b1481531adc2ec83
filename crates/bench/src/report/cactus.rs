//! Cactus plots, one per set on one shared time axis: for each engine, how
//! many puzzles it solved within a given time per puzzle. The axis ends just
//! past the slowest solve or the deadline, which is drawn as a line; the
//! legend is the page's, outside the data.

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::report::chart::{chart_error, strip_xml_header, time_tick, FONT, TIMEOUT_GREY, WIDTH};
use crate::{BenchError, BenchReport, RowStatus};

/// The solved times (µs) of one engine on one set, sorted.
fn solved_times(report: &BenchReport, set: &str, engine: &str) -> Vec<f64> {
    let mut times: Vec<f64> = report
        .rows
        .iter()
        .filter(|r| r.set == set && r.engine == engine && r.status == RowStatus::Solved)
        .map(|r| r.time_us.max(0.1))
        .collect();
    times.sort_by(f64::total_cmp);
    times
}

/// The shared x range: a little below the fastest solve of any set, a
/// little past the slowest solve or the deadline.
fn time_range(report: &BenchReport) -> (f64, f64) {
    let solved = report
        .rows
        .iter()
        .filter(|r| r.status == RowStatus::Solved)
        .map(|r| r.time_us.max(0.1));
    let (lo, hi) = solved.fold((f64::MAX, 0f64), |(lo, hi), t| (lo.min(t), hi.max(t)));
    let timeout = report.run.timeout_s * 1e6;
    let lo = if lo == f64::MAX { 1.0 } else { lo };
    ((lo / 1.6).max(0.1), hi.max(timeout) * 1.4)
}

/// The cactus plot of one set.
pub(crate) fn cactus_chart(
    report: &BenchReport,
    set: &str,
    colours: &[RGBColor],
) -> Result<String, BenchError> {
    let err = chart_error(set);
    let (lo, hi) = time_range(report);
    let timeout = report.run.timeout_s * 1e6;
    let puzzles = report
        .sets
        .iter()
        .find(|s| s.name == set)
        .map_or(0, |s| s.puzzles)
        .max(1);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, 300)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| err(e.to_string()))?;
        let mut chart = ChartBuilder::on(&root)
            .margin(10)
            .margin_right(24)
            .x_label_area_size(56)
            .y_label_area_size(52)
            .build_cartesian_2d((lo..hi).log_scale(), 0..puzzles + puzzles.div_ceil(12))
            .map_err(|e| err(e.to_string()))?;
        chart
            .configure_mesh()
            .x_desc("time per puzzle")
            .y_desc("solved")
            .x_labels(5)
            .y_labels(6)
            .x_label_formatter(&time_tick)
            .label_style(("sans-serif", FONT))
            .axis_desc_style(("sans-serif", FONT))
            .light_line_style(RGBColor(235, 235, 235))
            .draw()
            .map_err(|e| err(e.to_string()))?;
        let top = puzzles + puzzles.div_ceil(12);
        chart
            .draw_series(DashedLineSeries::new(
                [(timeout, 0), (timeout, top)],
                6,
                4,
                TIMEOUT_GREY.stroke_width(2),
            ))
            .map_err(|e| err(e.to_string()))?;
        chart
            .draw_series(std::iter::once(Text::new(
                "timeout",
                (timeout, top),
                ("sans-serif", FONT)
                    .into_font()
                    .color(&TIMEOUT_GREY)
                    .pos(Pos::new(HPos::Right, VPos::Top)),
            )))
            .map_err(|e| err(e.to_string()))?;
        for (j, engine) in report.engines.iter().enumerate() {
            let times = solved_times(report, set, &engine.spec);
            // A step curve: one more puzzle at each solved time, flat to the
            // deadline after the last.
            let mut points = vec![(lo, 0usize)];
            for (k, &t) in times.iter().enumerate() {
                points.push((t, k));
                points.push((t, k + 1));
            }
            points.push((timeout.max(points.last().map_or(lo, |p| p.0)), times.len()));
            chart
                .draw_series(LineSeries::new(points, colours[j].stroke_width(3)))
                .map_err(|e| err(e.to_string()))?;
        }
        root.present().map_err(|e| err(e.to_string()))?;
    }
    Ok(strip_xml_header(svg))
}
