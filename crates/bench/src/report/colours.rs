//! One colour per engine, the same in every chart of every run: the hue
//! comes from the engine's family (the spec before its first `:`), the
//! shade from the rest of the spec, so `cp:dom-wdeg` is an orange like `cp`
//! and stays that orange whatever else ran beside it.

use plotters::style::RGBColor;

/// The base colour of each known family (colour-blind safe Okabe–Ito hues).
const FAMILIES: [(&str, RGBColor); 6] = [
    ("fast", RGBColor(0, 114, 178)),
    ("cp", RGBColor(230, 159, 0)),
    ("backtrack", RGBColor(0, 158, 115)),
    ("sat", RGBColor(204, 121, 167)),
    ("z3", RGBColor(213, 94, 0)),
    ("choco", RGBColor(86, 180, 233)),
];

/// The colour of families not listed above: a neutral dark grey-violet.
const OTHER: RGBColor = RGBColor(110, 90, 140);

/// How far a variant's shade moves towards black (negative) or white; any
/// two are at least 0.2 apart, and from the family's own colour (0).
const SHADES: [f64; 6] = [-0.5, 0.45, -0.25, 0.2, -0.7, 0.65];

/// FNV-1a, so a variant's shade does not depend on the Rust version.
fn stable_hash(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

fn shade(base: RGBColor, amount: f64) -> RGBColor {
    let mix = |c: u8| {
        let c = f64::from(c);
        let target = if amount < 0.0 { 0.0 } else { 255.0 };
        (c + (target - c) * amount.abs()).round() as u8
    };
    RGBColor(mix(base.0), mix(base.1), mix(base.2))
}

/// The family of a spec: `cp` for `cp:dom-wdeg`.
pub(crate) fn family(spec: &str) -> &str {
    spec.split(':').next().unwrap_or(spec)
}

/// The colour of one engine spec: its family's colour for the bare family
/// name, a shade of it for a variant.
pub(crate) fn engine_colour(spec: &str) -> RGBColor {
    let family = family(spec);
    let base = FAMILIES
        .iter()
        .find(|(name, _)| *name == family)
        .map_or(OTHER, |(_, colour)| *colour);
    match preferred_shade(spec) {
        None => base,
        Some(pick) => shade(base, SHADES[pick]),
    }
}

/// The shade a variant asks for (`None`: the bare family name).
fn preferred_shade(spec: &str) -> Option<usize> {
    (family(spec) != spec).then(|| stable_hash(spec) as usize % SHADES.len())
}

/// The colours of the engines of one report, in order. A variant whose
/// shade another variant of its family already took in this report takes
/// the next free one, so two lines never look alike.
pub(crate) fn engine_colours(specs: &[&str]) -> Vec<RGBColor> {
    let mut taken: Vec<(&str, usize)> = Vec::new();
    specs
        .iter()
        .map(|spec| {
            let Some(mut pick) = preferred_shade(spec) else {
                return engine_colour(spec);
            };
            let family = family(spec);
            for _ in 0..SHADES.len() {
                if !taken.contains(&(family, pick)) {
                    break;
                }
                pick = (pick + 1) % SHADES.len();
            }
            taken.push((family, pick));
            shade(engine_colour(family), SHADES[pick])
        })
        .collect()
}

/// CSS hex form: `#0072b2`.
pub(crate) fn hex(colour: RGBColor) -> String {
    format!("#{:02x}{:02x}{:02x}", colour.0, colour.1, colour.2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_family_keeps_its_colour_whatever_runs_beside_it() {
        assert_eq!(hex(engine_colour("fast")), "#0072b2");
        assert_eq!(hex(engine_colour("cp")), "#e69f00");
        let alone = engine_colours(&["cp"]);
        let later = engine_colours(&["fast", "backtrack:mrv", "cp"]);
        assert_eq!(alone[0], later[2]);
        assert_eq!(hex(engine_colour("mystery")), "#6e5a8c");
    }

    #[test]
    fn variants_are_shades_of_their_family_and_never_collide() {
        let specs = [
            "cp",
            "cp:input-order:fc",
            "cp:dom-wdeg",
            "cp:first-fail",
            "cp:conflict-history",
        ];
        let colours = engine_colours(&specs);
        for (i, a) in colours.iter().enumerate() {
            for b in &colours[i + 1..] {
                assert_ne!(a, b, "{colours:?}");
            }
        }
        // The same variant gets the same shade in another run.
        assert_eq!(
            engine_colour("cp:dom-wdeg"),
            engine_colours(&["cp:dom-wdeg"])[0]
        );
        assert_ne!(engine_colour("cp:dom-wdeg"), engine_colour("cp"));
    }
}
