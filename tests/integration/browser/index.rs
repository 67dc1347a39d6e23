//! The index page: creating a tournament (with the rating report's details), and a TRF file
//! checked then imported from the first page.

use super::Browser;
use crate::support::{records, Server};
use serde_json::json;

/// The chief arbiter creates a tournament on the index page; left at its default, the system
/// is the Dutch in force (2026), and the page opens the new tournament's console. A wrong
/// token is refused, said on the page, and creates nothing.
#[test]
fn a_tournament_created_on_the_index_page_is_paired_by_the_dutch_in_force() {
    let server = Server::start();
    let base = format!("http://{}", server.address);
    let browser = Browser::launch();
    let mut index = browser.page(&format!("{base}/"));
    index.wait_for(
        "the creation form",
        "document.readyState === 'complete' && document.querySelector('#createform')",
    );
    let options = index.eval(
        "[...document.querySelectorAll('#createform select[name=system] option')].map(o => o.value).join(' ')",
    );
    assert_eq!(
        options,
        json!("dutch-2026 dubov-2026 burstein-2026 double-swiss-2026 dutch-1992 dubov-1997 round-robin double-round-robin")
    );
    // The new editions' names as the arbiter reads them, on a phone.
    index.call(
        "Emulation.setDeviceMetricsOverride",
        json!({ "width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": true }),
    );
    index.wait_for("the phone width", "window.innerWidth === 390");
    index.eval(
        "document.querySelector('#createform select[name=system]').value = 'burstein-2026'; true",
    );
    assert_eq!(
        index.eval("document.documentElement.scrollWidth <= window.innerWidth"),
        json!(true),
        "the creation form fits a phone's width"
    );
    index.screenshot("index-create-phone.png");
    index.tablet_and_desktop("the creation form", "index-create");
    index.eval(
        "document.querySelector('#createform select[name=system]').value = 'dutch-2026'; true",
    );
    index.call("Emulation.clearDeviceMetricsOverride", json!({}));
    let fill = |token: &str| {
        format!(
            "(() => {{ const f = document.querySelector('#createform'); f.name.value = 'Spring Open'; f.rounds.value = '7'; f.token.value = {token:?}; f.querySelector('button').click(); return true; }})()"
        )
    };
    index.eval(&fill("not-a-token"));
    index.wait_for("the refusal", "document.querySelector('#createmsg .bad')");
    assert_eq!(server.tournament_count(), 0);
    index.eval(&fill(&server.chief));
    index.wait_for(
        "the new tournament's console",
        "location.pathname.startsWith('/arbiter/') && document.querySelector('#token')",
    );
    let path = index.eval("location.pathname");
    let id = path
        .as_str()
        .unwrap()
        .trim_start_matches("/arbiter/")
        .to_string();
    let t = server.public(&format!("/api/tournaments/{id}")).json();
    assert_eq!(t["name"], "Spring Open", "{t}");
    assert_eq!(t["settings"]["system"], "dutch-2026", "{t}");
    assert_eq!(t["settings"]["rounds"], 7, "{t}");

    // The console signed in with the token the page kept; signing out forgets it here.
    index.wait_for(
        "the console signed in",
        "!document.querySelector('#signout').hidden && document.querySelector('#signin').hidden",
    );
    index.click("#signout");
    index.wait_for(
        "the sign-in form again",
        "document.readyState === 'complete' && !document.querySelector('#signin').hidden && document.querySelector('#signout').hidden",
    );
    assert_eq!(
        index.eval("localStorage.getItem('swiss.token')"),
        json!(null)
    );
}

/// #19 "Setup without curl": the index page creates a tournament with its details, point
/// values, tie-breaks and a drawing of lots for the first colour; the console's details form
/// shows them and records the round dates; the TRF report carries them.
#[test]
fn the_index_page_and_the_console_set_up_the_rating_reports_details() {
    let server = Server::start();
    let base = format!("http://{}", server.address);
    let browser = Browser::launch();
    let mut index = browser.page(&format!("{base}/"));
    index.wait_for(
        "the creation form",
        "document.readyState === 'complete' && document.querySelector('#createform')",
    );
    // Double-Swiss shows its own point values (a pairing-allocated bye is 1½).
    index.eval("(() => { const f = document.querySelector('#createform'); f.system.value = 'double-swiss-2026'; f.system.dispatchEvent(new Event('change')); return true; })()");
    assert_eq!(
        index.eval("document.querySelector('#createform').pairing_bye.value"),
        json!("1.5")
    );
    index.fill(
        "#createform",
        &[
            ("system", "dutch-2026"),
            ("name", "Autumn Open"),
            ("rounds", "5"),
            ("initial_color", "lots"),
            ("city", "Bonn"),
            ("federation", "GER"),
            ("start_date", "2026-11-28"),
            ("end_date", "2026-11-30"),
            ("time_control", "90 min + 30 s"),
            ("chief_arbiter", "IA Jane Doe"),
            ("deputy_arbiters", "FA John Roe\nNA Max Muster"),
            ("draw", "0.5"),
            ("win", "3"),
            ("tiebreaks", "BH-C1 SB"),
            ("token", &server.chief),
        ],
        "button.primary",
    );
    index.wait_for(
        "the new tournament's console",
        "location.pathname.startsWith('/arbiter/') && document.querySelector('#detailsform')",
    );
    let id = index.console_tournament();
    let t = server.public(&format!("/api/tournaments/{id}")).json();
    assert_eq!(t["settings"]["initial_color_by_lot"], true, "{t}");
    assert_eq!(t["settings"]["points"]["win"], 30, "{t}");
    assert_eq!(t["settings"]["points"]["pairing_bye"], 10, "{t}");
    // Typed in this program's earlier form, recorded in C.07's.
    assert_eq!(t["settings"]["tiebreaks"], json!(["BH/C1", "SB"]), "{t}");
    assert_eq!(t["details"]["city"], "Bonn", "{t}");
    assert_eq!(
        t["details"]["deputy_arbiters"],
        json!(["FA John Roe", "NA Max Muster"]),
        "{t}"
    );

    // The console (signed in with the token the page kept) shows them, one date per round.
    index.wait_for(
        "the details form filled in",
        "document.querySelector('#detailsform').city.value === 'Bonn' && document.querySelectorAll('#rounddates input').length === 5",
    );
    index.eval("(() => { const f = document.querySelector('#detailsform'); f.round_date_1.value = '2026-11-28'; f.round_date_2.value = '2026-11-28'; f.end_date.value = '2026-11-27'; f.querySelector('button').click(); return true; })()");
    index.wait_for(
        "the refusal, naming the field",
        "document.querySelector('#message').innerText.includes('details.end_date: 2026-11-27 is before the first day')",
    );
    index.eval("(() => { const f = document.querySelector('#detailsform'); f.end_date.value = '2026-11-30'; f.querySelector('button').click(); return true; })()");
    index.wait_for(
        "the details saved",
        "document.querySelector('#message').innerText.includes('Details saved')",
    );
    index.screenshot("console-details.png");
    let trf = server
        .public(&format!("/api/tournaments/{id}/export.trf"))
        .body;
    let line = |code: &str| {
        records(&trf, code)
            .first()
            .unwrap_or_else(|| panic!("no {code} in\n{trf}"))
            .to_string()
    };
    assert_eq!(line("022"), "022 Bonn");
    assert_eq!(line("042"), "042 2026/11/28");
    assert_eq!(line("052"), "052 2026/11/30");
    assert_eq!(line("122"), "122 90 min + 30 s");
    assert_eq!(&line("132")[91..], "26/11/28  26/11/28");

    // Registration from FIDE's rating list: the console finds a player by name and a click
    // fills the form in.
    let list = std::fs::read(
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../tests/fixtures/rating-list/players_list_foa.txt"),
    )
    .unwrap();
    let r = server.upload(
        "PUT",
        "/api/rating-list?name=players_list_foa.txt",
        Some(&server.chief),
        &list,
    );
    assert_eq!(r.status, 201, "{}", r.body);
    index.eval("location.reload(); true");
    index.wait_for(
        "the console with the list loaded",
        "document.querySelector('#liststatus') && document.querySelector('#liststatus').innerText.includes('13 players')",
    );
    index.eval("(() => { const i = document.querySelector('#listsearch'); i.value = 'kowal'; i.dispatchEvent(new Event('input')); return true; })()");
    index.wait_for(
        "the player found",
        "document.querySelector('#listfound button[data-found]')",
    );
    index.click("#listfound button[data-found]");
    assert_eq!(
        index.eval("(() => { const f = document.querySelector('#register'); return [f.name.value, f.rating.value, f.title.value, f.federation.value, f.fide_id.value, f.birth_date.value].join('|'); })()"),
        json!("Kowalski, Karol|2455|IM|POL|90100117|1991/00/00")
    );
    index.eval("document.querySelector('#register button').click(); true");
    index.wait_for(
        "the player registered",
        "document.querySelector('#playerlist').innerText.includes('Kowalski')",
    );
    let players = server
        .public(&format!("/api/tournaments/{id}/players"))
        .json();
    assert_eq!(players[0]["fide_id"], 90100117, "{players}");
    assert_eq!(players[0]["rating"], 2455, "{players}");
}

/// #43 "import in the console": a TRF file from another program chosen on the first page is
/// checked first (name, players, rounds recorded, system), a file that names no Dutch edition
/// asks for one, and nothing is created until "Import it"; then a link leads to its console.
#[test]
fn a_trf_file_is_checked_then_imported_from_the_first_page() {
    let server = Server::start();
    let base = format!("http://{}", server.address);
    let browser = Browser::launch();
    let mut index = browser.page(&format!("{base}/"));
    index.wait_for(
        "the import form",
        "document.readyState === 'complete' && document.querySelector('#importform')",
    );
    index.eval(&format!(
        "document.querySelector('#createform').token.value = {:?}; true",
        server.chief
    ));
    let file = crate::support::fixture("club-10.trf")
        .canonicalize()
        .unwrap();
    let doc = index.call("DOM.getDocument", json!({}));
    let node = index.call(
        "DOM.querySelector",
        json!({ "nodeId": doc["root"]["nodeId"], "selector": "#importform input[type=file]" }),
    );
    index.call(
        "DOM.setFileInputFiles",
        json!({ "nodeId": node["nodeId"], "files": [file.to_str().unwrap()] }),
    );
    index.click("#importform button[type=submit]");
    index.wait_for(
        "the summary, asking for the edition",
        "document.querySelector('#importsummary')?.textContent.includes('10 players') && document.querySelector('#importmsg').textContent.includes('choose one')",
    );
    assert_eq!(server.tournament_count(), 0, "checking creates nothing");
    index.eval("document.querySelector('#importform').system.value = 'dutch-2026'; true");
    index.click("#importform button[type=submit]");
    index.wait_for("the import button", "document.querySelector('#importnow')");
    let summary = index.eval("document.querySelector('#importsummary').textContent");
    assert!(
        summary
            .as_str()
            .unwrap()
            .contains("Club Championship Spring"),
        "{summary}"
    );
    index.click("#importnow");
    index.wait_for(
        "the link to its console",
        "document.querySelector('#importedlink')",
    );
    assert_eq!(server.tournament_count(), 1);
    let href = index.eval("document.querySelector('#importedlink').getAttribute('href')");
    let id = href
        .as_str()
        .unwrap()
        .trim_start_matches("/arbiter/")
        .to_string();
    let t = server.public(&format!("/api/tournaments/{id}")).json();
    assert_eq!(t["players"], 10, "{t}");
    assert_eq!(t["settings"]["system"], "dutch-2026", "{t}");
}
