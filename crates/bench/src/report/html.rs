//! One self-contained HTML page that answers "who wins, by how much" at a
//! glance, on a desktop or a phone: the headline per set, one legend (each
//! engine keeps its colour in every chart and run), the grouped charts of
//! time per puzzle (spread) and total time on one log axis, a cactus plot
//! per set on one shared axis, then per set the summary table and every
//! puzzle. SVG drawn with
//! `plotters`; no external file; one small script sorts the puzzle tables
//! (the page reads the same without it).

use std::fmt::Write;

use crate::report::cactus::cactus_chart;
use crate::report::colours::{engine_colours, hex};
use crate::report::grouped::{spread_chart, total_chart};
use crate::report::headline::headlines;
use crate::report::puzzles::puzzle_table;
use crate::report::table::{certifying, header_lines, summary_cells, summary_head};
use crate::{BenchError, BenchReport, Verdict};

/// Text made safe for HTML.
pub(crate) fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Charts shrink to the screen (never below their text's legibility: see
/// `chart::FONT`); tables scroll in their own box, their first column
/// staying in view; numbers never wrap.
const STYLE: &str = "*{box-sizing:border-box}\
body{font-family:system-ui,sans-serif;margin:0 auto;padding:1em 1.5em;color:#222;max-width:1200px;line-height:1.4}\
h1{margin:.2em 0}h2{margin-top:1.4em}h2,h3{overflow-wrap:anywhere}h3{margin:1.2em 0 .3em}\
.facts{color:#555;font-size:.9em;overflow-wrap:anywhere}\
.headline li{margin:.25em 0;overflow-wrap:anywhere}.headline{font-size:1.05em}\
.legend{display:flex;flex-wrap:wrap;gap:.4em 1.2em;list-style:none;padding:0;margin:.6em 0}\
.legend li{display:flex;align-items:center;gap:.4em;overflow-wrap:anywhere}\
.sw{display:inline-block;width:1.6em;height:.8em;border-radius:2px;flex:none}\
.sw.to{background:repeating-linear-gradient(45deg,#8c8c8c 0 3px,#fff 3px 6px);border:1px solid #8c8c8c}\
.charts{display:flex;flex-wrap:wrap;gap:1em 2em}\
figure{margin:0;flex:1 1 480px;max-width:560px;min-width:0}\
figure svg{display:block;width:100%;max-width:100%;height:auto}\
figcaption{font-size:.9em;color:#444;margin-bottom:.3em}\
.scroll{overflow-x:auto;max-width:100%;margin:.6em 0}\
table{border-collapse:separate;border-spacing:0;border-top:1px solid #ccc;border-left:1px solid #ccc}\
td,th{border-right:1px solid #ccc;border-bottom:1px solid #ccc;padding:.25em .6em;font-size:.9em;white-space:nowrap}\
th{background:#f2f2f2}td.n{text-align:right;font-variant-numeric:tabular-nums}\
table.sortable th{cursor:pointer}td.best{font-weight:bold}\
td.timeout{color:#777;background:repeating-linear-gradient(45deg,#f4f4f4 0 4px,#fff 4px 8px)}\
td.wrong{color:#b00;font-weight:bold}\
.scroll td:first-child,.scroll th:first-child{position:sticky;left:0;background:#fff}\
.scroll th:first-child{background:#f2f2f2}\
tr.dq td,.scroll tr.dq td{background:#fde2e2}tr.inc td,.scroll tr.inc td{background:#fff6d6}\
code{font-size:.85em}\
@media (max-width:600px){body{padding:.6em .75em}h1{font-size:1.5em}}";

/// Sorts a `table.sortable` by the clicked column (`data-v` when a cell
/// has one, else its text); a second click reverses.
const SORT_SCRIPT: &str = "document.querySelectorAll('table.sortable th').forEach((th,i)=>\
th.addEventListener('click',()=>{const body=th.closest('table').tBodies[0];\
const up=th.dataset.dir!=='up';th.dataset.dir=up?'up':'down';\
const key=r=>{const c=r.cells[i];return c.dataset.v!==undefined?parseFloat(c.dataset.v):c.textContent};\
[...body.rows].sort((a,b)=>{const x=key(a),y=key(b);return (x<y?-1:x>y?1:0)*(up?1:-1)})\
.forEach(r=>body.appendChild(r))}));";

fn figure(h: &mut String, caption: &str, svg: &str) {
    let _ = writeln!(
        h,
        "<figure><figcaption>{caption}</figcaption>{svg}</figure>"
    );
}

/// The report as one self-contained HTML page.
pub fn render_html(report: &BenchReport) -> Result<String, BenchError> {
    let specs: Vec<&str> = report.engines.iter().map(|e| e.spec.as_str()).collect();
    let colours = engine_colours(&specs);
    let mut h = String::new();
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>sudokit bench report</title><style>{STYLE}</style></head><body>\n\
         <h1>sudokit bench</h1>\n<div class=\"facts\">"
    );
    for line in header_lines(report) {
        let _ = write!(h, "<div>{}</div>", escape(&line));
    }
    h.push_str("</div>\n");

    let lines = headlines(report);
    if !lines.is_empty() {
        h.push_str("<ul class=\"headline\">");
        for line in lines {
            let (set, rest) = line.split_once(": ").unwrap_or(("", &line));
            let _ = write!(h, "<li><b>{}</b>: {}</li>", escape(set), escape(rest));
        }
        h.push_str("</ul>\n");
    }

    h.push_str("<ul class=\"legend\">");
    for (spec, colour) in specs.iter().zip(&colours) {
        let _ = write!(
            h,
            "<li><span class=\"sw\" style=\"background:{}\"></span><code>{}</code></li>",
            hex(*colour),
            escape(spec)
        );
    }
    h.push_str(
        "<li><span class=\"sw to\"></span>timed out: the time is at least the deadline (≥)</li></ul>\n",
    );

    h.push_str("<div class=\"charts\">\n");
    figure(
        &mut h,
        "Time per puzzle, every set on one log scale: dot = median, thick bar = middle half \
         (p25–p75), thin line = fastest to slowest, tick = p95; dashed line = timeout",
        &spread_chart(report, &colours)?,
    );
    figure(
        &mut h,
        "Total time per set (log scale), every attempt counted; a grey ring with ≥ includes \
         timeouts",
        &total_chart(report, &colours)?,
    );
    h.push_str("</div>\n");

    // Small multiples: one cactus per set, side by side, on one time axis.
    h.push_str("<h2>Cactus plots</h2><div class=\"charts\">\n");
    for set in &report.sets {
        figure(
            &mut h,
            &format!(
                "<b>{}</b>: puzzles solved (of {}) within a time per puzzle",
                escape(&set.name),
                set.puzzles
            ),
            &cactus_chart(report, &set.name, &colours)?,
        );
    }
    h.push_str("</div>\n");

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
        h.push_str("<div class=\"scroll\"><table><tr>");
        for name in summary_head(base.is_some(), certifying(report)) {
            let _ = write!(h, "<th>{name}</th>");
        }
        h.push_str("</tr>\n");
        for s in report.summaries.iter().filter(|s| s.set == set.name) {
            let class = match s.verdict {
                Verdict::Disqualified => " class=\"dq\"",
                Verdict::Incomplete => " class=\"inc\"",
                Verdict::AllSolved => "",
            };
            let cells = summary_cells(s, base, certifying(report));
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
        h.push_str("</table></div>\n");
        let _ = writeln!(
            h,
            "<details><summary>Every puzzle of {}, hardest first (click a column to sort)</summary>\
             <div class=\"scroll\">{}</div></details>",
            escape(&set.name),
            puzzle_table(report, &set.name)
        );
    }

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
    let _ = writeln!(
        h,
        "<h2>Notes</h2><p class=\"facts\">engines: {}</p>",
        engines.join("; ")
    );
    h.push_str(
        "<p class=\"facts\">Times are wall clock per solve; every attempt counts (a timeout at \
         the time it took, so totals and puzzles/s with timeouts are bounds). Every answer was \
         checked by sudokit-verify; a wrong answer disqualifies the engine on that set. \
         Guesses are the search nodes an engine reports; “no guess” is the share of puzzles \
         solved with none; “–” is a number the engine does not track.</p>\n",
    );
    let _ = writeln!(h, "<script>{SORT_SCRIPT}</script>\n</body></html>");
    Ok(h)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::testing::{report_of, row};
    use crate::RowStatus::{Solved, Timeout};

    #[test]
    fn the_page_has_the_headline_a_fixed_legend_and_a_chart_per_view() {
        let report = report_of(vec![
            row("easy", "cp", Solved, 300),
            row("easy", "fast", Solved, 20),
            row("hard", "cp", Timeout, 1000),
            row("hard", "fast", Solved, 50),
        ]);
        let html = render_html(&report).unwrap();
        assert!(html
            .contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"));
        assert!(html.contains(
            "<li><b>hard</b>: fast (50.0 µs per puzzle, median) is ≥\u{a0}20× faster than cp (1 of 1 timed out)</li>"
        ));
        // cp keeps its orange though it comes first here.
        assert!(
            html.contains("<span class=\"sw\" style=\"background:#e69f00\"></span><code>cp</code>")
        );
        // Spread, totals, and one cactus per set.
        assert_eq!(html.matches("<svg").count(), 4);
        assert!(html.contains(">≥ 1.00 ms</td>"));
    }
}
