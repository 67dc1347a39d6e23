//! The console's next round before and while it is paired (#59): who will not be paired and
//! why, said before pairing and loudly when they are many, with one more question before
//! players who have not checked in are recorded absent; a pairing changed by hand checked at
//! once against the absolute criteria, its breaches beside its boards, published with them only
//! on a second click; the explanation of the system's proposal kept, and wrapped.

use super::{Browser, Page};
use crate::support::Server;
use serde_json::json;

/// The page at a phone's (390), a tablet's (820) and a laptop's (1366) width, with `selector`
/// scrolled into view, checked to fit each width and screenshot as `{name}-{width}.png`.
pub(super) fn three_widths(page: &mut Page, selector: &str, name: &str) {
    for (width, height, scale, mobile) in [
        (390, 844, 2, true),
        (820, 1180, 2, true),
        (1366, 768, 1, false),
    ] {
        page.call(
            "Emulation.setDeviceMetricsOverride",
            json!({ "width": width, "height": height, "deviceScaleFactor": scale, "mobile": mobile }),
        );
        page.wait_for(
            &format!("the width {width}"),
            &format!("window.innerWidth === {width}"),
        );
        page.eval(&format!(
            "document.querySelector({selector:?}).scrollIntoView({{ block: 'start' }}); true"
        ));
        assert_eq!(
            page.eval("document.documentElement.scrollWidth <= window.innerWidth"),
            json!(true),
            "{name} fits {width} px"
        );
        page.screenshot(&format!("{name}-{width}.png"));
    }
}

/// #59 point 1: players must check in for round 1 and only two of twelve have (one more has
/// withdrawn). Before anything is paired, the Next round view says in a warning banner that
/// ten will not be paired, by name and why; the proposal names them too; publishing asks once
/// more, naming how many will be recorded absent, and nothing is published before that answer.
#[test]
fn players_not_checked_in_are_named_before_pairing_and_publishing_asks_once_more() {
    let server = Server::start();
    let id = server.create_tournament("Check-in Open", "dutch-2026", 5);
    server.register_players(&id, 12, |i| 2300 - 20 * i);
    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/players/12/withdrawal"),
        json!({ "from_round": 1, "reason": "ill" }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let r = server.chief(
        "PUT",
        &format!("/api/tournaments/{id}/hall/rules"),
        json!({ "check_in_round": 1 }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    for player in [1, 2] {
        let r = server.chief(
            "POST",
            &format!("/api/tournaments/{id}/hall/check-in"),
            json!({ "player": player }),
        );
        assert_eq!(r.status, 201, "{}", r.body);
    }
    let base = format!("http://{}", server.address);
    let browser = Browser::launch();
    let mut console = browser.page(&format!("{base}/arbiter/{id}"));
    console.sign_in(&server.chief);
    console.wait_for(
        "the console",
        "!document.querySelector('#chief').hidden && document.querySelectorAll('#playerlist tr').length === 13",
    );
    console.task("round");
    console.wait_for(
        "the warning before pairing",
        "document.querySelector('#comingout.banner.warn')?.innerText.includes('10 of 12 players will not be paired in round 1')",
    );
    let coming = console.eval("document.querySelector('#coming').innerText");
    let coming = coming.as_str().unwrap();
    assert!(
        coming.contains("9 of them have not checked in and are recorded absent"),
        "{coming}"
    );
    assert!(coming.contains("3. Player,02 (not checked in)"), "{coming}");
    assert!(coming.contains("12. Player,11 (withdrawn)"), "{coming}");
    assert!(
        !coming.contains("1. Player,00 (") && !coming.contains("2. Player,01 ("),
        "the two checked in are paired: {coming}"
    );
    three_widths(&mut console, "#coming", "console-round-checkin");

    // The proposal: one board, and the same names out.
    console.click("#propose");
    console.wait_for("the proposal", "document.querySelector('#publish')");
    let out = console.eval("document.querySelector('#proposalout').innerText");
    assert!(
        out.as_str()
            .unwrap()
            .contains("3. Player,02 (not checked in)"),
        "{out}"
    );
    console.click("#publish");
    console.click("#publishconfirm");
    console.wait_for(
        "the question about the absent",
        "!document.querySelector('#absentask').hidden && document.querySelector('#absentask').innerText.includes('9 players have not checked in and will be recorded absent: publish anyway?')",
    );
    let (status, _) = server.get(&format!("/api/tournaments/{id}/rounds/1"));
    assert_eq!(status, 404, "nothing is published before the answer");
    console.click("#absentconfirm");
    console.wait_for(
        "published",
        "document.querySelector('#roundlabel').textContent === 'round 1 published'",
    );
    let round = server
        .public(&format!("/api/tournaments/{id}/rounds/1"))
        .json();
    assert_eq!(round["pairs"].as_array().unwrap().len(), 1, "{round}");
}

/// The cell of the proposal that holds the player of pairing number `tpn`.
fn cell_of(tpn: u64) -> String {
    format!("[...document.querySelectorAll('#proposal td.swap')].find((td) => td.textContent.startsWith('{tpn}. '))")
}

/// #59 point 8 and the explanation: a swap in the system's proposal is checked at once (the
/// explanation stays, marked as the proposal's, before the changes, and wraps at 1366 px); a
/// pairing by hand that repeats a game of round 1 shows the breach beside its board, naming
/// the players one way (pairing number and name); "Publish anyway" asks a second time before
/// the round is published with the breach recorded.
#[test]
fn a_swap_is_checked_at_once_and_publishing_a_breach_asks_twice() {
    let server = Server::start();
    let id = server.create_tournament("Swap Open", "dutch-2026", 5);
    server.register_players(&id, 6, |i| 2300 - 20 * i);
    let round1 = server.publish_proposal(&id);
    for board in 1..=3 {
        let r = server.chief(
            "PUT",
            &format!("/api/tournaments/{id}/rounds/1/boards/{board}/result"),
            json!({ "result": "1/2-1/2" }),
        );
        assert_eq!(r.status, 201, "{}", r.body);
    }
    let base = format!("http://{}", server.address);
    let browser = Browser::launch();
    let mut console = browser.page(&format!("{base}/arbiter/{id}"));
    console.sign_in(&server.chief);
    console.wait_for("the console", "!document.querySelector('#chief').hidden");
    console.call(
        "Emulation.setDeviceMetricsOverride",
        json!({ "width": 1366, "height": 768, "deviceScaleFactor": 1, "mobile": false }),
    );
    console.task("round");
    console.click("#propose");
    console.wait_for(
        "the proposal with its explanation",
        "document.querySelector('#publish') && document.querySelector('#proposal pre.explanation')",
    );
    // The explanation wraps: nothing is cut off at 1366 px.
    assert_eq!(
        console.eval("(() => { const p = document.querySelector('#proposal pre.explanation'); return getComputedStyle(p).whiteSpace === 'pre-wrap' && p.scrollWidth <= p.clientWidth; })()"),
        json!(true)
    );
    // Two Whites swapped: checked at once, the explanation kept and marked.
    console.click("#proposal td.swap[data-i='0'][data-side='white']");
    console.click("#proposal td.swap[data-i='1'][data-side='white']");
    console.wait_for(
        "the swap checked",
        "document.querySelector('#breaches') && document.querySelector('#changes')",
    );
    let summary = console.eval("document.querySelector('#proposal details summary').innerText");
    assert_eq!(
        summary,
        json!("Explanation of the system's proposal, before your changes")
    );
    console.eval(
        "document.querySelector('#proposal details').scrollIntoView({ block: 'start' }); true",
    );
    console.screenshot("console-round-explanation-1366.png");
    let changes = console.eval("document.querySelector('#changes').innerText");
    assert!(
        !changes.as_str().unwrap().contains("pairing number"),
        "one numbering: {changes}"
    );

    // By hand: a game of round 1 again.
    console.click("#manual");
    console.wait_for(
        "the pairing by hand checked",
        "document.querySelector('#breaches')?.innerText.includes('breaks none')",
    );
    let (a, b) = (
        round1["pairs"][0]["white"]["tpn"].as_u64().unwrap(),
        round1["pairs"][0]["black"]["tpn"].as_u64().unwrap(),
    );
    let partner = format!("[...{}.closest('tr').querySelectorAll('td.swap')].find((td) => !td.textContent.startsWith('{a}. '))", cell_of(a));
    console.eval(&format!("{partner}.click(); true"));
    console.eval(&format!("{}.click(); true", cell_of(b)));
    console.wait_for(
        "the breach beside its board",
        "document.querySelector('#breaches.bad') && document.querySelector('#proposal tr.breach td.breaches')?.innerText.includes('have already played each other')",
    );
    let breach =
        console.eval("document.querySelector('#proposal tr.breach td.breaches').innerText");
    let breach = breach.as_str().unwrap();
    assert!(
        breach.contains(&format!("{a}. Player,")) && !breach.contains("pairing number"),
        "one numbering: {breach}"
    );
    three_widths(&mut console, "#proposal", "console-round-breach");
    console.click("#publishanyway");
    console.wait_for(
        "the second question",
        "!document.querySelector('#anywayask').hidden && document.querySelector('#publishanyway').hidden",
    );
    let (status, _) = server.get(&format!("/api/tournaments/{id}/rounds/2"));
    assert_eq!(status, 404, "one click publishes nothing");
    console.click("#anywayconfirm");
    console.wait_for(
        "published",
        "document.querySelector('#roundlabel').textContent === 'round 2 published'",
    );
    let round = server
        .public(&format!("/api/tournaments/{id}/rounds/2"))
        .json();
    assert!(
        round["manual_changes"]
            .to_string()
            .contains("accepted breach of the absolute criteria"),
        "{round}"
    );
}
