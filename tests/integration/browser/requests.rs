//! What a live result costs: a hall display, a public page and the arbiter console, each open
//! in a real browser on a published round, count the HTTP requests they make from the moment
//! a result is entered (through the API, by another arbiter) until they show it and fall
//! quiet; then the same for a round published. A live message carries the board and its
//! result, so a page applies it in place; a published round's message carries its round, so a
//! page reads that round only. The test asserts the bound each page keeps, so that a page going
//! back to fetching everything again at every result fails here.

use super::{Browser, Page};
use crate::support::Server;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// Starts counting the page's requests from now: every resource the browser fetched (the
/// Resource Timing entries: fetches, images, scripts), and the fetches still in flight, which
/// the page's own `fetch` reports as it starts and ends them.
fn count_from_now(page: &mut Page) {
    page.eval(
        "(() => {
          performance.setResourceTimingBufferSize(100000);
          performance.clearResourceTimings();
          if (!window.__counted) {
            window.__counted = { inflight: 0 };
            const fetch = window.fetch.bind(window);
            window.fetch = (...args) => {
              window.__counted.inflight += 1;
              return fetch(...args).finally(() => { window.__counted.inflight -= 1; });
            };
          }
          return true;
        })()",
    );
}

/// The requests counted since [`count_from_now`], once the page has shown `shown` and then
/// made no new request for a second with none in flight (at most 15 s): each request's address.
fn requests_once_quiet(page: &mut Page, what: &str, shown: &str) -> Vec<String> {
    page.wait_for(what, shown);
    let start = Instant::now();
    let mut last: Option<(Vec<String>, Instant)> = None;
    loop {
        let now: Value = page.eval(
            "({ urls: performance.getEntriesByType('resource').map((e) => e.name), inflight: window.__counted.inflight })",
        );
        let urls: Vec<String> = now["urls"]
            .as_array()
            .unwrap()
            .iter()
            .map(|u| u.as_str().unwrap().to_string())
            .collect();
        let busy = now["inflight"].as_u64().unwrap() > 0;
        match &last {
            Some((seen, since)) if !busy && *seen == urls => {
                if since.elapsed() >= Duration::from_secs(1) {
                    return urls;
                }
            }
            _ => last = Some((urls, Instant::now())),
        }
        assert!(
            start.elapsed() < Duration::from_secs(15),
            "{what}: the page falls quiet within 15 s"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The bounds measured: requests per live result once the pages apply the message in place.
/// Before (each page answering the message by reading again): the display made 3, the public
/// page's pairings 2 (its standings 2) and a chief arbiter's console 6.
const DISPLAY_BOUND: usize = 0;
const PUBLIC_BOUND: usize = 0;
const CONSOLE_BOUND: usize = 0;
/// Per round published (before, as for a result: 3, 2 and 6): the display reads the round's
/// first board and the page it shows, the public page the round, the console all it shows.
const PUBLISHED_DISPLAY_BOUND: usize = 2;
const PUBLISHED_PUBLIC_BOUND: usize = 1;
const PUBLISHED_CONSOLE_BOUND: usize = 6;

#[test]
fn a_live_result_costs_the_display_the_public_page_and_the_console_a_bounded_number_of_requests() {
    let server = Server::start();
    let id = server.create_tournament("Requests Open", "dutch-2026", 5);
    server.register_players(&id, 16, |i| 2400 - 20 * i);
    server.publish_proposal(&id);
    let base = format!("http://{}", server.address);
    let browser = Browser::launch();

    // The display turns its page every `seconds` (reading it again): slow enough here that
    // only the result's requests are counted.
    let mut display = browser.page(&format!("{base}/display/{id}?seconds=600"));
    display.wait_for(
        "round 1 on the display",
        "document.querySelectorAll('tbody tr[data-board]').length === 8",
    );
    let mut public = browser.page(&format!("{base}/t/{id}"));
    public.wait_for(
        "round 1 on the public page",
        "document.querySelectorAll('table.pairings tbody tr').length === 8",
    );
    let mut console = browser.page(&format!("{base}/arbiter/{id}"));
    console.sign_in(&server.chief);
    console.wait_for(
        "the boards in the console",
        "!document.querySelector('#console').hidden && document.querySelectorAll('#boards tr').length === 9 && document.querySelector('#conn').textContent === 'live'",
    );
    display.wait_for(
        "the display live",
        "document.querySelector('#conn').className === 'conn'",
    );
    public.wait_for(
        "the public page live",
        "document.querySelector('#conn').textContent === 'live'",
    );

    let deputy = server.account("deputy", "arbiter", &[&id]);
    for (board, result, shown) in [(1, "1-0", "1-0"), (2, "1/2-1/2", "½-½")] {
        // Each page done with what it was doing (the console reads itself again when its
        // live connection opens), then counted from zero.
        for page in [&mut display, &mut public, &mut console] {
            count_from_now(page);
            requests_once_quiet(page, "the page at rest", "true");
            count_from_now(page);
        }
        let r = server.request(
            "PUT",
            &format!("/api/tournaments/{id}/rounds/1/boards/{board}/result"),
            Some(&deputy),
            &[],
            Some(&json!({ "result": result }).to_string()),
        );
        assert_eq!(r.status, 201, "{}", r.body);

        let on_display = requests_once_quiet(
            &mut display,
            "the result on the display",
            &format!("document.querySelector(\"tbody tr[data-board='{board}'] td.res\")?.textContent === '{shown}'"),
        );
        let on_public = requests_once_quiet(
            &mut public,
            "the result on the public page",
            &format!("[...document.querySelectorAll('table.pairings tbody tr')].find((r) => r.cells[0].textContent === '{board}')?.cells[3].textContent === '{shown}'"),
        );
        let on_console = requests_once_quiet(
            &mut console,
            "the result in the console",
            &format!("document.querySelector('#board-{board}')?.innerText.includes('{shown}')"),
        );
        eprintln!(
            "board {board}: display {} requests {on_display:?}; public page {} {on_public:?}; console {} {on_console:?}",
            on_display.len(),
            on_public.len(),
            on_console.len()
        );
        for (what, got, bound) in [
            ("display", &on_display, DISPLAY_BOUND),
            ("public page", &on_public, PUBLIC_BOUND),
            ("console", &on_console, CONSOLE_BOUND),
        ] {
            assert!(
                got.len() <= bound,
                "the {what} made {} requests for one result (at most {bound}): {got:?}",
                got.len()
            );
        }
    }

    // A standings view fetches what the message cannot carry: the standings, once.
    public.click("#tabs button[data-tab='standings']");
    public.wait_for(
        "the standings on the public page",
        "document.querySelectorAll('table.standings tbody tr').length === 16",
    );
    count_from_now(&mut public);
    requests_once_quiet(&mut public, "the standings at rest", "true");
    count_from_now(&mut public);
    let r = server.request(
        "PUT",
        &format!("/api/tournaments/{id}/rounds/1/boards/3/result"),
        Some(&deputy),
        &[],
        Some(&json!({ "result": "0-1" }).to_string()),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let on_standings = requests_once_quiet(
        &mut public,
        "the standings after round 1's third result",
        "document.querySelector('table.standings').closest('main').innerText.includes('3 of 8 results')",
    );
    eprintln!(
        "the public standings: {} requests {on_standings:?}",
        on_standings.len()
    );
    assert!(
        on_standings.len() <= 1,
        "the public standings made {} requests for one result (at most 1): {on_standings:?}",
        on_standings.len()
    );

    // A round published: the message says which round, with its pairs by registration number;
    // the names, ratings and points before the round it cannot carry, so each page reads the
    // round (the console, its whole state: the players' byes change with a new round).
    for board in 4..=8 {
        let r = server.request(
            "PUT",
            &format!("/api/tournaments/{id}/rounds/1/boards/{board}/result"),
            Some(&deputy),
            &[],
            Some(&json!({ "result": "1-0" }).to_string()),
        );
        assert_eq!(r.status, 201, "{}", r.body);
    }
    public.click("#tabs button[data-tab='pairings']");
    public.wait_for(
        "round 1's pairings again",
        "document.querySelectorAll('table.pairings tbody tr').length === 8",
    );
    console.wait_for(
        "round 1 complete in the console",
        "document.querySelector('#missing').textContent.includes('the round is complete')",
    );
    for page in [&mut display, &mut public, &mut console] {
        count_from_now(page);
        requests_once_quiet(page, "the page at rest", "true");
        count_from_now(page);
    }
    server.publish_proposal(&id);
    let on_display = requests_once_quiet(
        &mut display,
        "round 2 on the display",
        "document.querySelector('#round').textContent === 'Round 2' && document.querySelectorAll('tbody tr[data-board]').length === 8",
    );
    let on_public = requests_once_quiet(
        &mut public,
        "round 2 on the public page",
        "document.querySelector('#roundsel')?.value === '2' && document.querySelectorAll('table.pairings tbody tr').length === 8",
    );
    let on_console = requests_once_quiet(
        &mut console,
        "round 2 in the console",
        "document.querySelector('#roundlabel').textContent === 'round 2 published' && document.querySelectorAll('#boards tr').length === 9",
    );
    eprintln!(
        "round 2 published: display {} requests {on_display:?}; public page {} {on_public:?}; console {} {on_console:?}",
        on_display.len(),
        on_public.len(),
        on_console.len()
    );
    for (what, got, bound) in [
        ("display", &on_display, PUBLISHED_DISPLAY_BOUND),
        ("public page", &on_public, PUBLISHED_PUBLIC_BOUND),
        ("console", &on_console, PUBLISHED_CONSOLE_BOUND),
    ] {
        assert!(
            got.len() <= bound,
            "the {what} made {} requests for a round published (at most {bound}): {got:?}",
            got.len()
        );
    }

    // For a reviewer: the three pages at a phone's width and a laptop's, in `artifacts/`.
    for (name, page) in [
        ("display", &mut display),
        ("public", &mut public),
        ("console", &mut console),
    ] {
        for (size, width, height, mobile) in [("390", 390, 844, true), ("1366", 1366, 768, false)] {
            page.call(
                "Emulation.setDeviceMetricsOverride",
                json!({ "width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile }),
            );
            // A display lays itself out again for a new shape: shot once it has done so.
            count_from_now(page);
            requests_once_quiet(
                page,
                &format!("the {size}'s width"),
                &format!("window.innerWidth === {width}"),
            );
            let shot = page.screenshot(&format!("live-requests-{name}-{size}.png"));
            assert!(std::fs::metadata(shot).unwrap().len() > 5_000);
        }
    }
}
