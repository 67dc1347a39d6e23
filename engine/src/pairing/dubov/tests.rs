//! Hand-worked cases on a group built directly: players with the ratings, AROs and due
//! colours each article looks at. Players are numbered from 1 in the order given.
use crate::model::color::Color;
use crate::model::history::Aro;
use crate::model::ids::Tpn;
use crate::model::points::Points;
use crate::pairing::dubov::colours::colour;
use crate::pairing::dubov::definitions::name_prefix;
use crate::pairing::dubov::definitions::ColoursBy;
use crate::pairing::dubov::definitions::Ctx;
use crate::pairing::dubov::definitions::Dp;
use crate::pairing::dubov::definitions::Made;
use crate::pairing::dubov::improvements::pair_group;
use crate::pairing::dubov::score_groups::procedure;
use crate::pairing::index::Barred;
use crate::pairing::index::IxVec;
use crate::pairing::index::PlayerIx;

struct P {
    rating: u16,
    aro: (u64, u64),
    due: Option<Color>,
    score: i32,
}

fn p(rating: u16, aro: (u64, u64), due: Option<Color>, score: i32) -> P {
    P {
        rating,
        aro,
        due,
        score,
    }
}

const W: Option<Color> = Some(Color::White);
const B: Option<Color> = Some(Color::Black);

fn ctx(players: &[P], met: &[(usize, usize)]) -> Ctx<'static> {
    let pairs: Vec<(PlayerIx, PlayerIx)> =
        met.iter().map(|&(a, b)| (ix(a - 1), ix(b - 1))).collect();
    let m = Barred::from_pairs(players.len(), &pairs);
    Ctx {
        players: players
            .iter()
            .enumerate()
            .map(|(i, x)| Dp {
                tpn: Tpn::from_index(i),
                name: Box::leak(format!("Player {i:02}").into_boxed_str()),
                score: Points::from_tenths(x.score * 10),
                rating: x.rating,
                aro: Aro {
                    sum: x.aro.0,
                    games: x.aro.1,
                },
                due: x.due,
                must: None,
                // One game, with the colour opposite to the due one.
                colors: x.due.map(|c| vec![c.opposite()]).unwrap_or_default(),
                ups: 0,
                up_last: false,
                unplayed_point: false,
                floater: false,
                floated_before: false,
            })
            .collect(),
        met: m,
        last_round: false,
        up_limit: 3,
        relax_up: false,
        up_exempt: IxVec::default(),
    }
}

/// Pairs as 1-based numbers, the white-column (or first) player first.
fn numbered(pairs: &[Made]) -> Vec<(usize, usize)> {
    pairs
        .iter()
        .map(|m| (m.a.get() + 1, m.b.get() + 1))
        .collect()
}

/// The player at index `i` of the procedure's list.
fn ix(i: usize) -> PlayerIx {
    PlayerIx::new(i)
}

/// The players at `indices` of the procedure's list.
fn ids(indices: &[usize]) -> Vec<PlayerIx> {
    indices.iter().copied().map(PlayerIx::new).collect()
}

/// The first `n` players of the procedure's list.
fn first(n: usize) -> Vec<PlayerIx> {
    (0..n).map(PlayerIx::new).collect()
}

/// 6.2's example: whites by increasing ARO (2310.0, 2318.4, 2322.3, 2333.7, 2340.5,
/// 2344.6), blacks by decreasing R (2380, 2365, 2300, 2280, 2260, 2250), paired row by row;
/// given in a shuffled order.
#[test]
fn dubov_6_2_the_two_columns() {
    let players = [
        p(2250, (0, 0), B, 1),      // 1: black, R 2250
        p(2200, (23337, 10), W, 1), // 2: white, ARO 2333.7
        p(2365, (0, 0), B, 1),      // 3: black, R 2365
        p(2200, (4620, 2), W, 1),   // 4: white, ARO 2310.0
        p(2280, (0, 0), B, 1),      // 5: black, R 2280
        p(2200, (11723, 5), W, 1),  // 6: white, ARO 2344.6
        p(2380, (0, 0), B, 1),      // 7: black, R 2380
        p(2200, (11592, 5), W, 1),  // 8: white, ARO 2318.4
        p(2260, (0, 0), B, 1),      // 9: black, R 2260
        p(2200, (4681, 2), W, 1),   // 10: white, ARO 2340.5
        p(2300, (0, 0), B, 1),      // 11: black, R 2300
        p(2200, (23223, 10), W, 1), // 12: white, ARO 2322.3
    ];
    let cx = ctx(&players, &[]);
    let group = first(12);
    let mut lines = Vec::new();
    let (pairs, left) = pair_group(&cx, &group, &[], &mut lines);
    assert!(left.is_empty());
    assert_eq!(
        numbered(&pairs),
        vec![(4, 7), (8, 3), (12, 11), (2, 5), (10, 9), (6, 1)]
    );
    assert!(
        pairs.iter().all(|p| p.colours == ColoursBy::WhiteColumn),
        "the white column has White"
    );
    let text = crate::pairing::explanation::to_text(&lines);
    assert!(
        lines.iter().any(|l| l.says("6.2", "white (ARO): 4 Player 03 (2310.000), 8 Player 07 (2318.400), 12 Player 11 (2322.300), 2 Player 01 (2333.700), 10 Player 09 (2340.500), 6 Player 05 (2344.600)")),
        "{text}"
    );
    assert!(
        lines.iter().any(|l| l.says(
            "6.2",
            "black (R): 7 Player 06 (2380), 3 Player 02 (2365), 11 Player 10 (2300), 5 Player 04 (2280), 9 Player 08 (2260), 1 Player 00 (2250)"
        )),
        "{text}"
    );
}

fn columns(met: &[(usize, usize)]) -> Vec<(usize, usize)> {
    // Whites 1-4 by ARO (1 lowest), blacks 5-8 by R (5 highest).
    let players = [
        p(2000, (2000, 1), W, 1),
        p(2000, (2100, 1), W, 1),
        p(2000, (2200, 1), W, 1),
        p(2000, (2300, 1), W, 1),
        p(2400, (0, 0), B, 1),
        p(2300, (0, 0), B, 1),
        p(2200, (0, 0), B, 1),
        p(2100, (0, 0), B, 1),
    ];
    let cx = ctx(&players, met);
    let mut lines = Vec::new();
    let (pairs, left) = pair_group(&cx, &first(8), &[], &mut lines);
    assert!(left.is_empty());
    numbered(&pairs)
}

/// 6.3: white 1 has played black 5: he takes the first black of the lower rows he has
/// not played, 6, and row 2 goes on with the first black left, 5.
#[test]
fn dubov_6_3_the_first_black_not_played_from_the_lower_rows() {
    assert_eq!(columns(&[(1, 5)]), vec![(1, 6), (2, 5), (3, 7), (4, 8)]);
}

/// 6.3, the text's order of changes: 3 and 4 have both played 7. Row 1: 1-5; row 2: 2-6;
/// row 3: 3 has played 7, so the first black below he has not played, 8: 3-8. Row 4: the
/// only black left, 7, has played 4: the row above is changed first, but 3 can take no
/// other black left (only 7); so row 2: 2 takes 7, 4 takes 6. Row 3 is not changed and
/// keeps 3-8. (The first complete assignment row by row, the earlier reading, would give
/// 1-5, 2-7, 3-6, 4-8, rewriting row 3, which the text leaves alone.)
#[test]
fn dubov_6_3_a_row_not_changed_keeps_its_pair() {
    assert_eq!(
        columns(&[(3, 7), (4, 7)]),
        vec![(1, 5), (2, 7), (3, 8), (4, 6)]
    );
}

/// 6.3: a meeting in the last row changes the last but one: 3-8, 4-7.
#[test]
fn dubov_6_3_a_meeting_in_the_last_row_changes_the_row_above() {
    assert_eq!(columns(&[(4, 8)]), vec![(1, 5), (2, 6), (3, 8), (4, 7)]);
}

/// 6.3: row 3's white has played both blacks left below (7 and 8 after 5, 6 went to rows
/// 1 and 2): row 2 is changed (2-7), and row 3 takes 6.
#[test]
fn dubov_6_3_rows_above_are_changed_when_the_lower_rows_are_used_up() {
    assert_eq!(
        columns(&[(3, 7), (3, 8)]),
        vec![(1, 5), (2, 7), (3, 6), (4, 8)]
    );
}

/// 7.3: six whites and two blacks: two whites with the lowest ARO (1 and 2) move to the
/// black group. Then whites 3-6 by ARO, blacks 7, 8 (R 2400, 2300) then 2, 1 (R 2000,
/// equal: the higher ARO first).
#[test]
fn dubov_7_3_whites_with_the_lowest_aro_become_black() {
    let players = [
        p(2000, (2000, 1), W, 1),
        p(2000, (2050, 1), W, 1),
        p(2000, (2100, 1), W, 1),
        p(2000, (2200, 1), W, 1),
        p(2000, (2300, 1), W, 1),
        p(2000, (2400, 1), W, 1),
        p(2400, (0, 0), B, 1),
        p(2300, (0, 0), B, 1),
    ];
    let cx = ctx(&players, &[]);
    let mut lines = Vec::new();
    let (pairs, _) = pair_group(&cx, &first(8), &[], &mut lines);
    assert!(
        lines.iter().any(|l| l.says(
            "7.3",
            "moved to the black subgroup (lowest ARO): 1 Player 00, 2 Player 01"
        )),
        "{lines:?}"
    );
    assert_eq!(numbered(&pairs), vec![(3, 7), (4, 8), (5, 2), (6, 1)]);
}

/// 7.4: the other way: blacks with the highest ARO become white.
#[test]
fn dubov_7_4_blacks_with_the_highest_aro_become_white() {
    let players = [
        p(2000, (2000, 1), W, 1),
        p(2400, (2000, 1), B, 1),
        p(2300, (2500, 1), B, 1),
        p(2200, (2100, 1), B, 1),
    ];
    let cx = ctx(&players, &[]);
    let mut lines = Vec::new();
    let (pairs, _) = pair_group(&cx, &first(4), &[], &mut lines);
    // 3 has the highest ARO among the blacks: white. Whites by ARO: 1 (2000), 3 (2500);
    // blacks by R: 2 (2400), 4 (2200).
    assert_eq!(numbered(&pairs), vec![(1, 2), (3, 4)]);
}

/// 2.6: a white who must not have Black (2.3/2.4) is not moved by 7.3; the next lowest ARO
/// is.
#[test]
fn dubov_2_6_no_transfer_against_2_3_or_2_4() {
    let players = [
        p(2000, (2000, 1), W, 1),
        p(2000, (2100, 1), W, 1),
        p(2000, (2200, 1), W, 1),
        p(2400, (0, 0), B, 1),
    ];
    let mut cx = ctx(&players, &[]);
    cx.players[ix(0)].must = Some(Color::White);
    let mut lines = Vec::new();
    let (pairs, _) = pair_group(&cx, &first(4), &[], &mut lines);
    assert!(
        lines.iter().any(|l| l.says(
            "7.3",
            "moved to the black subgroup (lowest ARO): 2 Player 01."
        )),
        "{lines:?}"
    );
    assert_eq!(numbered(&pairs), vec![(1, 4), (3, 2)]);
}

/// 4 and 2.2: the lowest R gets the bye, unless he has had a point without playing.
#[test]
fn dubov_4_2_2_the_bye() {
    let players = [
        p(2300, (0, 0), W, 0),
        p(2200, (0, 0), B, 0),
        p(2100, (0, 0), W, 0),
    ];
    let mut cx = ctx(&players, &[]);
    let (_, bye, _) = procedure(&mut cx.clone(), &[ids(&[0, 1, 2])]).unwrap();
    assert_eq!(bye, Some(ix(2)));
    cx.players[ix(2)].unplayed_point = true;
    let (_, bye, _) = procedure(&mut cx, &[ids(&[0, 1, 2])]).unwrap();
    assert_eq!(bye, Some(ix(1)));
}

/// 7.2 with 2.5: an odd group takes, from the next group, the player due the colour
/// opposite to the group's dominating one (Black: two of three are due White), then the
/// highest R; one who upfloated last round may not be taken (2.5).
#[test]
fn dubov_7_2_2_5_the_odd_group_takes_a_player_from_below() {
    let players = [
        p(2400, (0, 0), W, 2),
        p(2300, (0, 0), W, 2),
        p(2200, (0, 0), B, 2),
        p(2350, (0, 0), W, 1), // due White: not the colour wanted
        p(2250, (0, 0), B, 1), // due Black, the highest R of those
        p(2150, (0, 0), B, 1),
        p(2100, (0, 0), W, 1),
        p(2000, (0, 0), B, 1),
    ];
    let groups = vec![ids(&[0, 1, 2]), ids(&[3, 4, 5, 6, 7])];
    let (pairs, _, lines) = procedure(&mut ctx(&players, &[]), &groups).unwrap();
    assert!(
        lines.iter().any(|l| l.says("7.2", "the group is odd; 5 ")),
        "{lines:?}"
    );
    assert!(numbered(&pairs)
        .iter()
        .any(|&(a, b)| a.min(b) <= 3 && a.max(b) == 5));
    let mut cx = ctx(&players, &[]);
    cx.players[ix(4)].up_last = true;
    let (_, _, lines) = procedure(&mut cx, &groups).unwrap();
    assert!(
        lines.iter().any(|l| l.says("7.2", "the group is odd; 6 ")),
        "{lines:?}"
    );
}

/// 7.1: a player who has met everyone in his group gets a player transferred up to play
/// him: one who has not met him, due the opposite colour, the highest R.
#[test]
fn dubov_7_1_a_player_who_has_met_his_whole_group() {
    let players = [
        p(2400, (0, 0), W, 2),
        p(2300, (0, 0), B, 2),
        p(2200, (0, 0), W, 2),
        p(2350, (0, 0), W, 1),
        p(2250, (0, 0), B, 1),
        p(2150, (0, 0), B, 1),
        p(2100, (0, 0), W, 1),
        p(2000, (0, 0), B, 1),
    ];
    // 1 has met 2 and 3.
    let groups = vec![ids(&[0, 1, 2]), ids(&[3, 4, 5, 6, 7])];
    let (pairs, _, lines) = procedure(&mut ctx(&players, &[(1, 2), (1, 3)]), &groups).unwrap();
    assert!(
        lines
            .iter()
            .any(|l| l.says("7.1", "1 Player 00 can play no one")),
        "{lines:?}"
    );
    assert!(numbered(&pairs).contains(&(1, 5)), "{pairs:?}");
    assert!(numbered(&pairs).contains(&(3, 2)) || numbered(&pairs).contains(&(2, 3)));
}

/// 6.4, 8.1 and 8.2: in the top group, 1, 2 and 3 must have White (2.3/2.4) and 4 is
/// due Black: only one pair. The white column (6.2: equal AROs, the lower R first) is
/// 3, 2, 1: the pair nearest the columns' order is 3-4, and 2 and 1 float down (6.4, all
/// alike by its preferences). Below, 8.1 orders the "white" floaters the same way: 2
/// first, then 1. 8.2: 2 takes the highest R due Black, 5 (R 2350); 1 the next, 7. The rest
/// of the group, 6 and 8, both due White: 7.3 moves 6 (equal ARO, the higher R) to Black.
#[test]
fn dubov_6_4_8_1_8_2_floaters_are_paired_first() {
    let players = [
        p(2400, (0, 0), W, 3),
        p(2300, (0, 0), W, 3),
        p(2200, (0, 0), W, 3),
        p(2100, (0, 0), B, 3),
        p(2350, (0, 0), B, 1),
        p(2250, (0, 0), W, 1),
        p(2150, (0, 0), B, 1),
        p(2100, (0, 0), W, 1),
    ];
    let mut cx = ctx(&players, &[]);
    for i in 0..3 {
        cx.players[ix(i)].must = Some(Color::White);
    }
    let groups = vec![ids(&[0, 1, 2, 3]), ids(&[4, 5, 6, 7])];
    let (pairs, _, lines) = procedure(&mut cx, &groups).unwrap();
    let text = crate::pairing::explanation::to_text(&lines);
    assert!(
        text.contains("6.4: floating down: 2 Player 01, 1 Player 00."),
        "{text}"
    );
    assert_eq!(
        numbered(&pairs),
        vec![(3, 4), (2, 5), (1, 7), (8, 6)],
        "{text}"
    );
}

/// 6.3's last case, row by row: whites 1, 2, 3 (AROs 2300, 2310, 2320), blacks 4, 5, 6
/// (R 2400, 2390, 2380); 2 has met every black. No white-black pairing exists; the most
/// white-black pairs is two, and two pairings have them at the same distance from the
/// columns: 1-4, 2-3, 5-6 and 2-1, 3-6, 4-5. Row by row, 1 takes the first black, 4;
/// then 2, who has met every black, the next white, 3 (6.3); the blacks left play.
#[test]
fn dubov_6_3_the_last_case_goes_row_by_row() {
    let players = [
        p(2200, (2300, 1), W, 1),
        p(2190, (2310, 1), W, 1),
        p(2180, (2320, 1), W, 1),
        p(2400, (0, 0), B, 1),
        p(2390, (0, 0), B, 1),
        p(2380, (0, 0), B, 1),
    ];
    let mut cx = ctx(&players, &[(2, 4), (2, 5), (2, 6)]);
    let (pairs, _, lines) = procedure(&mut cx, &[ids(&[0, 1, 2, 3, 4, 5])]).unwrap();
    assert_eq!(numbered(&pairs), vec![(1, 4), (2, 3), (5, 6)], "{lines:?}");
}

/// 6.3's last case in a large group: 150 whites, 150 blacks, every white has met the
/// first two blacks and the first white every black. Every player is still paired (the
/// most pairs), within 2.1, and the white rows take blacks wherever they can; 1 takes the
/// white below him.
#[test]
fn dubov_6_3_the_last_case_in_a_large_group() {
    let n = 150;
    let mut players = Vec::new();
    for i in 0..n {
        players.push(p(2000 + i as u16, (2100 + i as u64, 1), W, 1));
    }
    for i in 0..n {
        players.push(p(2500 - i as u16, (0, 0), B, 1));
    }
    let mut met = Vec::new();
    for w in 1..=n {
        met.push((w, n + 1));
        met.push((w, n + 2));
    }
    for b in n + 3..=2 * n {
        met.push((1, b));
    }
    let mut cx = ctx(&players, &met);
    let all = first(2 * n);
    let (pairs, _, lines) = procedure(&mut cx, &[all]).unwrap();
    assert_eq!(pairs.len(), n, "{lines:?}");
    for &Made { a, b, .. } in &pairs {
        assert!(cx.pair_ok(a, b));
    }
    // 1 with the next white, 2 (6.3); the two blacks everyone met together; the other
    // 148 whites with the other 148 blacks.
    let cross = pairs
        .iter()
        .filter(|m| (m.a.get() < n) != (m.b.get() < n))
        .count();
    assert_eq!(cross, n - 2, "{lines:?}");
    assert!(numbered(&pairs).contains(&(1, 2)), "{lines:?}");
    assert!(numbered(&pairs).contains(&(n + 1, n + 2)), "{lines:?}");
}

/// 3: colours: both due colours; then equalising; then alternating from the first
/// difference; then White to the higher ARO; then to the lower R.
#[test]
fn dubov_3_colour_allocation() {
    let players = [p(2300, (2000, 1), W, 1), p(2200, (2100, 1), B, 1)];
    let mut cx = ctx(&players, &[]);
    assert_eq!(
        colour(&cx, ix(0), ix(1), 0, Color::White),
        (true, ("3", "both due colours"))
    );
    // Both due White; 1 has had more Black: he gets White (equalising).
    cx.players[ix(1)].due = W;
    cx.players[ix(0)].colors = vec![Color::Black, Color::Black, Color::White];
    cx.players[ix(1)].colors = vec![Color::White, Color::Black];
    assert!(colour(&cx, ix(0), ix(1), 0, Color::White).0);
    // Equal balance, histories differ first in the previous round: alternate.
    cx.players[ix(0)].colors = vec![Color::White, Color::Black];
    cx.players[ix(1)].colors = vec![Color::Black, Color::White];
    // (1 had Black in the previous round, 2 White: 1 now White.)
    assert_eq!(
        colour(&cx, ix(0), ix(1), 0, Color::White),
        (true, ("3", "alternating from the first difference"))
    );
    // The same histories: White to the higher ARO (2).
    cx.players[ix(1)].colors = cx.players[ix(0)].colors.clone();
    assert_eq!(
        colour(&cx, ix(0), ix(1), 0, Color::White),
        (false, ("3", "White to the higher ARO"))
    );
    // The same AROs: White to the lower R (2).
    cx.players[ix(1)].aro.sum = 2000;
    assert_eq!(
        colour(&cx, ix(0), ix(1), 0, Color::White),
        (false, ("3", "White to the lower R"))
    );
}

/// 6.2 and 7.3/7.4 order by name last but one: the number a name's first eight bytes make
/// (`name_prefix`, in the sorts' keys) orders two names as the names are wherever the
/// numbers differ. Names equal in their first eight bytes, one a prefix of the other, of
/// other scripts, and empty.
#[test]
fn dubov_6_2_a_name_prefix_orders_names_as_they_are() {
    let names = [
        "",
        "A",
        "Aa",
        "Ab",
        "Abrahamsen",
        "Abrahamsen,Anna",
        "Abrahamsen,Bo",
        "Abrahams",
        "abrahamsen",
        "Zz",
        "Øberg",
        "Ölz",
        "Ölzer",
        "Шахматов",
        "Шахматова",
        "王",
        "A\u{0}",
    ];
    let (mut decided, mut left) = (0, 0);
    for a in names {
        for b in names {
            let (pa, pb) = (name_prefix(a), name_prefix(b));
            if pa != pb {
                assert_eq!(pa.cmp(&pb), a.cmp(b), "{a:?} and {b:?}");
                decided += 1;
            } else if a != b {
                // Left to the whole names: "Abrahamsen" and "Abrahamsen,Anna", "A" and "A\0".
                left += 1;
            }
        }
    }
    assert!(decided > 200, "{decided} decided by the prefix");
    assert!(left >= 4, "{left} left to the names");
}
