//! The public pages: every view on a desktop and the cross table on a phone.

use super::Browser;
use crate::support::Server;
use serde_json::json;

/// #20 "Public pages": every view of a tournament in play, on a desktop screen and the cross
/// table on a phone (390x844), each at its own address with a screenshot in `artifacts/`: the
/// pairings by board and by name, the standings with the federation and the tie-breaks'
/// meanings, the cross table (its names kept in view while the rounds scroll), a player's card
/// and the corrections, old result to new.
#[test]
fn every_public_view_on_a_desktop_and_the_cross_table_on_a_phone() {
    let server = Server::start();
    let id = server.create_tournament("City Championship", "dutch-2026", 5);
    let names = [
        ("Brandt,Jonas", "GER", "IM"),
        ("Okafor,Ada", "NGR", "WGM"),
        ("Lindqvist,Erik", "SWE", "FM"),
        ("de Vries,Pieter", "NED", ""),
        ("Santos,Marta", "POR", ""),
        ("Kaya,Emre", "TUR", "CM"),
        ("Janssen,Bram", "BEL", ""),
        ("Moreau,Luc", "FRA", ""),
    ];
    for (i, (name, fed, title)) in names.iter().enumerate() {
        let mut body = json!({ "name": name, "rating": 2300 - 40 * i as u32, "federation": fed });
        if !title.is_empty() {
            body["title"] = json!(title);
        }
        let r = server.chief("POST", &format!("/api/tournaments/{id}/players"), body);
        assert_eq!(r.status, 201, "{}", r.body);
    }
    for round in 1..=2 {
        server.publish_proposal(&id);
        for (board, result) in [(1, "1-0"), (2, "1/2-1/2"), (3, "0-1"), (4, "1-0")] {
            let r = server.chief(
                "PUT",
                &format!("/api/tournaments/{id}/rounds/{round}/boards/{board}/result"),
                json!({ "result": result }),
            );
            assert_eq!(r.status, 201, "{}", r.body);
        }
    }
    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/rounds/2/boards/2/correction"),
        json!({ "result": "1-0", "reason": "scoresheets signed 1-0", "reason_public": true }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let base = format!("http://{}", server.address);
    let browser = Browser::launch();
    for (path, ready, shot) in [
        ("", "main tbody tr", "public-pairings.png"),
        ("/byname", "main tbody tr", "public-byname.png"),
        ("/standings", "details.legend", "public-standings.png"),
        (
            "/crosstable",
            "table.cross tbody tr",
            "public-crosstable.png",
        ),
        ("/player/1", "table.card tbody tr", "public-card.png"),
        ("/corrections", "main tbody tr", "public-corrections.png"),
    ] {
        let mut page = browser.page(&format!("{base}/t/{id}{path}"));
        page.wait_for(path, &format!("document.querySelector({ready:?})"));
        page.screenshot(shot);
    }
    let corrections = browser.page(&format!("{base}/t/{id}/corrections"));
    let mut corrections = corrections;
    corrections.wait_for(
        "the correction, old to new, with names",
        "document.body.innerText.includes('½-½ → 1-0') && document.body.innerText.includes('scoresheets signed 1-0')",
    );
    // A phone: the cross table's names stay in view while its rounds scroll sideways.
    let mut phone = browser.page(&format!("{base}/t/{id}/crosstable"));
    phone.call(
        "Emulation.setDeviceMetricsOverride",
        json!({ "width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": true }),
    );
    phone.wait_for(
        "the cross table",
        "document.querySelector('table.cross tbody tr')",
    );
    let kept = phone.eval("(() => { const s = document.querySelector('div.scroll'); s.scrollLeft = 400; const name = document.querySelector('table.cross tbody td.sticky'); return [s.scrollWidth > s.clientWidth, Math.round(name.getBoundingClientRect().left - s.getBoundingClientRect().left)]; })()");
    assert_eq!(kept, json!([true, 0]), "the rounds scroll, the names stay");
    // The page itself fits the phone: the tabs one row (scrolling within itself), nothing of
    // the page off to the side.
    let fits = phone.eval("[document.documentElement.scrollWidth <= window.innerWidth, new Set([...document.querySelectorAll('#tabs button:not([hidden])')].map(b => Math.round(b.getBoundingClientRect().top))).size === 1]");
    assert_eq!(fits, json!([true, true]), "the page fits a phone's width");
    phone.screenshot("public-crosstable-phone.png");
    // #43: every other public view fits a 390-pixel phone with no sideways scrolling.
    for (path, ready, shot) in [
        ("", "main tbody tr", "public-phone-pairings.png"),
        ("/byname", "main tbody tr", "public-phone-byname.png"),
        ("/standings", "details.legend", "public-phone-standings.png"),
        ("/players", "main tbody tr", "public-phone-players.png"),
        ("/player/1", "table.card tbody tr", "public-phone-card.png"),
        (
            "/corrections",
            "main tbody tr",
            "public-phone-corrections.png",
        ),
        ("/round/1/slips", "main .slip", "public-phone-slips.png"),
    ] {
        let mut page = browser.page(&format!("{base}/t/{id}{path}"));
        page.call(
            "Emulation.setDeviceMetricsOverride",
            json!({ "width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": true }),
        );
        page.wait_for(path, &format!("document.querySelector({ready:?})"));
        let wide = page.eval("[document.documentElement.scrollWidth, window.innerWidth]");
        page.screenshot(shot);
        assert!(
            wide[0].as_u64() <= wide[1].as_u64(),
            "{path} on a phone: {wide} (page width, screen width)"
        );
    }
}
