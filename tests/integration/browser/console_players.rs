//! The console's players: a requested bye cancelled, every field of a player corrected, a
//! player registered by mistake removed.

use super::Browser;
use crate::support::{records, Server};
use serde_json::{json, Value};

/// #43 "cancel a requested bye": a half-point bye asked for in the console shows in the player
/// list before its round is published, with a cancel button; cancelled there, it is gone from
/// the list, recorded in the audit, and the player is paired in that round; a second
/// cancellation is refused in words.
#[test]
fn a_requested_bye_is_seen_and_cancelled_in_the_console() {
    let server = Server::start();
    let id = server.create_tournament("Bye Open", "dutch-2026", 5);
    server.register_players(&id, 6, |i| 2200 - 10 * i);
    let base = format!("http://{}", server.address);
    let browser = Browser::launch();
    let mut console = browser.page(&format!("{base}/arbiter/{id}"));
    console.sign_in(&server.chief);
    console.wait_for(
        "the player list",
        "document.querySelectorAll('#playerlist tr').length === 7",
    );
    console.eval("(() => { const f = document.querySelector('#byeform'); f.player.value = '2'; f.round.value = '1'; f.kind.value = 'half'; f.querySelector('button').click(); return true; })()");
    console.wait_for(
        "the bye in the list",
        "document.querySelector('#playerlist').textContent.includes('half-point bye in round 1')",
    );
    console.click("#playerlist button[data-cancelbye='2']");
    console.wait_for(
        "the bye gone",
        "document.querySelector('#message').textContent.includes('cancelled') && !document.querySelector('#playerlist').textContent.includes('bye in round')",
    );
    let cancelled = server.recorded(&id, "bye_cancelled");
    assert_eq!(cancelled["event"]["player"], 2, "{cancelled}");
    assert_eq!(cancelled["event"]["round"], 1, "{cancelled}");
    let (proposal, _) = server.proposal(&id);
    let paired: Vec<&Value> = proposal["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|p| [&p["white"]["player"], &p["black"]["player"]])
        .collect();
    assert!(paired.contains(&&json!(2)), "{proposal}");
    let again = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/byes/cancellation"),
        json!({ "player": 2, "round": 1 }),
    );
    assert_eq!(again.status, 422, "{}", again.body);
    assert!(again.body.contains("nothing to cancel"), "{}", again.body);
}

/// #43 "correct any field of a player": in the console, a player's federation, FIDE id, birth
/// date and sex corrected with a reason; the API, the audit trail and the TRF report say the
/// new values, and a FIDE id another player has is refused naming it.
#[test]
fn every_field_of_a_player_is_corrected_in_the_console() {
    let server = Server::start();
    let id = server.create_tournament("Corrections Open", "dutch-2026", 5);
    server.register_players(&id, 4, |i| 2200 - 10 * i);
    let base = format!("http://{}", server.address);
    let browser = Browser::launch();
    let mut console = browser.page(&format!("{base}/arbiter/{id}"));
    console.sign_in(&server.chief);
    console.wait_for(
        "the player list",
        "document.querySelectorAll('#playerlist tr').length === 5",
    );
    console.eval("(() => { const d = document.querySelector('#correctbox'); d.open = true; const f = document.querySelector('#correctform'); f.player.value = '3'; f.player.dispatchEvent(new Event('change')); return true; })()");
    console.wait_for(
        "the form filled with player 3",
        "document.querySelector('#correctform').name.value === 'Player,02'",
    );
    console.fill(
        "#correctform",
        &[
            ("federation", "NOR"),
            ("fide_id", "1503014"),
            ("birth_date", "1990/11/30"),
            ("sex", "m"),
            ("reason", "passport seen"),
        ],
        "button[type=submit]",
    );
    console.wait_for(
        "the correction recorded",
        "document.querySelector('#message').textContent.includes('corrected')",
    );
    let players = server
        .public(&format!("/api/tournaments/{id}/players"))
        .json();
    let three = players
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["player"] == 3)
        .unwrap();
    assert_eq!(three["federation"], "NOR", "{three}");
    assert_eq!(three["fide_id"], 1503014, "{three}");
    let corrected = server.recorded(&id, "player_corrected");
    let c = &corrected["event"]["correction"];
    assert_eq!(c["birth_date"], "1990/11/30", "{corrected}");
    assert_eq!(c["sex"], "m", "{corrected}");
    assert!(
        c.get("name").is_none() && c.get("rating").is_none(),
        "only what changed: {corrected}"
    );
    let trf = server
        .public(&format!("/api/tournaments/{id}/export.trf"))
        .body;
    let line = records(&trf, "001")
        .into_iter()
        .find(|l| l.contains("Player,02"))
        .unwrap()
        .to_string();
    assert!(
        line.contains("1503014") && line.contains("1990/11/30") && line.contains("NOR"),
        "{line}"
    );
    // Another player may not take that FIDE id.
    let r = server.chief(
        "PATCH",
        &format!("/api/tournaments/{id}/players/1"),
        json!({ "correction": { "fide_id": 1503014 }, "reason": "typo" }),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(r.body.contains("1503014"), "{}", r.body);
}

/// #43 "remove a player registered by mistake before they are paired": removed in the console
/// (two clicks), the player is gone from the list and the numbers close up; the round is paired
/// without them; once paired a player cannot be removed (withdraw them instead), and a late
/// entry removed before their first round is never paired; registration numbers are not given
/// twice; the TRF report lists only the players who are in.
#[test]
fn a_player_registered_by_mistake_is_removed_in_the_console() {
    let server = Server::start();
    let id = server.create_tournament("Mistakes Open", "dutch-2026", 5);
    server.register_players(&id, 6, |i| 2200 - 10 * i);
    let base = format!("http://{}", server.address);
    let browser = Browser::launch();
    let mut console = browser.page(&format!("{base}/arbiter/{id}"));
    console.sign_in(&server.chief);
    console.wait_for(
        "the player list",
        "document.querySelectorAll('#playerlist tr').length === 7",
    );
    console.click("#playerlist button[data-remove='4']");
    console.wait_for("asked", "document.querySelector(\"#playerlist button[data-remove='4']\").textContent.includes('again')");
    console.click("#playerlist button[data-remove='4']");
    console.wait_for(
        "the player gone",
        "document.querySelectorAll('#playerlist tr').length === 6",
    );
    let players = server
        .public(&format!("/api/tournaments/{id}/players"))
        .json();
    let mut tpns: Vec<u64> = players
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["tpn"].as_u64().unwrap())
        .collect();
    tpns.sort_unstable();
    assert_eq!(tpns, [1, 2, 3, 4, 5], "{players}");
    assert!(
        players.as_array().unwrap().iter().all(|p| p["player"] != 4),
        "{players}"
    );
    let removed = server.recorded(&id, "player_removed");
    assert_eq!(removed["event"]["player"], 4, "{removed}");
    let p = server.publish_proposal(&id);
    assert!(!p.to_string().contains("Player,03"), "{p}");
    let paired = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/players/1/removal"),
        json!({}),
    );
    assert_eq!(paired.status, 422, "{}", paired.body);
    assert!(
        paired.body.contains("withdraw them instead"),
        "{}",
        paired.body
    );
    // A late entry, removed before round 2: never paired; the next one gets a new number.
    let late = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/players"),
        json!({ "name": "Late,Wrong", "rating": 1900 }),
    );
    assert_eq!(late.status, 201, "{}", late.body);
    assert_eq!(late.json()["player"], 7);
    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/players/7/removal"),
        json!({ "reason": "wrong section" }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let again = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/players"),
        json!({ "name": "Late,Right", "rating": 1900 }),
    );
    assert_eq!(again.json()["player"], 8, "{}", again.body);
    for board in 1..=2 {
        let r = server.chief(
            "PUT",
            &format!("/api/tournaments/{id}/rounds/1/boards/{board}/result"),
            json!({ "result": "1-0" }),
        );
        assert_eq!(r.status, 201, "{}", r.body);
    }
    let p2 = server.publish_proposal(&id);
    assert!(
        !p2.to_string().contains("Late,Wrong") && p2.to_string().contains("Late,Right"),
        "{p2}"
    );
    let trf = server
        .public(&format!("/api/tournaments/{id}/export.trf"))
        .body;
    assert_eq!(records(&trf, "001").len(), 6, "{trf}");
    assert!(
        !trf.contains("Player,03") && !trf.contains("Late,Wrong"),
        "{trf}"
    );
    assert_eq!(records(&trf, "062"), ["062 6"], "{trf}");
}

/// #59 point 7: registering from the keyboard. The form is above the starting list; after
/// Register the confirmation is beside the form (a polite live region) and the focus is back on
/// the Name field, ready for the next player.
#[test]
fn after_register_the_focus_returns_to_the_name_and_the_confirmation_is_beside_the_form() {
    let server = Server::start();
    let id = server.create_tournament("Keyboard Open", "dutch-2026", 5);
    server.register_players(&id, 14, |i| 2200 - 10 * i);
    let base = format!("http://{}", server.address);
    let browser = Browser::launch();
    let mut console = browser.page(&format!("{base}/arbiter/{id}/players"));
    console.sign_in(&server.chief);
    console.wait_for(
        "the player list",
        "document.querySelectorAll('#playerlist tr').length === 15",
    );
    assert_eq!(
        console.eval("!!(document.querySelector('#register').compareDocumentPosition(document.querySelector('#playerlist')) & Node.DOCUMENT_POSITION_FOLLOWING)"),
        json!(true),
        "the form is above the list"
    );
    console.eval("(() => { const f = document.querySelector('#register'); f.name.focus(); f.name.value = 'Newcomer,Nora'; f.rating.value = '1900'; f.requestSubmit(f.querySelector('button[type=submit]')); return true; })()");
    console.wait_for(
        "the confirmation beside the form",
        "document.querySelector('#register').nextElementSibling?.id === 'message' && document.querySelector('#message').innerText.includes('Registered: Newcomer,Nora')",
    );
    console.wait_for(
        "the focus on the Name field",
        "document.activeElement === document.querySelector('#register').name && document.querySelector('#register').name.value === ''",
    );
    assert_eq!(
        console.eval("document.querySelector('#message').getAttribute('aria-live')"),
        json!("polite")
    );
    super::checkin::three_widths(&mut console, "#register", "console-players-register");
    // Another view's message is said at the top again.
    console.task("results");
    console.task("players");
    assert_eq!(
        console.eval("document.querySelector('#storehealth').nextElementSibling.id"),
        json!("message")
    );
}

/// #59 point 10: a round-robin's players view has no Swiss sections (byes asked, players kept
/// apart); the seed the numbers were drawn from is shown and "Give the numbers" is put away
/// once they are given (a deliberate "again" brings it back until round 1); and the Next
/// round view pairs and publishes round 2 while round 1's results are still missing.
#[test]
fn a_round_robins_players_view_shows_the_seed_and_its_rounds_are_published_ahead() {
    let server = Server::start();
    let id = server.create_tournament("Club Round-Robin", "round-robin", 7);
    server.register_players(&id, 8, |i| 2200 - 10 * i);
    let base = format!("http://{}", server.address);
    let browser = Browser::launch();
    let mut console = browser.page(&format!("{base}/arbiter/{id}/players"));
    console.sign_in(&server.chief);
    console.wait_for(
        "the numbers' form",
        "!document.querySelector('#rrnumbers').hidden && !document.querySelector('#numbersform').hidden",
    );
    assert_eq!(
        console.eval("document.querySelector('#swissonly').hidden && document.querySelector('#byehead').offsetParent === null && document.querySelector('#keepapartform').offsetParent === null"),
        json!(true),
        "no byes asked nor players kept apart in a round-robin"
    );
    console.fill(
        "#numbersform",
        &[("method", "lots"), ("seed", "4242")],
        "button[type=submit]",
    );
    console.wait_for(
        "the seed shown and the form put away",
        "document.querySelector('#rrdrawn').innerText.includes('by drawing of lots, from seed 4242') && document.querySelector('#numbersform').hidden && !document.querySelector('#rrredraw').hidden",
    );
    super::checkin::three_widths(&mut console, "#rrnumbers", "console-players-roundrobin");

    // Round 1 published, no result in: round 2 is paired and published all the same.
    console.publish_round(1);
    console.task("round");
    console.wait_for(
        "round 1's results said missing, round 2 pairable",
        "document.querySelector('#coming').innerText.includes('round 2 may be paired and published now')",
    );
    console.publish_round(2);
    console.task("players");
    console.wait_for(
        "the seed still shown, the numbers fixed",
        "document.querySelector('#rrdrawn').innerText.includes('seed 4242') && document.querySelector('#numbersform').hidden && document.querySelector('#rrredraw').hidden",
    );
}
