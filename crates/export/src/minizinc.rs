use std::fmt::Write;

use sudokit_model::{Cmp, Constraint, Domain, Expr, LinearTerm, Model, Sense, VarId};

/// The model in MiniZinc. Variables become one array `x` (1-based, so
/// `x[i + 1]` is variable `i`), each commented with its sudokit name; a
/// domain narrower than the common range becomes a constraint, so givens
/// read as `x[5] = 3`.
pub fn to_minizinc(model: &Model) -> String {
    let mut out = String::new();
    let vars = model.vars();
    let (lo, hi) = model.value_range();
    let full = Domain::range(lo, hi);
    let _ = writeln!(
        out,
        "% Written by sudokit: {} variables, {} constraints.",
        vars.len(),
        model.constraints().len()
    );
    if let Some(grid) = model.grid() {
        let _ = writeln!(
            out,
            "% A {n}x{n} grid: x[r * {n} + c + 1] is row r, column c (0-based).",
            n = grid.size
        );
    }
    out.push_str("include \"alldifferent.mzn\";\n\n");
    let _ = writeln!(out, "array[1..{}] of var {lo}..{hi}: x;\n", vars.len());
    for (i, var) in vars.iter().enumerate() {
        let domain = &var.domain;
        if *domain == full {
            continue;
        }
        let x = item(VarId(i as u32));
        let _ = match domain.fixed_value() {
            Some(v) => writeln!(out, "constraint {x} = {v}; % {}", var.name),
            None => writeln!(
                out,
                "constraint {x} in {}; % {}",
                set(domain.values()),
                var.name
            ),
        };
    }
    for constraint in model.constraints() {
        let _ = writeln!(out, "constraint {};", constraint_text(constraint));
    }
    out.push('\n');
    match model.objective() {
        None => out.push_str("solve satisfy;\n"),
        Some(objective) => {
            let expr = expr_text(model, &objective.expr, &mut out);
            let sense = match objective.sense {
                Sense::Minimize => "minimize",
                Sense::Maximize => "maximize",
            };
            let _ = writeln!(out, "solve {sense} {expr};");
        }
    }
    out.push_str("\noutput [\"x = \\(x)\\n\"];\n");
    out
}

fn item(var: VarId) -> String {
    format!("x[{}]", var.index() + 1)
}

fn set(values: &[i32]) -> String {
    let items: Vec<String> = values.iter().map(i32::to_string).collect();
    format!("{{{}}}", items.join(", "))
}

fn constraint_text(constraint: &Constraint) -> String {
    match constraint {
        Constraint::AllDifferent(vars) => {
            let items: Vec<String> = vars.iter().map(|&v| item(v)).collect();
            format!("all_different([{}])", items.join(", "))
        }
        Constraint::Linear { terms, cmp, rhs } => {
            let op = match cmp {
                Cmp::Eq => "=",
                Cmp::Ne => "!=",
                Cmp::Le => "<=",
                Cmp::Ge => ">=",
            };
            format!("{} {op} {rhs}", sum_text(terms))
        }
        Constraint::NotEqualOffset { x, y, offset } => match offset {
            0 => format!("{} != {}", item(*x), item(*y)),
            _ => format!("{} != {} + {offset}", item(*x), item(*y)),
        },
    }
}

fn sum_text(terms: &[LinearTerm]) -> String {
    if terms.is_empty() {
        return "0".into();
    }
    let parts: Vec<String> = terms
        .iter()
        .map(|t| match t.coef {
            1 => item(t.var),
            c => format!("{c} * {}", item(t.var)),
        })
        .collect();
    parts.join(" + ")
}

/// The objective expression; per-value weights become arrays `w1, w2, ...`
/// declared in `out` and indexed by the variable.
fn expr_text(model: &Model, expr: &Expr, out: &mut String) -> String {
    let mut parts = vec![expr.constant.to_string()];
    if !expr.linear.is_empty() {
        parts.push(sum_text(&expr.linear));
    }
    for (k, table) in expr.tables.iter().enumerate() {
        let domain = &model.var(table.var).domain;
        let (lo, hi) = (domain.min().unwrap_or(0), domain.max().unwrap_or(0));
        let weights: Vec<String> = (lo..=hi).map(|v| table.weight(v).to_string()).collect();
        let _ = writeln!(
            out,
            "array[{lo}..{hi}] of int: w{k} = array1d({lo}..{hi}, [{}]); % {}",
            weights.join(", "),
            model.var(table.var).name
        );
        parts.push(format!("w{k}[{}]", item(table.var)));
    }
    parts.join(" + ")
}
