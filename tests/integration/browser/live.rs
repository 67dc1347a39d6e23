//! Live updates in the pages: a round published through the API and results entered in the
//! console appear on an open display and in another arbiter's console, corrections in the
//! public audit log; public pages and a display survive a server restart; a conflict between
//! two arbiters is shown.

use super::Browser;
use crate::support::Server;
use serde_json::json;
use std::time::{Duration, Instant};

#[test]
fn display_console_and_audit_in_a_real_browser() {
    let server = Server::start();
    let id = server.create_tournament("Autumn Open 2026", "dutch-2026", 7);
    let names = [
        "Brandt,Jonas",
        "Okafor,Ada",
        "Lindqvist,Erik",
        "de Vries,Pieter",
        "Santos,Marta",
        "Kaya,Emre",
        "Janssen,Bram",
        "Moreau,Luc",
        "Visser,Lotte",
        "Novak,Petra",
        "Rossi,Gita",
        "Berg,Oskar",
        "Costa,Rui",
        "Larsen,Uma",
        "Weber,Tomas",
        "Haddad,Sara",
        "Murphy,Ivo",
        "Sato,Lena",
        "Varga,Milos",
        "Leroy,Chen",
    ];
    for (i, name) in names.iter().enumerate() {
        let r = server.chief(
            "POST",
            &format!("/api/tournaments/{id}/players"),
            json!({ "name": name, "rating": 2450 - 37 * i as u32, "federation": "NED" }),
        );
        assert_eq!(r.status, 201);
    }
    let base = format!("http://{}", server.address);
    let browser = Browser::launch();

    // The display is open before the round exists.
    let mut display = browser.page(&format!("{base}/display/{id}"));
    display.wait_for(
        "the display to wait for round 1",
        "document.body.innerText.includes('round 1 will appear')",
    );

    // Round 1 published through the API appears without reload.
    let (p, pairs) = server.proposal(&id);
    let board1_white = p["pairs"][0]["white"]["name"].as_str().unwrap().to_string();
    assert_eq!(
        server
            .chief(
                "POST",
                &format!("/api/tournaments/{id}/rounds"),
                json!({ "round": 1, "pairs": pairs })
            )
            .status,
        201
    );
    display.wait_for("round 1 on the display", "document.querySelectorAll('tbody tr').length === 10 && document.body.innerText.includes('Round 1')");
    assert!(display
        .eval("document.body.innerText")
        .as_str()
        .unwrap()
        .contains(&board1_white));

    // The console: sign in with the token, enter board 1 in two clicks.
    let mut console = browser.page(&format!("{base}/arbiter/{id}"));
    console.sign_in(&server.chief);
    console.wait_for("the boards in the console", "!document.querySelector('#console').hidden && document.querySelectorAll('#boards tr').length === 11");
    console.click("button.res[data-board='1'][data-res='1-0']");
    console.wait_for("Save enabled", "document.querySelector(\"button[data-save='1']\") && !document.querySelector(\"button[data-save='1']\").disabled");
    console.click("button[data-save='1']");
    console.wait_for(
        "the console to confirm",
        "document.querySelector('#message').innerText.includes('Board 1: result recorded')",
    );
    display.wait_for("the result on the display", "[...document.querySelectorAll('tbody tr')].find(r => r.dataset.board === '1')?.querySelector('td.res')?.textContent === '1-0'");

    // Another arbiter's entry appears in the console live.
    let arbiter = server.account("deputy", "arbiter", &[&id]);
    let r = server.request(
        "PUT",
        &format!("/api/tournaments/{id}/rounds/1/boards/2/result"),
        Some(&arbiter),
        &[],
        Some(&json!({ "result": "1/2-1/2" }).to_string()),
    );
    assert_eq!(r.status, 201);
    console.wait_for(
        "the deputy's result in the console",
        "document.querySelector('#board-2')?.innerText.includes('½-½')",
    );
    console.wait_for(
        "who entered it",
        "document.querySelector('#message').innerText.includes('deputy')",
    );

    // A conflicting entry is shown clearly: board 2 again with another result.
    console.eval("document.querySelector(\"button[data-correct='2']\") !== null");
    let r = server.request(
        "PUT",
        &format!("/api/tournaments/{id}/rounds/1/boards/2/result"),
        Some(&arbiter),
        &[],
        Some(&json!({ "result": "1-0" }).to_string()),
    );
    assert_eq!(r.status, 409);

    // A correction with a reason made public, from the console, appears in the public audit
    // log with its reason.
    console.click("button[data-correct='1']");
    console.wait_for("the correction form", "document.querySelector('#reason-1')");
    console.eval("(() => { const c = document.querySelector('#public-1'); c.checked = true; c.dispatchEvent(new Event('change', { bubbles: true })); return true; })()");
    console.click("button.res[data-board='1'][data-res='0-1']");
    // Typed as a person types: the input event keeps it when the table is redrawn.
    console.eval("(() => { const r = document.querySelector('#reason-1'); r.value = 'scoresheets signed 0-1'; r.dispatchEvent(new Event('input', { bubbles: true })); return true; })()");
    console.wait_for(
        "Save correction enabled",
        "!document.querySelector(\"button[data-save='1']\").disabled",
    );
    console.click("button[data-save='1']");
    console.wait_for(
        "the correction confirmed",
        "document.querySelector('#message').innerText.includes('Board 1: correction recorded')",
    );
    display.wait_for("the corrected result on the display", "[...document.querySelectorAll('tbody tr')].find(r => r.dataset.board === '1')?.querySelector('td.res')?.textContent === '0-1'");
    let mut public = browser.page(&format!("{base}/t/{id}#audit"));
    // The corrections list: the result before and after, by the players' names, and why.
    public.wait_for("the correction in the audit log", "document.body.innerText.includes('scoresheets signed 0-1') && document.body.innerText.includes('1-0 → 0-1') && document.body.innerText.includes('board 1 (')");

    // Screenshots for a reviewer.
    let d = display.screenshot("display-1920x1080.png");
    let c = console.screenshot("console-1920x1080.png");
    assert!(std::fs::metadata(d).unwrap().len() > 10_000);
    assert!(std::fs::metadata(c).unwrap().len() > 10_000);
}

#[test]
fn public_pages_and_a_display_that_survives_a_server_restart() {
    let server = Server::start();
    let id = server.create_tournament("Dubov Rapid", "dubov", 5);
    server.register_players(&id, 8, |i| 2200 - 50 * i);
    let (_, pairs) = server.proposal(&id);
    server.chief(
        "POST",
        &format!("/api/tournaments/{id}/rounds"),
        json!({ "round": 1, "pairs": pairs }),
    );
    for board in 1..=4 {
        server.chief(
            "PUT",
            &format!("/api/tournaments/{id}/rounds/1/boards/{board}/result"),
            json!({ "result": "1-0" }),
        );
    }
    let browser = Browser::launch();
    let base = format!("http://{}", server.address);

    // Public pages: standings, a player's card, the AROs of a Dubov event (Dubov 2026 1.7).
    let mut public = browser.page(&format!("{base}/t/{id}#standings"));
    public.wait_for("the standings", "document.querySelectorAll('main tbody tr').length === 8 && document.body.innerText.includes('BH/C1')");
    // A card speaks from the player's own side: a win with White is "1", a loss with Black
    // "0" (not the board's "1-0"), with the score after the round and, in Dubov, the ARO.
    let row = "document.querySelector('table.card tbody tr')";
    public.click("button[data-card='1']");
    public.wait_for(
        "player 1's card",
        &format!("document.body.innerText.includes('1.0 points') && [...{row}.cells].map(c => c.innerText).join('|').includes('White|1|1|')"),
    );
    let round = server
        .public(&format!("/api/tournaments/{id}/rounds/1"))
        .json();
    let loser = round["pairs"][0]["black"]["player"].clone();
    public.click(&format!("button[data-card='{loser}']"));
    public.wait_for(
        "the loser's card",
        &format!("document.body.innerText.includes('0 points') && [...{row}.cells].map(c => c.innerText).join('|').includes('Black|0|0|') && document.querySelector('table.card').innerText.includes('ARO')"),
    );
    public.click("button[data-tab='aro']");
    // Player 1 (2200) met the first of the lower half, 2000: ARO 2000 (Dubov 2026 1.7's whole
    // points; `dubov` is the Dubov in force).
    public.wait_for(
        "the list of AROs",
        "document.body.innerText.includes('Dubov 2026, 1.7') && document.body.innerText.includes('Player,00\\t2200\\t2000')",
    );
    // As a player reads it on a phone.
    public.call(
        "Emulation.setDeviceMetricsOverride",
        json!({ "width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": true }),
    );
    public.wait_for("the phone width", "window.innerWidth === 390");
    assert_eq!(
        public.eval("document.documentElement.scrollWidth <= window.innerWidth"),
        json!(true),
        "the AROs fit a phone's width"
    );
    // The tab shown is in the sideways strip's view (brought there when the view is drawn).
    public.click("button[data-tab='aro']");
    public.wait_for(
        "the AROs' tab in view",
        "(() => { const b = document.querySelector('#tabs button.on'), s = document.querySelector('#tabs'); const l = b.offsetLeft - s.offsetLeft; return b.dataset.tab === 'aro' && l >= s.scrollLeft && l + b.offsetWidth <= s.scrollLeft + s.clientWidth; })()",
    );
    public.screenshot("public-phone-aro-dubov-2026.png");
    public.tablet_and_desktop("the AROs", "public-aro-dubov-2026");
    public.call("Emulation.clearDeviceMetricsOverride", json!({}));
    // The cross table as a table: each round's opponent by rank, colour and the player's own
    // result; its own address, which a reload keeps.
    public.click("button[data-tab='crosstable']");
    public.wait_for(
        "the cross table",
        "location.pathname.endsWith('/crosstable') && document.querySelector('table.cross tbody tr')",
    );
    let first = public.eval(
        "[...document.querySelector('table.cross tbody tr').cells].map(c => c.innerText).join('|')",
    );
    assert!(
        first.as_str().unwrap().contains("w 1|"),
        "the winner's round 1: {first}"
    );
    public.eval("location.reload(); true");
    public.wait_for(
        "the cross table after a reload",
        "location.pathname.endsWith('/crosstable') && document.querySelector('table.cross tbody tr')",
    );
    public.eval("history.back(); true");
    public.wait_for(
        "the AROs again, by the back button",
        "document.body.innerText.includes('Dubov 2026, 1.7')",
    );
    // A shared link to a player's card opens it.
    let mut shared = browser.page(&format!("{base}/t/{id}/player/1"));
    shared.wait_for(
        "the card from its own address",
        "document.querySelector('table.card') && document.body.innerText.includes('1.0 points')",
    );

    // The display follows; the server restarts; the display reconnects and shows round 2.
    let mut display = browser.page(&format!("{base}/display/{id}"));
    display.wait_for(
        "round 1 on the display",
        "document.body.innerText.includes('Round 1')",
    );
    let server = server.restart();
    display.wait_for(
        "the display to reconnect",
        "document.querySelector('#conn').className === 'conn'",
    );
    // Round 1 was 1-5, 6-2, 3-7, 8-4; by hand now: the top half and the bottom half among
    // themselves, each player getting the other colour.
    let pair = |w: u32, b: u32| json!({ "white": { "tpn": w }, "black": { "tpn": b } });
    let manual = json!({ "round": 2, "pairs": [pair(2, 1), pair(4, 3), pair(5, 6), pair(7, 8)] });
    let r = server.chief("POST", &format!("/api/tournaments/{id}/rounds"), manual);
    assert_eq!(r.status, 201, "{}", r.body);
    display.wait_for(
        "round 2 after the restart",
        "document.body.innerText.includes('Round 2')",
    );
}

#[test]
fn the_chief_pairs_swaps_and_publishes_and_a_conflict_is_shown() {
    let server = Server::start();
    let id = server.create_tournament("Club Night", "dutch-2026", 5);
    let base = format!("http://{}", server.address);
    let browser = Browser::launch();
    let mut console = browser.page(&format!("{base}/arbiter/{id}"));
    console.sign_in(&server.chief);
    console.wait_for(
        "the chief's tools",
        "!document.querySelector('#chief').hidden",
    );

    // Register six players through the form.
    for (name, rating) in [
        ("Anand,Vera", 2210),
        ("Berg,Nils", 2150),
        ("Chen,Li", 2090),
        ("Dahl,Ida", 2030),
        ("Eze,Obi", 1970),
        ("Falk,Jon", 1910),
    ] {
        console.eval(&format!(
            "(() => {{ const f = document.querySelector('#register'); f.name.value = {name:?}; f.rating.value = '{rating}'; f.querySelector('button').click(); return true; }})()"
        ));
        let start = Instant::now();
        while console.eval(&format!(
            "document.querySelector('#playerlist').innerText.includes({name:?})"
        )) != json!(true)
        {
            let msg = console.eval("document.querySelector('#message').innerText");
            let form = console.eval("JSON.stringify(Object.fromEntries(new FormData(document.querySelector('#register'))))");
            let players = server
                .public(&format!("/api/tournaments/{id}/players"))
                .body;
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "registering {name}: {msg}; form {form}; server has {players}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    // The system's proposal with its explanation; swap the two players of board 1; publish.
    console.click("#propose");
    console.wait_for(
        "the proposal and its explanation",
        "document.querySelector('#proposal').innerText.includes('Dutch 2026') && document.querySelector('#proposal').innerText.includes('5.2.5')",
    );
    console.click("td.swap[data-i='0'][data-side='white']");
    console.click("td.swap[data-i='0'][data-side='black']");
    console.wait_for("the swap", "document.querySelector(\"td.swap[data-i='0'][data-side='white']\").innerText.includes('Dahl')");
    console.click("#publish");
    console.click("#publishconfirm");
    console.wait_for(
        "publication",
        "document.querySelector('#message').innerText.includes('Round 1 published')",
    );
    let round = server
        .public(&format!("/api/tournaments/{id}/rounds/1"))
        .json();
    assert_eq!(round["pairs"][0]["white"]["name"], "Dahl,Ida");
    assert!(
        !round["manual_changes"].as_array().unwrap().is_empty(),
        "the swap is recorded as a manual change"
    );

    // A conflict: another arbiter enters board 1 while this console is about to.
    console.wait_for(
        "the boards",
        "document.querySelectorAll('#boards tr').length === 4",
    );
    console.click("button.res[data-board='1'][data-res='1-0']");
    let r = server.chief(
        "PUT",
        &format!("/api/tournaments/{id}/rounds/1/boards/1/result"),
        json!({ "result": "0-1" }),
    );
    assert_eq!(r.status, 201);
    // The live update may redraw the board before Save; pick again if needed, then save.
    console.eval("(() => { const b = document.querySelector(\"button.res[data-board='1'][data-res='1-0']\"); if (b) b.click(); return true; })()");
    console.wait_for("Save or the recorded result", "document.querySelector(\"button[data-save='1']\")?.disabled === false || document.querySelector('#board-1').innerText.includes('0-1')");
    let saved = console.eval("(() => { const s = document.querySelector(\"button[data-save='1']\"); if (s && !s.disabled) { s.click(); return true; } return false; })()");
    if saved == json!(true) {
        console.wait_for("the conflict banner", "document.querySelector('#message .bad')?.innerText.includes('conflict') && document.querySelector('#message').innerText.includes('0-1 is already recorded')");
    } else {
        console.wait_for(
            "the other arbiter's result shown",
            "document.querySelector('#board-1').innerText.includes('0-1')",
        );
    }
}
