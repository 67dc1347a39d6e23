//! A tour of every view changed for #59 at two phones' widths (360, 390), a tablet's (820)
//! and two desktops' (1366, 1920): the console's Results, Next round (the check-in warning,
//! a proposal changed by hand and checked), Players, Standings and Hall; the public pairings,
//! the list by name searched, the standings, a player's card and a round-robin's cross table;
//! the hall terminal and the hall display. Each view is checked not to scroll sideways and is
//! screenshot as `tour-{view}-{width}.png` in `artifacts/` for a person to look at.

use super::{Browser, Page};
use crate::support::Server;
use serde_json::json;

/// The sizes a view is looked at: width, height, and whether it is a phone or tablet.
const SIZES: [(u32, u32, bool); 5] = [
    (360, 740, true),
    (390, 844, true),
    (820, 1180, true),
    (1366, 768, false),
    (1920, 1080, false),
];

/// Players with long names from everywhere, accents and all.
const NAMES: [&str; 10] = [
    "García López,Ana María",
    "Müller-Lüdenscheidt,Maximilian",
    "Øberg,Sindre",
    "Novák,Tomáš",
    "Papadopoulou,Eleni-Aikaterini",
    "O'Brien,Siobhán",
    "Kowalczyk-Wiśniewska,Zofia",
    "Nguyễn,Thị Linh",
    "Fernández de Córdoba,Diego",
    "Dubois,Élise",
];

/// The view in `page` at every size: it must not scroll sideways, and is screenshot.
fn at_every_size(page: &mut Page, view: &str) {
    for (width, height, mobile) in SIZES {
        page.call(
            "Emulation.setDeviceMetricsOverride",
            json!({ "width": width, "height": height, "screenWidth": width, "screenHeight": height,
                "deviceScaleFactor": if mobile { 2 } else { 1 }, "mobile": mobile }),
        );
        page.wait_for(
            &format!("{view} at {width} pixels"),
            &format!("screen.width === {width} && document.readyState === 'complete'"),
        );
        page.call("Page.bringToFront", json!({}));
        // A phone's window grows to a page wider than its screen: the page is held to the
        // screen's width, not the window's.
        let wide = page.eval("[document.documentElement.scrollWidth, window.innerWidth]");
        page.screenshot(&format!("tour-{view}-{width}.png"));
        assert!(
            wide[0].as_u64() <= Some(u64::from(width)),
            "{view} at {width} pixels scrolls sideways: {wide} (page width, window width)"
        );
    }
}

/// Registers the ten long names in tournament `id`, with ratings and federations.
fn register(server: &Server, id: &str) {
    let feds = ["ESP", "GER", "NOR", "CZE", "GRE"];
    for (i, name) in NAMES.iter().enumerate() {
        let body =
            json!({ "name": name, "rating": 2310 - 37 * i as u32, "federation": feds[i % 5] });
        let r = server.chief("POST", &format!("/api/tournaments/{id}/players"), body);
        assert_eq!(r.status, 201, "{}", r.body);
    }
}

/// Enters `round`'s results on `boards` boards: White wins on odd boards, draws on even ones.
fn results(server: &Server, id: &str, round: u32, boards: u32) {
    for board in 1..=boards {
        let result = if board % 2 == 1 { "1-0" } else { "1/2-1/2" };
        let r = server.chief(
            "PUT",
            &format!("/api/tournaments/{id}/rounds/{round}/boards/{board}/result"),
            json!({ "result": result }),
        );
        assert_eq!(r.status, 201, "{}", r.body);
    }
}

#[test]
fn every_changed_view_reads_at_phone_tablet_and_desktop_widths() {
    let server = Server::start();
    // A 10-player Swiss: rounds 1 and 2 played, players must check in for round 3 and only
    // six have; codes issued for the terminal.
    let id = server.create_tournament("Festival Internacional de Primavera", "dutch-2026", 7);
    register(&server, &id);
    for round in 1..=2 {
        server.publish_proposal(&id);
        results(&server, &id, round, 5);
    }
    let r = server.chief(
        "PUT",
        &format!("/api/tournaments/{id}/hall/rules"),
        json!({ "check_in_round": 3 }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    for player in 1..=6 {
        let r = server.chief(
            "POST",
            &format!("/api/tournaments/{id}/hall/check-in"),
            json!({ "player": player }),
        );
        assert_eq!(r.status, 201, "{}", r.body);
    }
    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/hall/codes"),
        json!({}),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    // A 6-player round-robin with two rounds played, for its cross table.
    let rr = server.create_tournament("Club Championship Round-Robin", "round-robin", 5);
    let rr_body = |i: usize| json!({ "name": NAMES[i], "rating": 2200 - 40 * i as u32 });
    for i in 0..6 {
        let r = server.chief(
            "POST",
            &format!("/api/tournaments/{rr}/players"),
            rr_body(i),
        );
        assert_eq!(r.status, 201, "{}", r.body);
    }
    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{rr}/numbers"),
        json!({ "method": "lots", "seed": 2026 }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    for round in 1..=2 {
        server.publish_proposal(&rr);
        results(&server, &rr, round, 3);
    }

    let base = format!("http://{}", server.address);
    let browser = Browser::launch();

    // The console, as the chief arbiter.
    let mut console = browser.page(&format!("{base}/arbiter/{id}"));
    console.sign_in(&server.chief);
    console.wait_for(
        "the console",
        "!document.querySelector('#chief').hidden && document.querySelectorAll('#playerlist tr').length === 11",
    );
    console.task("results");
    console.wait_for(
        "round 2's results",
        "document.querySelectorAll('section[data-view=results] tbody tr').length >= 5",
    );
    at_every_size(&mut console, "console-results");
    console.task("round");
    console.wait_for(
        "the check-in warning",
        "document.querySelector('#comingout.banner.warn')?.innerText.includes('will not be paired in round 3')",
    );
    at_every_size(&mut console, "console-round-checkin");
    console.click("#propose");
    console.wait_for("the proposal", "document.querySelector('#publish')");
    console.click("#proposal td.swap[data-i='0'][data-side='white']");
    console.click("#proposal td.swap[data-i='1'][data-side='white']");
    console.wait_for(
        "the swap checked",
        "document.querySelector('#breaches') && document.querySelector('#changes')",
    );
    console.eval("document.querySelector('#proposal').scrollIntoView({ block: 'start' }); true");
    at_every_size(&mut console, "console-round-proposal");
    console.task("players");
    at_every_size(&mut console, "console-players");
    console.task("standings");
    console.wait_for(
        "the standings",
        "document.querySelectorAll('#stable tbody tr').length === 10",
    );
    at_every_size(&mut console, "console-standings");
    console.task("hall");
    console.fill(
        "#terminalform",
        &[("name", "Terminal 1 (entrance)")],
        "button",
    );
    console.wait_for(
        "the terminal's link",
        "document.querySelector('#terminallink')",
    );
    let link = console.eval("document.querySelector('#terminallink').href");
    at_every_size(&mut console, "console-hall");

    // The public pages, as a player follows them.
    let mut public = browser.page(&format!("{base}/t/{id}/pairings"));
    public.wait_for(
        "the pairings",
        "document.querySelectorAll('main tbody tr').length >= 5",
    );
    at_every_size(&mut public, "public-pairings");
    let mut byname = browser.page(&format!("{base}/t/{id}/byname"));
    byname.wait_for(
        "the list by name",
        "document.querySelectorAll('table.byname tbody tr').length === 10",
    );
    byname.eval("(() => { const f = document.querySelector('#namesearch'); f.value = 'garcia'; f.dispatchEvent(new Event('input', { bubbles: true })); return true; })()");
    byname.wait_for(
        "one player found",
        "[...document.querySelectorAll('table.byname tbody tr')].filter((r) => !r.hidden).length === 1",
    );
    at_every_size(&mut byname, "public-byname-search");
    let mut standings = browser.page(&format!("{base}/t/{id}/standings"));
    standings.wait_for(
        "the standings",
        "document.querySelectorAll('table.standings tbody tr').length === 10",
    );
    at_every_size(&mut standings, "public-standings");
    let mut card = browser.page(&format!("{base}/t/{id}/player/2"));
    card.wait_for(
        "the card",
        "document.querySelectorAll('table.card tbody tr').length === 2",
    );
    at_every_size(&mut card, "public-card");
    let mut cross = browser.page(&format!("{base}/t/{rr}/crosstable"));
    cross.wait_for(
        "the cross table",
        "document.querySelectorAll('main table tbody tr').length === 6",
    );
    at_every_size(&mut cross, "public-crosstable");

    // The hall: the terminal on its stand, the display on the wall.
    let mut terminal = browser.page(link.as_str().expect("a link"));
    terminal.wait_for(
        "the terminal signed in",
        "document.querySelector('#find') && document.querySelector('#sub').innerText.includes('Terminal 1')",
    );
    at_every_size(&mut terminal, "hall-terminal");
    let mut display = browser.page(&format!("{base}/display/{id}"));
    display.wait_for(
        "the display's boards",
        "document.querySelectorAll('tbody tr').length >= 5",
    );
    at_every_size(&mut display, "display");
}
