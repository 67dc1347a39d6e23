//! Acceleration and pairs kept apart in the console and the public pages, and a Baku open of
//! 200 with three groups kept apart from the console in every Swiss system.

use super::Browser;
use crate::support::Server;
use serde_json::{json, Value};

/// #44 in the console and the public pages: the Baku acceleration chosen in the settings view
/// (and refused once round 1 is out), each player's group in the players' list; a group of
/// players kept apart made and removed in the players' view, each checked in the proposal and
/// the audit; the proposal shows the virtual points beside the points; the public pairings show
/// the pairing score in brackets with its note, and the starting list the groups, on a phone
/// without sideways scrolling (screenshots in `artifacts/`).
#[test]
fn acceleration_and_pairs_kept_apart_in_the_console() {
    let server = Server::start();
    let id = server.create_tournament("Baku Console Open", "dutch-2026", 9);
    server.register_players(&id, 8, |i| 2400 - 20 * i);
    let base = format!("http://{}", server.address);
    let browser = Browser::launch();
    let mut console = browser.page(&format!("{base}/arbiter/{id}/settings"));
    console.sign_in(&server.chief);
    console.wait_for(
        "the acceleration's state",
        "document.querySelector('#accelstate').textContent.includes('No acceleration')",
    );
    console.fill(
        "#accelform",
        &[("acceleration", "baku")],
        "button[type=submit]",
    );
    console.wait_for(
        "Baku recorded",
        "document.querySelector('#accelstate').textContent.includes('Baku (FIDE C.04.7)')",
    );
    assert_eq!(
        server.recorded(&id, "acceleration_changed")["event"]["acceleration"],
        "baku"
    );
    console.task("players");
    console.wait_for(
        "the groups in the list",
        "document.querySelector('#playerlist').textContent.includes('group A (1.0 virtual next round)') && document.querySelector('#playerlist').textContent.includes('group B')",
    );
    // With Baku, round 1 pairs 1-3 and 2-4 (group A); kept apart, 1 and 3 do not meet.
    console.fill(
        "#keepapartform",
        &[("players", "1 3"), ("reason", "siblings")],
        "button[type=submit]",
    );
    console.wait_for(
        "the group listed",
        "document.querySelector('#keptapart').textContent.includes('1. Player,00; 3. Player,02')",
    );
    let pairs = |server: &Server| crate::support::pairs_of(&server.proposal(&id).0);
    assert!(!pairs(&server).contains(&(1, 3)), "{:?}", pairs(&server));
    assert_eq!(
        server.recorded(&id, "pairs_kept_apart")["event"]["players"],
        json!([1, 3])
    );
    console.click("#keptapart button[data-release='1']");
    console.wait_for(
        "the group removed",
        "document.querySelector('#keptapart').textContent.includes('Nobody is kept apart')",
    );
    assert_eq!(pairs(&server), [(1, 3), (2, 4), (5, 7), (6, 8)]);
    // The proposal shows the virtual points; published, the public pages show them.
    console.task("round");
    console.click("#propose");
    console.wait_for(
        "the proposal with virtual points",
        "document.querySelector('#proposal').textContent.includes('+ 1.0 virtual')",
    );
    console.click("#publish");
    console.click("#publishconfirm");
    console.wait_for(
        "published",
        "document.querySelector('#roundlabel').textContent === 'round 1 published'",
    );
    console.task("settings");
    console.wait_for(
        "the acceleration fixed",
        "document.querySelector('#accelstate').textContent.includes('Fixed') && document.querySelector('#accelform').hidden",
    );
    let mut phone = browser.page(&format!("{base}/t/{id}/round/1"));
    phone.call(
        "Emulation.setDeviceMetricsOverride",
        json!({ "width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": true }),
    );
    phone.wait_for(
        "the pairing scores in brackets",
        "document.body.innerText.includes('In brackets: the pairing score') && document.querySelector('table.pairings small')",
    );
    let wide = phone.eval("document.documentElement.scrollWidth");
    assert!(
        wide.as_u64().unwrap() <= 390,
        "the pairings are {wide} px wide"
    );
    phone.screenshot("baku-pairings-phone.png");
    let mut list = browser.page(&format!("{base}/t/{id}/players"));
    list.wait_for(
        "the groups in the starting list",
        "document.querySelector('table.players') && document.querySelector('table.players').textContent.includes('Group')",
    );
    list.screenshot("baku-starting-list-desktop.png");
    console.screenshot("baku-console-settings.png");
}

/// #44 done when: a Baku-accelerated open of 200 players with three groups kept apart, in
/// every Swiss system, from the console at tablet size: the groups made in the players' view,
/// each of the three accelerated rounds of a five-round event (rounds 1-2 with a win's worth
/// of virtual points, round 3 with a draw's worth) paired, published with its confirmation
/// and its 100 results typed from the keyboard; round 1 keeps
/// group A and group B apart, no group kept apart meets, and the standings count the points.
#[test]
fn a_baku_open_of_200_with_three_groups_kept_apart_from_the_console_in_every_system() {
    let server = Server::start();
    let base = format!("http://{}", server.address);
    let browser = Browser::launch();
    for system in [
        "dutch-2026",
        "dutch-1992",
        "dubov-2026",
        "burstein-2026",
        "dubov-1997",
        "double-swiss-2026",
    ] {
        let r = server.chief(
            "POST",
            "/api/tournaments",
            json!({ "name": format!("Baku Console 200 {system}"), "settings": { "system": system, "rounds": 5, "initial_color": "white", "acceleration": "baku" } }),
        );
        assert_eq!(r.status, 201, "{}", r.body);
        let id = r.json()["id"].as_str().unwrap().to_string();
        server.register_players(&id, 200, |i| 2600 - 5 * i);
        let mut console = browser.page(&format!("{base}/arbiter/{id}/players"));
        console.call(
            "Emulation.setDeviceMetricsOverride",
            json!({ "width": 820, "height": 1180, "deviceScaleFactor": 1, "mobile": true }),
        );
        console.sign_in(&server.chief);
        console.wait_for(
            "the starting list",
            "document.querySelectorAll('#playerlist tr').length === 201",
        );
        let groups: [&[u64]; 3] = [&[1, 2], &[3, 4, 5], &[101, 102, 150]];
        for (k, g) in groups.iter().enumerate() {
            let text: Vec<String> = g.iter().map(u64::to_string).collect();
            console.fill(
                "#keepapartform",
                &[("players", &text.join(" "))],
                "button[type=submit]",
            );
            console.wait_for(
                "the group listed",
                &format!(
                    "document.querySelectorAll('#keptapart tr').length === {}",
                    k + 2
                ),
            );
        }
        for round in 1..=3u32 {
            console.publish_round(round);
            console.wait_for("the results view", "location.pathname.endsWith('/results')");
            let r = server
                .public(&format!("/api/tournaments/{id}/rounds/{round}"))
                .json();
            let tpn = |x: &Value| x["tpn"].as_u64().unwrap();
            for pair in r["pairs"].as_array().unwrap() {
                let (w, b) = (tpn(&pair["white"]), tpn(&pair["black"]));
                for g in groups {
                    assert!(
                        !(g.contains(&w) && g.contains(&b)),
                        "{system} round {round}: {w} and {b} are kept apart"
                    );
                }
                if round == 1 {
                    assert_eq!(
                        w <= 100,
                        b <= 100,
                        "{system}: round 1 keeps the groups apart"
                    );
                }
            }
            for (i, pair) in r["pairs"].as_array().unwrap().iter().enumerate() {
                let board = i + 1;
                let white_higher = tpn(&pair["white"]) < tpn(&pair["black"]);
                let code = if board % 3 == 0 {
                    "="
                } else if white_higher != (board % 7 == 0) {
                    "1"
                } else {
                    "0"
                };
                let text = if system == "double-swiss-2026" {
                    format!("{board} {code} =")
                } else {
                    format!("{board} {code}")
                };
                console.enter_result(&text);
            }
            console.wait_for(
                "the round complete",
                "document.querySelector('#missing').textContent.includes('the round is complete')",
            );
        }
        console.task("standings");
        console.wait_for(
            "the standings after round 3",
            "document.querySelector('#stlabel').textContent.startsWith('After round 3')",
        );
        console.screenshot(&format!("baku-200-{system}-standings-tablet.png"));
    }
}
