//! Round-robins (C.05 Annex 1) held to FIDE's calculator, Gacrux (`../shared/reference/
//! round-robin`): its Berger tables for 3 to 24 players, and its tie-breaks (PTS SB DE KS WIN
//! in its round-robin mode) on 50 round-robins with forfeits, byes and withdrawals.

use engine::model::ids::RoundNo;
use engine::model::result::{ByeKind, GameResult};
use engine::pairing::round_robin::tables;
use engine::standings::standings;
use engine::System;
use engine::{Color, Points, Tpn};

/// `berger.txt`, or `None` when `../shared` is absent (`missing_from_shared`).
fn berger_txt() -> Option<String> {
    let path = crate::support::shared_dir().join("reference/round-robin/berger.txt");
    match std::fs::read_to_string(&path) {
        Ok(text) => Some(text),
        Err(_) => crate::support::missing_from_shared(
            &path,
            "the comparison of the Berger tables with FIDE's calculator",
        ),
    }
}

/// C.05 Annex 1: every table of 3 to 24 players, every round, board by board and colour by
/// colour, as the calculator builds it; and the engine pairs each round of a tournament of
/// that many players so.
#[test]
fn annex_1_berger_tables_equal_the_calculators() {
    let Some(text) = berger_txt() else { return };
    let mut compared = 0;
    for block in text.split("\n\n").filter(|b| !b.trim().is_empty()) {
        let mut lines = block.lines();
        let header = lines.next().unwrap();
        let players: u32 = header.split_whitespace().nth(1).unwrap().parse().unwrap();
        let size = tables::table_size(players);
        for line in lines {
            let (round, pairs) = line.split_once(':').unwrap();
            let round: u16 = round.trim().parse().unwrap();
            let theirs: Vec<(u32, u32)> = pairs
                .split_whitespace()
                .map(|p| {
                    let (w, b) = p.split_once('-').unwrap();
                    (w.parse().unwrap(), b.parse().unwrap())
                })
                .collect();
            assert_eq!(
                tables::berger_round(size, round),
                theirs,
                "{players} players, round {round}"
            );
            assert_eq!(tables::event_round(players, 1, round), theirs);
            // The engine's pairing of that round, for a field of that many players.
            let t = field(players, System::RoundRobin, round - 1);
            let p = engine::pairing::pair_next_round(&t, System::RoundRobin).unwrap();
            let ours: Vec<(u32, u32)> = p.pairs.iter().map(|&(w, b)| (w.get(), b.get())).collect();
            let games: Vec<(u32, u32)> = theirs
                .iter()
                .copied()
                .filter(|&(w, b)| w <= players && b <= players)
                .collect();
            assert_eq!(ours, games, "{players} players, round {round}");
            let bye = theirs
                .iter()
                .find_map(|&(w, b)| (w > players).then_some(b).or((b > players).then_some(w)));
            assert_eq!(p.bye.map(|b| b.get()), bye);
            compared += 1;
        }
    }
    assert_eq!(
        compared,
        (3..=24u32)
            .map(|n| u32::from(tables::rounds_per_cycle(n)))
            .sum::<u32>()
    );
}

/// A round-robin of `players` with `played` rounds played (every game drawn).
fn field(players: u32, system: System, played: u16) -> engine::Tournament {
    played_with(players, system, played, |_, _, _| GameResult::DRAW)
}

/// A round-robin of `players` with `played` rounds played, each game's result as `result`
/// (round, white, black by number) says.
fn played_with(
    players: u32,
    system: System,
    played: u16,
    result: impl Fn(u16, u32, u32) -> GameResult,
) -> engine::Tournament {
    let mut settings = engine::Settings::new(system);
    settings.rounds = Some(engine::pairing::round_robin::total_rounds(
        players,
        engine::pairing::round_robin::cycles(system).unwrap(),
    ));
    let mut t = engine::Tournament::new(settings);
    for i in 0..players {
        let mut p = engine::model::player::Player::new(
            engine::Tpn::from_index(i as usize),
            format!("Player {i}"),
        );
        p.rating = Some(2000);
        t.add_player(p).unwrap();
    }
    for r in 0..played {
        let pairing = engine::pairing::pair_next_round(&t, system).unwrap();
        assert_eq!(pairing.round, RoundNo::from_index(r as usize));
        let mut round = pairing.to_round(&t);
        for g in &mut round.pairings {
            let r = result(r + 1, g.white.get(), g.black.get());
            for game in &mut g.games {
                *game = Some(r);
            }
        }
        t.push_round(round).unwrap();
    }
    t
}

/// A value in hundredths: a number or a string of one ("13.00", "1.5", 2).
fn hundredths(v: &serde_json::Value) -> i64 {
    let x = match v {
        serde_json::Value::String(s) => s.trim().parse::<f64>().unwrap(),
        other => other.as_f64().unwrap(),
    };
    (x * 100.0).round() as i64
}

fn our_hundredths(v: engine::standings::Value) -> i64 {
    assert!(v.is_some());
    (v.value * 100 + v.scale / 2 * v.value.signum()) / v.scale
}

/// C.07 for round-robins (the calculator's round-robin mode, "pre-determined" pairings):
/// PTS, SB, DE, KS and WIN of every player of the 50 reference round-robins (4-16 players,
/// odd fields with their rests, forfeits, double forfeits, 17 withdrawals whose games are
/// forfeited), and the places they give: 0 differences.
#[test]
fn c07_round_robin_tiebreaks_equal_the_calculators() {
    let Some(files) = crate::support::reference_archive("round-robin/tournaments.tar.xz") else {
        return;
    };
    let order: Vec<engine::model::tiebreak::Tiebreak> = ["SB", "DE", "KS", "WIN"]
        .iter()
        .map(|c| engine::model::tiebreak::Tiebreak::parse(c).unwrap())
        .collect();
    let mut compared = 0;
    let mut differences = Vec::new();
    for (name, bytes) in files.iter().filter(|(n, _)| n.ends_with(".trf")) {
        let json_name = name.replace(".trf", ".json");
        let (_, json) = files.iter().find(|(n, _)| *n == json_name).unwrap();
        let json: serde_json::Value = serde_json::from_slice(json).unwrap();
        let t = engine::formats::trf::read(&String::from_utf8_lossy(bytes))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(
            t.settings.system.is_some_and(System::is_round_robin),
            "{name} is read as a round-robin"
        );
        let ours = engine::standings::standings(&t, None, &order, 0);
        for c in json["tiebreakResult"]["competitors"].as_array().unwrap() {
            let cid = c["cid"].as_u64().unwrap() as u32;
            let row = ours.rows.iter().find(|r| r.tpn.get() == cid).unwrap();
            let theirs: Vec<i64> = c["tiebreakScore"]
                .as_array()
                .unwrap()
                .iter()
                .map(hundredths)
                .collect();
            let mut mine = vec![i64::from(row.score.tenths()) * 10];
            mine.extend(row.tiebreaks.iter().map(|v| our_hundredths(*v)));
            let rank = c["rank"].as_u64().unwrap() as u32;
            if mine != theirs || row.shared_rank != rank {
                differences.push(format!(
                    "{name} player {cid}: ours place {} {mine:?}, the calculator's place {rank} {theirs:?}",
                    row.shared_rank
                ));
            }
            compared += 1;
        }
    }
    eprintln!(
        "round-robin tie-breaks: {compared} players compared, {} differ",
        differences.len()
    );
    assert!(compared > 400, "only {compared} players compared");
    assert!(differences.is_empty(), "{}", differences.join("\n"));
}

/// The lower number wins every game played over the board.
fn lower_wins(_: u16, w: u32, b: u32) -> GameResult {
    if w < b {
        GameResult::WHITE_WINS
    } else {
        GameResult::BLACK_WINS
    }
}

/// C.05 Annex 1, double round-robin of 4: six rounds, every two players meet twice, once with
/// each colour; the first cycle plays the table's rounds 1, 3, 2 (its last two exchanged),
/// the second the table's 1, 2, 3 with colours reversed.
#[test]
fn annex_1_double_round_robin_of_four() {
    let t = field(4, System::DoubleRoundRobin, 6);
    let rounds: Vec<Vec<(u32, u32)>> = t
        .rounds()
        .iter()
        .map(|r| {
            r.pairings
                .iter()
                .map(|p| (p.white.get(), p.black.get()))
                .collect()
        })
        .collect();
    assert_eq!(
        rounds,
        vec![
            vec![(1, 4), (2, 3)],
            vec![(2, 4), (3, 1)],
            vec![(4, 3), (1, 2)],
            vec![(4, 1), (3, 2)],
            vec![(3, 4), (2, 1)],
            vec![(4, 2), (1, 3)],
        ]
    );
    assert_eq!(
        engine::pairing::pair_next_round(&t, System::DoubleRoundRobin),
        Err(engine::pairing::PairingError::TournamentComplete(6))
    );
}

/// C.05 Annex 1, an odd field: 5 players use the table of 6, the player drawn against 6 rests
/// (no game, no point, `Z`), each player once.
#[test]
fn annex_1_odd_field_rests_once_each() {
    let t = field(5, System::RoundRobin, 5);
    let mut rested = Vec::new();
    for r in t.rounds() {
        assert_eq!(r.pairings.len(), 2);
        assert_eq!(r.byes.len(), 1);
        assert_eq!(r.byes[0].kind, ByeKind::Zero);
        rested.push(r.byes[0].player.get());
    }
    rested.sort_unstable();
    assert_eq!(rested, vec![1, 2, 3, 4, 5]);
    // Four games each, all drawn: 2 points each, the rest none.
    let s = standings(&t, None, &[], 0);
    assert!(s.rows.iter().all(|r| r.score == Points::from_tenths(20)));
}

/// C.07 KS in an odd field: the limit is half of the games a player had, not of the rounds.
/// Five players, numbers 1-5, the lower number wins: 1 has 4, 2 has 3, 3 has 2, 4 has 1. With
/// 4 games each, 2 points is half the maximum: 3 counts as a strong opponent, so 1's KS is
/// 2 (wins over 2 and 3) and 2's is 1 (over 3); counting 5 rounds, 3's 2 points would fall
/// short and 1's KS would be 1.
#[test]
fn c07_koya_limit_in_an_odd_round_robin() {
    let t = played_with(5, System::RoundRobin, 5, lower_wins);
    let ks = engine::model::tiebreak::Tiebreak::parse("KS").unwrap();
    let s = standings(&t, None, &[ks], 0);
    let ks_of = |n: u32| {
        let row = s.rows.iter().find(|r| r.tpn.get() == n).unwrap();
        row.tiebreaks[0].value * 10 / row.tiebreaks[0].scale
    };
    assert_eq!(ks_of(1), 20);
    assert_eq!(ks_of(2), 10);
    assert_eq!(ks_of(3), 0);
}

/// C.05's withdrawal rule, fewer than half of the games played: six players, player 6
/// withdraws after round 2 (2 games of 5 played, his later games lost by forfeit). His results
/// are not counted: the others' points and tie-breaks leave out their games against him, and
/// he is listed last, unranked.
#[test]
fn c05_withdrawal_before_half_the_games_is_not_counted() {
    let mut t = played_with(6, System::RoundRobin, 2, lower_wins);
    t.player_mut(Tpn::from_index(5)).unwrap().withdrawn_from = RoundNo::new(3);
    for r in 3..=5u16 {
        let pairing = engine::pairing::pair_next_round(&t, System::RoundRobin).unwrap();
        let mut round = pairing.to_round(&t);
        for g in &mut round.pairings {
            let res = if g.white.get() == 6 {
                GameResult::forfeit(Color::Black)
            } else if g.black.get() == 6 {
                GameResult::forfeit(Color::White)
            } else {
                lower_wins(r, g.white.get(), g.black.get())
            };
            g.games = vec![Some(res)];
        }
        t.push_round(round).unwrap();
    }
    assert_eq!(engine::standings::annulled(&t), vec![Tpn::from_index(5)]);
    let s = standings(&t, None, &[], 0);
    let last = s.rows.last().unwrap();
    assert_eq!((last.tpn.get(), last.counted), (6, false));
    // Each of 1-5 has its score against 1-5 only: 4, 3, 2, 1, 0.
    for (row, points) in s.rows.iter().zip([40, 30, 20, 10, 0]) {
        assert!(row.counted);
        assert_eq!(row.score, Points::from_tenths(points), "{:?}", row.tpn);
    }
    // As a table, every game counts: 1-5 each beat 6 (over the board or by forfeit).
    let table = engine::standings::standings_of_table(&t, None, &[], 0);
    assert_eq!(table.rows[0].score, Points::from_tenths(50));
}

/// C.05's withdrawal rule, half of the games or more: player 6 withdraws after round 3 (3 of
/// 5 played): his results count, his remaining games lost by forfeit.
#[test]
fn c05_withdrawal_after_half_the_games_counts() {
    let mut t = played_with(6, System::RoundRobin, 3, lower_wins);
    t.player_mut(Tpn::from_index(5)).unwrap().withdrawn_from = RoundNo::new(4);
    for _ in 4..=5u16 {
        let pairing = engine::pairing::pair_next_round(&t, System::RoundRobin).unwrap();
        assert!(pairing
            .explanation
            .iter()
            .any(|s| s.says("C.05", "has withdrawn")));
        let mut round = pairing.to_round(&t);
        for g in &mut round.pairings {
            let res = if g.white.get() == 6 {
                GameResult::forfeit(Color::Black)
            } else if g.black.get() == 6 {
                GameResult::forfeit(Color::White)
            } else {
                lower_wins(0, g.white.get(), g.black.get())
            };
            g.games = vec![Some(res)];
        }
        t.push_round(round).unwrap();
    }
    assert!(engine::standings::annulled(&t).is_empty());
    let s = standings(&t, None, &[], 0);
    assert!(s.rows.iter().all(|r| r.counted));
    assert_eq!(s.rows[0].score, Points::from_tenths(50));
}

/// A round-robin written as TRF and read back: `192 FIDE_ROUNDROBIN`, the rests as `Z`, and
/// a double one told by its rounds; every round re-pairs as it was paired.
#[test]
fn trf_round_robin_written_and_read_back() {
    for (players, system, rounds) in [(5, System::RoundRobin, 5), (4, System::DoubleRoundRobin, 6)]
    {
        let t = played_with(players, system, rounds, lower_wins);
        let text = engine::formats::trf::write(&t);
        assert!(text.contains("192 FIDE_ROUNDROBIN"), "{text}");
        if players % 2 == 1 {
            assert!(text.contains("0000 - Z"), "{text}");
        }
        let back = engine::formats::trf::read(&text).unwrap();
        assert_eq!(back.settings.system, Some(system));
        // TRF has no boards: the same games and rests, in any order.
        let sorted = |t: &engine::Tournament| {
            t.rounds()
                .iter()
                .map(|r| {
                    let mut p = r.pairings.clone();
                    p.sort_by_key(|p| p.white);
                    (p, r.byes.clone())
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(sorted(&back), sorted(&t));
        for (round, outcome) in engine::pairing::check::recheck(&back, system) {
            assert!(
                matches!(outcome, engine::pairing::check::RoundCheck::Same),
                "round {round}: {outcome:?}"
            );
        }
    }
}
