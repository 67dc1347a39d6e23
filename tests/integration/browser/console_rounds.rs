//! The console's rounds and results: the round view's scores, bye and absentees, publishing
//! with a confirmation and unpublishing the last round, a whole round typed from the keyboard.

use super::{Browser, Page};
use crate::support::Server;
use serde_json::json;

/// #19: the console's round view shows each player's points before the round, the
/// pairing-allocated bye and who does not play (a bye asked for, a withdrawal), and its forms
/// for byes and withdrawals record what they say.
#[test]
fn the_consoles_round_view_shows_scores_the_bye_and_who_is_absent() {
    let server = Server::start();
    let id = server.create_tournament("Round View Open", "dutch-2026", 5);
    server.register_players(&id, 6, |i| 2300 - 25 * i);
    let base = format!("http://{}", server.address);
    let browser = Browser::launch();
    let mut console = browser.page(&format!("{base}/arbiter/{id}"));
    console.sign_in(&server.chief);
    console.wait_for(
        "the players listed",
        "document.querySelectorAll('#byeform select[name=player] option').length === 6",
    );
    // A half-point bye for the sixth player in round 1, and the fifth withdrawn from round 1,
    // through the console's forms.
    console.eval("(() => { const f = document.querySelector('#byeform'); f.player.value = '6'; f.round.value = '1'; f.kind.value = 'half'; f.querySelector('button').click(); return true; })()");
    console.wait_for(
        "the bye recorded",
        "document.querySelector('#message').innerText.includes('Recorded')",
    );
    console.eval("(() => { const f = document.querySelector('#withdrawform'); f.player.value = '5'; f.from_round.value = '1'; f.reason.value = 'ill'; f.querySelector('button').click(); return true; })()");
    console.wait_for(
        "the withdrawal recorded",
        "document.querySelector('#message').innerText.includes('Withdrawal recorded')",
    );
    assert_eq!(
        console.eval("document.querySelector('#withdrawform').reason.value"),
        json!(""),
        "the form is emptied once recorded"
    );
    let audit = server
        .public(&format!("/api/tournaments/{id}/audit"))
        .json();
    let kinds: Vec<&str> = audit
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["event"]["type"].as_str().unwrap())
        .collect();
    assert!(
        kinds.contains(&"bye_requested") && kinds.contains(&"player_withdrawn"),
        "{kinds:?}"
    );

    // Four players left: two boards, no pairing-allocated bye; then a result, and round 2
    // with five players... the withdrawn one stays out, the bye's player is back.
    server.publish_proposal(&id);
    console.wait_for(
        "round 1 with who does not play",
        "document.querySelectorAll('#boards tr[id^=board-]').length === 2 && document.querySelector('#absent') && document.querySelector('#absent').innerText.includes('half-point bye') && document.querySelector('#absent').innerText.includes('withdrawn from round 1')",
    );
    for board in 1..=2 {
        let r = server.chief(
            "PUT",
            &format!("/api/tournaments/{id}/rounds/1/boards/{board}/result"),
            json!({ "result": "1-0" }),
        );
        assert_eq!(r.status, 201, "{}", r.body);
    }
    server.publish_proposal(&id);
    console.wait_for(
        "round 2 with the pairing-allocated bye and the points before it",
        "document.querySelector('#roundlabel').innerText.includes('round 2') && document.querySelector('#pab') && document.querySelectorAll('#boards tr[id^=board-]').length === 2",
    );
    let text = console
        .eval("document.querySelector('#boards').innerText + '\\n' + document.querySelector('#notplaying').innerText")
        .as_str()
        .unwrap()
        .to_string();
    let round = server
        .public(&format!("/api/tournaments/{id}/rounds/2"))
        .json();
    let bye = round["bye"]["name"].as_str().unwrap();
    assert!(
        text.contains(&format!("Pairing-allocated bye: {bye}")) || text.contains(bye),
        "{text}"
    );
    for b in round["pairs"].as_array().unwrap() {
        for side in ["white", "black"] {
            let score = b[side]["score"].as_str().unwrap();
            let name = b[side]["name"].as_str().unwrap();
            assert!(
                text.contains(&format!("({score})")) && text.contains(name),
                "{name} ({score}) in {text}"
            );
        }
    }
    assert!(text.contains("withdrawn from round 1"), "{text}");
    console.screenshot("console-round-view.png");
}

/// #43 "a confirmation before publishing" and "unpublish the last round" in the console: the
/// first click on Publish only asks (nothing is published), the confirmation publishes; the
/// round with no result can be unpublished there (two clicks), recorded in the audit, and
/// published again; once it has a result, the console no longer offers it.
#[test]
fn publishing_asks_first_and_the_last_round_is_unpublished_in_the_console() {
    let server = Server::start();
    let id = server.create_tournament("Careful Open", "dutch-2026", 5);
    server.register_players(&id, 6, |i| 2200 - 10 * i);
    let base = format!("http://{}", server.address);
    let browser = Browser::launch();
    let mut console = browser.page(&format!("{base}/arbiter/{id}"));
    console.sign_in(&server.chief);
    console.wait_for("the console", "!document.querySelector('#chief').hidden && document.querySelectorAll('#playerlist tr').length === 7");
    console.click("#propose");
    console.wait_for("the proposal", "document.querySelector('#publish')");
    console.click("#publish");
    console.wait_for(
        "the question",
        "!document.querySelector('#publishask').hidden",
    );
    let t = server.public(&format!("/api/tournaments/{id}")).json();
    assert_eq!(t["rounds_published"], 0, "one click publishes nothing: {t}");
    console.click("#publishconfirm");
    console.wait_for(
        "round 1 published, with its unpublish button",
        "document.querySelector('#roundlabel').textContent === 'round 1 published' && !document.querySelector('#unpublishbox').hidden",
    );
    console.click("#unpublish");
    console.wait_for(
        "asked",
        "document.querySelector('#unpublish').textContent.startsWith('Confirm')",
    );
    assert_eq!(
        server.public(&format!("/api/tournaments/{id}")).json()["rounds_published"],
        1
    );
    console.click("#unpublish");
    console.wait_for(
        "round 1 withdrawn",
        "document.querySelector('#roundlabel').textContent === 'no round published yet'",
    );
    let unpublished = server.recorded(&id, "round_unpublished");
    assert_eq!(unpublished["event"]["round"], 1, "{unpublished}");
    console.click("#propose");
    console.wait_for("the proposal again", "document.querySelector('#publish')");
    console.click("#publish");
    console.click("#publishconfirm");
    console.wait_for(
        "round 1 again",
        "document.querySelector('#roundlabel').textContent === 'round 1 published'",
    );
    let r = server.chief(
        "PUT",
        &format!("/api/tournaments/{id}/rounds/1/boards/1/result"),
        json!({ "result": "1-0" }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    console.wait_for(
        "no unpublish once a result is in",
        "document.querySelector('#board-1 strong') && document.querySelector('#unpublishbox').hidden",
    );
}

/// #43 "result entry from the keyboard": a whole round typed into the console (board number,
/// then 1, 0 or =; Enter), each recorded at once and the field ready for the next board; a
/// code that is not one is refused in words and records nothing.
#[test]
fn a_whole_round_is_entered_from_the_keyboard() {
    let server = Server::start();
    let id = server.create_tournament("Keyboard Open", "dutch-2026", 5);
    server.register_players(&id, 8, |i| 2200 - 10 * i);
    server.publish_proposal(&id);
    let base = format!("http://{}", server.address);
    let browser = Browser::launch();
    let mut console = browser.page(&format!("{base}/arbiter/{id}"));
    console.sign_in(&server.chief);
    console.wait_for(
        "the boards",
        "document.querySelectorAll('#boards tr[id^=board-]').length === 4",
    );
    // Typed as a person types: the text, then the Enter key.
    fn type_line(console: &mut Page, text: &str) {
        console.eval("document.querySelector('#quick').focus(); true");
        console.call("Input.insertText", json!({ "text": text }));
        for kind in ["keyDown", "keyUp"] {
            console.call(
                "Input.dispatchKeyEvent",
                json!({ "type": kind, "key": "Enter", "code": "Enter", "windowsVirtualKeyCode": 13, "text": if kind == "keyDown" { "\r" } else { "" } }),
            );
        }
    }
    type_line(&mut console, "2 q");
    console.wait_for(
        "the refusal",
        "document.querySelector('#message').textContent.includes('write the board')",
    );
    console.eval("document.querySelector('#quick').value = ''; true");
    for (board, code, result) in [
        (1, "1", "1-0"),
        (2, "=", "½-½"),
        (3, "0", "0-1"),
        (4, "+", "+-"),
    ] {
        type_line(&mut console, &format!("{board} {code}"));
        console.wait_for(
            "the result recorded",
            &format!("document.querySelector('#board-{board} strong')?.textContent === '{result}' && document.querySelector('#quick').value === '' && document.activeElement.id === 'quick'"),
        );
    }
    let round = server
        .public(&format!("/api/tournaments/{id}/rounds/1"))
        .json();
    let games: Vec<String> = round["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["games"][0].as_str().unwrap().to_string())
        .collect();
    assert_eq!(games, ["1-0", "1/2-1/2", "0-1", "+-"], "{round}");
}
