//! Whole events run from the pages alone, as a user runs them: a 12-player day with two
//! arbiters and a display, a 10-player double round-robin to its printed cross table, a
//! 20-player open at tablet size.

use super::{poppler, Browser, Page};
use crate::support::{records, Server};
use serde_json::json;
use std::process::Command;

/// #19's trial, as a new user runs it: a 12-player event from the index page and the console
/// alone (no JSON by hand), FIDE's rating list loaded in the console and every player
/// registered from it, two arbiters whose accounts the chief creates in the console entering
/// results side by side, a hall display following, a half-point bye asked for in the console,
/// four rounds paired and published by the system, and the TRF report carrying the details.
#[test]
fn the_arbiters_day_twelve_players_two_arbiters_and_a_display_from_the_console_alone() {
    let server = Server::start();
    let base = format!("http://{}", server.address);
    let browser = Browser::launch();

    // The index page: the tournament, its details, the first colour by lot.
    let mut chief = browser.page(&format!("{base}/"));
    chief.wait_for(
        "the creation form",
        "document.readyState === 'complete' && document.querySelector('#createform')",
    );
    chief.fill(
        "#createform",
        &[
            ("system", "dutch-2026"),
            ("name", "Club Championship"),
            ("rounds", "4"),
            ("initial_color", "lots"),
            ("city", "Ghent"),
            ("federation", "BEL"),
            ("start_date", "2026-11-28"),
            ("end_date", "2026-11-29"),
            ("time_control", "60 min + 30 s"),
            ("chief_arbiter", "IA Jane Doe"),
            ("deputy_arbiters", "FA Ana Lima\nFA Ben Okafor"),
            ("token", &server.chief),
        ],
        "button.primary",
    );
    chief.wait_for(
        "the new tournament's console",
        "location.pathname.startsWith('/arbiter/') && document.querySelectorAll('#rounddates input').length === 4",
    );
    let id = chief.console_tournament();
    chief.fill(
        "#detailsform",
        &[
            ("round_date_1", "2026-11-28"),
            ("round_date_2", "2026-11-28"),
            ("round_date_3", "2026-11-29"),
            ("round_date_4", "2026-11-29"),
        ],
        "button",
    );
    chief.wait_for(
        "the round dates saved",
        "document.querySelector('#message').innerText.includes('Details saved')",
    );

    // FIDE's list, chosen in the console's file field as downloaded.
    let list = std::fs::read_to_string(
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../tests/fixtures/rating-list/players_list_foa.txt"),
    )
    .unwrap();
    chief.eval(&format!(
        "(() => {{ const dt = new DataTransfer(); dt.items.add(new File([{list:?}], 'players_list_foa.txt'));
          document.querySelector('#listfile').files = dt.files; document.querySelector('#loadlist').click(); return true; }})()"
    ));
    chief.wait_for(
        "the list loaded",
        "document.querySelector('#liststatus').innerText.includes('13 players')",
    );
    // Twelve players found by FIDE id, each filled in by a click and registered.
    let ids: Vec<&str> = list
        .lines()
        .skip(1)
        .take(12)
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    for (n, fide_id) in ids.iter().enumerate() {
        chief.eval(&format!("(() => {{ const i = document.querySelector('#listsearch'); i.value = '{fide_id}'; i.dispatchEvent(new Event('input')); return true; }})()"));
        chief.wait_for(
            "the player found",
            &format!("document.querySelector('#listfound')?.innerText.includes('{fide_id}') && document.querySelectorAll('#listfound button[data-found]').length === 1"),
        );
        chief.click("#listfound button[data-found]");
        chief.wait_for(
            "the form filled in",
            &format!("document.querySelector('#register').fide_id.value === '{fide_id}'"),
        );
        chief.click("#register button.primary");
        chief.wait_for(
            "the registration answered with its numbers",
            &format!("document.querySelector('#message').innerText.includes('Registered:') && document.querySelector('#message').innerText.includes('(registration {})') && document.querySelectorAll('#playerlist tr').length === {}", n + 1, n + 2),
        );
    }
    // The starting list by pairing number: 1 is the highest rated.
    let first = chief.eval("document.querySelector('#playerlist tr:nth-child(2)').innerText");
    assert!(
        first.as_str().unwrap().starts_with("1\t"),
        "the list starts at pairing number 1: {first}"
    );

    // Two arbiters' accounts, created in the console; each token shown once.
    let mut tokens = Vec::new();
    for name in ["Ana Lima", "Ben Okafor"] {
        chief.eval(&format!("document.querySelector('#arbiterform input[name=name]').value = '{name}'; document.querySelector('#arbiterform button').click(); true"));
        chief.wait_for(
            "the new token",
            &format!("document.querySelector('#newtoken code') && document.querySelector('#newtoken').innerText.includes('{name}')"),
        );
        tokens.push(
            chief
                .eval("document.querySelector('#newtoken code').textContent")
                .as_str()
                .unwrap()
                .to_string(),
        );
    }
    let mut arbiters: Vec<Page> = tokens
        .iter()
        .map(|token| {
            let mut page = browser.page(&format!("{base}/arbiter/{id}"));
            page.sign_in(token);
            page.wait_for(
                "an arbiter signed in",
                "document.querySelector('#signin').hidden && document.querySelector('#who').innerText.includes('(arbiter)')",
            );
            page
        })
        .collect();
    let mut display = browser.page(&format!("{base}/display/{id}"));

    let results = ["1-0", "1/2-1/2", "0-1"];
    for round in 1..=4u32 {
        let mut expected_boards = 6;
        if round == 2 {
            // The twelfth player asks for a half-point bye in round 2: eleven play, one
            // gets the pairing-allocated bye.
            chief.fill(
                "#byeform",
                &[("player", "12"), ("round", "2"), ("kind", "half")],
                "button",
            );
            chief.wait_for(
                "the bye recorded",
                "document.querySelector('#message').innerText.includes('Recorded')",
            );
            expected_boards = 5;
        }
        chief.click("#propose");
        chief.wait_for(
            "the proposal",
            &format!("document.querySelector('#publish')?.innerText === 'Publish round {round}'"),
        );
        chief.click("#publish");
        chief.click("#publishconfirm");
        chief.wait_for(
            "the round published",
            &format!(
                "document.querySelector('#message').innerText.includes('Round {round} published.')"
            ),
        );
        display.wait_for(
            "the round on the display",
            &format!("document.body.innerText.includes('Round {round}')"),
        );
        // Ana enters the top boards, Ben the others, at the same time.
        for (a, page) in arbiters.iter_mut().enumerate() {
            page.wait_for(
                "the round in the arbiter's console",
                &format!("document.querySelector('#roundlabel').innerText.includes('round {round} published') && document.querySelectorAll('#boards tr[id^=board-]').length === {expected_boards}"),
            );
            let mine = (1..=expected_boards).filter(|b| (b - 1) * 2 / expected_boards == a);
            for board in mine {
                let result = results[(board + round as usize) % 3];
                // The round label changes before the new round's boards are drawn.
                page.wait_for(
                    "the board's result buttons",
                    &format!("document.querySelector(\"button.res[data-board='{board}'][data-res='{result}']\") !== null"),
                );
                page.click(&format!(
                    "button.res[data-board='{board}'][data-res='{result}']"
                ));
                page.wait_for(
                    "the result picked",
                    &format!("document.querySelector(\"button[data-save='{board}']\")?.disabled === false"),
                );
                page.click(&format!("button[data-save='{board}']"));
                page.wait_for(
                    "the result recorded",
                    &format!("document.querySelector('#message').innerText.includes('Board {board}: result recorded')"),
                );
            }
        }
        let r = server
            .public(&format!("/api/tournaments/{id}/rounds/{round}"))
            .json();
        let pairs = r["pairs"].as_array().unwrap();
        assert_eq!(pairs.len(), expected_boards, "{r}");
        assert!(
            pairs.iter().all(|p| p["games"].is_array()),
            "every result in: {r}"
        );
        if round == 2 {
            assert!(r["bye"]["name"].is_string(), "{r}");
            assert_eq!(r["requested_byes"][0]["player"], 12, "{r}");
        }
        // Every result came from one of the two arbiters, never from the chief.
        let audit = server
            .public(&format!("/api/tournaments/{id}/audit"))
            .json();
        let actors: std::collections::BTreeSet<&str> = audit
            .as_array()
            .unwrap()
            .iter()
            .filter(|e| e["event"]["type"] == "result_recorded" && e["event"]["round"] == round)
            .map(|e| e["actor"].as_str().unwrap())
            .collect();
        assert_eq!(
            actors.into_iter().collect::<Vec<_>>(),
            ["Ana Lima", "Ben Okafor"]
        );
    }
    // Round 4's board 6 was drawn: the display shows it with the others.
    display.wait_for(
        "the display with the last result",
        "document.body.innerText.includes('Round 4') && document.querySelectorAll('tbody tr')[5]?.innerText.includes('½-½')",
    );
    display.screenshot("trial-display.png");
    chief.wait_for(
        "the chief's console with round 4's results",
        "document.querySelectorAll('#boards button[data-correct]').length === 6",
    );
    chief.screenshot("trial-console.png");

    // The public standings, and the TRF report for the rating officer.
    let mut public = browser.page(&format!("{base}/t/{id}#standings"));
    public.wait_for(
        "the standings of twelve",
        "document.querySelectorAll('main tbody tr').length === 12 && document.body.innerText.includes('After round 4')",
    );
    let trf = server
        .public(&format!("/api/tournaments/{id}/export.trf"))
        .body;
    let line = |code: &str| {
        records(&trf, code)
            .first()
            .unwrap_or_else(|| panic!("no {code} in\n{trf}"))
            .to_string()
    };
    assert_eq!(line("012"), "012 Club Championship");
    assert_eq!(line("022"), "022 Ghent");
    assert_eq!(line("032"), "032 BEL");
    assert_eq!(line("042"), "042 2026/11/28");
    assert_eq!(line("052"), "052 2026/11/29");
    assert_eq!(line("062"), "062 12");
    assert_eq!(line("102"), "102 IA Jane Doe");
    assert_eq!(
        records(&trf, "112"),
        ["112 FA Ana Lima", "112 FA Ben Okafor"]
    );
    assert_eq!(line("122"), "122 60 min + 30 s");
    assert_eq!(&line("132")[91..], "26/11/28  26/11/28  26/11/29  26/11/29");
    let players: Vec<&str> = trf.lines().filter(|l| l.starts_with("001")).collect();
    assert_eq!(players.len(), 12, "{trf}");
    assert!(
        players.iter().all(|l| l.len() >= 91 + 4 * 10 - 2),
        "four round columns on every player line:\n{trf}"
    );
    assert!(trf.contains("90100010"), "FIDE ids from the list:\n{trf}");
}

/// #47 done when: a 10-player double round-robin from the console to its printed cross table.
/// Created on the index page (no rounds to give: the tables'), ten players registered in the
/// console, the numbers drawn by lot from a seed there, each of the 18 rounds paired, published
/// and its five results entered by clicks; then the public cross table (players by number down
/// and across, two results a cell, the diagonal shaded) agrees with the standings, prints on A4,
/// and the hall display shows it as the final table. Screenshots at phone, tablet and desktop
/// sizes go to `artifacts/`.
#[test]
fn a_ten_player_double_round_robin_from_the_console_to_its_printed_cross_table() {
    let pdftotext = poppler("pdftotext");
    let server = Server::start();
    let base = format!("http://{}", server.address);
    let browser = Browser::launch();
    let mut console = browser.page(&format!("{base}/"));
    console.wait_for(
        "the creation form",
        "document.readyState === 'complete' && document.querySelector('#createform')",
    );
    console.eval(&format!(
        "(() => {{ const f = document.querySelector('#createform'); f.name.value = 'Club Championship';
          f.system.value = 'double-round-robin'; f.system.dispatchEvent(new Event('change'));
          f.token.value = {:?}; return true; }})()",
        server.chief
    ));
    assert_eq!(
        console.eval("document.querySelector('#roundsfield').hidden && !document.querySelector('#rrrounds').hidden"),
        json!(true),
        "a round-robin's rounds are not asked for"
    );
    console.click("#createform button.primary");
    let id = console.console_tournament();
    console.wait_for(
        "the console signed in, with the round-robin's numbers form",
        "!document.querySelector('#signout').hidden && !document.querySelector('#rrnumbers').hidden",
    );
    assert_eq!(
        console.eval("document.querySelector('#byeform').hidden && !document.querySelector('#rrnobyes').hidden"),
        json!(true),
        "no bye to request in a round-robin"
    );
    let names = [
        "Aronian,Levon",
        "Bok,Benjamin",
        "Caruana,Fabiano",
        "Ding,Liren",
        "Erigaisi,Arjun",
        "Firouzja,Alireza",
        "Giri,Anish",
        "Harikrishna,Pentala",
        "Ivanchuk,Vassily",
        "Jobava,Baadur",
    ];
    for (i, name) in names.iter().enumerate() {
        let rating = (2780 - 15 * i).to_string();
        console.fill(
            "#register",
            &[("name", name), ("rating", &rating), ("federation", "FID")],
            "button[type=submit]",
        );
        console.wait_for(
            "the player in the list",
            &format!(
                "document.querySelectorAll('#playerlist tr').length === {}",
                i + 2
            ),
        );
    }
    console.wait_for(
        "18 rounds for ten players",
        "document.querySelector('#rrstate').textContent.includes('18 rounds')",
    );
    console.fill(
        "#numbersform",
        &[("method", "lots"), ("seed", "2026")],
        "button[type=submit]",
    );
    console.wait_for(
        "the numbers given",
        "document.querySelector('#message .ok') && document.querySelector('#message').textContent.includes('numbers are given')",
    );
    let drawn = server.recorded(&id, "numbers_drawn");
    assert_eq!(drawn["event"]["seed"], 2026, "{drawn}");
    assert_eq!(drawn["event"]["method"], "lots", "{drawn}");
    // The starting list is in the drawing's order.
    let order: Vec<u64> = drawn["event"]["order"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k.as_u64().unwrap())
        .collect();
    let listed = "[...document.querySelectorAll('#playerlist tr')].slice(1).map(r => Number(r.cells[1].textContent)).join(' ')";
    let expected = order
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ");
    console.wait_for(
        "the starting list in the drawing's order",
        &format!("{listed} === {expected:?}"),
    );

    let results = ["1-0", "1/2-1/2", "0-1"];
    for round in 1..=18u64 {
        console.click("#propose");
        console.wait_for("the proposal", "document.querySelector('#publish')");
        let explained = console.eval("document.querySelector('#proposal').textContent");
        assert!(
            explained.as_str().unwrap().contains("C.05 Annex 1"),
            "{explained}"
        );
        console.click("#publish");
        console.click("#publishconfirm");
        console.wait_for(
            "the round published",
            &format!("document.querySelector('#roundlabel').textContent === 'round {round} published' && document.querySelector('#boards button.res')"),
        );
        for board in 1..=5u64 {
            let result = results[((round * 7 + board * 3) % 3) as usize];
            console.click(&format!("#board-{board} button.res[data-res='{result}']"));
            console.wait_for(
                "the result picked",
                &format!("!document.querySelector('#board-{board} button[data-save]').disabled"),
            );
            console.click(&format!("#board-{board} button[data-save]"));
            console.wait_for(
                "the result recorded",
                &format!("document.querySelector('#board-{board} strong')"),
            );
        }
    }
    console.click("#propose");
    console.wait_for(
        "no round left",
        "document.querySelector('#message').textContent.includes('18 rounds')",
    );
    let _ = console.screenshot("rr-console-desktop.png");

    // The standings after the last round: 90 games, 90 points.
    let s = server
        .public(&format!("/api/tournaments/{id}/standings"))
        .json();
    assert_eq!(s["after_round"], 18, "{s}");
    assert_eq!(s["tiebreaks"], json!(["DE", "WIN", "SB", "KS"]), "{s}");
    let total: f64 = s["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["score"].as_str().unwrap().parse::<f64>().unwrap())
        .sum();
    assert_eq!(total, 90.0, "{s}");

    // The public cross table: ten rows by number, nine cells of two results each, the diagonal
    // shaded, each row's points those of the standings; "final" in its title.
    let mut public = browser.page(&format!("{base}/t/{id}/crosstable"));
    public.wait_for(
        "the cross table",
        "document.querySelectorAll('table.rr tbody tr').length === 10",
    );
    let table = public.eval(
        "[...document.querySelectorAll('table.rr tbody tr')].map(r => ({
           no: Number(r.cells[0].textContent),
           cells: [...r.querySelectorAll('td.rrcell')].map(c => c.textContent),
           self: r.querySelectorAll('td.self').length,
           pts: r.querySelector('strong').textContent }))",
    );
    let players = server
        .public(&format!("/api/tournaments/{id}/players"))
        .json();
    for (i, row) in table.as_array().unwrap().iter().enumerate() {
        assert_eq!(row["no"], i + 1, "{row}");
        assert_eq!(row["self"], 1, "{row}");
        let cells = row["cells"].as_array().unwrap();
        assert_eq!(cells.len(), 9, "{row}");
        for c in cells {
            assert_eq!(
                c.as_str().unwrap().split(' ').count(),
                2,
                "two games a pair: {row}"
            );
        }
        let key = players
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["tpn"] == i + 1)
            .unwrap()["player"]
            .clone();
        let standing = s["rows"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["player"] == key)
            .unwrap();
        assert_eq!(row["pts"], standing["score"], "{row} {standing}");
    }
    let heading = public.eval("document.querySelector('table.rr .printhead').textContent");
    assert!(
        heading.as_str().unwrap().contains("Cross table (final)"),
        "{heading}"
    );
    for (name, width, height, mobile) in [
        ("desktop", 1280, 900, false),
        ("tablet", 768, 1024, true),
        ("phone", 390, 844, true),
    ] {
        public.call(
            "Emulation.setDeviceMetricsOverride",
            json!({ "width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile }),
        );
        public.wait_for(
            "the table again",
            "document.querySelectorAll('table.rr tbody tr').length === 10",
        );
        let _ = public.screenshot(&format!("rr-crosstable-{name}.png"));
    }
    let pdf = public.print_pdf(8.27, 11.69);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("cross.pdf");
    std::fs::write(&file, pdf).unwrap();
    let text = Command::new(&pdftotext)
        .arg("-layout")
        .arg(&file)
        .arg("-")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("Cross table (final)"), "{text}");
    for name in names {
        assert!(text.contains(name), "{name} on the printed table: {text}");
    }

    // The hall display's standings are the final cross table.
    let mut display = browser.page(&format!("{base}/display/{id}?standings=1"));
    display.wait_for(
        "the final cross table on the display",
        "document.querySelector('#round').textContent === 'Final cross table' && document.querySelectorAll('#main td.self').length >= 1",
    );
    let _ = display.screenshot("rr-display.png");
    // The TRF report says what the event was.
    let trf = server
        .public(&format!("/api/tournaments/{id}/export.trf"))
        .body;
    assert_eq!(records(&trf, "192"), ["192 FIDE_ROUNDROBIN"], "{trf}");
    assert_eq!(
        records(&trf, "092"),
        ["092 Individual: Double Round-Robin"],
        "{trf}"
    );
    assert_eq!(records(&trf, "XXR"), ["XXR 18"], "{trf}");
}

/// #43's event, from the console alone at tablet size (820x1180): a 20-player open of five
/// rounds with two arbiters (the second signed in by the link the console gives), a player
/// registered by mistake and removed, a half-point bye requested and cancelled, another kept,
/// a withdrawal, a late entry, a correction with a reason, round 2 unpublished and published
/// again; results typed from the keyboard by both arbiters; then the standings after round 5.
#[test]
fn a_twenty_player_open_from_the_console_alone_at_tablet_size() {
    let server = Server::start();
    let base = format!("http://{}", server.address);
    let browser = Browser::launch();
    let tablet = |page: &mut Page| {
        page.call(
            "Emulation.setDeviceMetricsOverride",
            json!({ "width": 820, "height": 1180, "deviceScaleFactor": 1, "mobile": true }),
        );
    };
    let mut chief = browser.page(&format!("{base}/"));
    tablet(&mut chief);
    chief.wait_for(
        "the creation form",
        "document.readyState === 'complete' && document.querySelector('#createform')",
    );
    chief.eval(&format!(
        "(() => {{ const f = document.querySelector('#createform'); f.name.value = 'Autumn Open'; f.rounds.value = '5'; f.initial_color.value = 'white'; f.token.value = {:?}; f.querySelector('button.primary').click(); return true; }})()",
        server.chief
    ));
    let id = chief.console_tournament();
    chief.wait_for(
        "signed in",
        "!document.querySelector('#chief').hidden && document.querySelector('#playerlist')",
    );
    // Before round 1 the console opens on its players.
    chief.wait_for(
        "the players' view first",
        "location.pathname.endsWith('/players')",
    );
    let register = |page: &mut Page, name: &str, rating: u32, expect: usize| {
        page.fill(
            "#register",
            &[("name", name), ("rating", &rating.to_string())],
            "button[type=submit]",
        );
        page.wait_for(
            "registered",
            &format!(
                "document.querySelectorAll('#playerlist tr').length === {}",
                expect + 1
            ),
        );
    };
    for i in 0..21u32 {
        register(
            &mut chief,
            &format!("Player{i:02},Autumn"),
            2300 - 15 * i,
            i as usize + 1,
        );
    }
    // Player 21 was registered by mistake.
    chief.click("#playerlist button[data-remove='21']");
    chief.click("#playerlist button[data-remove='21']");
    chief.wait_for(
        "removed",
        "document.querySelectorAll('#playerlist tr').length === 21",
    );
    // Two half-point byes asked for round 3; one cancelled.
    for player in ["5", "9"] {
        chief.eval(&format!("(() => {{ const f = document.querySelector('#byeform'); f.player.value = '{player}'; f.round.value = '3'; f.kind.value = 'half'; f.querySelector('button').click(); return true; }})()"));
        chief.wait_for("the bye listed", &format!("[...document.querySelectorAll('#playerlist button[data-cancelbye=\"{player}\"]')].length === 1"));
    }
    chief.click("#playerlist button[data-cancelbye='9']");
    chief.wait_for(
        "the bye cancelled",
        "!document.querySelector(\"#playerlist button[data-cancelbye='9']\")",
    );
    // The second arbiter, by the sign-in link.
    chief.task("accounts");
    chief.fill(
        "#arbiterform",
        &[("name", "floor-ben")],
        "button[type=submit]",
    );
    chief.wait_for("the sign-in link", "document.querySelector('#signinlink')");
    let link = chief
        .eval("document.querySelector('#signinlink').href")
        .as_str()
        .unwrap()
        .to_string();
    let mut floor = browser.page(&link);
    tablet(&mut floor);
    floor.wait_for(
        "the arbiter signed in",
        "document.querySelector('#who').textContent.includes('floor-ben')",
    );

    for round in 1..=5u32 {
        if round == 3 {
            // A withdrawal from round 3 on, and a late entry for round 3.
            chief.task("players");
            chief.fill(
                "#withdrawform",
                &[("player", "12"), ("from_round", "3"), ("reason", "ill")],
                "button[type=submit]",
            );
            chief.wait_for("withdrawn", "document.querySelector('#playerlist').textContent.includes('withdrawn from round 3')");
            register(&mut chief, "Latecomer,Autumn", 1900, 21);
        }
        chief.publish_round(round);
        if round == 2 {
            chief.wait_for(
                "the unpublish button",
                "!document.querySelector('#unpublishbox').hidden",
            );
            chief.click("#unpublish");
            chief.click("#unpublish");
            chief.wait_for(
                "round 2 withdrawn",
                "document.querySelector('#roundlabel').textContent === 'round 1 published'",
            );
            chief.publish_round(round);
        }
        floor.wait_for(
            "the round on the floor",
            &format!(
                "document.querySelector('#roundlabel').textContent === 'round {round} published'"
            ),
        );
        let boards = server
            .public(&format!("/api/tournaments/{id}/rounds/{round}"))
            .json()["pairs"]
            .as_array()
            .unwrap()
            .len();
        for board in 1..=boards {
            let code = ["1", "=", "0"][(board + round as usize) % 3];
            let page = if board % 2 == 0 {
                &mut floor
            } else {
                &mut chief
            };
            page.enter_result(&format!("{board} {code}"));
        }
        if round == 4 {
            chief.wait_for(
                "board 1 recorded",
                "document.querySelector('#board-1 strong')",
            );
            chief.click("button[data-correct='1']");
            chief.wait_for("the correction form", "document.querySelector('#reason-1')");
            chief.click("button.res[data-board='1'][data-res='1/2-1/2']");
            chief.eval("(() => { const r = document.querySelector('#reason-1'); r.value = 'scoresheets signed a draw'; r.dispatchEvent(new Event('input', { bubbles: true })); return true; })()");
            chief.wait_for(
                "save enabled",
                "!document.querySelector(\"button[data-save='1']\").disabled",
            );
            chief.click("button[data-save='1']");
            chief.wait_for(
                "corrected",
                "document.querySelector('#message').textContent.includes('correction recorded')",
            );
        }
    }
    let _ = chief.screenshot("event-console-tablet.png");
    let _ = floor.screenshot("event-floor-tablet.png");
    // What the log says happened.
    let audit = server
        .public(&format!("/api/tournaments/{id}/audit"))
        .json();
    let kinds: Vec<&str> = audit
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["event"]["type"].as_str().unwrap())
        .collect();
    for kind in [
        "player_removed",
        "bye_requested",
        "bye_cancelled",
        "player_withdrawn",
        "result_corrected",
        "round_unpublished",
    ] {
        assert!(kinds.contains(&kind), "{kind} in {kinds:?}");
    }
    let floor_results = audit
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["actor"] == "floor-ben" && e["event"]["type"] == "result_recorded")
        .count();
    assert!(
        floor_results >= 20,
        "the second arbiter entered {floor_results} results"
    );
    let t = server.public(&format!("/api/tournaments/{id}")).json();
    assert_eq!(
        (t["players"].as_u64(), t["rounds_published"].as_u64()),
        (Some(21), Some(5)),
        "{t}"
    );
    let s = server
        .public(&format!("/api/tournaments/{id}/standings"))
        .json();
    assert_eq!(s["after_round"], 5, "{s}");
    assert!(s["in_progress"].is_null(), "{s}");
    // The bye kept: player 5 has a half-point bye in round 3; player 9 was paired.
    let r3 = server
        .public(&format!("/api/tournaments/{id}/rounds/3"))
        .json();
    assert!(
        r3["requested_byes"].to_string().contains("\"player\":5"),
        "{r3}"
    );
    assert!(r3["pairs"].to_string().contains("\"player\":9,"), "{r3}");
}
