//! TRF round trips: real files and the project's fixtures.

use crate::support::{fixture, shared_trf, FIXTURES};
use engine::formats::trf;

/// `text` read with its layout and written back in it.
fn written_back(text: &str, system: Option<engine::System>) -> String {
    let f = trf::read_file(text, system).unwrap_or_else(|e| panic!("{e}\n{text}"));
    trf::write_as(&f.tournament, &f.layout)
}

/// Reading then writing gives back the same bytes (same lines, same line endings).
fn check_round_trip(name: &str, text: &str) {
    let f = trf::read_file(text, None).unwrap_or_else(|e| panic!("{name}: {e}"));
    let out = trf::write_as(&f.tournament, &f.layout);
    for (i, (a, b)) in text.lines().zip(out.lines()).enumerate() {
        assert_eq!(a, b, "{name}: line {} differs", i + 1);
    }
    assert_eq!(text, out, "{name}: the file differs");
}

/// Writing in this program's own layout then reading gives the same tournament.
fn check_canonical(name: &str, text: &str) {
    let t = trf::read(text).unwrap_or_else(|e| panic!("{name}: {e}"));
    let canonical = trf::write(&t);
    let back =
        trf::read(&canonical).unwrap_or_else(|e| panic!("{name} (canonical): {e}\n{canonical}"));
    assert_eq!(t, back, "{name}: the canonical file reads back differently");
    // And the canonical file is itself written back line for line.
    check_round_trip(&format!("{name} (canonical)"), &canonical);
}

#[test]
fn fixtures_round_trip() {
    for name in FIXTURES {
        let text = fixture(name);
        check_round_trip(name, &text);
        check_canonical(name, &text);
    }
}

#[test]
fn real_files_round_trip() {
    for name in [
        "karl-mala-2005.trf",
        "gros-open-2010.trf",
        "lichess-blitz-2020.trf",
    ] {
        // A file missing from `../shared` fails there (`shared_trf`); only `../shared` absent
        // altogether, without `REQUIRE_SHARED=1`, skips the check, saying so.
        let Some(bytes) = shared_trf(name) else {
            return;
        };
        let text = String::from_utf8(bytes).expect("UTF-8");
        check_round_trip(name, &text);
        check_canonical(name, &text);
    }
}

#[test]
fn real_files_read_what_they_say() {
    // Each file missing from `../shared` fails (`shared_trf`); `../shared` absent altogether,
    // without `REQUIRE_SHARED=1`, skips the test, saying so.
    let (Some(karl_mala), Some(gros), Some(lichess)) = (
        shared_trf("karl-mala-2005.trf"),
        shared_trf("gros-open-2010.trf"),
        shared_trf("lichess-blitz-2020.trf"),
    ) else {
        return;
    };
    {
        let bytes = karl_mala;
        let t = trf::read_bytes(&bytes).expect("reads");
        assert_eq!(t.players().len(), 284);
        assert_eq!(t.rounds().len(), 7);
        let p1 = t.player(engine::Tpn::new(1).unwrap()).unwrap();
        assert_eq!(p1.name, "Vasquez,Rodrigo");
        assert_eq!(p1.rating, Some(2558));
        assert_eq!(p1.title, Some(engine::model::player::Title::Gm)); // written "g"
                                                                      // Player 13 lost round 1 by forfeit (153 - -) and played no more.
        let r1 = t.round(engine::RoundNo::FIRST).unwrap();
        let (pairing, _) = r1.pairing_of(engine::Tpn::new(13).unwrap()).unwrap();
        assert!(!pairing.is_played());
    }
    {
        let bytes = gros;
        let t = trf::read_bytes(&bytes).expect("reads");
        assert_eq!(t.settings.rounds, Some(9));
        assert_eq!(t.settings.initial_color, Some(engine::Color::White));
        // XXZ: 22, 28 and 43 are absent in round 5.
        let absent = &t.requested_byes[&engine::RoundNo::new(5).unwrap()];
        assert_eq!(
            absent.keys().map(|t| t.get()).collect::<Vec<_>>(),
            vec![22, 28, 43]
        );
        assert_eq!(t.players().len(), 52);
    }
    {
        let bytes = lichess;
        let t = trf::read_bytes(&bytes).expect("reads");
        assert_eq!(t.settings.initial_color, Some(engine::Color::Black));
        assert_eq!(t.rounds().len(), 9);
        assert!(t.rounds().iter().all(|r| r.byes.len() == 1));
    }
}

#[test]
fn fixtures_read_what_they_say() {
    use engine::model::result::ByeKind;
    use engine::{RoundNo, System, Tpn};
    let t = trf::read(&fixture("open-30.trf")).unwrap();
    assert_eq!(t.settings.system, Some(System::Dubov));
    assert_eq!(t.settings.rounds, Some(8)); // 142
    assert_eq!(t.settings.initial_color, Some(engine::Color::Black)); // 152 B
    let r8 = &t.requested_byes[&RoundNo::new(8).unwrap()];
    assert_eq!(r8.get(&Tpn::new(5).unwrap()), Some(&ByeKind::Half)); // 240 H
    assert_eq!(r8.get(&Tpn::new(21).unwrap()), Some(&ByeKind::Zero)); // 240 Z
    assert_eq!(t.forbidden.len(), 1); // 260
    assert_eq!(
        t.player(Tpn::new(25).unwrap()).unwrap().withdrawn_from,
        RoundNo::new(5)
    ); // XXW
       // Late entries have nothing in round 1.
    let late = Tpn::new(29).unwrap();
    assert!(t.round(RoundNo::FIRST).unwrap().pairing_of(late).is_none());

    let ds = trf::read(&fixture("double-swiss-11.trf")).unwrap();
    assert_eq!(ds.settings.system, Some(System::DoubleSwiss));
    assert_eq!(ds.rounds().len(), 4, "8 game columns are 4 matches");
    let r4 = ds.round(RoundNo::new(4).unwrap()).unwrap();
    let (m, _) = r4.pairing_of(Tpn::new(8).unwrap()).unwrap();
    assert_eq!(m.games.len(), 2);
    assert!(
        m.games.iter().flatten().any(|g| !g.is_mirrored()),
        "the ½-0 game"
    );
    // The pairing-allocated bye of a match is worth 1½, counted once.
    let scores = engine::model::history::scores(&ds);
    assert_eq!(scores[10].tenths(), 40); // player 11: bye 1½ + 0 + 1 + 1½
}

#[test]
fn generated_round_one_round_trips() {
    use engine::pairing::generate::{generate, GenerateConfig};
    use engine::System;
    // Read as one of its system's: a file of the 1992 Dutch says only FIDE_DUTCH.
    for system in System::ALL {
        for players in [2, 7, 30, 101] {
            let t = generate(GenerateConfig {
                system,
                players,
                rounds: 1,
                seed: 7,
            })
            .unwrap();
            let text = trf::write(&t);
            let back = trf::read_as(&text, Some(system)).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(t, back, "{} {players}", system.name());
            check_round_trip("generated", &text);
        }
    }
}

/// bbpPairings' BB lines and TRF-2026's 162 give the point values the points column is checked
/// against: here 3 for a win and 1 for a draw.
#[test]
fn point_value_records() {
    let line = |tpn: u32, name: &str, points: &str, rounds: &str| {
        format!("001 {tpn:>4}      {name:<33} 2000 GER     1234567 1990/01/01 {points:>4}     {rounds}\n")
    };
    let players = |a: &str, b: &str| {
        line(1, "A", a, "     2 w 1     2 b =") + &line(2, "B", b, "     1 b 0     1 w =")
    };
    for head in ["BBW 3.0\nBBD 1.0\n", "162  W 3.0    D 1.0\n"] {
        let text = format!("012 Points\n{head}{}", players("4.0", "1.0"));
        let t = trf::read(&text).unwrap_or_else(|e| panic!("{head}: {e}"));
        assert_eq!(
            t.settings.points.win,
            engine::Points::from_tenths(30),
            "{head}"
        );
        assert_eq!(
            t.settings.points.pairing_bye,
            engine::Points::from_tenths(30),
            "{head}: the bye follows the win"
        );
        assert_eq!(
            written_back(&text, None),
            text,
            "{head}: written back as it was"
        );
        // With the default values the same results disagree with the points column.
        let wrong = format!("012 Points\n{}", players("4.0", "1.0"));
        assert!(trf::read(&wrong).is_err());
    }
}

/// Absences in the round to pair travel between engines: a file this program writes (requested
/// byes of each kind, a player withdrawn) makes bbpPairings pair exactly the players this
/// program pairs; and a file in bbpPairings' own form (CR line endings, no XXR of its own,
/// absences written in the round's column) is read with the same players absent.
#[test]
fn trf_absences_in_the_round_to_pair_travel_between_engines() {
    use engine::model::result::ByeKind;
    use engine::{RoundNo, System, Tpn};
    let Some(bbp) = crate::support::bbp_pairings() else {
        return;
    };
    let (mut t, _) =
        engine::pairing::generate::generate_partial(engine::pairing::generate::GenerateConfig {
            system: System::Dutch1992,
            players: 20,
            rounds: 3,
            seed: 7,
        });
    t.settings.rounds = Some(6);
    let plain = t.clone();
    let next = RoundNo::new(4).unwrap();
    let tpn = |n: u32| Tpn::new(n).unwrap();
    for (p, kind) in [(2, ByeKind::Half), (7, ByeKind::Zero), (11, ByeKind::Full)] {
        t.requested_byes
            .entry(next)
            .or_default()
            .insert(tpn(p), kind);
    }
    if let Some(p) = t.player_mut(tpn(5)) {
        p.withdrawn_from = Some(next);
    }
    let ours: std::collections::BTreeSet<u32> =
        t.available_players(next).iter().map(|p| p.get()).collect();
    assert_eq!(ours.len(), 16);
    let text = trf::write(&t);
    assert_eq!(
        crate::support::bbp_paired_players(&bbp, &text),
        ours,
        "{text}"
    );
    // Read back: the same absences, and the same file.
    let again = trf::read(&text).unwrap();
    let back: std::collections::BTreeSet<u32> = again
        .available_players(next)
        .iter()
        .map(|p| p.get())
        .collect();
    assert_eq!(back, ours);
    assert_eq!(written_back(&text, None), text);

    // The reverse: bbpPairings' form, absences written in round 4's column.
    let mut lines: Vec<String> = trf::write(&plain)
        .lines()
        .filter(|l| !l.starts_with("XXR"))
        .map(str::to_string)
        .collect();
    for l in &mut lines {
        if l.starts_with("001") {
            let n: u32 = l[4..8].trim().parse().unwrap();
            let cell = match n {
                3 => "0000 - H",
                9 | 5 => "0000 - Z",
                _ => continue,
            };
            let mut padded = format!("{l:<119}");
            padded.truncate(119);
            *l = format!("{padded}  {cell}");
        }
    }
    let theirs = lines.join("\r") + "\r";
    let read = trf::read(&theirs).unwrap_or_else(|e| panic!("{e}\n{theirs}"));
    // bbpPairings reads no XXR from a file without one; this program is told the total.
    let theirs = format!("{theirs}XXR 6\r");
    assert_eq!(read.next_round(), next);
    let paired: std::collections::BTreeSet<u32> = read
        .available_players(next)
        .iter()
        .map(|p| p.get())
        .collect();
    assert_eq!(paired.len(), 17);
    assert!(!paired.contains(&3) && !paired.contains(&9) && !paired.contains(&5));
    assert_eq!(crate::support::bbp_paired_players(&bbp, &theirs), paired);
    assert_eq!(
        read.requested_byes[&next].get(&tpn(3)),
        Some(&ByeKind::Half)
    );
}

/// Record 192 names the system by edition, in the codes other programs read: the 2026 Dutch is
/// TRF-2026's `FIDE_DUTCH_2025` (bbpPairings writes it on the 092 line, and this program's
/// earlier `FIDE_DUTCH_2026` still reads); the 1992-2006 text, which TRF-2026 has no code for,
/// is `FIDE_DUTCH`, a Dutch of no named edition: paired by whichever Dutch the user asks for,
/// and of no known system when read without one (nothing guesses the edition), its line kept.
#[test]
fn trf_192_names_the_system_by_edition() {
    use engine::model::settings::{System, TrfType};
    let file = |head: &str| {
        format!(
            "012 Types\r{head}\rXXR 3\rXXC white1\r\
             001    1      Aa,Ann                            2229                             0.0    \r\
             001    2      Bb,Bob                            2200                             0.0    \r"
        )
    };
    // bbpPairings' own line, CR line endings as it writes them.
    let bbp = trf::read(&file("092 FIDE_DUTCH_2025")).unwrap();
    assert_eq!(bbp.settings.system, Some(System::Dutch2026));
    let earlier = trf::read(&file("192 FIDE_DUTCH_2026")).unwrap();
    assert_eq!(earlier.settings.system, Some(System::Dutch2026));
    let named = trf::read(&file("192 FIDE_DUTCH_2025")).unwrap();
    assert_eq!(named.settings.system, Some(System::Dutch2026));
    assert_eq!(
        written_back(&file("192 FIDE_DUTCH_2025"), None),
        file("192 FIDE_DUTCH_2025")
    );

    // FIDE_DUTCH: either edition when asked for, none when not; the line survives.
    let plain = file("192 FIDE_DUTCH");
    assert_eq!(trf::declared_type(&plain), Some(TrfType::Dutch));
    let unknown = trf::read(&plain).unwrap();
    assert_eq!(unknown.settings.system, None);
    assert_eq!(written_back(&plain, None), plain);
    let old = trf::read_as(&plain, Some(System::Dutch1992)).unwrap();
    assert_eq!(old.settings.system, Some(System::Dutch1992));
    assert_eq!(
        written_back(&plain, Some(System::Dutch1992)),
        plain,
        "the 1992 text is written FIDE_DUTCH"
    );
    let new = trf::read_as(&plain, Some(System::Dutch2026)).unwrap();
    assert_eq!(new.settings.system, Some(System::Dutch2026));
    assert_eq!(
        written_back(&plain, Some(System::Dutch2026)),
        file("192 FIDE_DUTCH_2025"),
        "paired by the 2026 text, the file names it"
    );

    // A file of another system is refused, naming the line, the record and both systems.
    let e = trf::read_as(&file("192 FIDE_DUBOV"), Some(System::Dutch2026))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("line 2, column 5") && e.contains("dubov-1997") && e.contains("dutch-2026"),
        "{e}"
    );
    let e = trf::read_as(&file("092 FIDE_DUTCH_2025"), Some(System::Dutch1992))
        .unwrap_err()
        .to_string();
    assert!(e.contains("092") && e.contains("not dutch-1992"), "{e}");
    // TRF16's free-text 092 says nothing of the system.
    let free = trf::read(&file("092 Individual: Swiss-System")).unwrap();
    assert_eq!(free.settings.system, None);
    let e = trf::read(&file("192 FIDE_DUTCH_2017"))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("FIDE_DUTCH_2017") && e.contains("FIDE_DUTCH_2025"),
        "{e}"
    );

    // What this program writes for each system, the same read back.
    for system in System::ALL {
        let mut t = trf::read_as(&file("012 x"), Some(system)).unwrap();
        t.settings.system = Some(system);
        let text = trf::write(&t);
        let back = trf::read_as(&text, Some(system)).unwrap();
        assert_eq!(back.settings.system, Some(system), "{text}");
        assert!(
            text.contains(&format!("192 {}", system.trf_type())),
            "{text}"
        );
    }

    // bbpPairings reads what is written for the 2026 Dutch and for the 1992 text.
    if let Some(bbp) = crate::support::bbp_pairings() {
        for system in [System::Dutch2026, System::Dutch1992] {
            let t = trf::read_as(&file("012 x"), Some(system)).unwrap();
            let text = trf::write(&t);
            assert_eq!(
                crate::support::bbp_paired_players(&bbp, &text),
                [1, 2].into_iter().collect(),
                "{text}"
            );
        }
    }
}
