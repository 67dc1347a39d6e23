//! The hall in a real browser: twelve players check in at a terminal (a tablet) and on their
//! phones, two do not and are proposed absent, round 1 is paired, every board's result is
//! reported by one player and confirmed by the other (one report changed before it was
//! confirmed, one board disputed and settled by the arbiter), and the audit names who did
//! each step. Screenshots at tablet, phone and desktop sizes go to `artifacts/`.

use super::{Browser, Page};
use crate::support::Server;
use serde_json::{json, Value};

const NAMES: [&str; 12] = [
    "Aronian, Levon",
    "Berkes, Ferenc",
    "Cramling, Pia",
    "Dorfman, Josif",
    "Eljanov, Pavel",
    "Fier, Alexandr",
    "Gunina, Valentina",
    "Hammer, Jon Ludvig",
    "Ivanchuk, Vassily",
    "Jobava, Baadur",
    "Kosteniuk, Alexandra",
    "L'Ami, Erwin",
];

fn size(page: &mut Page, width: u32, height: u32) {
    page.call(
        "Emulation.setDeviceMetricsOverride",
        json!({ "width": width, "height": height, "deviceScaleFactor": 1, "mobile": true }),
    );
}

/// Everything on the hall page lies inside the screen's width, and every button a player taps
/// is at least 44 pixels high.
const FITS: &str = "(() => {
    const w = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > w + 1) return 'the page is ' + document.documentElement.scrollWidth + ' px wide';
    for (const e of document.querySelectorAll('main button, main input')) {
        const r = e.getBoundingClientRect();
        if (!r.width) continue;
        if (r.left < -1 || r.right > w + 1) return (e.id || e.textContent) + ' is cut off';
        if (e.tagName === 'BUTTON' && r.height < 44) return (e.id || e.textContent) + ' is ' + r.height + ' px high';
    }
    return 'fits';
})()";

/// A screenshot of `page`, brought to the front first (a tab behind others may paint no
/// frame to capture).
fn shot(page: &mut Page, name: &str) {
    page.call("Page.bringToFront", json!({}));
    page.screenshot(name);
}

/// A phone put away: its tab left for a blank page, so that a browser holding a dozen
/// players' phones does not keep a dozen live pages running.
fn close(mut page: Page) {
    page.call("Page.navigate", json!({ "url": "about:blank" }));
}

/// At the terminal: the player finds their name, types their code, taps `button`, confirms,
/// and sees `done` on their screen; Finished returns the terminal to the start.
fn at_terminal(tablet: &mut Page, player: u64, code: &str, button: &str, done: &str, shots: bool) {
    let name = NAMES[player as usize - 1];
    tablet.wait_for("the terminal's start", "document.querySelector('#find')");
    let first = name.split(',').next().unwrap_or(name);
    tablet.eval(&format!(
        "(() => {{ const f = document.querySelector('#find'); f.value = {first:?}; f.dispatchEvent(new Event('input')); return true; }})()"
    ));
    tablet.click(&format!("button[data-player='{player}']"));
    tablet.wait_for("the code screen", "document.querySelector('#code')");
    tablet.eval(&format!(
        "(() => {{ document.querySelector('#code').value = {code:?}; document.querySelector('#codeform').requestSubmit(); return true; }})()"
    ));
    tablet.wait_for(
        &format!("{name}'s screen"),
        &format!("document.querySelector({button:?})"),
    );
    if shots {
        assert_eq!(tablet.eval(FITS), json!("fits"));
        shot(
            tablet,
            &format!("hall-terminal-player-{}.png", button.len()),
        );
    }
    tablet.click(button);
    tablet.wait_for("the confirmation", "document.querySelector('#yes')");
    if shots {
        shot(
            tablet,
            &format!("hall-terminal-confirm-{}.png", button.len()),
        );
    }
    tablet.click("#yes");
    tablet.wait_for(
        &format!("done: {done}"),
        &format!("document.querySelector('.hallcard.done') && document.querySelector('main').innerText.includes({done:?})"),
    );
    if shots {
        shot(tablet, &format!("hall-terminal-done-{}.png", button.len()));
    }
    // "Finished: next player", unless the terminal has returned to the start by itself already.
    tablet.eval("(() => { document.querySelector('#done')?.click(); return true; })()");
}

/// On the player's phone, opened by the link of their card's QR code: taps `button`,
/// confirms, and sees `done`. Answers the page (it stays open, live).
fn on_phone(
    browser: &Browser,
    base: &str,
    id: &str,
    player: u64,
    code: &str,
    button: &str,
    done: &str,
) -> Page {
    let mut phone = browser.page(&format!("{base}/me/{id}#p={player}&c={code}"));
    size(&mut phone, 390, 844);
    phone.wait_for(
        "the player's page",
        &format!("document.querySelector({button:?})"),
    );
    phone.click(button);
    phone.wait_for("the confirmation", "document.querySelector('#yes')");
    phone.click("#yes");
    phone.wait_for(
        &format!("done: {done}"),
        &format!("document.querySelector('main').innerText.includes({done:?})"),
    );
    phone
}

#[test]
fn twelve_players_check_in_and_report_at_a_terminal_and_on_their_phones() {
    let server = Server::start();
    let id = server.create_tournament("Hall Open 2026", "dutch-2026", 5);
    for (i, name) in NAMES.iter().enumerate() {
        let r = server.chief(
            "POST",
            &format!("/api/tournaments/{id}/players"),
            json!({ "name": name, "rating": 2500 - 20 * i as u32 }),
        );
        assert_eq!(r.status, 201, "{}", r.body);
    }
    let base = format!("http://{}", server.address);
    let browser = Browser::launch();

    // The chief arbiter's console, Hall: check-in required for round 1, codes issued, the
    // players' cards, a terminal signed in.
    let mut console = browser.page(&format!("{base}/arbiter/{id}"));
    console.sign_in(&server.chief);
    console.wait_for(
        "signed in",
        "!document.querySelector('#console').hidden && !document.querySelector('#tasks').hidden",
    );
    console.task("hall");
    console.eval("(() => { const f = document.querySelector('#rulesform'); f.required.checked = true; f.round.value = '1'; f.querySelector('button').click(); return true; })()");
    console.wait_for(
        "the rules saved",
        "document.querySelector('#hallrules').innerText.includes('must check in for round 1')",
    );
    console.click("#issuecodes");
    console.wait_for(
        "codes issued",
        "document.querySelector('#message').innerText.includes('Codes issued')",
    );
    console.click("#printcards");
    console.wait_for(
        "twelve cards",
        "document.querySelectorAll('#cards .card img').length === 12",
    );
    shot(&mut console, "hall-console-cards.png");
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
    let link = link.as_str().expect("a link").to_string();
    assert!(
        link.contains("/terminal/") && link.contains("#key="),
        "{link}"
    );
    let codes = server.player_codes(&id);
    let code_of = |p: u64| -> String { codes[&p].clone() };

    // Players 1-6 check in at the terminal (a tablet on a stand), 7-10 on their phones;
    // 11 and 12 do not come.
    let mut tablet = browser.page(&link);
    size(&mut tablet, 820, 1180);
    tablet.wait_for("the terminal signed in", "document.querySelector('#find') && document.querySelector('#sub').innerText.includes('Terminal 1')");
    assert_eq!(
        tablet.eval("location.hash"),
        json!(""),
        "the key leaves the address"
    );
    assert_eq!(tablet.eval(FITS), json!("fits"));
    shot(&mut tablet, "hall-terminal-start.png");
    for p in 1..=6u64 {
        at_terminal(
            &mut tablet,
            p,
            &code_of(p),
            "button[data-act='checkin']",
            "is checked in for round 1",
            p == 1,
        );
    }
    for p in 7..=10u64 {
        let mut phone = on_phone(
            &browser,
            &base,
            &id,
            p,
            &code_of(p),
            "button[data-act='checkin']",
            "checked in for round 1",
        );
        if p == 7 {
            assert_eq!(phone.eval(FITS), json!("fits"));
            shot(&mut phone, "hall-phone-checked-in.png");
        }
        close(phone);
    }

    // The console: two players proposed absent; round 1 paired without them.
    console.wait_for(
        "two proposed absent",
        "document.querySelectorAll('#checkins tr.proposedabsent').length === 2",
    );
    shot(&mut console, "hall-console-check-in.png");
    console.publish_round(1);
    let round = server
        .public(&format!("/api/tournaments/{id}/rounds/1"))
        .json();
    let mut absent: Vec<u64> = round["requested_byes"]
        .as_array()
        .expect("byes")
        .iter()
        .map(|b| b["player"].as_u64().expect("a player"))
        .collect();
    absent.sort_unstable();
    assert_eq!(absent, vec![11, 12]);
    let boards: Vec<(u64, u64, u64)> = round["pairs"]
        .as_array()
        .expect("pairs")
        .iter()
        .map(|b| {
            (
                b["board"].as_u64().unwrap(),
                b["white"]["player"].as_u64().unwrap(),
                b["black"]["player"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(boards.len(), 5);

    // Every board: White reports, Black confirms, each at the terminal or on their phone.
    // Board 1 is disputed; on board 2 White changes the report before Black confirms.
    let report =
        |browser: &Browser, tablet: &mut Page, p: u64, result: &str, done: &str, shots: bool| {
            let button = format!("button[data-report='{result}']");
            if p <= 6 {
                at_terminal(tablet, p, &code_of(p), &button, done, shots);
            } else {
                let mut phone = on_phone(browser, &base, &id, p, &code_of(p), &button, done);
                if shots {
                    assert_eq!(phone.eval(FITS), json!("fits"));
                    shot(&mut phone, "hall-phone-reported.png");
                }
                close(phone);
            }
        };
    // A Black player's phone open before White reports: the report appears there, live.
    let (_, w5, k5) = boards[4];
    let mut watching = (k5 > 6).then(|| {
        let mut phone = browser.page(&format!("{base}/me/{id}#p={k5}&c={}", code_of(k5)));
        size(&mut phone, 390, 844);
        phone.wait_for(
            "the player's board",
            "document.querySelector('button[data-report]')",
        );
        phone
    });
    for (i, &(_, white, black)) in boards.iter().enumerate() {
        match i {
            0 => {
                report(&browser, &mut tablet, white, "1-0", "Waiting for", false);
                report(&browser, &mut tablet, black, "0-1", "reports differ", false);
            }
            1 => {
                report(&browser, &mut tablet, white, "1-0", "Waiting for", false);
                report(
                    &browser,
                    &mut tablet,
                    white,
                    "1/2-1/2",
                    "You reported ½-½",
                    false,
                );
                report(
                    &browser,
                    &mut tablet,
                    black,
                    "1/2-1/2",
                    "both reported ½-½",
                    true,
                );
            }
            _ => {
                report(&browser, &mut tablet, white, "1-0", "Waiting for", i == 2);
                if let (4, Some(phone)) = (i, watching.as_mut()) {
                    assert_eq!(w5, white);
                    phone.wait_for(
                        "White's report, live",
                        "document.querySelector('main').innerText.includes('Please confirm it') && document.querySelector(\"button[data-report='1-0'].primary\")",
                    );
                    shot(phone, "hall-phone-confirm-live.png");
                }
                report(
                    &browser,
                    &mut tablet,
                    black,
                    "1-0",
                    "both reported 1-0",
                    false,
                );
            }
        }
    }

    // The console: four boards agreed (accepted by one action), one disputed (settled by the
    // arbiter entering its result).
    console.task("hall");
    console.wait_for("four agreed and one disputed", "document.querySelectorAll('#hallboards tr.hb-agreed').length === 4 && document.querySelectorAll('#hallboards tr.hb-disputed').length === 1");
    shot(&mut console, "hall-console-reports.png");
    let round = server
        .public(&format!("/api/tournaments/{id}/rounds/1"))
        .json();
    assert_eq!(
        round["results_missing"], 5,
        "no report is a result before the arbiter accepts it"
    );
    console.click("#acceptall");
    console.wait_for(
        "accepted",
        "document.querySelector('#message').innerText.includes('4 results accepted')",
    );
    console.task("results");
    console.enter_result("1 1");
    let round = server
        .public(&format!("/api/tournaments/{id}/rounds/1"))
        .json();
    assert_eq!(round["results_missing"], 0);
    for (i, b) in round["pairs"].as_array().expect("pairs").iter().enumerate() {
        if i == 0 {
            assert_eq!(b["games"], json!(["1-0"]));
            assert!(b["reported_by"].is_null());
        } else {
            assert_eq!(b["reported_by"]["player"], b["white"]["player"], "{b}");
            assert_eq!(b["confirmed_by"]["player"], b["black"]["player"], "{b}");
        }
    }
    assert_eq!(round["pairs"][1]["games"], json!(["1/2-1/2"]));
    console.task("hall");
    console.wait_for(
        "every board recorded",
        "document.querySelectorAll('#hallboards tr.hb-recorded').length === 5",
    );
    shot(&mut console, "hall-console-recorded.png");

    // The public pairings mark the results the players reported and confirmed, with their
    // names where a pointer asks.
    let mut public = browser.page(&format!("{base}/t/{id}"));
    size(&mut public, 390, 844);
    public.wait_for(
        "four results marked as the players'",
        "document.querySelectorAll('table.pairings small[aria-label]').length === 4",
    );
    let title =
        public.eval("document.querySelector('table.pairings tr:nth-child(2) td[title]').title");
    assert!(
        title
            .as_str()
            .is_some_and(|t| t.starts_with("reported by ") && t.contains(", confirmed by ")),
        "{title}"
    );
    shot(&mut public, "hall-public-pairings-phone.png");

    // The audit: every step with who did it, where.
    let audit = server
        .request(
            "GET",
            &format!("/api/tournaments/{id}/audit"),
            Some(&server.chief),
            &[],
            None,
        )
        .json();
    let entries: Vec<&Value> = audit.as_array().expect("the audit").iter().collect();
    let of = |kind: &str| -> Vec<&Value> {
        entries
            .iter()
            .copied()
            .filter(|e| e["event"]["type"] == kind)
            .collect()
    };
    let actor = |e: &Value| e["actor"].as_str().unwrap_or_default().to_string();
    let check_ins = of("player_checked_in");
    assert_eq!(check_ins.len(), 10);
    for e in &check_ins {
        let p = e["event"]["player"].as_u64().unwrap();
        let a = actor(e);
        assert!(
            a.starts_with(&format!("player {p} ({})", NAMES[p as usize - 1])),
            "{a}"
        );
        assert!(
            a.ends_with(if p <= 6 {
                "at terminal Terminal 1 (entrance)"
            } else {
                "on their own device"
            }),
            "{a}"
        );
    }
    let reports = of("result_reported");
    assert_eq!(
        reports.len(),
        11,
        "two for each board, and the changed report"
    );
    for e in &reports {
        assert_eq!(
            actor(e).split(' ').nth(1),
            Some(e["event"]["player"].to_string().as_str()),
            "{e}"
        );
    }
    let accepted = of("reports_accepted");
    assert_eq!(accepted.len(), 4);
    assert!(accepted.iter().all(|e| actor(e) == "admin"), "{accepted:?}");
    let entered = of("result_recorded");
    assert_eq!(entered.len(), 1);
    assert_eq!(entered[0]["event"]["board"], 1);
    assert_eq!(of("hall_rules_set").len(), 1);
    assert_eq!(of("player_codes_issued").len(), 1);
    assert!(
        !audit.to_string().contains(&code_of(1)),
        "no code in the audit"
    );
}
