//! Grades that are Sudoku Explainer's own: puzzles whose SE rating is
//! published, graded through the facade, each with its exact ER (SE's),
//! our EP and ED, and the technique of its hardest step: one puzzle for
//! each of BUG, Y-cycle (6.6 twice, 6.8), bidirectional cycle,
//! forcing chain (7.1, 7.3), Nishio (7.8), region and cell forcing chains
//! (8.2, 8.4 twice, 8.5: SE's order of trial decides these) and dynamic forcing chain (8.9, 9.0), and of Sukaku
//! Explainer's own techniques: three strong links (5.4; a box among them
//! 5.5; rows and columns 5.6; grouped 5.7, one with a box's two rows),
//! WXYZ-Wing (5.5, 5.6) and VWXYZ-Wing (6.3, 6.4); and puzzles made here
//! and rated by Sukaku Explainer: Nishio (7.7, 7.9) and aligned triplet
//! exclusion (7.5).
//!
//! The puzzles and their ratings: grantm/sudoku-exchange-puzzle-bank,
//! `diabolical.txt` at commit 63957e92bb9f02432c20583443742337f22b49c2
//! (QQWing puzzles rated with Sukaku Explainer), dedicated to the public
//! domain by its author. The hash before each puzzle is dropped.

use sudokit_core::{read_options, read_puzzle, Kit, Rating, Technique};

/// (puzzle, SE's rating, our hardest technique, EP, ED).
const RATED: &[(&str, &str, Technique, &str, &str)] = &[
    (
        "403217905000349000000000000020983050006000800300000004000000000069451320001000400",
        "5.4",
        Technique::ThreeStrongLinks,
        "1.2",
        "1.2",
    ),
    (
        "010000430304008005600043070035000000007010600000000540020350001400200306073000020",
        "5.5",
        Technique::WxyzWing,
        "1.2",
        "1.2",
    ),
    (
        "000080000602000901007090300000956000005401800010000040020000050009010200580000039",
        "5.6",
        Technique::WxyzWing,
        "1.2",
        "1.2",
    ),
    (
        "004108000700000000005307410503010004096000180400050906048501300000000001000403500",
        "5.7",
        Technique::ThreeStrongLinks,
        "1.2",
        "1.2",
    ),
    (
        "000008050200000900018930600900307500005000300002605008007063890004000006030200000",
        "5.5",
        Technique::ThreeStrongLinks,
        "1.2",
        "1.2",
    ),
    (
        "610049200000060000009310008002000080500000007030000900400091300000020000005780096",
        "5.6",
        Technique::ThreeStrongLinks,
        "1.2",
        "1.2",
    ),
    (
        "086030004503400000010700800805000006060000050300000207008004090000008705900070620",
        "5.7",
        Technique::ThreeStrongLinks,
        "1.2",
        "1.2",
    ),
    (
        "003010508056730100000200700900000010200000009030000004002008000007094260405020900",
        "6.3",
        Technique::VwxyzWing,
        "1.2",
        "1.2",
    ),
    (
        "907003002000000000004706801508604200000000000006902407402108300000000000700400906",
        "6.4",
        Technique::VwxyzWing,
        "1.2",
        "1.2",
    ),
    (
        "005080100600407009070000040001000400006000700320060058002040800000825000080010060",
        "5.6",
        Technique::BivalueUniversalGrave,
        "1.2",
        "1.2",
    ),
    (
        "100060000009801004000007130205000040010904070090000305082600000600705800000090003",
        "5.7",
        Technique::BugCommonDigit,
        "1.2",
        "1.2",
    ),
    (
        "000700408050090070107030000003610000604000507000047300000020801020060030806009000",
        "6.6",
        Technique::YCycle,
        "1.2",
        "1.2",
    ),
    (
        "005010800007904500010000040090701050042000610000000000561000284004020100200000003",
        "6.6",
        Technique::YCycle,
        "1.2",
        "1.2",
    ),
    (
        "020008060008500040004067000379000000000000000000000621000970200090002300050800010",
        "6.8",
        Technique::YCycle,
        "1.5",
        "1.5",
    ),
    (
        "602030907000000000090407060003701600064080170200000003050902010001000700000504000",
        "7.0",
        Technique::BidirectionalCycle,
        "1.2",
        "1.2",
    ),
    (
        "007481600000506000300000001800000003930000084001070200029000470000748000000020000",
        "7.1",
        Technique::ForcingChain,
        "1.2",
        "1.2",
    ),
    (
        "002006080400900300090030004800040030005301400040050008500090020009003007020700800",
        "7.3",
        Technique::ForcingChain,
        "1.2",
        "1.2",
    ),
    (
        "300800016000000050607001200000900800090040030005007000004600109010000000820005004",
        "7.8",
        Technique::Nishio,
        "2.6",
        "2.6",
    ),
    (
        "390000082805000403000070000030010070680000095000906000003000800700602009100000004",
        "8.2",
        Technique::RegionForcingChain,
        "1.2",
        "1.2",
    ),
    (
        "900005608060070090402000300600050000090108030000040006006000901040010050801500007",
        "8.4",
        Technique::RegionForcingChain,
        "1.2",
        "1.2",
    ),
    (
        "070368090090000080000407000020000010000275000005080300006000100009050700830020059",
        "8.4",
        Technique::CellForcingChain,
        "1.2",
        "1.2",
    ),
    (
        "000000003008270000500014020710800090000706000090005076050480001000057200400000000",
        "8.5",
        Technique::RegionForcingChain,
        "1.2",
        "1.2",
    ),
    (
        "080001470100060005509400800900000300020000080006000004008002509400030008091600040",
        "8.9",
        Technique::DynamicForcingChain,
        "1.2",
        "1.2",
    ),
    (
        "400090003070050040000407000008000600540000098700000005010020050200070004350608029",
        "9.0",
        Technique::DynamicForcingChain,
        "1.2",
        "1.2",
    ),
];

/// Puzzles made with `sudokit generate` (`--technique nishio -n 16 --seed
/// 5401`, the 3rd and 11th; `--technique "aligned triplet exclusion" -n 6
/// --seed 5402`, the 1st) and rated by Sukaku Explainer (`serate`, its ER):
/// Nishio at 7.7 and 7.9, aligned triplet exclusion at 7.5, ratings the
/// bank above holds too few of to share.
const MADE: &[(&str, &str, Technique, &str, &str)] = &[
    (
        "100007950004500000309000000045700800000050030000609000002100004680000700030000090",
        "7.7",
        Technique::Nishio,
        "1.2",
        "1.2",
    ),
    (
        "000000002000216003005000091900000000600708000381090000006089020200070008010020070",
        "7.9",
        Technique::Nishio,
        "1.2",
        "1.2",
    ),
    (
        "000000000903020005807009020000200060004000080300100000040001007009040600002500018",
        "7.5",
        Technique::AlignedTripletExclusion,
        "1.2",
        "1.2",
    ),
];

#[test]
fn er_ep_and_ed_of_puzzles_whose_se_rating_is_known() {
    let kit = Kit::new("auto").expect("the default engine");
    let shown = |r: Option<Rating>| r.map(|r| r.to_string()).unwrap_or_default();
    let mut graded = Vec::new();
    let mut expected = Vec::new();
    for &(line, se, hardest, ep, ed) in RATED.iter().chain(MADE) {
        let puzzle = read_puzzle(line, &read_options()).expect("a puzzle").puzzle;
        let grade = kit
            .grade(&puzzle)
            .expect("graded")
            .done()
            .expect("one solution, no limit");
        graded.push((
            line,
            shown(grade.rating),
            grade.hardest,
            shown(grade.first_placement),
            shown(grade.first_step),
        ));
        expected.push((
            line,
            se.to_string(),
            Some(hardest),
            ep.to_string(),
            ed.to_string(),
        ));
    }
    assert_eq!(graded, expected);
}
