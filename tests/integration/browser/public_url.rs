//! The address players reach the server by (#59, point 1): with `public_url` set, the
//! console's links, the players' cards and their QR codes, and the public pages' QR code lead
//! there, not to the address the console was opened at; without it, on a server that listens
//! on this machine's own address only, the console says that no phone can open its links.

use super::Browser;
use crate::support::Server;
use base64::Engine;
use serde_json::json;

const PUBLIC: &str = "http://192.168.1.20:8080";

fn qr_svg(text: &str, size: u32) -> String {
    qrcode::QrCode::with_error_correction_level(text.as_bytes(), qrcode::EcLevel::M)
        .unwrap()
        .render::<qrcode::render::svg::Color>()
        .min_dimensions(size, size)
        .quiet_zone(true)
        .build()
}

#[test]
fn with_public_url_set_the_links_cards_and_qr_codes_lead_to_it() {
    let server = Server::start_with_env(&[("SWISS_PUBLIC_URL", PUBLIC)]);
    let id = server.create_tournament("Network Open", "dutch-2026", 5);
    server.register_players(&id, 2, |i| 2000 - i);
    assert_eq!(
        server.public("/api/public-url").json(),
        json!({ "public_url": PUBLIC, "from": "configuration" })
    );
    // The hall display's QR code: the public pages at the public address.
    let r = server.public(&format!("/api/tournaments/{id}/qr.svg"));
    assert_eq!(r.body, qr_svg(&format!("{PUBLIC}/t/{id}"), 160));

    let browser = Browser::launch();
    let mut console = browser.page(&format!("http://{}/arbiter/{id}", server.address));
    console.sign_in(&server.chief);
    console.wait_for(
        "signed in",
        "!document.querySelector('#console').hidden && !document.querySelector('#tasks').hidden",
    );
    console.task("hall");
    console.wait_for(
        "the hall's links",
        "document.querySelector('#terminalpage')",
    );
    assert_eq!(
        console.eval("[document.querySelector('#terminalpage').href, document.querySelector('#ownpage').href, !!document.querySelector('.addresswarning')]"),
        json!([format!("{PUBLIC}/terminal/{id}"), format!("{PUBLIC}/me/{id}"), false])
    );
    console.click("#issuecodes");
    console.wait_for(
        "codes issued",
        "document.querySelector('#message').innerText.includes('Codes issued')",
    );
    console.click("#printcards");
    console.wait_for(
        "two cards",
        "document.querySelectorAll('#cards .card img').length === 2",
    );
    let card = console.eval(
        "(() => { const c = document.querySelector('#cards .card'); return [c.dataset.link, c.querySelector('img').src]; })()",
    );
    let link = card[0].as_str().unwrap();
    assert!(
        link.starts_with(&format!("{PUBLIC}/me/{id}#p=")),
        "the card's link: {link}"
    );
    let svg = card[1]
        .as_str()
        .unwrap()
        .strip_prefix("data:image/svg+xml;base64,")
        .expect("an SVG image");
    let svg = base64::engine::general_purpose::STANDARD
        .decode(svg)
        .unwrap();
    assert_eq!(
        String::from_utf8(svg).unwrap(),
        qr_svg(link, 200),
        "the card's QR code holds its link"
    );
    console.fill("#terminalform", &[("name", "Terminal 1")], "button");
    console.wait_for(
        "the terminal's link",
        "document.querySelector('#terminallink')",
    );
    let link = console.eval("document.querySelector('#terminallink').href");
    assert!(
        link.as_str()
            .unwrap()
            .starts_with(&format!("{PUBLIC}/terminal/{id}#key=")),
        "{link}"
    );
}

#[test]
fn on_a_loopback_server_without_public_url_the_console_warns_that_phones_cannot_open_its_links() {
    let server = Server::start();
    let id = server.create_tournament("Laptop Open", "dutch-2026", 5);
    assert_eq!(
        server.public("/api/public-url").json(),
        json!({ "public_url": null, "from": null })
    );
    let browser = Browser::launch();
    let mut console = browser.page(&format!("http://{}/arbiter/{id}", server.address));
    console.sign_in(&server.chief);
    console.wait_for(
        "signed in",
        "!document.querySelector('#console').hidden && !document.querySelector('#tasks').hidden",
    );
    console.task("hall");
    console.wait_for("the warning", "document.querySelector('.addresswarning')");
    let warning = console.eval("document.querySelector('.addresswarning').innerText");
    let warning = warning.as_str().unwrap();
    assert!(
        warning.starts_with(
            "Players' phones cannot open 127.0.0.1: set public_url in the configuration"
        ) && warning.contains("http://192.168.1.20:8080"),
        "{warning}"
    );
    for (width, height) in [(1366, 900), (820, 1180)] {
        console.call(
            "Emulation.setDeviceMetricsOverride",
            json!({ "width": width, "height": height, "deviceScaleFactor": 1, "mobile": false }),
        );
        console.screenshot(&format!("hall-console-address-warning-{width}.png"));
    }
}
