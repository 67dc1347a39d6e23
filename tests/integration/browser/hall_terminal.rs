//! The hall terminal as a player uses it (#59, point 9): found by a name typed without its
//! accents or comma, a player checks in and, still signed in, reports their result; every
//! confirmation says the result from the player's side ("You lost to ..."); the terminal goes
//! back to the start when the player taps Finished, or by itself when left alone.

use super::{Browser, Page};
use crate::support::Server;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

const NAMES: [&str; 4] = [
    "García López, Ana",
    "Schmidt, Bernd",
    "Öztürk, Can",
    "Dubois, Élise",
];

/// The terminal signs `player` in: their name found by `typed`, their code typed.
fn sign_in(tablet: &mut Page, typed: &str, player: u64, code: &str) {
    tablet.wait_for("the terminal's start", "document.querySelector('#find')");
    tablet.eval(&format!(
        "(() => {{ const f = document.querySelector('#find'); f.value = {typed:?}; f.dispatchEvent(new Event('input')); return true; }})()"
    ));
    tablet.wait_for(
        &format!("{typed:?} finds player {player}"),
        &format!("document.querySelector(\"button[data-player='{player}']\")"),
    );
    tablet.click(&format!("button[data-player='{player}']"));
    tablet.wait_for("the code screen", "document.querySelector('#code')");
    tablet.eval(&format!(
        "(() => {{ document.querySelector('#code').value = {code:?}; document.querySelector('#codeform').requestSubmit(); return true; }})()"
    ));
    tablet.wait_for("the player's screen", "document.querySelector('#done')");
}

fn text(tablet: &mut Page) -> String {
    tablet
        .eval("document.querySelector('main').innerText")
        .as_str()
        .unwrap_or_default()
        .to_string()
}

fn shot(tablet: &mut Page, name: &str) {
    tablet.call("Page.bringToFront", json!({}));
    tablet.screenshot(name);
}

#[test]
fn a_player_checks_in_then_reports_at_the_terminal_signed_in_once_and_reads_the_result_as_theirs() {
    let server = Server::start();
    let id = server.create_tournament("Terminal Open", "dutch-2026", 5);
    for (i, name) in NAMES.iter().enumerate() {
        let r = server.chief(
            "POST",
            &format!("/api/tournaments/{id}/players"),
            json!({ "name": name, "rating": 2200 - 50 * i as u32 }),
        );
        assert_eq!(r.status, 201, "{}", r.body);
    }
    server.publish_proposal(&id);
    // Round 1 is under way; players check in for round 2 as they report round 1's result.
    let r = server.chief(
        "PUT",
        &format!("/api/tournaments/{id}/hall/rules"),
        json!({ "check_in_round": 2, "check_in_closes_at_ms": null, "agreed_results_stand": false }),
    );
    assert!(r.status == 200 || r.status == 201, "{}", r.body);
    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/hall/codes"),
        json!({}),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let codes = server.player_codes(&id);
    let code_of = |p: u64| -> String { codes[&p].clone() };
    let ana = 1u64;
    let round = server
        .public(&format!("/api/tournaments/{id}/rounds/1"))
        .json();
    let board: &Value = round["pairs"]
        .as_array()
        .expect("pairs")
        .iter()
        .find(|b| b["white"]["player"] == ana || b["black"]["player"] == ana)
        .expect("Ana's board");
    let ana_white = board["white"]["player"] == ana;
    let (opponent, opponent_name) = if ana_white {
        (&board["black"], board["black"]["name"].as_str().unwrap())
    } else {
        (&board["white"], board["white"]["name"].as_str().unwrap())
    };
    let opponent = opponent["player"].as_u64().unwrap();
    // Ana lost.
    let result = if ana_white { "0-1" } else { "1-0" };
    let shown = result.to_string();

    let terminal = server.account("Terminal 1", "terminal", &[&id]);
    let browser = Browser::launch();
    let mut tablet = browser.page(&format!(
        "http://{}/terminal/{id}#key={terminal}",
        server.address
    ));
    tablet.call(
        "Emulation.setDeviceMetricsOverride",
        json!({ "width": 820, "height": 1180, "deviceScaleFactor": 1, "mobile": true }),
    );

    // "garcia lopez" finds "García López, Ana", and her alone.
    sign_in(&mut tablet, "garcia lopez", ana, &code_of(ana));
    tablet.click("button[data-act='checkin']");
    tablet.wait_for("the confirmation", "document.querySelector('#yes')");
    tablet.click("#yes");
    // Checked in, and still signed in: her board's result can be reported at once.
    tablet.wait_for(
        "checked in, still signed in",
        "document.querySelector('.hallcard.done') && document.querySelector('main').innerText.includes('is checked in for round 2') && document.querySelector('button[data-report]')",
    );
    assert!(
        text(&mut tablet).contains("returns to the start in 20 seconds"),
        "{}",
        text(&mut tablet)
    );
    shot(&mut tablet, "hall-terminal-checked-in-then-report.png");
    tablet.click(&format!("button[data-report='{result}']"));
    tablet.wait_for("the confirmation", "document.querySelector('#yes')");
    let confirm = text(&mut tablet);
    assert!(
        confirm.contains(&format!("You lost to {opponent_name} ({shown})")),
        "{confirm}"
    );
    shot(&mut tablet, "hall-terminal-confirm-lost.png");
    tablet.click("#yes");
    tablet.wait_for(
        "the report sent",
        "document.querySelector('.hallcard.done') && document.querySelector('main').innerText.includes('Sent.')",
    );
    let done = text(&mut tablet);
    assert!(
        done.contains(&format!("Sent. You lost to {opponent_name} ({shown})."))
            && done.contains(&format!(
                "You reported {shown}: you lost to {opponent_name}."
            )),
        "{done}"
    );
    shot(&mut tablet, "hall-terminal-reported-lost.png");
    // Finished: the next player starts from the beginning, nothing of Ana's on the screen.
    tablet.click("#done");
    tablet.wait_for("the start", "document.querySelector('#find')");
    assert_eq!(
        tablet.eval("[document.querySelector('#find').value, !!document.querySelector('#done, button[data-act], button[data-report]')]"),
        json!(["", false]),
        "nothing of Ana's stays on the terminal"
    );

    // Her opponent reads her report as his win, and confirms it.
    let typed = NAMES[opponent as usize - 1]
        .split(',')
        .next()
        .unwrap()
        .to_lowercase();
    sign_in(&mut tablet, &typed, opponent, &code_of(opponent));
    let seen = text(&mut tablet);
    assert!(
        seen.contains(&format!("García López, Ana reported {shown}: you won.")),
        "{seen}"
    );
    tablet.click(&format!("button[data-report='{result}']"));
    tablet.wait_for("the confirmation", "document.querySelector('#yes')");
    assert!(
        text(&mut tablet).contains("You won against García López, Ana"),
        "{}",
        text(&mut tablet)
    );
    tablet.click("#yes");
    tablet.wait_for(
        "the confirmation sent",
        "document.querySelector('main').innerText.includes('Sent.')",
    );
    let done = text(&mut tablet);
    assert!(
        done.contains(&format!(
            "You both reported {shown}: you won against García López, Ana."
        )),
        "{done}"
    );
    // Left alone, the terminal forgets him and returns to the start by itself.
    let start = Instant::now();
    while tablet.eval("!!document.querySelector('#find')") != json!(true) {
        assert!(
            start.elapsed() < Duration::from_secs(45),
            "the terminal stays on the player's screen: {}",
            text(&mut tablet)
        );
        std::thread::sleep(Duration::from_millis(200));
    }
}
