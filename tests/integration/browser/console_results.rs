//! The console's Results view as an arbiter runs a 24-player open from a laptop (issue #59):
//! at 1366x768 every board's controls lie inside the screen, its result buttons on one line,
//! and twelve boards fit one screen, while the keyboard entry goes on as before; Enter in a
//! correction's reason saves the correction, whose row fits a laptop and a phone; a result
//! both players agreed at the hall's terminal shows in the Results view, waiting for the
//! arbiter's confirmation or recorded, as the hall's rules say. Screenshots at 390, 820, 1366
//! and 1920 pixels go to `artifacts/console-results-*.png`.

use super::{Browser, Page};
use crate::support::Server;
use serde_json::{json, Value};

/// Twenty-four players of an open, with names as long as FIDE's list has them, and titles.
const NAMES: [(&str, &str); 24] = [
    ("GM", "Vachier-Lagrave, Maxime"),
    ("GM", "Nepomniachtchi, Ian"),
    ("GM", "Abdusattorov, Nodirbek"),
    ("GM", "Praggnanandhaa, Rameshbabu"),
    ("GM", "Mamedyarov, Shakhriyar"),
    ("GM", "Dominguez Perez, Leinier"),
    ("GM", "Wojtaszek, Radoslaw"),
    ("GM", "Kosteniuk, Alexandra"),
    ("WIM", "Oberhausen-Sterkrade, Friederike"),
    ("GM", "Grandelius, Nils"),
    ("GM", "Tabatabaei, M. Amin"),
    ("GM", "Ter-Sahakyan, Samvel"),
    ("GM", "Muzychuk, Anna"),
    ("GM", "Santos Latasa, Jaime"),
    ("GM", "Van Foreest, Jorden"),
    ("GM", "Bluebaum, Matthias"),
    ("GM", "Keymer, Vincent"),
    ("GM", "Svane, Rasmus"),
    ("IM", "Schroeder, Jan-Christian"),
    ("GM", "Kollars, Dmitrij"),
    ("IM", "Heimann, Andreas"),
    ("GM", "Paehtz, Elisabeth"),
    ("GM", "Donchenko, Alexander"),
    ("FM", "Fridman, Daniel"),
];

/// A tournament of the 24 players with round 1 published (12 boards): its id.
fn open_with_twelve_boards(server: &Server) -> String {
    let id = server.create_tournament(
        "Open Oberhausen 2026, Schachfreunde Sterkrade 1926",
        "dutch-2026",
        7,
    );
    for (i, (title, name)) in NAMES.iter().enumerate() {
        let r = server.chief(
            "POST",
            &format!("/api/tournaments/{id}/players"),
            json!({ "name": name, "title": title, "rating": 2750 - 15 * i as u32, "fide_id": 9000 + i }),
        );
        assert_eq!(r.status, 201, "{}", r.body);
    }
    server.publish_proposal(&id);
    id
}

/// Each board's players (White, Black) in round 1.
fn pairs(server: &Server, id: &str) -> Vec<(u64, u64)> {
    let round = server
        .public(&format!("/api/tournaments/{id}/rounds/1"))
        .json();
    round["pairs"]
        .as_array()
        .expect("pairs")
        .iter()
        .map(|p| {
            (
                p["white"]["player"].as_u64().unwrap(),
                p["black"]["player"].as_u64().unwrap(),
            )
        })
        .collect()
}

fn resize(page: &mut Page, width: u32, height: u32, mobile: bool) {
    page.call(
        "Emulation.setDeviceMetricsOverride",
        json!({ "width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile }),
    );
    page.wait_for(
        &format!("the screen {width} wide"),
        &format!("window.innerWidth === {width}"),
    );
}

/// The results view's rows as the arbiter's complaint measures them: every button of a board
/// (its results, Save, a correction's) inside the screen's width, the buttons of a row on one
/// line (the same top), and how many boards the screen shows whole, the page at its top.
/// Answers "ok N" (N boards on the screen) or what is wrong.
const ROWS: &str = "(() => {
    window.scrollTo(0, 0);
    const w = window.innerWidth;
    if (document.documentElement.scrollWidth > document.documentElement.clientWidth + 1) return 'the page is ' + document.documentElement.scrollWidth + ' px wide';
    let onScreen = 0;
    for (const tr of document.querySelectorAll('#boards tr[id^=board-]')) {
        const buttons = [...tr.querySelectorAll('button')].filter((b) => b.getBoundingClientRect().width > 0);
        for (const b of buttons) {
            const r = b.getBoundingClientRect();
            if (r.right > w || r.left < 0) return tr.id + ': ' + b.textContent + ' at ' + r.left + '-' + r.right + ', beyond the screen ' + w + ' wide';
        }
        const res = buttons.filter((b) => b.classList.contains('res') || b.dataset.save || b.dataset.confirm);
        if (res.some((b) => Math.abs(b.getBoundingClientRect().top - res[0].getBoundingClientRect().top) > 2)) return tr.id + ': its buttons wrap onto a second line';
        if (tr.getBoundingClientRect().bottom <= window.innerHeight) onScreen++;
    }
    return 'ok ' + onScreen;
})()";

/// The number of boards the view shows on one screen, once `ROWS` found nothing wrong.
fn boards_on_one_screen(page: &mut Page, size: &str) -> u64 {
    let answer = page.eval(ROWS);
    let answer = answer.as_str().unwrap_or_default().to_string();
    let n = answer
        .strip_prefix("ok ")
        .unwrap_or_else(|| panic!("at {size}: {answer}"));
    n.parse().unwrap()
}

/// Every control of the results view lies inside the screen's width.
const FITS: &str = "(() => {
    const w = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > w + 1) return 'the page is ' + document.documentElement.scrollWidth + ' px wide';
    for (const e of document.querySelectorAll('section[data-view=results] :is(button, input, select, label)')) {
        const r = e.getBoundingClientRect();
        if (!r.width) continue;
        if (r.left < -1 || r.right > w + 1) return (e.id || e.textContent) + ' is cut off: ' + r.left + '-' + r.right;
    }
    return 'fits';
})()";

/// The round's results as the public API answers them: board -> its games, or null.
fn results(server: &Server, id: &str) -> Vec<Value> {
    let r = server
        .public(&format!("/api/tournaments/{id}/rounds/1"))
        .json();
    r["pairs"]
        .as_array()
        .expect("pairs")
        .iter()
        .map(|p| p["games"].clone())
        .collect()
}

/// #59 point 6: at 1366x768 (the arbiter's laptop) with twelve boards, four of them reported
/// by their players at the hall's terminal (the results stand, and say who reported them),
/// every result button and Save lies inside the screen, a board's buttons on one line, and the
/// screen shows all twelve boards from the page's top (before: ten, the buttons' rows taller);
/// the keyboard entry records the other eight in a row, the field keeping the focus, and
/// refuses an overwrite saying how to correct; the twelve boards still show with the message
/// above them. At 820 and 390 the view fits the width. Screenshots at 390, 820, 1366, 1920.
#[test]
fn the_results_view_at_1366_by_768_shows_twelve_boards_each_on_one_line() {
    let server = Server::start();
    let id = open_with_twelve_boards(&server);
    let codes = codes(&server, &id);
    let r = server.chief(
        "PUT",
        &format!("/api/tournaments/{id}/hall/rules"),
        json!({ "agreed_results_stand": true }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let pairs = pairs(&server, &id);
    for (board, result) in [(1, "1-0"), (2, "0-1"), (3, "1/2-1/2"), (4, "1-0")] {
        let (white, black) = pairs[board as usize - 1];
        report(&server, &id, &codes, white, board, result);
        report(&server, &id, &codes, black, board, result);
    }
    let base = format!("http://{}", server.address);
    let browser = Browser::launch();
    let mut console = browser.page(&format!("{base}/arbiter/{id}"));
    resize(&mut console, 1366, 768, false);
    console.sign_in(&server.chief);
    console.wait_for(
        "the results view",
        "location.pathname.endsWith('/results') && document.querySelector('#missing').textContent.includes('4 of 12 results in') && document.querySelector('#board-1').innerText.includes('reported by')",
    );
    let shown = boards_on_one_screen(&mut console, "1366x768");
    assert!(shown >= 12, "at 1366x768 the screen shows {shown} boards");
    console.screenshot("console-results-1366.png");

    // The other sizes: the phone and the tablet fit their width; the large screen shows the
    // twelve boards too.
    for (width, height, mobile) in [(390, 844, true), (820, 1180, true), (1920, 1080, false)] {
        resize(&mut console, width, height, mobile);
        assert_eq!(console.eval(FITS), json!("fits"), "at {width}");
        if width > 1000 {
            assert!(boards_on_one_screen(&mut console, "1920x1080") >= 12);
        }
        console.screenshot(&format!("console-results-{width}.png"));
    }
    resize(&mut console, 1366, 768, false);

    // The other eight results from the keyboard, one after the other; the field keeps the
    // focus.
    let keys = ["+", "-", "x", "=", "0", "1", "1", "="];
    for (i, key) in keys.iter().enumerate() {
        console.enter_result(&format!("{} {key}", i + 5));
        let said = console.eval("document.querySelector('#message').textContent");
        assert!(
            said.as_str().unwrap().ends_with("recorded."),
            "board {}: {said}",
            i + 5
        );
    }
    assert_eq!(
        console.eval("document.activeElement.id"),
        json!("quick"),
        "the keyboard field keeps the focus"
    );
    let recorded = results(&server, &id);
    let expected = [
        "1-0", "0-1", "1/2-1/2", "1-0", "+-", "-+", "--", "1/2-1/2", "0-1", "1-0", "1-0", "1/2-1/2",
    ];
    for (i, r) in expected.iter().enumerate() {
        assert_eq!(recorded[i], json!([r]), "board {}", i + 1);
    }
    console.wait_for(
        "the round complete",
        "document.querySelector('#missing').textContent.includes('12 of 12 results in')",
    );
    // An overwrite is refused, with the way to correct it; the result stands (the players'
    // as the arbiter's).
    for (board, stands) in [(3, "1/2-1/2"), (6, "-+")] {
        console.enter_result(&format!("{board} 0"));
        let said = console.eval("document.querySelector('#message').textContent");
        let said = said.as_str().unwrap();
        assert!(
            said.contains("conflict") && said.contains("use \"correct\" and give a reason"),
            "{said}"
        );
        assert_eq!(results(&server, &id)[board - 1], json!([stands]));
    }
    let shown = boards_on_one_screen(&mut console, "1366x768, the message shown");
    assert!(
        shown >= 12,
        "with the message, at 1366x768 the screen shows {shown} boards"
    );
    console.screenshot("console-results-1366-complete.png");
}

/// Presses Enter in the element that has the focus, as a keyboard does.
fn press_enter(page: &mut Page) {
    for kind in ["keyDown", "keyUp"] {
        page.call(
            "Input.dispatchKeyEvent",
            json!({ "type": kind, "key": "Enter", "code": "Enter", "windowsVirtualKeyCode": 13, "nativeVirtualKeyCode": 13, "text": if kind == "keyDown" { "\r" } else { "" } }),
        );
    }
}

/// Every control of a board's row (its buttons, the reason, the tick box) inside the screen.
fn row_fits(page: &mut Page, board: u64) -> Value {
    page.eval(&format!(
        "(() => {{
            const w = window.innerWidth;
            if (document.documentElement.scrollWidth > document.documentElement.clientWidth + 1) return 'the page is ' + document.documentElement.scrollWidth + ' px wide';
            for (const e of document.querySelectorAll('#board-{board} :is(button, input, label)')) {{
                const r = e.getBoundingClientRect();
                if (r.width && (r.left < 0 || r.right > w)) return (e.id || e.textContent) + ' at ' + r.left + '-' + r.right + ', beyond ' + w;
            }}
            return 'fits';
        }})()"
    ))
}

/// #59 point 13: a correction on the arbiter's laptop (1366x768) and on a phone (390): its row
/// fits the screen; the result picked, the reason field has the focus; Enter there with no
/// reason is refused as the button refuses it (a correction needs a reason), and with the
/// reason typed it saves the correction, as the button does.
#[test]
fn enter_in_a_corrections_reason_saves_it_and_its_row_fits_a_laptop_and_a_phone() {
    let server = Server::start();
    let id = open_with_twelve_boards(&server);
    for board in [1, 2] {
        let r = server.chief(
            "PUT",
            &format!("/api/tournaments/{id}/rounds/1/boards/{board}/result"),
            json!({ "result": "1-0" }),
        );
        assert_eq!(r.status, 201, "{}", r.body);
    }
    let base = format!("http://{}", server.address);
    let browser = Browser::launch();
    let mut console = browser.page(&format!("{base}/arbiter/{id}"));
    console.sign_in(&server.chief);
    for (width, height, mobile, board, to) in [
        (1366, 768, false, 1u64, "0-1"),
        (390, 844, true, 2, "1/2-1/2"),
    ] {
        resize(&mut console, width, height, mobile);
        console.wait_for(
            "the recorded result's correct link, live",
            &format!("document.querySelector(\"button[data-correct='{board}']\") && document.querySelector('#conn').textContent === 'live'"),
        );
        console.click(&format!("button[data-correct='{board}']"));
        console.wait_for(
            "the correction's row",
            &format!("document.querySelector('#reason-{board}')"),
        );
        console.click(&format!(
            "button.res[data-board='{board}'][data-res='{to}']"
        ));
        console.wait_for(
            "the reason field focused, the result picked",
            &format!("document.activeElement?.id === 'reason-{board}' && document.querySelector(\"button.res.picked[data-board='{board}']\")"),
        );
        assert_eq!(row_fits(&mut console, board), json!("fits"), "at {width}");
        console.eval(&format!(
            "document.querySelector('#board-{board}').scrollIntoView({{ block: 'center' }}); true"
        ));
        console.screenshot(&format!("console-results-correction-{width}.png"));

        // Enter with no reason: refused in words, nothing written.
        press_enter(&mut console);
        console.wait_for(
            "the refusal",
            &format!("document.querySelector('#message').textContent.includes('Board {board}: a correction needs a reason.')"),
        );
        assert_eq!(results(&server, &id)[board as usize - 1], json!(["1-0"]));

        // The reason typed, then Enter: the correction is saved.
        console.call(
            "Input.insertText",
            json!({ "text": "the scoresheets, signed by both players" }),
        );
        let typed = console.eval(&format!(
            "[document.activeElement?.id, document.querySelector('#reason-{board}')?.value, document.hasFocus()]"
        ));
        assert_eq!(
            typed,
            json!([
                format!("reason-{board}"),
                "the scoresheets, signed by both players",
                true
            ]),
            "the reason typed where the focus is"
        );
        press_enter(&mut console);
        console.wait_for(
            "the correction recorded",
            &format!("document.querySelector('#message').textContent.includes('Board {board}: correction recorded.') && !document.querySelector('#reason-{board}')"),
        );
        assert_eq!(results(&server, &id)[board as usize - 1], json!([to]));
        let shown = console.eval(&format!(
            "document.querySelector('#board-{board}').innerText"
        ));
        assert!(
            shown.as_str().unwrap().contains(&to.replace("1/2", "½")),
            "{shown}"
        );
    }
    let audit = server
        .request(
            "GET",
            &format!("/api/tournaments/{id}/audit"),
            Some(&server.chief),
            &[],
            None,
        )
        .json();
    let reasons: Vec<&Value> = audit
        .as_array()
        .expect("the audit")
        .iter()
        .filter(|e| e["event"]["type"] == "result_corrected")
        .map(|e| &e["reason"])
        .collect();
    assert_eq!(
        reasons,
        [
            &json!("the scoresheets, signed by both players"),
            &json!("the scoresheets, signed by both players")
        ],
        "{audit}"
    );
}

/// The players' codes, by registration number.
fn codes(server: &Server, id: &str) -> Vec<String> {
    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/hall/codes"),
        json!({}),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let mut codes = vec![String::new(); NAMES.len() + 1];
    for c in r.json().as_array().expect("codes") {
        codes[c["player"].as_u64().expect("a player") as usize] =
            c["code"].as_str().expect("a code").to_string();
    }
    codes
}

/// A player reports their board's result with their code, as at the hall's terminal.
fn report(server: &Server, id: &str, codes: &[String], player: u64, board: u64, result: &str) {
    let r = server.request(
        "POST",
        &format!("/api/tournaments/{id}/hall/player/report"),
        None,
        &[],
        Some(
            &json!({ "player": player, "code": codes[player as usize], "board": board, "result": result })
                .to_string(),
        ),
    );
    assert!(r.status == 201 || r.status == 200, "{}", r.body);
}

/// #59 point 13: a result both players reported alike at the hall's terminal shows in the
/// Results view, not only in the Hall. By default it waits for an arbiter: the board shows it
/// picked, "agreed by both players", with Confirm in Save's place, which records it (with who
/// reported and who confirmed); another result picked there turns Confirm back into Save.
/// Players who reported differently are said on their board, whose buttons stay, until the
/// arbiter enters its result.
/// When the hall's rules let agreed results stand, the result is recorded at once and the
/// Results view shows it, live.
#[test]
fn a_result_both_players_agreed_at_the_terminal_shows_in_the_results_view() {
    let server = Server::start();
    let id = open_with_twelve_boards(&server);
    let codes = codes(&server, &id);
    let pairs = pairs(&server, &id);
    let pair = |board: usize| pairs[board - 1];
    let base = format!("http://{}", server.address);
    let browser = Browser::launch();
    let mut console = browser.page(&format!("{base}/arbiter/{id}"));
    resize(&mut console, 1366, 768, false);
    console.sign_in(&server.chief);
    console.wait_for(
        "the results view, live",
        "document.querySelector('#missing').textContent.includes('0 of 12 results in') && document.querySelector('#conn').textContent === 'live'",
    );

    // Board 1 agreed, board 2 disputed: shown on their boards as the reports come.
    let (w1, b1) = pair(1);
    report(&server, &id, &codes, w1, 1, "1-0");
    report(&server, &id, &codes, b1, 1, "1-0");
    let (w2, b2) = pair(2);
    report(&server, &id, &codes, w2, 2, "1-0");
    report(&server, &id, &codes, b2, 2, "0-1");
    console.wait_for(
        "board 1 agreed, to confirm",
        "document.querySelector(\"#board-1 button[data-confirm='1']\") && document.querySelector(\"#board-1 button.res.picked[data-res='1-0']\") && document.querySelector('#board-1').innerText.includes('1-0 agreed by both players: Confirm records it.')",
    );
    console.wait_for(
        "board 2 disputed",
        "document.querySelector('#board-2').innerText.includes('The players disagree: White says 1-0, Black says 0-1.') && document.querySelector(\"#board-2 button[data-save='2']\")",
    );
    let shown = boards_on_one_screen(&mut console, "1366x768");
    assert!(
        shown >= 11,
        "the boards with reports keep the view compact: {shown} on one screen"
    );
    console.screenshot("console-results-agreed-1366.png");
    for (width, height) in [(390, 844), (820, 1180)] {
        resize(&mut console, width, height, true);
        assert_eq!(console.eval(FITS), json!("fits"), "at {width}");
        console.screenshot(&format!("console-results-agreed-{width}.png"));
    }
    resize(&mut console, 1366, 768, false);
    assert_eq!(
        results(&server, &id)[0],
        Value::Null,
        "waiting for an arbiter"
    );

    // Another result picked: Save, as on any board; the agreed one picked again: Confirm.
    console.click("button.res[data-board='1'][data-res='1/2-1/2']");
    console.wait_for(
        "Save in Confirm's place",
        "document.querySelector(\"#board-1 button[data-save='1']\") && !document.querySelector(\"#board-1 button[data-confirm='1']\")",
    );
    console.click("button.res[data-board='1'][data-res='1-0']");
    console.wait_for(
        "Confirm again",
        "document.querySelector(\"#board-1 button[data-confirm='1']\")",
    );
    // Confirm: the players' result is recorded, with who reported and who confirmed.
    console.click("button[data-confirm='1']");
    console.wait_for(
        "board 1 recorded",
        "document.querySelector('#message').textContent.includes('Board 1: the players\\' result confirmed.') && document.querySelector(\"#board-1 button[data-correct='1']\") && document.querySelector('#board-1').innerText.includes('reported by')",
    );
    let round1 = server
        .public(&format!("/api/tournaments/{id}/rounds/1"))
        .json();
    assert_eq!(round1["pairs"][0]["games"], json!(["1-0"]));
    assert_eq!(round1["pairs"][0]["reported_by"]["player"], json!(w1));
    assert_eq!(round1["pairs"][0]["confirmed_by"]["player"], json!(b1));

    // The dispute settled by the arbiter's entry: the board has its result, the note is gone.
    console.enter_result("2 0");
    console.wait_for(
        "board 2 recorded",
        "document.querySelector(\"#board-2 button[data-correct='2']\") && !document.querySelector('#board-2 .report')",
    );
    assert_eq!(results(&server, &id)[1], json!(["0-1"]));

    // The rules let agreed results stand: board 3's result is recorded as the second player
    // confirms, and shown at once.
    let r = server.chief(
        "PUT",
        &format!("/api/tournaments/{id}/hall/rules"),
        json!({ "agreed_results_stand": true }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let (w3, b3) = pair(3);
    report(&server, &id, &codes, b3, 3, "0-1");
    report(&server, &id, &codes, w3, 3, "0-1");
    console.wait_for(
        "board 3 recorded, live",
        "document.querySelector(\"#board-3 button[data-correct='3']\") && document.querySelector('#board-3').innerText.includes('0-1') && document.querySelector('#board-3').innerText.includes('reported by')",
    );
    assert_eq!(results(&server, &id)[2], json!(["0-1"]));
    console.wait_for(
        "three results in",
        "document.querySelector('#missing').textContent.includes('3 of 12 results in')",
    );
}

/// A Double-Swiss match (two games a board) in the Results view: each game's buttons on a line
/// of their own, everything inside the screen at 1366x768, 820 and 390; a match entered with
/// the buttons is recorded.
#[test]
fn a_double_swiss_match_is_entered_in_the_results_view_at_a_laptops_and_a_phones_width() {
    let server = Server::start();
    let id = server.create_tournament("Double Open", "double-swiss-2026", 5);
    server.register_players(&id, 8, |i| 2300 - 20 * i);
    server.publish_proposal(&id);
    let base = format!("http://{}", server.address);
    let browser = Browser::launch();
    let mut console = browser.page(&format!("{base}/arbiter/{id}"));
    for (width, height, mobile) in [(390, 844, true), (820, 1180, true), (1366, 768, false)] {
        resize(&mut console, width, height, mobile);
        if width == 390 {
            console.sign_in(&server.chief);
        }
        console.wait_for(
            "the match's buttons",
            "document.querySelectorAll(\"#board-1 button.res[data-game='1']\").length === 9",
        );
        assert_eq!(console.eval(FITS), json!("fits"), "at {width}");
        let lines = console.eval(
            "(() => { const top = (g) => document.querySelector(`#board-1 button.res[data-game='${g}']`).getBoundingClientRect().top; return top(1) > top(0); })()",
        );
        assert_eq!(lines, json!(true), "game 2 under game 1 at {width}");
        console.screenshot(&format!("console-results-match-{width}.png"));
    }
    console.click("button.res[data-board='1'][data-game='0'][data-res='1-0']");
    console.click("button.res[data-board='1'][data-game='1'][data-res='1/2-1/2']");
    console.wait_for(
        "Save enabled",
        "document.querySelector(\"button[data-save='1']\")?.disabled === false",
    );
    console.click("button[data-save='1']");
    console.wait_for(
        "the match recorded",
        "document.querySelector('#message').textContent.includes('Board 1: result recorded.')",
    );
    let r = server
        .public(&format!("/api/tournaments/{id}/rounds/1"))
        .json();
    assert_eq!(r["pairs"][0]["games"], json!(["1-0", "1/2-1/2"]));
}
