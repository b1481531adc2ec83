//! One self-contained HTML page: the facts, per set a bar chart of median
//! time per engine (SVG, drawn with `plotters`) and the table, a cactus plot
//! of all sets, and every per-puzzle row. No script, no external file.

use std::fmt::Write;

use plotters::coord::ranged1d::SegmentValue;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::report::table::{
    format_duration, format_stat, header_lines, summary_cells, summary_head,
};
use crate::{BenchError, BenchReport, RowStatus, Summary, Verdict};

const PALETTE: [RGBColor; 10] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(127, 127, 127),
    RGBColor(188, 189, 34),
    RGBColor(23, 190, 207),
];

fn colour(index: usize) -> RGBColor {
    PALETTE[index % PALETTE.len()]
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn chart_error(chart: &str) -> impl Fn(String) -> BenchError + '_ {
    move |message| BenchError::Chart {
        chart: chart.into(),
        message,
    }
}

/// Milliseconds, the unit of every chart axis.
fn ms(us: u64) -> f64 {
    us as f64 / 1000.0
}

/// Whether values spread widely enough to want a log axis.
fn wide(values: &[f64]) -> bool {
    let positive: Vec<f64> = values.iter().copied().filter(|v| *v > 0.0).collect();
    let (lo, hi) = positive
        .iter()
        .fold((f64::MAX, 0.0f64), |(lo, hi), &v| (lo.min(v), hi.max(v)));
    !positive.is_empty() && hi / lo > 20.0
}

/// The bar chart of one set: median time per engine.
fn bar_chart(report: &BenchReport, set: &str) -> Result<String, BenchError> {
    let summaries: Vec<&Summary> = report.summaries.iter().filter(|s| s.set == set).collect();
    let names: Vec<String> = summaries.iter().map(|s| s.engine.clone()).collect();
    let top_us = summaries.iter().map(|s| s.median_us).max().unwrap_or(0);
    // µs when every bar is under a millisecond, else ms.
    let (unit, scale) = if top_us < 1000 {
        ("µs", 1.0)
    } else {
        ("ms", 1000.0)
    };
    let values: Vec<f64> = summaries
        .iter()
        .map(|s| (s.median_us as f64 / scale).max(0.5 / scale))
        .collect();
    let log = wide(&values);
    let top = values.iter().copied().fold(0.001f64, f64::max);
    let bottom = values.iter().copied().fold(f64::MAX, f64::min);
    let n = summaries.len().max(1);
    let width = (160 + 150 * n as u32).clamp(640, 1150);
    let mut svg = String::new();
    let err = chart_error(set);
    {
        let root = SVGBackend::with_string(&mut svg, (width, 360)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| err(e.to_string()))?;
        let caption = format!(
            "{set}: median time per puzzle{}",
            if log { " (log scale)" } else { "" }
        );
        let mut builder = ChartBuilder::on(&root);
        builder
            .caption(caption, ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(70);
        let label = |v: &SegmentValue<usize>| match v {
            SegmentValue::CenterOf(i) | SegmentValue::Exact(i) => {
                names.get(*i).cloned().unwrap_or_default()
            }
            SegmentValue::Last => String::new(),
        };
        let bar_label = |s: &Summary| {
            let mut text = format_duration(s.median_us);
            match s.verdict {
                Verdict::Disqualified => text = format!("DISQUALIFIED ({text})"),
                Verdict::Incomplete => text = format!("{text}, {}/{} solved", s.solved, s.total),
                Verdict::AllSolved => {}
            }
            text
        };
        macro_rules! draw {
            ($chart:expr, $base:expr) => {{
                let mut chart = $chart;
                chart
                    .configure_mesh()
                    .disable_x_mesh()
                    .x_label_formatter(&label)
                    .y_desc(format!("median time ({unit})"))
                    .y_label_formatter(&|v: &f64| format_ms(*v))
                    .draw()
                    .map_err(|e| err(e.to_string()))?;
                for (i, s) in summaries.iter().enumerate() {
                    let value = values[i];
                    let style = if s.verdict == Verdict::Disqualified {
                        RGBColor(200, 200, 200).filled()
                    } else {
                        colour(i).filled()
                    };
                    let mut bar = Rectangle::new(
                        [
                            (SegmentValue::Exact(i), $base),
                            (SegmentValue::Exact(i + 1), value),
                        ],
                        style,
                    );
                    bar.set_margin(0, 0, 12, 12);
                    chart
                        .draw_series(std::iter::once(bar))
                        .map_err(|e| err(e.to_string()))?;
                    chart
                        .draw_series(std::iter::once(Text::new(
                            bar_label(s),
                            (SegmentValue::CenterOf(i), value),
                            ("sans-serif", 13)
                                .into_font()
                                .color(&BLACK)
                                .pos(Pos::new(HPos::Center, VPos::Bottom)),
                        )))
                        .map_err(|e| err(e.to_string()))?;
                }
            }};
        }
        if log {
            let lo = 10f64.powf((bottom / 2.0).log10().floor());
            let hi = 10f64.powf((top * 2.0).log10().ceil());
            let chart = builder
                .build_cartesian_2d((0..n - 1).into_segmented(), (lo..hi).log_scale())
                .map_err(|e| err(e.to_string()))?;
            draw!(chart, lo);
        } else {
            let chart = builder
                .build_cartesian_2d((0..n - 1).into_segmented(), 0.0..top * 1.25)
                .map_err(|e| err(e.to_string()))?;
            draw!(chart, 0.0);
        }
        root.present().map_err(|e| err(e.to_string()))?;
    }
    Ok(strip_xml_header(svg))
}

fn format_ms(v: f64) -> String {
    if v >= 1.0 || v == 0.0 {
        format!("{v}")
    } else {
        let s = format!("{v:.6}");
        s.trim_end_matches('0').to_string()
    }
}

/// The cactus plot: for each engine, how many puzzles (all sets) it solved
/// within a given time per puzzle.
fn cactus(report: &BenchReport) -> Result<String, BenchError> {
    let err = chart_error("cactus");
    let engines: Vec<&str> = report.engines.iter().map(|e| e.spec.as_str()).collect();
    let curves: Vec<Vec<f64>> = engines
        .iter()
        .map(|e| {
            let mut t: Vec<f64> = report
                .rows
                .iter()
                .filter(|r| r.engine == *e && r.status == RowStatus::Solved)
                .map(|r| ms(r.time_us).max(0.001))
                .collect();
            t.sort_by(f64::total_cmp);
            t
        })
        .collect();
    let all: Vec<f64> = curves.iter().flatten().copied().collect();
    let lo = all
        .iter()
        .copied()
        .fold(f64::MAX, f64::min)
        .clamp(0.001, 1.0);
    let hi = all
        .iter()
        .copied()
        .fold(report.run.timeout_s * 1000.0, f64::max);
    let (lo, hi) = (
        10f64.powf(lo.log10().floor()),
        10f64.powf(hi.log10().ceil()),
    );
    let per_engine = report.sets.iter().map(|s| s.puzzles).sum::<usize>().max(1);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (900, 440)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| err(e.to_string()))?;
        let mut chart = ChartBuilder::on(&root)
            .caption(
                format!("Cactus plot: puzzles solved (of {per_engine}, all sets) within a time per puzzle"),
                ("sans-serif", 18),
            )
            .margin(12)
            .x_label_area_size(45)
            .y_label_area_size(60)
            .build_cartesian_2d((lo..hi).log_scale(), 0..per_engine + per_engine / 20 + 1)
            .map_err(|e| err(e.to_string()))?;
        chart
            .configure_mesh()
            .x_desc("time per puzzle (ms, log scale)")
            .y_desc("puzzles solved")
            .x_label_formatter(&|v: &f64| format_ms(*v))
            .draw()
            .map_err(|e| err(e.to_string()))?;
        for (i, (engine, times)) in engines.iter().zip(&curves).enumerate() {
            let c = colour(i);
            // A step curve: the count rises by one at each solved time.
            let mut points = vec![(lo, 0usize)];
            for (k, &t) in times.iter().enumerate() {
                points.push((t, k));
                points.push((t, k + 1));
            }
            if let Some(&(_, last)) = points.last() {
                points.push((hi, last));
            }
            let disqualified = report
                .summaries
                .iter()
                .any(|s| s.engine == *engine && s.verdict == Verdict::Disqualified);
            let name = if disqualified {
                format!("{engine} (disqualified on a set)")
            } else {
                format!("{engine}: {}/{per_engine}", times.len())
            };
            chart
                .draw_series(LineSeries::new(points, c.stroke_width(2)))
                .map_err(|e| err(e.to_string()))?
                .label(name)
                .legend(move |(x, y)| PathElement::new([(x, y), (x + 20, y)], c.stroke_width(2)));
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::LowerRight)
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .draw()
            .map_err(|e| err(e.to_string()))?;
        root.present().map_err(|e| err(e.to_string()))?;
    }
    Ok(strip_xml_header(svg))
}

fn strip_xml_header(svg: String) -> String {
    match svg.find("<svg") {
        Some(i) => svg[i..].to_string(),
        None => svg,
    }
}

const STYLE: &str = "body{font-family:system-ui,sans-serif;margin:2em;color:#222;max-width:1200px}\
h1{margin-bottom:.2em}table{border-collapse:collapse;margin:.6em 0}\
td,th{border:1px solid #ccc;padding:.25em .6em;font-size:.9em}\
th{background:#f2f2f2}td.n{text-align:right;font-variant-numeric:tabular-nums}\
tr.dq td{background:#fde2e2}tr.inc td{background:#fff6d6}\
.facts{color:#555;font-size:.9em}.chart{margin:.5em 0}\
.status-wrong{color:#b00;font-weight:bold}.status-timeout{color:#a60}\
code{font-size:.85em}";

/// The report as one self-contained HTML page.
pub fn render_html(report: &BenchReport) -> Result<String, BenchError> {
    let mut h = String::new();
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <title>sudokit bench report</title><style>{STYLE}</style></head><body>\n\
         <h1>sudokit bench</h1>\n<div class=\"facts\">"
    );
    for line in header_lines(report) {
        let _ = write!(h, "<div>{}</div>", escape(&line));
    }
    h.push_str("</div>\n");
    let engines: Vec<String> = report
        .engines
        .iter()
        .map(|e| {
            format!(
                "<code>{}</code> = {} {}",
                escape(&e.spec),
                escape(&e.name),
                escape(&e.version)
            )
        })
        .collect();
    let _ = writeln!(h, "<p class=\"facts\">engines: {}</p>", engines.join("; "));
    let base = report.baseline.as_ref();
    if let Some(b) = base {
        let _ = writeln!(
            h,
            "<p class=\"facts\">baseline: {} (commit {}, {}); ratios are now / then, below 1 is faster</p>",
            escape(&b.source),
            escape(&b.commit),
            escape(&b.date)
        );
    }
    for set in &report.sets {
        let _ = writeln!(
            h,
            "<h2>{} <small>— {} ({} puzzles)</small></h2>\n<p class=\"facts\">source: {}</p>",
            escape(&set.name),
            escape(&set.title),
            set.puzzles,
            escape(&set.source)
        );
        let _ = writeln!(
            h,
            "<div class=\"chart\">{}</div>",
            bar_chart(report, &set.name)?
        );
        h.push_str("<table><tr>");
        for name in summary_head(base.is_some()) {
            let _ = write!(h, "<th>{name}</th>");
        }
        h.push_str("</tr>\n");
        for s in report.summaries.iter().filter(|s| s.set == set.name) {
            let class = match s.verdict {
                Verdict::Disqualified => " class=\"dq\"",
                Verdict::Incomplete => " class=\"inc\"",
                Verdict::AllSolved => "",
            };
            let cells = summary_cells(s, base);
            let last = cells.len() - 1;
            let _ = write!(h, "<tr{class}>");
            for (i, cell) in cells.iter().enumerate() {
                let _ = match i {
                    0 => write!(h, "<td><code>{}</code></td>", escape(cell)),
                    _ if i == last => write!(h, "<td>{}</td>", escape(cell)),
                    _ => write!(h, "<td class=\"n\">{}</td>", escape(cell)),
                };
            }
            h.push_str("</tr>\n");
        }
        h.push_str("</table>\n");
    }
    let _ = writeln!(
        h,
        "<h2>All sets</h2>\n<div class=\"chart\">{}</div>",
        cactus(report)?
    );
    let _ = writeln!(
        h,
        "<details><summary>Every puzzle ({} rows)</summary>\n<table><tr><th>set</th><th>engine</th><th>#</th><th>status</th><th>time</th><th>nodes</th><th>fails</th><th>detail</th><th>puzzle</th></tr>",
        report.rows.len()
    );
    for r in &report.rows {
        let _ = writeln!(
            h,
            "<tr><td>{}</td><td><code>{}</code></td><td class=\"n\">{}</td><td class=\"status-{}\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td>{}</td><td><code>{}</code></td></tr>",
            escape(&r.set),
            escape(&r.engine),
            r.puzzle,
            r.status.name(),
            r.status.name(),
            format_duration(r.time_us),
            format_stat(r.nodes),
            format_stat(r.fails),
            escape(r.detail.as_deref().unwrap_or("")),
            escape(&r.givens)
        );
    }
    h.push_str("</table></details>\n");
    h.push_str("<p class=\"facts\">Times are wall clock per solve; every attempt counts (a timeout at the time it took). Every answer was checked by sudokit-verify; a wrong answer disqualifies the engine on that set.</p>\n</body></html>\n");
    Ok(h)
}
