use std::fmt;

use serde::Serialize;

use crate::{techniques, Board, Step};

/// A difficulty on the scale of Sudoku Explainer (SE), which puzzle
/// players know: 1.2 for a hidden single in a box up to 9+ for nested
/// forcing chains. Stored in tenths, so `Rating(42)` is 4.2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rating(pub u16);

impl Rating {
    /// The rating of a chain of `links` links whose shortest form rates
    /// `self`: a tenth more past each length of 4, 6, 8, 12, 16, 24, 32 ...
    /// (times 3/2 and 4/3 in turn), the way SE makes longer chains harder.
    pub fn for_length(self, links: usize) -> Rating {
        let (mut reach, mut extra, mut grow_by_half) = (4, 0, true);
        while links > reach {
            extra += 1;
            reach = if grow_by_half {
                reach * 3 / 2
            } else {
                reach * 4 / 3
            };
            grow_by_half = !grow_by_half;
        }
        Rating(self.0 + extra)
    }
}

impl fmt::Display for Rating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.0 / 10, self.0 % 10)
    }
}

impl Serialize for Rating {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_f64(f64::from(self.0) / 10.0)
    }
}

macro_rules! techniques {
    ($($variant:ident => $name:literal, $rating:literal, $find:path;)*) => {
        /// The techniques, in the order the explainer tries them (simplest
        /// first); SE's techniques by base rating, its order of trial (see
        /// [`crate::next_step`]). Each lives in its own file under
        /// `techniques/`, whose doc comment explains it to a student.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum Technique {
            $(
                #[doc = $name]
                $variant,
            )*
            /// Not a technique: where logic runs out, a digit taken from the
            /// solution (found by search), marked as such.
            Guess,
        }

        impl Technique {
            /// Every technique, in the order they are tried ([`Technique::Guess`]
            /// is not among them).
            pub const ALL: &'static [Technique] = &[$(Technique::$variant),*];

            /// Its usual name: "Hidden single", "X-Wing".
            pub fn name(self) -> &'static str {
                match self {
                    $(Technique::$variant => $name,)*
                    Technique::Guess => "Guess",
                }
            }

            /// Its base rating on the SE scale; some instances rate higher.
            pub fn rating(self) -> Rating {
                match self {
                    $(Technique::$variant => Rating($rating),)*
                    Technique::Guess => Rating(100),
                }
            }

            /// The first instance of the technique on `board` that changes it
            /// (never one for [`Technique::Guess`], which is not found on a board).
            pub fn find(self, board: &Board) -> Option<Step> {
                match self {
                    $(Technique::$variant => $find(board),)*
                    Technique::Guess => None,
                }
            }
        }
    };
}

techniques! {
    HiddenSingle => "Hidden single", 12, techniques::hidden_single::find;
    NakedSingle => "Naked single", 23, techniques::naked_single::find;
    CageCombinations => "Cage combinations", 20, techniques::cage_combinations::find;
    LockedCandidates => "Locked candidates", 26, techniques::locked_candidates::find;
    InniesOuties => "Innies and outies", 28, techniques::innies_outies::find;
    NakedPair => "Naked pair", 30, techniques::naked_subset::find_pair;
    XWing => "X-Wing", 32, techniques::fish::find_x_wing;
    HiddenPair => "Hidden pair", 34, techniques::hidden_subset::find_pair;
    NakedTriple => "Naked triple", 36, techniques::naked_subset::find_triple;
    Swordfish => "Swordfish", 38, techniques::fish::find_swordfish;
    HiddenTriple => "Hidden triple", 40, techniques::hidden_subset::find_triple;
    TurbotFish => "Turbot fish", 40, techniques::strong_links::find_two;
    XyWing => "XY-Wing", 42, techniques::xy_wing::find;
    XyzWing => "XYZ-Wing", 44, techniques::xyz_wing::find;
    WWing => "W-Wing", 44, techniques::w_wing::find;
    UniqueRectangle => "Unique rectangle", 45, techniques::unique_rectangle::find;
    UniqueLoop => "Unique loop", 46, techniques::unique_loop::find;
    NakedQuad => "Naked quad", 50, techniques::naked_subset::find_quad;
    Jellyfish => "Jellyfish", 52, techniques::fish::find_jellyfish;
    HiddenQuad => "Hidden quad", 54, techniques::hidden_subset::find_quad;
    ThreeStrongLinks => "Three strong links", 54, techniques::strong_links::find_three;
    WxyzWing => "WXYZ-Wing", 55, techniques::als_wing::find_wxyz;
    BivalueUniversalGrave => "BUG+1", 56, techniques::bug::find;
    BugCommonDigit => "BUG type 2", 57, techniques::bug::find_common_digit;
    BugLockedDigit => "BUG type 4", 57, techniques::bug::find_locked_digit;
    BugNakedSet => "BUG type 3", 58, techniques::bug::find_naked_set;
    VwxyzWing => "VWXYZ-Wing", 62, techniques::als_wing::find_vwxyz;
    AlignedPairExclusion => "Aligned pair exclusion", 62, techniques::aligned_exclusion::find_pair;
    SimpleColouring => "Simple colouring", 62, techniques::simple_colouring::find;
    XChain => "X-chain", 65, techniques::x_chain::find;
    XyChain => "XY-chain", 66, techniques::xy_chain::find;
    XCycle => "Bidirectional X-cycle", 65, techniques::static_chains::find_any;
    YCycle => "Bidirectional Y-cycle", 65, techniques::static_chains::find_y_cycle;
    ForcingXChain => "Forcing X-chain", 66, techniques::static_chains::find_forcing_x_chain;
    BidirectionalCycle => "Bidirectional cycle", 70, techniques::static_chains::find_cycle;
    ForcingChain => "Forcing chain", 70, techniques::static_chains::find_forcing_chain;
    AlignedTripletExclusion => "Aligned triplet exclusion", 75, techniques::aligned_exclusion::find_triplet;
    Nishio => "Nishio", 75, techniques::nishio::find;
    CellForcingChain => "Cell forcing chain", 80, techniques::forcing::find_cell;
    RegionForcingChain => "Region forcing chain", 80, techniques::forcing::find_region;
    DynamicForcingChain => "Dynamic forcing chain", 85, techniques::forcing::find_dynamic;
    DynamicForcingChainPlus => "Dynamic forcing chain plus", 90, techniques::forcing::find_dynamic_plus;
    NestedForcingChain => "Nested forcing chain", 95, techniques::forcing::find_nested;
}

impl Technique {
    /// Whether Sudoku Explainer (SE) rates with this technique. It has
    /// neither W-Wing nor simple colouring: their eliminations come there
    /// later, from X-cycles and chains rated 6.5 and up. Nor X-chains and
    /// XY-chains as such: SE finds them as forcing X-chains and forcing
    /// chains, counted in nodes (see `static_chains.rs`), which rate them
    /// otherwise. The cage techniques stay: SE knows no killers, and they
    /// rate what only they see.
    ///
    /// Region forcing chains are looked for by the cell forcing chains'
    /// search, which follows the same branches once for both; Y-cycles,
    /// forcing X-chains, bidirectional cycles and forcing chains by the
    /// X-cycles' search, which finds the lowest-rated of them all at once
    /// (each bounds the search for the others), as SE does.
    ///
    /// Aligned triplet exclusion (SE 7.5) is looked for at every step that
    /// no chain up to 7.5 solves; its search keeps the last board on which
    /// it found nothing and tries again only the triplets that changed
    /// cells touch (see `aligned_exclusion.rs`).
    pub fn in_se_ladder(self) -> bool {
        !matches!(
            self,
            Technique::WWing
                | Technique::SimpleColouring
                | Technique::XChain
                | Technique::XyChain
                | Technique::YCycle
                | Technique::ForcingXChain
                | Technique::BidirectionalCycle
                | Technique::ForcingChain
                | Technique::RegionForcingChain
        )
    }

    /// The technique whose search finds this one's steps too, and a lower
    /// rated one if there is: the X-cycles' search looks for the whole
    /// family of static chains (Y-cycles, forcing X-chains, bidirectional
    /// cycles, forcing chains), the cell forcing chains' for the region
    /// ones; the unique rectangles' search looks for unique loops too, as
    /// SE's does. After it, this one has nothing better to find.
    pub fn found_with(self) -> Option<Technique> {
        match self {
            Technique::YCycle
            | Technique::ForcingXChain
            | Technique::BidirectionalCycle
            | Technique::ForcingChain => Some(Technique::XCycle),
            Technique::RegionForcingChain => Some(Technique::CellForcingChain),
            Technique::UniqueLoop => Some(Technique::UniqueRectangle),
            _ => None,
        }
    }

    /// The techniques `grade` tries, in order: those of [`Technique::ALL`]
    /// that SE has, so that the hardest step is the one SE would rate.
    pub fn se_ladder() -> Vec<Technique> {
        Technique::ALL
            .iter()
            .copied()
            .filter(|t| t.in_se_ladder())
            .collect()
    }

    /// The technique called `name`, ignoring case, spaces, hyphens and
    /// underscores ("x-wing", "XWing", "hidden_pair").
    pub fn from_name(name: &str) -> Option<Technique> {
        let key = |s: &str| {
            s.chars()
                .filter(|c| c.is_alphanumeric())
                .flat_map(char::to_lowercase)
                .collect::<String>()
        };
        let wanted = key(name);
        Technique::ALL
            .iter()
            .copied()
            .find(|t| key(t.name()) == wanted)
    }
}

impl Serialize for Technique {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn longer_chains_rate_a_tenth_more_past_each_step_of_the_length_series() {
        let base = Rating(65);
        let rated: Vec<u16> = [3, 4, 5, 6, 7, 8, 9, 12, 13, 16, 17, 24, 25]
            .iter()
            .map(|&l| base.for_length(l).0)
            .collect();
        assert_eq!(rated, [65, 65, 66, 66, 67, 67, 68, 68, 69, 69, 70, 70, 71]);
        assert_eq!(base.for_length(5).to_string(), "6.6");
    }

    #[test]
    fn techniques_are_found_by_any_spelling_of_their_name() {
        assert_eq!(Technique::from_name("x-wing"), Some(Technique::XWing));
        assert_eq!(
            Technique::from_name("Hidden_Pair"),
            Some(Technique::HiddenPair)
        );
        assert_eq!(Technique::from_name("XYZWing"), Some(Technique::XyzWing));
        assert_eq!(
            Technique::from_name("sword fish"),
            Some(Technique::Swordfish)
        );
        assert_eq!(Technique::from_name("wing"), None);
    }
}
