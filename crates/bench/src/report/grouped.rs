//! The course's grouped chart, on one log axis for all sets: per set (the
//! difficulty) one mark per engine. [`spread_chart`] shows the time per
//! puzzle: min–max whisker, p25–p75 box, a dot at the median and a tick at
//! p95. [`total_chart`] shows each engine's total time per set as a
//! lollipop. Times that are timeouts are grey and marked "≥": the true time
//! is at least that.

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::report::chart::{
    chart_error, decades, shorten, strip_xml_header, time_tick, FONT, TIMEOUT_GREY, WIDTH,
};
use crate::report::spread::{spreads, Mark, Spread};
use crate::{BenchError, BenchReport};

/// The x position of engine `j` of `m` in set `i`: sets sit at whole
/// numbers, their engines spread over 0.8 of the gap.
fn slot(i: usize, j: usize, m: usize) -> f64 {
    i as f64 - 0.4 + 0.8 * (j as f64 + 0.5) / m as f64
}

/// What a grouped chart plots.
#[derive(Clone, Copy, PartialEq)]
enum Measure {
    PerPuzzle,
    Total,
}

fn grouped(
    report: &BenchReport,
    colours: &[RGBColor],
    measure: Measure,
) -> Result<String, BenchError> {
    let name = match measure {
        Measure::PerPuzzle => "time per puzzle",
        Measure::Total => "total time",
    };
    let err = chart_error(name);
    let sets: Vec<Vec<Spread>> = report
        .sets
        .iter()
        .map(|s| spreads(report, &s.name))
        .collect();
    let marks: Vec<f64> = sets
        .iter()
        .flatten()
        .flat_map(|s| match measure {
            Measure::PerPuzzle => vec![s.min.us, s.max.us],
            Measure::Total => vec![s.total.us],
        })
        .collect();
    let timeout_us = report.run.timeout_s * 1e6;
    let lowest = marks.iter().copied().reduce(f64::min).unwrap_or(1.0);
    let highest = marks.iter().copied().reduce(f64::max).unwrap_or(1.0);
    let (lo, hi) = decades(lowest, highest * 1.5);
    let m = report.engines.len().max(1);
    let n = report.sets.len().max(1);
    // Set names under the axis: as many characters as their share of it holds.
    let room = ((WIDTH as usize - 90) / n / 9).max(4);
    let set_names: Vec<String> = report.sets.iter().map(|s| shorten(&s.name, room)).collect();
    let mut svg = String::new();
    {
        let height = 330;
        let root = SVGBackend::with_string(&mut svg, (WIDTH, height)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| err(e.to_string()))?;
        let mut chart = ChartBuilder::on(&root)
            .margin(10)
            .x_label_area_size(32)
            .y_label_area_size(78)
            .build_cartesian_2d(-0.5..n as f64 - 0.5, (lo..hi).log_scale())
            .map_err(|e| err(e.to_string()))?;
        let set_label = |v: &f64| {
            let i = v.round();
            match (i - v).abs() < 1e-6 && i >= 0.0 {
                true => set_names.get(i as usize).cloned().unwrap_or_default(),
                false => String::new(),
            }
        };
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(n)
            .x_label_formatter(&set_label)
            .y_label_formatter(&time_tick)
            .label_style(("sans-serif", FONT))
            .light_line_style(RGBColor(235, 235, 235))
            .draw()
            .map_err(|e| err(e.to_string()))?;
        // A sign just right of a mark.
        let sign = |s: &str, at: (f64, f64), colour: RGBColor| {
            Text::new(
                s.to_string(),
                (at.0 + 0.25 / m as f64, at.1),
                ("sans-serif", FONT)
                    .into_font()
                    .color(&colour)
                    .pos(Pos::new(HPos::Left, VPos::Center)),
            )
        };
        // The deadline bounds a solve's time, not a set's total.
        if measure == Measure::PerPuzzle && timeout_us <= hi {
            chart
                .draw_series(DashedLineSeries::new(
                    [(-0.5, timeout_us), (n as f64 - 0.5, timeout_us)],
                    6,
                    4,
                    TIMEOUT_GREY.stroke_width(1),
                ))
                .map_err(|e| err(e.to_string()))?;
        }
        for (i, spreads) in sets.iter().enumerate() {
            for s in spreads {
                let j = report
                    .engines
                    .iter()
                    .position(|e| e.spec == s.engine)
                    .unwrap_or(0);
                let x = slot(i, j, m);
                let colour = if s.disqualified {
                    TIMEOUT_GREY
                } else {
                    colours[j]
                };
                let at = |mark: Mark| (x, mark.us.max(lo));
                let shown = |mark: Mark| if mark.timed_out { TIMEOUT_GREY } else { colour };
                let mut shapes: Vec<DynElement<SVGBackend, (f64, f64)>> = Vec::new();
                let focus = match measure {
                    Measure::PerPuzzle => {
                        let steps = [s.min, s.p25, s.median, s.p75, s.p95, s.max];
                        for (k, pair) in steps.windows(2).enumerate() {
                            // The p25–p75 box (steps 1 and 2) is thick, the whiskers thin.
                            let width = if k == 1 || k == 2 { 7 } else { 2 };
                            shapes.push(
                                PathElement::new(
                                    [at(pair[0]), at(pair[1])],
                                    shown(pair[1]).stroke_width(width),
                                )
                                .into_dyn(),
                            );
                        }
                        let tick = 0.12 / m as f64;
                        shapes.push(
                            PathElement::new(
                                [(x - tick, at(s.p95).1), (x + tick, at(s.p95).1)],
                                shown(s.p95).stroke_width(2),
                            )
                            .into_dyn(),
                        );
                        s.median
                    }
                    Measure::Total => {
                        shapes.push(
                            PathElement::new(
                                [(x, lo), at(s.total)],
                                colour.mix(0.5).stroke_width(2),
                            )
                            .into_dyn(),
                        );
                        s.total
                    }
                };
                if focus.timed_out {
                    shapes.push(Circle::new(at(focus), 6, WHITE.filled()).into_dyn());
                    shapes.push(Circle::new(at(focus), 6, TIMEOUT_GREY.stroke_width(2)).into_dyn());
                    shapes.push(sign("≥", at(focus), TIMEOUT_GREY).into_dyn());
                } else {
                    shapes.push(Circle::new(at(focus), 6, colour.filled()).into_dyn());
                    shapes.push(Circle::new(at(focus), 6, WHITE.stroke_width(1)).into_dyn());
                }
                if s.disqualified {
                    shapes.push(sign("✗", at(focus), RGBColor(180, 0, 0)).into_dyn());
                }
                chart.draw_series(shapes).map_err(|e| err(e.to_string()))?;
            }
        }
        root.present().map_err(|e| err(e.to_string()))?;
    }
    Ok(strip_xml_header(svg))
}

/// Time per puzzle, per set and engine: the spread, median dotted.
pub(crate) fn spread_chart(
    report: &BenchReport,
    colours: &[RGBColor],
) -> Result<String, BenchError> {
    grouped(report, colours, Measure::PerPuzzle)
}

/// Total time per set and engine, as lollipops.
pub(crate) fn total_chart(
    report: &BenchReport,
    colours: &[RGBColor],
) -> Result<String, BenchError> {
    grouped(report, colours, Measure::Total)
}
