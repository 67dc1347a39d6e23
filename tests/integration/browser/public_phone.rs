//! The public pages as a player follows a 24-player open on a phone (issue #59): a card
//! during the round being played (not played yet, never a loss, with the board), the search by
//! name that ignores accents, the list by name and the standings on a 360-pixel screen, and
//! the standings' marks (a withdrawal, a place by lot) explained under every table showing
//! them. Screenshots of each view at 360, 390, 820, 1366 and 1920 pixels go to `artifacts/`.

use super::{Browser, Page};
use crate::support::Server;
use serde_json::{json, Value};

/// The sizes a view is looked at: two phones, a tablet, two desktops.
const SIZES: [(u32, u32, bool); 5] = [
    (360, 740, true),
    (390, 844, true),
    (820, 1180, true),
    (1366, 768, false),
    (1920, 1080, false),
];

/// The page at `width` x `height` (a phone or tablet when `mobile`), once the window has it.
fn resize(page: &mut Page, width: u32, height: u32, mobile: bool) {
    page.call(
        "Emulation.setDeviceMetricsOverride",
        json!({ "width": width, "height": height, "screenWidth": width, "screenHeight": height,
            "deviceScaleFactor": if mobile { 2 } else { 1 }, "mobile": mobile }),
    );
    page.wait_for(
        &format!("a {width}-pixel window"),
        &format!("screen.width === {width} && document.readyState === 'complete'"),
    );
}

/// Whether the page scrolls sideways: [its width, the window's]. (A phone's window grows to
/// a page wider than the screen, so the page's width is held to the screen's, not the window's.)
const WIDTHS: &str = "[document.documentElement.scrollWidth, window.innerWidth]";

/// The view at every size, checked to fit each width, screenshot as `{name}-{width}.png`.
fn at_every_size(page: &mut Page, what: &str, name: &str) {
    for (width, height, mobile) in SIZES {
        resize(page, width, height, mobile);
        let wide = page.eval(WIDTHS);
        page.screenshot(&format!("{name}-{width}.png"));
        assert!(
            wide[0].as_u64() <= Some(u64::from(width)),
            "{what} at {width} pixels scrolls sideways: {wide} (page width, window width)"
        );
    }
}

/// A 24-player open (Dutch, 2026) with names from everywhere, one of them "García López,
/// Ana"; rounds 1 and 2 played to the end (White wins on odd boards, draws on even ones), round
/// 3 published with no result yet.
fn open_in_round_three(server: &Server) -> String {
    let id = server.create_tournament("Autumn Open", "dutch-2026", 7);
    let names = [
        "García López,Ana",
        "Brandt,Jonas",
        "Okafor,Ada",
        "Lindqvist,Erik",
        "de Vries,Pieter",
        "Santos,Marta",
        "Kaya,Emre",
        "Janssen,Bram",
        "Moreau,Luc",
        "Novák,Tomáš",
        "Øberg,Sindre",
        "Müller-Lüdenscheidt,Maximilian",
        "Papadopoulos,Eleni",
        "Kowalczyk,Zofia",
        "Fernández,Diego",
        "Rossi,Giulia",
        "Haddad,Karim",
        "Ivanova,Daria",
        "O'Brien,Siobhan",
        "Takahashi,Ren",
        "Nguyen,Linh",
        "Schmidt,Hannah",
        "Costa,Rui",
        "Dubois,Camille",
    ];
    let feds = ["ESP", "GER", "NGR", "SWE", "NED", "POR", "TUR", "BEL"];
    for (i, name) in names.iter().enumerate() {
        let body =
            json!({ "name": name, "rating": 2350 - 25 * i as u32, "federation": feds[i % 8] });
        let r = server.chief("POST", &format!("/api/tournaments/{id}/players"), body);
        assert_eq!(r.status, 201, "{}", r.body);
    }
    for round in 1..=2 {
        server.publish_proposal(&id);
        for board in 1..=12 {
            let result = if board % 2 == 1 { "1-0" } else { "1/2-1/2" };
            let r = server.chief(
                "PUT",
                &format!("/api/tournaments/{id}/rounds/{round}/boards/{board}/result"),
                json!({ "result": result }),
            );
            assert_eq!(r.status, 201, "{}", r.body);
        }
    }
    server.publish_proposal(&id);
    id
}

/// #59 point 1: during round 3, before any result, a player's card says the round is being
/// played (and where: the board), never a "0"; the API gives that round no points, and no
/// running score (card, standings) counts it. On a 360-pixel phone the card shows the board
/// and its running score, with no sideways scrolling.
#[test]
fn a_card_during_a_round_says_playing_now_on_its_board_not_a_loss() {
    let server = Server::start();
    let id = open_in_round_three(&server);
    let round = server
        .public(&format!("/api/tournaments/{id}/rounds/3"))
        .json();
    let board7 = &round["pairs"][6];
    assert_eq!(board7["board"], 7, "{round}");
    let player = board7["white"]["player"].as_u64().unwrap();
    let before = board7["white"]["score"].as_str().unwrap().to_string();

    // The API: round 3 gave nothing yet and is said to be waiting; the score counts rounds 1-2.
    let card = server
        .public(&format!("/api/tournaments/{id}/players/{player}/card"))
        .json();
    assert_eq!(card["points"][2]["points"], Value::Null, "{card}");
    assert_eq!(card["points"][2]["pending"], true, "{card}");
    assert_eq!(card["points"][1]["pending"], false, "{card}");
    assert_eq!(card["rounds"][2]["board"], 7, "{card}");
    let number = |v: &Value| v.as_str().unwrap().parse::<f64>().unwrap();
    assert_eq!(number(&card["score"]), number(&json!(before)), "{card}");
    assert_eq!(
        number(&card["points"][2]["score_after"]),
        number(&json!(before)),
        "{card}"
    );
    let standings = server
        .public(&format!("/api/tournaments/{id}/standings"))
        .json();
    let row = standings["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["player"].as_u64() == Some(player))
        .unwrap();
    assert_eq!(number(&row["score"]), number(&json!(before)), "{row}");

    // The page on a 360-pixel phone.
    let browser = Browser::launch();
    let mut page = browser.page(&format!("http://{}/t/{id}/player/{player}", server.address));
    resize(&mut page, 360, 740, true);
    page.wait_for(
        "the card",
        "document.querySelectorAll('table.card tbody tr').length === 3",
    );
    let seen = page.eval(
        "(() => {
            const row = document.querySelectorAll('table.card tbody tr')[2];
            const cells = [...row.cells];
            const visible = (c) => c.getBoundingClientRect().width > 0;
            const inside = (c) => c.getBoundingClientRect().right <= 360;
            const first = document.querySelectorAll('table.card tbody tr')[0];
            return {
                board: visible(cells[1]) ? cells[1].innerText.trim() : 'hidden',
                result: cells[5].innerText.trim(),
                said: document.querySelector('p.playing') ? document.querySelector('p.playing').innerText : '',
                score: visible(first.cells[6]) && inside(first.cells[6]),
                widths: [document.documentElement.scrollWidth, window.innerWidth],
            };
        })()",
    );
    page.screenshot("public-card-in-play-360.png");
    assert_eq!(
        seen["board"], "7",
        "the board of round 3 on a phone: {seen}"
    );
    assert_eq!(
        seen["result"], "playing now",
        "round 3 not played yet: {seen}"
    );
    assert!(
        seen["said"]
            .as_str()
            .unwrap()
            .contains("Round 3: playing now on board 7"),
        "{seen}"
    );
    assert_eq!(
        seen["score"], true,
        "the running score in view on a phone: {seen}"
    );
    assert!(
        seen["widths"][0].as_u64() <= Some(360),
        "the card scrolls sideways at 360 pixels: {seen}"
    );
    at_every_size(&mut page, "the card in play", "public-card-in-play");
}

/// #59 point 5: the public list by name finds "García López" when "garcia lopez" is typed
/// (accents, case and the comma aside), and shows only that player; the list by name and the
/// standings fit a 360-pixel phone with the points in view.
#[test]
fn the_name_search_ignores_accents_and_the_lists_fit_a_360_pixel_phone() {
    let server = Server::start();
    let id = open_in_round_three(&server);
    let base = format!("http://{}", server.address);
    let browser = Browser::launch();
    let mut page = browser.page(&format!("{base}/t/{id}/byname"));
    resize(&mut page, 360, 740, true);
    page.wait_for(
        "the list by name",
        "document.querySelectorAll('table.byname tbody tr').length === 24",
    );
    let wide = page.eval(WIDTHS);
    page.screenshot("public-byname-360.png");
    assert!(
        wide[0].as_u64() <= Some(360),
        "the list by name at 360 pixels: {wide}"
    );
    page.eval("(() => { const f = document.querySelector('#namesearch'); f.focus(); f.value = 'garcia lopez'; f.dispatchEvent(new Event('input', { bubbles: true })); return true; })()");
    let found = page.eval("[...document.querySelectorAll('table.byname tbody tr')].filter((r) => !r.hidden).map((r) => r.cells[0].innerText)");
    page.screenshot("public-byname-search-360.png");
    assert_eq!(
        found.as_array().map(Vec::len),
        Some(1),
        "one player found: {found}"
    );
    assert!(
        found[0].as_str().unwrap().contains("García López,Ana"),
        "{found}"
    );
    // "lopez, ana" finds her too; a name no one has finds nobody, and says so.
    page.eval("(() => { const f = document.querySelector('#namesearch'); f.value = 'LOPEZ, ana'; f.dispatchEvent(new Event('input', { bubbles: true })); return true; })()");
    let found = page.eval(
        "[...document.querySelectorAll('table.byname tbody tr')].filter((r) => !r.hidden).length",
    );
    assert_eq!(found, json!(1));
    page.eval("(() => { const f = document.querySelector('#namesearch'); f.value = 'kasparov'; f.dispatchEvent(new Event('input', { bubbles: true })); return true; })()");
    let none = page.eval("[[...document.querySelectorAll('table.byname tbody tr')].filter((r) => !r.hidden).length, !document.querySelector('#nonefound').hidden]");
    assert_eq!(none, json!([0, true]));
    page.eval("(() => { const f = document.querySelector('#namesearch'); f.value = ''; f.dispatchEvent(new Event('input', { bubbles: true })); return true; })()");
    at_every_size(&mut page, "the list by name", "public-byname");

    let mut page = browser.page(&format!("{base}/t/{id}/standings"));
    resize(&mut page, 360, 740, true);
    page.wait_for(
        "the standings",
        "document.querySelectorAll('table.standings tbody tr').length === 24",
    );
    let seen = page.eval("(() => { const c = document.querySelector('table.standings tbody tr').cells[3]; const r = c.getBoundingClientRect(); return [document.documentElement.scrollWidth, window.innerWidth, r.width > 0 && r.right <= 360]; })()");
    page.screenshot("public-standings-360.png");
    assert!(
        seen[0].as_u64() <= Some(360),
        "the standings at 360 pixels: {seen}"
    );
    assert_eq!(seen[2], true, "the points in view: {seen}");
    at_every_size(&mut page, "the standings", "public-standings");
}

/// #59 point 13: a withdrawn player is marked in the standings, public and console, and a
/// place decided by lot (`*`) is explained under each table that shows one. An 8-player open
/// ranked by wins only (so that lots separate the tied), two rounds played, one player
/// withdrawn from round 3.
#[test]
fn the_standings_mark_a_withdrawal_and_explain_a_place_by_lot() {
    let server = Server::start();
    let r = server.chief(
        "POST",
        "/api/tournaments",
        json!({ "name": "Club Open", "settings": { "system": "dutch-2026", "rounds": 5, "initial_color": "white", "tiebreaks": ["WIN"] } }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let id = r.json()["id"].as_str().unwrap().to_string();
    server.register_players(&id, 8, |i| 2200 - 20 * i);
    for round in 1..=2 {
        server.publish_proposal(&id);
        for board in 1..=4 {
            let r = server.chief(
                "PUT",
                &format!("/api/tournaments/{id}/rounds/{round}/boards/{board}/result"),
                json!({ "result": "1/2-1/2" }),
            );
            assert_eq!(r.status, 201, "{}", r.body);
        }
    }
    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/players/5/withdrawal"),
        json!({ "from_round": 3, "reason": "left" }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let s = server
        .public(&format!("/api/tournaments/{id}/standings"))
        .json();
    assert!(
        s["rows"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["by_lot"] == true),
        "lots separate the tied: {s}"
    );
    let base = format!("http://{}", server.address);
    let browser = Browser::launch();
    let mut public = browser.page(&format!("{base}/t/{id}/standings"));
    public.wait_for(
        "the standings",
        "document.querySelectorAll('table.standings tbody tr').length === 8",
    );
    let seen = public.eval("[document.querySelector('table.standings').innerText, document.querySelector('p.legend').innerText]");
    public.screenshot("public-standings-marks.png");
    assert!(
        seen[0]
            .as_str()
            .unwrap()
            .contains("Player,04 (2120) (withdrawn from round 3)"),
        "{seen}"
    );
    assert!(
        seen[1]
            .as_str()
            .unwrap()
            .contains("* placed by the drawing of lots"),
        "{seen}"
    );
    at_every_size(
        &mut public,
        "the standings with marks",
        "public-standings-marks",
    );

    let mut console = browser.page(&format!("{base}/arbiter/{id}/standings"));
    console.sign_in(&server.chief);
    console.wait_for(
        "the console's standings",
        "document.querySelectorAll('#stable tbody tr').length === 8",
    );
    let seen = console.eval("[document.querySelector('#stable tbody').innerText, (document.querySelector('#stable caption') || {}).innerText || '']");
    assert!(
        seen[0]
            .as_str()
            .unwrap()
            .contains("(withdrawn from round 3)"),
        "{seen}"
    );
    assert!(
        seen[1]
            .as_str()
            .unwrap()
            .contains("* placed by the drawing of lots"),
        "{seen}"
    );
    at_every_size(
        &mut console,
        "the console's standings",
        "console-standings-marks",
    );
}
