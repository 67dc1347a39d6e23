//! The arbiter's console as a whole and its setup: every view at phone, tablet and desktop
//! sizes, arbiters' accounts and their sign-in links, the tie-break order, the store's trouble
//! in a banner.

use super::Browser;
use crate::support::Server;
use serde_json::json;

/// #43 "the console, organised by the arbiter's tasks": each task is a view at its own address
/// (`/arbiter/{id}/{view}`), reached by its tab and by the address alone, the browser's Back
/// returning to the one before; at 390x844, 820x1180, 1280x800 and 1920x1080 every view fits
/// the screen's width (no sideways scrolling, no control cut off), and each board's result
/// buttons and its Save are one row, in view. The results view says which boards are missing;
/// the next round's view says who is out of it, who asked for a later bye and that the round
/// being played is not complete; the standings view says the round is in progress. An arbiter
/// who is not the chief sees results and standings only. Screenshots of every view at every
/// size go to `artifacts/console-{view}-{size}.png`.
#[test]
fn every_console_view_at_phone_tablet_and_desktop_sizes() {
    let server = Server::start();
    let id = server.create_tournament(
        "Tasks Open 2026, Kleine Schachfreunde Oberhausen",
        "dutch-2026",
        5,
    );
    server.register_players(&id, 12, |i| 2350 - 35 * i);
    server.publish_proposal(&id);
    for board in [1, 2, 4] {
        let r = server.chief(
            "PUT",
            &format!("/api/tournaments/{id}/rounds/1/boards/{board}/result"),
            json!({ "result": "1-0" }),
        );
        assert_eq!(r.status, 201, "{}", r.body);
    }
    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/byes"),
        json!({ "player": 3, "round": 2, "kind": "half" }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/byes"),
        json!({ "player": 5, "round": 4, "kind": "zero" }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/players/7/withdrawal"),
        json!({ "from_round": 2, "reason": "left" }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/players"),
        json!({ "name": "Spaet,Karla-Friederike", "rating": 1890 }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let base = format!("http://{}", server.address);
    let browser = Browser::launch();

    // Everything visible in the view lies inside the screen's width, and the page does not
    // scroll sideways (a table that scrolls inside its own frame is allowed: the standings).
    const FITS: &str = "(() => {
        const w = document.documentElement.clientWidth;
        if (document.documentElement.scrollWidth > w + 1) return 'the page is ' + document.documentElement.scrollWidth + ' px wide';
        const inFrame = (e) => { for (let p = e.parentElement; p; p = p.parentElement) if (p.classList.contains('scroll')) return true; return false; };
        for (const e of document.querySelectorAll('main button, main input, main select, main textarea, main a, nav a')) {
            const r = e.getBoundingClientRect();
            if (!r.width || inFrame(e) || e.closest('nav')) continue;
            if (r.left < -1 || r.right > w + 1) return (e.id || e.textContent || e.name) + ' is cut off: ' + r.left + '-' + r.right;
        }
        return 'fits';
    })()";
    // Each board still open: its result buttons and Save on one row, inside the screen.
    const ONE_ROW: &str = "(() => {
        const w = document.documentElement.clientWidth;
        for (const tr of document.querySelectorAll('#boards tr[id^=board-]')) {
            const save = tr.querySelector('button[data-save]');
            if (!save) continue;
            const s = save.getBoundingClientRect();
            for (const b of tr.querySelectorAll('button.res')) {
                const r = b.getBoundingClientRect();
                if (Math.abs(r.top - s.top) > 8) return tr.id + ': Save is not on the row of its buttons';
                if (r.right > w + 1) return tr.id + ': a result button is cut off';
            }
            if (s.right > w + 1 || s.width < 30) return tr.id + ': Save is cut off';
        }
        return 'one row';
    })()";
    let sizes = [
        ("phone", 390, 844, true),
        ("tablet", 820, 1180, true),
        ("laptop", 1280, 800, false),
        ("desktop", 1920, 1080, false),
    ];
    for (size, width, height, mobile) in sizes {
        let mut console = browser.page(&format!("{base}/arbiter/{id}"));
        console.call(
            "Emulation.setDeviceMetricsOverride",
            json!({ "width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile }),
        );
        console.sign_in(&server.chief);
        // The first view after round 1 is published: the results, at its own address.
        console.wait_for(
            "the results view",
            "location.pathname.endsWith('/results') && document.querySelector('#missing').textContent.includes('3 of 6 results in')",
        );
        let missing = console.eval("document.querySelector('#missing').textContent");
        assert!(
            missing
                .as_str()
                .unwrap()
                .contains("missing: boards 3, 5, 6"),
            "{missing}"
        );
        for view in [
            "results",
            "hall",
            "round",
            "players",
            "standings",
            "settings",
            "accounts",
        ] {
            console.task(view);
            match view {
                "round" => console.wait_for(
                    "the next round's state",
                    "document.querySelector('#coming').textContent.includes('still has 3 results missing')",
                ),
                "standings" => console.wait_for(
                    "the standings labelled in progress",
                    "document.querySelector('#stlabel').textContent.includes('Round 1 in progress: 3 of 6 results')",
                ),
                "hall" => console.wait_for(
                    "the round's boards in the hall",
                    "document.querySelectorAll('#hallboards tr.hb-no_report').length === 3",
                ),
                "players" => console.wait_for(
                    "the late entry in the list",
                    "document.querySelector('#playerlist').textContent.includes('late entry: plays from round 2')",
                ),
                _ => {}
            }
            let fits = console.eval(FITS);
            assert_eq!(fits, json!("fits"), "the {view} view at {size}");
            if view == "results" {
                assert_eq!(console.eval(ONE_ROW), json!("one row"), "at {size}");
            }
            console.screenshot(&format!("console-{view}-{size}.png"));
        }
        let coming = console.eval("document.querySelector('#coming').textContent");
        let coming = coming.as_str().unwrap();
        assert!(coming.contains("(half-point bye)"), "{coming}");
        assert!(coming.contains("(withdrawn)"), "{coming}");
        assert!(coming.contains("Asked for later rounds"), "{coming}");
        assert!(
            coming.contains("Late entries playing from round 2"),
            "{coming}"
        );
    }

    // An address opens its view; Back returns to the view before.
    let mut console = browser.page(&format!("{base}/arbiter/{id}/settings"));
    console.sign_in(&server.chief);
    console.wait_for(
        "the settings view from its address",
        "!document.querySelector('#detailsform').closest('section').hidden && document.querySelector('#results') === null && document.querySelector('section[data-view=results]').hidden",
    );
    console.task("players");
    console.eval("history.back(); true");
    console.wait_for(
        "Back returns to the settings",
        "location.pathname.endsWith('/settings') && !document.querySelector('section[data-view=settings]').hidden",
    );

    // An arbiter who is not the chief: results, the hall and standings only, whatever the
    // address.
    let floor = server.account("Floor", "arbiter", &[&id]);
    let mut console = browser.page(&format!("{base}/arbiter/{id}/accounts"));
    console.sign_in(&floor);
    console.wait_for(
        "the floor arbiter's console",
        "location.pathname.endsWith('/results') && !document.querySelector('section[data-view=results]').hidden",
    );
    let tabs = console.eval("[...document.querySelectorAll('#tasks a')].filter((a) => !a.hidden).map((a) => a.dataset.view)");
    assert_eq!(tabs, json!(["results", "hall", "standings"]));
}

/// #18 item 1 in the console: the chief arbiter of a tournament creates an arbiter's account
/// there (its token shown once), which signs in to that tournament's console as an arbiter
/// (results only) and is refused, by name, in another tournament's console; the chief revokes
/// it from the same list.
#[test]
fn a_chief_arbiter_creates_the_tournaments_arbiters_in_the_console() {
    let server = Server::start();
    let a = server.create_tournament("Open A", "dutch-2026", 5);
    let b = server.create_tournament("Open B", "dutch-2026", 5);
    let chief_a = server.account("chief-a", "chief", &[&a]);
    let base = format!("http://{}", server.address);
    let browser = Browser::launch();
    let mut console = browser.page(&format!("{base}/arbiter/{a}"));
    console.sign_in(&chief_a);
    console.wait_for("the chief's tools", "!document.querySelector('#chief').hidden && document.querySelector('#arbiters').innerText.includes('no arbiter account yet')");
    console.eval("document.querySelector('#arbiterform input[name=name]').value = 'Deputy Ana'; document.querySelector('#arbiterform button').click(); true");
    console.wait_for(
        "the new token, shown once",
        "document.querySelector('#newtoken code') && document.querySelector('#arbiters').innerText.includes('Deputy Ana')",
    );
    let token = console
        .eval("document.querySelector('#newtoken code').textContent")
        .as_str()
        .unwrap()
        .to_string();
    let listed = server.chief("GET", "/api/accounts", json!(null)).json();
    assert!(
        listed
            .as_array()
            .unwrap()
            .iter()
            .any(|x| x["name"] == "Deputy Ana"
                && x["role"] == "arbiter"
                && x["tournaments"] == json!([a])),
        "{listed}"
    );

    // The arbiter's token: an arbiter in A's console (no chief's tools), refused in B's.
    let mut second = browser.page(&format!("{base}/arbiter/{a}"));
    second.sign_in(&token);
    second.wait_for(
        "the arbiter signed in",
        "document.querySelector('#signin').hidden && document.querySelector('#who').innerText.includes('Deputy Ana (arbiter)')",
    );
    assert_eq!(
        second.eval("document.querySelector('#chief').hidden"),
        json!(true)
    );
    let mut other = browser.page(&format!("{base}/arbiter/{b}"));
    other.sign_in(&token);
    other.wait_for(
        "the refusal in B's console",
        "document.querySelector('#signinmsg').innerText.includes('Deputy Ana is not an arbiter of this tournament')",
    );

    // Revoked from the list: the token stops at once.
    console.eval("document.querySelector(\"button[data-revoke='Deputy Ana']\").click(); true");
    console.wait_for(
        "the list without the arbiter",
        "document.querySelector('#arbiters').innerText.includes('no arbiter account yet')",
    );
    let r = server.request("GET", "/api/me", Some(&token), &[], None);
    assert_eq!(r.status, 401, "{}", r.body);
}

/// #43 "accounts without copying tokens": an arbiter's account created in the console comes
/// with a sign-in link and its QR code; the link opens the console signed in as that arbiter,
/// and no token is left in the address; the QR route answers only a signed-in account.
#[test]
fn a_new_arbiter_signs_in_by_the_link_the_console_gives() {
    let server = Server::start();
    let id = server.create_tournament("Link Open", "dutch-2026", 5);
    let base = format!("http://{}", server.address);
    let browser = Browser::launch();
    let mut console = browser.page(&format!("{base}/arbiter/{id}"));
    console.sign_in(&server.chief);
    console.wait_for(
        "the accounts form",
        "!document.querySelector('#chief').hidden",
    );
    console.fill(
        "#arbiterform",
        &[("name", "floor-anna")],
        "button[type=submit]",
    );
    console.wait_for(
        "the link and its QR code",
        "document.querySelector('#signinlink') && document.querySelector('img.signinqr')?.naturalWidth > 0",
    );
    let link = console.eval("document.querySelector('#signinlink').href");
    let link = link.as_str().unwrap().to_string();
    assert!(link.contains("#token="), "{link}");
    let _ = console.screenshot("console-signin-link.png");
    let mut tablet = browser.page(&link);
    tablet.wait_for(
        "signed in as the arbiter",
        "document.querySelector('#who').textContent.includes('floor-anna') && document.querySelector('#chief').hidden",
    );
    assert_eq!(
        tablet.eval("location.hash"),
        json!(""),
        "no token left in the address"
    );
    let r = server.request(
        "POST",
        "/api/qr",
        None,
        &[],
        Some(&json!({ "text": "x" }).to_string()),
    );
    assert_eq!(r.status, 401, "{}", r.body);
}

/// #22: the chief arbiter picks and orders the tie-breaks in the console before round 1, each
/// shown with what it measures; once round 1 is published the console shows them fixed and
/// says why.
#[test]
fn the_chief_orders_the_tiebreaks_in_the_console_before_round_1() {
    let server = Server::start();
    let id = server.create_tournament("Club Open", "dutch-2026", 5);
    server.register_players(&id, 6, |i| 2200 - 10 * i);
    let base = format!("http://{}", server.address);
    let browser = Browser::launch();
    let mut console = browser.page(&format!("{base}/arbiter/{id}"));
    console.sign_in(&server.chief);
    console.wait_for(
        "the default tie-breaks",
        "document.querySelectorAll('#tblist li').length === 5 && document.querySelector('#tbadd').options.length > 20",
    );
    let shown = console.eval("document.querySelector('#tblist').innerText");
    assert!(
        shown.as_str().unwrap().contains("Direct encounter"),
        "each code with its meaning: {shown}"
    );
    // BPG out, DE before BH, SB/C1 added at the end.
    console.click("button[data-tbremove='4']");
    console.wait_for(
        "four left",
        "document.querySelectorAll('#tblist li').length === 4",
    );
    console.click("button[data-tbup='2']");
    console.eval("document.querySelector('#tbadd').value = 'SB/C1'; true");
    console.click("#tbaddbtn");
    console.wait_for(
        "five again",
        "document.querySelectorAll('#tblist li').length === 5",
    );
    console.click("#tbsave");
    console.wait_for(
        "saved",
        "document.querySelector('#message').innerText.includes('Tie-breaks saved.')",
    );
    let t = server.public(&format!("/api/tournaments/{id}")).json();
    assert_eq!(
        t["settings"]["tiebreaks"],
        json!(["BH/C1", "DE", "BH", "WIN", "SB/C1"]),
        "{t}"
    );
    console.eval("document.querySelector('#tbstate').closest('section').scrollIntoView(); true");
    console.screenshot("console-tiebreaks.png");
    // Round 1 published (elsewhere): the console shows the order fixed, and why.
    server.publish_proposal(&id);
    console.wait_for(
        "the order fixed",
        "document.querySelector('#tbstate').innerText.includes('Fixed: round 1 is published') && document.querySelector('#tbedit').hidden && !document.querySelector('#tblist button')",
    );
    // The public standings label each column and say what it measures.
    let mut public = browser.page(&format!("{base}/t/{id}#standings"));
    public.wait_for(
        "the standings' legend",
        "document.body.innerText.includes('SB/C1') && document.querySelector('details.legend')",
    );
    let legend = public.eval("document.querySelector('details.legend').textContent");
    assert!(
        legend.as_str().unwrap().contains("Sonneborn-Berger"),
        "{legend}"
    );
}

/// The console says in a banner when the tournament data is in trouble: here the copy folder
/// (a USB stick) pulled before a round was published. The write stood; the banner says why the
/// copy did not, at a phone's width, a tablet's and a desktop's.
#[test]
fn the_console_shows_the_stores_trouble_in_a_banner() {
    let pulled = tempfile::tempdir().unwrap();
    let stick = pulled.path().join("stick");
    let server = Server::start_with_env(&[("SWISS_COPIES_DIR", stick.to_str().unwrap())]);
    let id = server.create_tournament("Stick Open", "dutch-2026", 5);
    server.register_players(&id, 6, |i| 2300 - 25 * i);
    server.publish_proposal(&id);
    let base = format!("http://{}", server.address);
    let browser = Browser::launch();
    for (width, height, mobile, name) in [
        (390, 844, true, "console-store-banner-phone.png"),
        (820, 1180, true, "console-store-banner-tablet.png"),
        (1280, 800, false, "console-store-banner-desktop.png"),
    ] {
        let mut console = browser.page(&format!("{base}/arbiter/{id}"));
        console.call(
            "Emulation.setDeviceMetricsOverride",
            json!({ "width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile }),
        );
        console.sign_in(&server.chief);
        console.wait_for(
            "the banner about the copy folder",
            "document.querySelector('#storehealth').innerText.includes('could not be written')",
        );
        let fits = console.eval(
            "(() => { const b = document.querySelector('#storehealth .banner').getBoundingClientRect(); return b.left >= 0 && b.right <= window.innerWidth; })()",
        );
        assert_eq!(
            fits,
            json!(true),
            "the banner fits the screen at {width} px"
        );
        console.screenshot(name);
    }
}
