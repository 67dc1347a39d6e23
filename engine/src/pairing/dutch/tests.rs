//! Articles checked on a bracket built directly: players with the preferences, floats
//! and histories the article looks at, all with the same score unless said.
use super::*;

use Color::{Black as Bk, White as Wh};

fn pl(tpn: u32, pref: ColorPreference, colors: &[Color]) -> Pl {
    Pl {
        tpn: Tpn::new(tpn).expect("tpn"),
        score: Points::from_tenths(10),
        pref,
        absolute: match pref {
            ColorPreference::Absolute(c) => Some(c),
            _ => None,
        },
        b2_exempt: false,
        a7c: None,
        flex: false,
        down1: false,
        down2: false,
        up1: false,
        up2: false,
        float_exempt: false,
        can_bye: true,
        colors: colors.to_vec(),
    }
}

fn ctx(players: Vec<Pl>) -> Ctx {
    let met = IxVec::filled(players.len(), Vec::new());
    Ctx {
        players: players.into_iter().collect(),
        met,
    }
}

/// The player at index `i` of the ranking.
fn ix(i: usize) -> PlayerIx {
    PlayerIx::new(i)
}

fn pairs_of(cx: &Ctx) -> Vec<(u32, u32)> {
    let (fast, bye, _) = procedure(cx, &Fast::default()).expect("a pairing");
    let (literal, lbye, _) = procedure(cx, &Literal).expect("a pairing");
    assert_eq!((&fast, bye), (&literal, lbye));
    let mut v: Vec<(u32, u32)> = fast
        .iter()
        .map(|&(a, b)| (cx.players[a].tpn.get(), cx.players[b].tpn.get()))
        .map(|(a, b)| (a.min(b), a.max(b)))
        .collect();
    v.sort_unstable();
    v
}

/// A.7 (c): in an odd round, 1 and 3 have a strong preference for Black because they had
/// a round without a game; 2 prefers Black mildly, 4 White. x = 3 - 2 = 1. Without A.7
/// (c), S1 = 1 2, S2 = 3 4: 1-3 denies one preference, 2-4 none: accepted. With it, 1
/// and 3 are treated as absolute, so 1-3 cannot be: 1-4 and 2-3 (2 denied), with the
/// same number of pairs, so A.7 (c) holds.
#[test]
fn dutch_a7c_strong_preferences_after_a_bye_are_treated_as_absolute() {
    let players = |a7c: bool| {
        let mut v = vec![
            pl(1, ColorPreference::Strong(Bk), &[Wh]),
            pl(2, ColorPreference::Mild(Bk), &[Bk, Wh]),
            pl(3, ColorPreference::Strong(Bk), &[Wh]),
            pl(4, ColorPreference::Mild(Wh), &[Wh, Bk]),
        ];
        if a7c {
            v[0].a7c = Some(Bk);
            v[2].a7c = Some(Bk);
        }
        ctx(v)
    };
    assert_eq!(pairs_of(&players(false)), vec![(1, 3), (2, 4)]);
    assert_eq!(pairs_of(&players(true)), vec![(1, 4), (2, 3)]);
}

/// A.7 (c) gives way when it would leave a player unpaired: 1 and 2 both have it (Black),
/// and there are only two players.
#[test]
fn dutch_a7c_gives_way_rather_than_float() {
    let mut v = vec![
        pl(1, ColorPreference::Strong(Bk), &[Wh]),
        pl(2, ColorPreference::Strong(Bk), &[Wh]),
    ];
    v[0].a7c = Some(Bk);
    v[1].a7c = Some(Bk);
    assert_eq!(pairs_of(&ctx(v)), vec![(1, 2)]);
}

/// D.2 when players must be paired inside S1: 24 players with one score, the top four
/// having met all of S2 (13-24). Every pairing puts the four in two pairs, so no exchange
/// of one player can work (the search starts at two, from the bound a matching gives), and
/// among exchanges of two the smallest difference gives up S1's 3 and 4 (the larger of
/// each pair) for S2's 13 and 14. Then the transposition: 1-3, 2-4, and the rest in order:
/// 5-15 ... 14-24. The literal search, which visits every exchange before it, agrees.
#[test]
fn dutch_d2_c8_players_who_must_meet_inside_s1() {
    let mut cx = ctx((1..=24)
        .map(|i| pl(i, ColorPreference::None, &[]))
        .collect());
    for top in 0..4 {
        for other in 12..24 {
            cx.met[ix(top)].push(ix(other));
            cx.met[ix(other)].push(ix(top));
        }
    }
    for m in cx.met.iter_mut() {
        m.sort_unstable();
    }
    let mut want: Vec<(u32, u32)> = vec![(1, 3), (2, 4)];
    want.extend((5..=14).map(|i| (i, i + 10)));
    assert_eq!(pairs_of(&cx), want);
}

/// A.8 with A.7 (d): of eight players four want White and two Black; two more want White
/// mildly after a round without a game, in an even round. Counted as they are, w = 6 and
/// x = 6 - 4 = 2; counted where they lower x (A.7 d), w = b = 4 and x = 0.
#[test]
fn dutch_a8_a7d_x_with_flexible_preferences() {
    let mut v: Vec<Pl> = (1..=8)
        .map(|i| {
            let c = if i <= 4 { Wh } else { Bk };
            pl(i, ColorPreference::Mild(c), &[c.opposite()])
        })
        .collect();
    v[6].pref = ColorPreference::Mild(Wh);
    v[7].pref = ColorPreference::Mild(Wh);
    let group: Vec<PlayerIx> = (0..8).map(ix).collect();
    assert_eq!(ctx(v.clone()).x_of(&group), 2);
    v[6].flex = true;
    v[7].flex = true;
    assert_eq!(ctx(v).x_of(&group), 0);
}

/// E.2: the stronger preference wins (absolute over strong over mild); E.3: with equal
/// preferences, alternate from the latest round in which the two had different colours,
/// counted from the end (F.3); E.4: otherwise the higher-ranked player's preference.
#[test]
fn dutch_e2_e3_e4_colours() {
    let cx = ctx(vec![
        pl(1, ColorPreference::Mild(Wh), &[Wh, Bk]),
        pl(2, ColorPreference::Strong(Wh), &[Bk]),
        pl(3, ColorPreference::Mild(Wh), &[Bk, Wh, Bk]),
        pl(4, ColorPreference::Mild(Wh), &[Wh, Bk]),
    ]);
    // 1 (mild) against 2 (strong), both White: 2 gets it.
    assert_eq!(higher_color(&cx, ix(0), ix(1), 0, Wh), (Bk, "E.2"));
    // 1 (W B) against 3 (B W B): from the end B/B, W/W, then 1 has no more rounds: no
    // difference (E.3), so the higher-ranked 1 gets his preference (E.4).
    assert_eq!(higher_color(&cx, ix(0), ix(2), 0, Wh), (Wh, "E.4"));
    // 3 (B W B) against 4 (W B): from the end B/B, W/W: again E.4.
    assert_eq!(higher_color(&cx, ix(2), ix(3), 0, Wh), (Wh, "E.4"));
    let cx = ctx(vec![
        pl(1, ColorPreference::Mild(Wh), &[Wh, Bk, Wh, Bk]),
        pl(2, ColorPreference::Mild(Wh), &[Bk, Wh, Wh, Bk]),
    ]);
    // From the end: B/B, W/W, then B/W in round 2: E.3 alternates from it, 1 (Black
    // there) gets White.
    assert_eq!(higher_color(&cx, ix(0), ix(1), 0, Wh), (Wh, "E.3"));
    let cx = ctx(vec![
        pl(1, ColorPreference::Mild(Wh), &[Bk, Wh, Wh, Bk]),
        pl(2, ColorPreference::Mild(Wh), &[Wh, Bk, Wh, Bk]),
    ]);
    assert_eq!(higher_color(&cx, ix(0), ix(1), 0, Wh), (Bk, "E.3"));
}
