//! SMT-LIB terms and commands as S-expressions (`sise` trees, the crate
//! Verus's AIR layer also speaks Z3 with), with the few constructors the
//! encodings need.

pub use sise::TreeNode as Term;

/// A symbol, keyword or literal.
pub fn atom(text: impl Into<String>) -> Term {
    Term::Atom(text.into())
}

/// `(head args…)`.
pub fn app(head: &str, args: impl IntoIterator<Item = Term>) -> Term {
    Term::List(std::iter::once(atom(head)).chain(args).collect())
}

/// An integer literal: SMT-LIB has no negative literals, `-5` is `(- 5)`.
pub fn int(value: i64) -> Term {
    if value < 0 {
        app("-", [atom(value.unsigned_abs().to_string())])
    } else {
        atom(value.to_string())
    }
}

/// `(head terms…)` of an associative operator: the one term alone, or
/// `neutral` for none.
pub fn nary(head: &str, mut terms: Vec<Term>, neutral: Term) -> Term {
    match terms.len() {
        0 => neutral,
        1 => terms.pop().expect("one term"),
        _ => app(head, terms),
    }
}

/// `(and …)`, without the wrapper for one conjunct, `true` for none.
pub fn and(terms: Vec<Term>) -> Term {
    nary("and", terms, atom("true"))
}

/// `(or …)`, without the wrapper for one disjunct, `false` for none.
pub fn or(terms: Vec<Term>) -> Term {
    nary("or", terms, atom("false"))
}

/// `(not (= a b))`.
pub fn differ(a: Term, b: Term) -> Term {
    app("not", [app("=", [a, b])])
}

/// One command or term on one line.
pub fn render(term: &Term) -> String {
    let mut text = String::new();
    let style = sise::SerializerStyle {
        line_break: "\n",
        indentation: " ",
    };
    let mut serializer = sise::Serializer::new(style, &mut text);
    sise::serialize_tree(&mut serializer, term, usize::MAX);
    serializer.finish(false);
    text
}

/// Parses one complete response of the solver.
pub fn parse(text: &str) -> Result<Term, String> {
    let mut parser = sise::Parser::new(text);
    let term = sise::parse_tree(&mut parser).map_err(|e| format!("{e:?}"))?;
    parser.finish().map_err(|e| format!("{e:?}"))?;
    Ok(term)
}

/// The integer a value term denotes: `5`, `(- 5)`, `#b0101`, `#x5` or
/// `(_ bv5 4)` (bit-vectors read as unsigned).
pub fn integer_value(term: &Term) -> Option<i64> {
    match term {
        Term::Atom(text) => {
            if let Some(bits) = text.strip_prefix("#b") {
                i64::from_str_radix(bits, 2).ok()
            } else if let Some(hex) = text.strip_prefix("#x") {
                i64::from_str_radix(hex, 16).ok()
            } else {
                text.parse().ok()
            }
        }
        Term::List(items) => match items.as_slice() {
            [Term::Atom(minus), value] if minus == "-" => integer_value(value).map(|v| -v),
            [Term::Atom(underscore), Term::Atom(bv), _width] if underscore == "_" => {
                bv.strip_prefix("bv")?.parse().ok()
            }
            _ => None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terms_render_as_smtlib() {
        let t = app(
            "assert",
            [and(vec![
                app("<=", [int(-3), atom("x")]),
                differ(atom("x"), int(0)),
            ])],
        );
        assert_eq!(render(&t), "(assert (and (<= (- 3) x) (not (= x 0))))");
        assert_eq!(render(&or(vec![])), "false");
    }

    #[test]
    fn values_of_every_form_the_solver_prints() {
        for (text, value) in [
            ("5", 5),
            ("(- 12)", -12),
            ("#b0101", 5),
            ("#x1f", 31),
            ("(_ bv9 4)", 9),
        ] {
            assert_eq!(integer_value(&parse(text).unwrap()), Some(value), "{text}");
        }
        assert_eq!(integer_value(&parse("(f 1)").unwrap()), None);
        assert!(parse("((x 1)").is_err());
    }
}
