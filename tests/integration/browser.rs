//! The pages in a real browser: Debian's headless Chromium, driven over the DevTools protocol.
//! A round published through the API appears on an open hall display without reload; a result
//! entered in the arbiter console appears on the display; another arbiter's entry appears in
//! the console; a correction appears in the public audit log. Screenshots of the display and
//! the console at 1920x1080 are written to `artifacts/` (not committed) for a reviewer.

use crate::support::{records, Server};
use base64::Engine;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

/// Headless Chromium with a fresh profile, killed when dropped.
pub(crate) struct Browser {
    child: Child,
    port: u16,
    _profile: tempfile::TempDir,
}

impl Browser {
    pub(crate) fn launch() -> Browser {
        let profile = tempfile::tempdir().unwrap();
        let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
            .into_iter()
            .find(|p| std::path::Path::new(p).exists())
            .expect("Chromium is installed (scripts/test.sh installs Debian's package)");
        let child = Command::new(chromium)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                // A tab of its own is a screen in a hall: its timers run as in the foreground.
                "--disable-background-timer-throttling",
                "--disable-renderer-backgrounding",
                "--disable-backgrounding-occluded-windows",
                "--remote-debugging-port=0",
                "--window-size=1920,1080",
            ])
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .arg("about:blank")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("Chromium starts");
        let file = profile.path().join("DevToolsActivePort");
        let start = Instant::now();
        let port = loop {
            if let Some(port) = std::fs::read_to_string(&file)
                .ok()
                .and_then(|s| s.lines().next().and_then(|l| l.parse().ok()))
            {
                break port;
            }
            assert!(
                start.elapsed() < Duration::from_secs(30),
                "Chromium opens its DevTools port within 30 s"
            );
            std::thread::sleep(Duration::from_millis(50));
        };
        Browser {
            child,
            port,
            _profile: profile,
        }
    }

    /// A new tab showing `url`.
    pub(crate) fn page(&self, url: &str) -> Page {
        let mut s = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        // The address is the query of /json/new: its own query's `&` and its `#` escaped, or
        // DevTools takes them for its own (a display's `?views=...&seconds=2` lost `seconds`).
        let url = url
            .replace('%', "%25")
            .replace('&', "%26")
            .replace('#', "%23");
        write!(
            s,
            "PUT /json/new?{url} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nConnection: close\r\n\r\n",
            self.port
        )
        .unwrap();
        // Chromium keeps the connection open: read the head, then Content-Length bytes.
        s.set_read_timeout(Some(Duration::from_secs(15))).unwrap();
        let mut raw = Vec::new();
        let mut byte = [0u8; 1];
        while !raw.ends_with(b"\r\n\r\n") {
            s.read_exact(&mut byte).unwrap();
            raw.push(byte[0]);
        }
        let head = String::from_utf8_lossy(&raw).to_ascii_lowercase();
        let length: usize = head
            .lines()
            .find_map(|l| l.strip_prefix("content-length:"))
            .and_then(|v| v.trim().parse().ok())
            .expect("a Content-Length");
        let mut body = vec![0u8; length];
        s.read_exact(&mut body).unwrap();
        let target: Value = serde_json::from_slice(&body).unwrap_or_else(|e| panic!("{e}: {head}"));
        let ws = target["webSocketDebuggerUrl"].as_str().unwrap().to_string();
        let runtime = crate::support::runtime();
        let (socket, _) = runtime
            .block_on(tokio_tungstenite::connect_async(ws.clone()))
            .unwrap_or_else(|e| panic!("{ws}: {e}"));
        let mut page = Page {
            runtime,
            socket,
            next: 0,
        };
        page.call("Page.bringToFront", json!({}));
        page.call(
            "Emulation.setDeviceMetricsOverride",
            json!({ "width": 1920, "height": 1080, "deviceScaleFactor": 1, "mobile": false }),
        );
        page
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// One tab, spoken to over the DevTools protocol.
pub(crate) struct Page {
    runtime: tokio::runtime::Runtime,
    socket: Socket,
    next: u64,
}

impl Page {
    pub(crate) fn call(&mut self, method: &str, params: Value) -> Value {
        self.try_call(method, params)
            .unwrap_or_else(|error| panic!("{method}: {error}"))
    }

    /// [`Page::call`], its DevTools error given back rather than failing the test.
    fn try_call(&mut self, method: &str, params: Value) -> Result<Value, Value> {
        self.next += 1;
        let id = self.next;
        let socket = &mut self.socket;
        self.runtime.block_on(async {
            socket
                .send(Message::text(
                    json!({ "id": id, "method": method, "params": params }).to_string(),
                ))
                .await
                .unwrap();
            loop {
                let m = tokio::time::timeout(Duration::from_secs(30), socket.next())
                    .await
                    .expect("DevTools answers")
                    .unwrap()
                    .unwrap();
                let Message::Text(text) = m else { continue };
                let v: Value = serde_json::from_str(&text).unwrap();
                if v["id"] == id {
                    return if v["error"].is_null() {
                        Ok(v["result"].clone())
                    } else {
                        Err(v)
                    };
                }
            }
        })
    }

    /// The value of a JavaScript expression in the page.
    pub(crate) fn eval(&mut self, expression: &str) -> Value {
        let r = self.call(
            "Runtime.evaluate",
            json!({ "expression": expression, "returnByValue": true, "awaitPromise": true }),
        );
        assert!(
            r["exceptionDetails"].is_null(),
            "{expression}: {}",
            r["exceptionDetails"]
        );
        r["result"]["value"].clone()
    }

    /// Waits (at most 15 s) until `expression` is true in the page.
    pub(crate) fn wait_for(&mut self, what: &str, expression: &str) {
        let start = Instant::now();
        let test = format!(
            "(() => {{ try {{ return !!({expression}); }} catch (e) {{ return false; }} }})()"
        );
        // A page navigating away (a sign-out reloads it) may refuse an evaluation made just
        // then: that is "not yet", and the next try asks the new page.
        while self
            .try_call(
                "Runtime.evaluate",
                json!({ "expression": test, "returnByValue": true }),
            )
            .map_or(true, |r| r["result"]["value"] != json!(true))
        {
            let text = self
                .try_call(
                    "Runtime.evaluate",
                    json!({
                        "expression": "document.body ? document.body.innerText.slice(0, 600) : ''",
                        "returnByValue": true
                    }),
                )
                .map_or_else(|e| e.to_string(), |r| r["result"]["value"].to_string());
            assert!(
                start.elapsed() < Duration::from_secs(15),
                "waiting for {what}; the page shows: {text}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    pub(crate) fn click(&mut self, selector: &str) {
        let found = self.eval(&format!("(() => {{ const e = document.querySelector({selector:?}); if (!e) return false; e.click(); return true; }})()"));
        assert_eq!(found, json!(true), "no element {selector}");
    }

    /// Signs in to the console page with `token`, once the page is loaded (forgetting any
    /// token kept on this device).
    pub(crate) fn sign_in(&mut self, token: &str) {
        self.wait_for(
            "the console page loaded",
            "document.readyState === 'complete' && document.querySelector('#token')",
        );
        self.eval(&format!("localStorage.clear(); document.querySelector('#token').value = {token:?}; document.querySelector('#signinform button').click(); true"));
    }

    /// Fills the form `form` (a selector) as a person would: each named field its value, in
    /// order, with a change event after each; then clicks `submit` (a selector in the form).
    pub(crate) fn fill(&mut self, form: &str, fields: &[(&str, &str)], submit: &str) {
        let fields = serde_json::to_string(fields).unwrap();
        self.eval(&format!(
            "(() => {{ const f = document.querySelector({form:?});
              for (const [k, v] of {fields}) {{ f.elements[k].value = v; f.elements[k].dispatchEvent(new Event('change')); }}
              f.querySelector({submit:?}).click(); return true; }})()"
        ));
    }

    /// The tournament whose console is open: `{id}` in `/arbiter/{id}` or `/arbiter/{id}/{view}`.
    pub(crate) fn console_tournament(&mut self) -> String {
        self.wait_for(
            "a tournament's console",
            "location.pathname.startsWith('/arbiter/')",
        );
        let path = self.eval("location.pathname");
        path.as_str()
            .unwrap()
            .split('/')
            .nth(2)
            .unwrap_or_default()
            .to_string()
    }

    /// Pairs and publishes the next round from the console as the chief arbiter does: the next
    /// round's view, the proposal, Publish and its confirmation; waits until `round` is
    /// published.
    pub(crate) fn publish_round(&mut self, round: u32) {
        self.task("round");
        self.click("#propose");
        self.wait_for("the proposal", "document.querySelector('#publish')");
        self.click("#publish");
        self.click("#publishconfirm");
        self.wait_for(
            "published",
            &format!(
                "document.querySelector('#roundlabel').textContent === 'round {round} published'"
            ),
        );
    }

    /// Enters one board's result in the console's keyboard field (`"12 1"`, `"5 ="`) and waits
    /// until the console answers for that board.
    pub(crate) fn enter_result(&mut self, text: &str) {
        self.eval(&format!("(() => {{ document.querySelector('#message').innerHTML = ''; const q = document.querySelector('#quick'); q.value = {text:?}; document.querySelector('#quickform').requestSubmit(); return true; }})()"));
        self.wait_for(
            "recorded",
            &format!(
                "document.querySelector('#message').textContent.startsWith('Board {}:')",
                text.split(' ').next().unwrap()
            ),
        );
    }

    /// Opens one of the console's tasks as an arbiter does, by its tab, and waits for its view.
    pub(crate) fn task(&mut self, view: &str) {
        self.click(&format!("#tasks a[data-view='{view}']"));
        self.wait_for(
            &format!("the console's {view} view"),
            &format!("location.pathname.endsWith('/{view}') && [...document.querySelectorAll('section[data-view={view}]')].every((s) => !s.hidden)"),
        );
    }

    /// The page printed to PDF as the browser's Print does, on paper `width` x `height`
    /// inches, with the page's own print styles.
    fn print_pdf(&mut self, width: f64, height: f64) -> Vec<u8> {
        let pdf = self.call(
            "Page.printToPDF",
            json!({ "paperWidth": width, "paperHeight": height, "printBackground": false }),
        );
        base64::engine::general_purpose::STANDARD
            .decode(pdf["data"].as_str().unwrap())
            .unwrap()
    }

    /// The page at a tablet's size (820 x 1180, a touch screen) and then a desktop's (1920 x
    /// 1080), checked to fit each width, screenshot as `{name}-tablet.png` and
    /// `{name}-desktop.png`; the page is left at the desktop's size.
    pub(crate) fn tablet_and_desktop(&mut self, what: &str, name: &str) {
        for (size, width, height, scale, mobile) in [
            ("tablet", 820, 1180, 2, true),
            ("desktop", 1920, 1080, 1, false),
        ] {
            self.call(
                "Emulation.setDeviceMetricsOverride",
                json!({ "width": width, "height": height, "deviceScaleFactor": scale, "mobile": mobile }),
            );
            self.wait_for(
                &format!("the {size}'s width"),
                &format!("window.innerWidth === {width}"),
            );
            assert_eq!(
                self.eval("document.documentElement.scrollWidth <= window.innerWidth"),
                json!(true),
                "{what} fits a {size}'s width"
            );
            self.screenshot(&format!("{name}-{size}.png"));
        }
    }

    pub(crate) fn screenshot(&mut self, name: &str) -> PathBuf {
        let shot = self.call("Page.captureScreenshot", json!({ "format": "png" }));
        let png = base64::engine::general_purpose::STANDARD
            .decode(shot["data"].as_str().unwrap())
            .unwrap();
        let dir = std::env::var_os("ARTIFACTS_DIR").map_or_else(
            || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../artifacts"),
            PathBuf::from,
        );
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, png).unwrap();
        path
    }
}

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
        &format!("document.body.innerText.includes('1.0 points') && [...{row}.cells].map(c => c.innerText).join('|').includes('White|1|1.0|')"),
    );
    let round = server
        .public(&format!("/api/tournaments/{id}/rounds/1"))
        .json();
    let loser = round["pairs"][0]["black"]["player"].clone();
    public.click(&format!("button[data-card='{loser}']"));
    public.wait_for(
        "the loser's card",
        &format!("document.body.innerText.includes('0 points') && [...{row}.cells].map(c => c.innerText).join('|').includes('Black|0|0.0|') && document.querySelector('table.card').innerText.includes('ARO')"),
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

#[test]
fn the_display_pages_through_many_boards_and_shows_standings_between_rounds() {
    let server = Server::start();
    let id = server.create_tournament("Big Open", "dutch-2026", 9);
    server.register_players(&id, 80, |i| 2500 - 10 * i);
    let (_, pairs) = server.proposal(&id);
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
    let browser = Browser::launch();
    let base = format!("http://{}", server.address);
    // 40 boards do not fit a 1080p screen: the display pages by itself (every second here).
    let mut display = browser.page(&format!("{base}/display/{id}?standings=1&page_seconds=1"));
    display.wait_for(
        "the first page",
        "document.querySelector('#page').innerText.startsWith('page 1 of')",
    );
    let rows = display
        .eval("document.querySelectorAll('tbody tr').length")
        .as_u64()
        .unwrap();
    assert!(rows < 40, "one page shows what fits: {rows} rows");
    display.wait_for(
        "the second page",
        "document.querySelector('#page').innerText.startsWith('page 2 of')",
    );
    // The second page begins where the first ended.
    let first = display.eval("document.querySelector('tbody tr')?.dataset.board");
    assert_eq!(
        first,
        json!((rows + 1).to_string()),
        "page 2 after {rows} rows"
    );
    // Each page was fetched by itself: never the whole round.
    let urls = display.eval(
        "performance.getEntriesByType('resource').map(e => e.name).filter(u => u.includes('/rounds/')).join(' ')",
    );
    let urls = urls.as_str().unwrap();
    assert!(
        urls.contains(&format!("from={}&count={rows}", rows + 1)),
        "{urls}"
    );
    assert!(
        !urls.split(' ').any(|u| u.ends_with("/rounds/1")),
        "the whole round was fetched: {urls}"
    );
    display.screenshot("display-paging-1920x1080.png");
    // Once every result of the round is in, the display shows the standings.
    for board in 1..=40 {
        server.chief(
            "PUT",
            &format!("/api/tournaments/{id}/rounds/1/boards/{board}/result"),
            json!({ "result": "1-0" }),
        );
    }
    display.wait_for(
        "the standings",
        "document.body.innerText.includes('Standings after round 1')",
    );
    display.wait_for(
        "a standings row",
        "document.querySelector('tbody tr td.res')?.innerText === '1.0'",
    );
}

/// The chief arbiter creates a tournament on the index page; left at its default, the system
/// is the Dutch in force (2026), and the page opens the new tournament's console. A wrong
/// token is refused, said on the page, and creates nothing.
#[test]
fn a_tournament_created_on_the_index_page_is_paired_by_the_dutch_in_force() {
    let server = Server::start();
    let base = format!("http://{}", server.address);
    let browser = Browser::launch();
    let mut index = browser.page(&format!("{base}/"));
    index.wait_for(
        "the creation form",
        "document.readyState === 'complete' && document.querySelector('#createform')",
    );
    let options = index.eval(
        "[...document.querySelectorAll('#createform select[name=system] option')].map(o => o.value).join(' ')",
    );
    assert_eq!(
        options,
        json!("dutch-2026 dubov-2026 burstein-2026 double-swiss-2026 dutch-1992 dubov-1997 round-robin double-round-robin")
    );
    // The new editions' names as the arbiter reads them, on a phone.
    index.call(
        "Emulation.setDeviceMetricsOverride",
        json!({ "width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": true }),
    );
    index.wait_for("the phone width", "window.innerWidth === 390");
    index.eval(
        "document.querySelector('#createform select[name=system]').value = 'burstein-2026'; true",
    );
    assert_eq!(
        index.eval("document.documentElement.scrollWidth <= window.innerWidth"),
        json!(true),
        "the creation form fits a phone's width"
    );
    index.screenshot("index-create-phone.png");
    index.tablet_and_desktop("the creation form", "index-create");
    index.eval(
        "document.querySelector('#createform select[name=system]').value = 'dutch-2026'; true",
    );
    index.call("Emulation.clearDeviceMetricsOverride", json!({}));
    let fill = |token: &str| {
        format!(
            "(() => {{ const f = document.querySelector('#createform'); f.name.value = 'Spring Open'; f.rounds.value = '7'; f.token.value = {token:?}; f.querySelector('button').click(); return true; }})()"
        )
    };
    index.eval(&fill("not-a-token"));
    index.wait_for("the refusal", "document.querySelector('#createmsg .bad')");
    assert_eq!(server.tournament_count(), 0);
    index.eval(&fill(&server.chief));
    index.wait_for(
        "the new tournament's console",
        "location.pathname.startsWith('/arbiter/') && document.querySelector('#token')",
    );
    let path = index.eval("location.pathname");
    let id = path
        .as_str()
        .unwrap()
        .trim_start_matches("/arbiter/")
        .to_string();
    let t = server.public(&format!("/api/tournaments/{id}")).json();
    assert_eq!(t["name"], "Spring Open", "{t}");
    assert_eq!(t["settings"]["system"], "dutch-2026", "{t}");
    assert_eq!(t["settings"]["rounds"], 7, "{t}");

    // The console signed in with the token the page kept; signing out forgets it here.
    index.wait_for(
        "the console signed in",
        "!document.querySelector('#signout').hidden && document.querySelector('#signin').hidden",
    );
    index.click("#signout");
    index.wait_for(
        "the sign-in form again",
        "document.readyState === 'complete' && !document.querySelector('#signin').hidden && document.querySelector('#signout').hidden",
    );
    assert_eq!(
        index.eval("localStorage.getItem('swiss.token')"),
        json!(null)
    );
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

/// #19 "Setup without curl": the index page creates a tournament with its details, point
/// values, tie-breaks and a drawing of lots for the first colour; the console's details form
/// shows them and records the round dates; the TRF report carries them.
#[test]
fn the_index_page_and_the_console_set_up_the_rating_reports_details() {
    let server = Server::start();
    let base = format!("http://{}", server.address);
    let browser = Browser::launch();
    let mut index = browser.page(&format!("{base}/"));
    index.wait_for(
        "the creation form",
        "document.readyState === 'complete' && document.querySelector('#createform')",
    );
    // Double-Swiss shows its own point values (a pairing-allocated bye is 1½).
    index.eval("(() => { const f = document.querySelector('#createform'); f.system.value = 'double-swiss-2026'; f.system.dispatchEvent(new Event('change')); return true; })()");
    assert_eq!(
        index.eval("document.querySelector('#createform').pairing_bye.value"),
        json!("1.5")
    );
    index.fill(
        "#createform",
        &[
            ("system", "dutch-2026"),
            ("name", "Autumn Open"),
            ("rounds", "5"),
            ("initial_color", "lots"),
            ("city", "Bonn"),
            ("federation", "GER"),
            ("start_date", "2026-11-28"),
            ("end_date", "2026-11-30"),
            ("time_control", "90 min + 30 s"),
            ("chief_arbiter", "IA Jane Doe"),
            ("deputy_arbiters", "FA John Roe\nNA Max Muster"),
            ("draw", "0.5"),
            ("win", "3"),
            ("tiebreaks", "BH-C1 SB"),
            ("token", &server.chief),
        ],
        "button.primary",
    );
    index.wait_for(
        "the new tournament's console",
        "location.pathname.startsWith('/arbiter/') && document.querySelector('#detailsform')",
    );
    let id = index.console_tournament();
    let t = server.public(&format!("/api/tournaments/{id}")).json();
    assert_eq!(t["settings"]["initial_color_by_lot"], true, "{t}");
    assert_eq!(t["settings"]["points"]["win"], 30, "{t}");
    assert_eq!(t["settings"]["points"]["pairing_bye"], 10, "{t}");
    // Typed in this program's earlier form, recorded in C.07's.
    assert_eq!(t["settings"]["tiebreaks"], json!(["BH/C1", "SB"]), "{t}");
    assert_eq!(t["details"]["city"], "Bonn", "{t}");
    assert_eq!(
        t["details"]["deputy_arbiters"],
        json!(["FA John Roe", "NA Max Muster"]),
        "{t}"
    );

    // The console (signed in with the token the page kept) shows them, one date per round.
    index.wait_for(
        "the details form filled in",
        "document.querySelector('#detailsform').city.value === 'Bonn' && document.querySelectorAll('#rounddates input').length === 5",
    );
    index.eval("(() => { const f = document.querySelector('#detailsform'); f.round_date_1.value = '2026-11-28'; f.round_date_2.value = '2026-11-28'; f.end_date.value = '2026-11-27'; f.querySelector('button').click(); return true; })()");
    index.wait_for(
        "the refusal, naming the field",
        "document.querySelector('#message').innerText.includes('details.end_date: 2026-11-27 is before the first day')",
    );
    index.eval("(() => { const f = document.querySelector('#detailsform'); f.end_date.value = '2026-11-30'; f.querySelector('button').click(); return true; })()");
    index.wait_for(
        "the details saved",
        "document.querySelector('#message').innerText.includes('Details saved')",
    );
    index.screenshot("console-details.png");
    let trf = server
        .public(&format!("/api/tournaments/{id}/export.trf"))
        .body;
    let line = |code: &str| {
        records(&trf, code)
            .first()
            .unwrap_or_else(|| panic!("no {code} in\n{trf}"))
            .to_string()
    };
    assert_eq!(line("022"), "022 Bonn");
    assert_eq!(line("042"), "042 2026/11/28");
    assert_eq!(line("052"), "052 2026/11/30");
    assert_eq!(line("122"), "122 90 min + 30 s");
    assert_eq!(&line("132")[91..], "26/11/28  26/11/28");

    // Registration from FIDE's rating list: the console finds a player by name and a click
    // fills the form in.
    let list = std::fs::read(
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../tests/fixtures/rating-list/players_list_foa.txt"),
    )
    .unwrap();
    let r = server.upload(
        "PUT",
        "/api/rating-list?name=players_list_foa.txt",
        Some(&server.chief),
        &list,
    );
    assert_eq!(r.status, 201, "{}", r.body);
    index.eval("location.reload(); true");
    index.wait_for(
        "the console with the list loaded",
        "document.querySelector('#liststatus') && document.querySelector('#liststatus').innerText.includes('13 players')",
    );
    index.eval("(() => { const i = document.querySelector('#listsearch'); i.value = 'kowal'; i.dispatchEvent(new Event('input')); return true; })()");
    index.wait_for(
        "the player found",
        "document.querySelector('#listfound button[data-found]')",
    );
    index.click("#listfound button[data-found]");
    assert_eq!(
        index.eval("(() => { const f = document.querySelector('#register'); return [f.name.value, f.rating.value, f.title.value, f.federation.value, f.fide_id.value, f.birth_date.value].join('|'); })()"),
        json!("Kowalski, Karol|2455|IM|POL|90100117|1991/00/00")
    );
    index.eval("document.querySelector('#register button').click(); true");
    index.wait_for(
        "the player registered",
        "document.querySelector('#playerlist').innerText.includes('Kowalski')",
    );
    let players = server
        .public(&format!("/api/tournaments/{id}/players"))
        .json();
    assert_eq!(players[0]["fide_id"], 90100117, "{players}");
    assert_eq!(players[0]["rating"], 2455, "{players}");
}

/// #19: the console's round view shows each player's points before the round, the
/// pairing-allocated bye and who does not play (a bye asked for, a withdrawal), and its forms
/// for byes and withdrawals record what they say.
#[test]
fn the_consoles_round_view_shows_scores_the_bye_and_who_is_absent() {
    let server = Server::start();
    let id = server.create_tournament("Round View Open", "dutch-2026", 5);
    server.register_players(&id, 6, |i| 2300 - 25 * i);
    let base = format!("http://{}", server.address);
    let browser = Browser::launch();
    let mut console = browser.page(&format!("{base}/arbiter/{id}"));
    console.sign_in(&server.chief);
    console.wait_for(
        "the players listed",
        "document.querySelectorAll('#byeform select[name=player] option').length === 6",
    );
    // A half-point bye for the sixth player in round 1, and the fifth withdrawn from round 1,
    // through the console's forms.
    console.eval("(() => { const f = document.querySelector('#byeform'); f.player.value = '6'; f.round.value = '1'; f.kind.value = 'half'; f.querySelector('button').click(); return true; })()");
    console.wait_for(
        "the bye recorded",
        "document.querySelector('#message').innerText.includes('Recorded')",
    );
    console.eval("(() => { const f = document.querySelector('#withdrawform'); f.player.value = '5'; f.from_round.value = '1'; f.reason.value = 'ill'; f.querySelector('button').click(); return true; })()");
    console.wait_for(
        "the withdrawal recorded",
        "document.querySelector('#message').innerText.includes('Withdrawal recorded')",
    );
    assert_eq!(
        console.eval("document.querySelector('#withdrawform').reason.value"),
        json!(""),
        "the form is emptied once recorded"
    );
    let audit = server
        .public(&format!("/api/tournaments/{id}/audit"))
        .json();
    let kinds: Vec<&str> = audit
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["event"]["type"].as_str().unwrap())
        .collect();
    assert!(
        kinds.contains(&"bye_requested") && kinds.contains(&"player_withdrawn"),
        "{kinds:?}"
    );

    // Four players left: two boards, no pairing-allocated bye; then a result, and round 2
    // with five players... the withdrawn one stays out, the bye's player is back.
    server.publish_proposal(&id);
    console.wait_for(
        "round 1 with who does not play",
        "document.querySelectorAll('#boards tr[id^=board-]').length === 2 && document.querySelector('#absent') && document.querySelector('#absent').innerText.includes('half-point bye') && document.querySelector('#absent').innerText.includes('withdrawn from round 1')",
    );
    for board in 1..=2 {
        let r = server.chief(
            "PUT",
            &format!("/api/tournaments/{id}/rounds/1/boards/{board}/result"),
            json!({ "result": "1-0" }),
        );
        assert_eq!(r.status, 201, "{}", r.body);
    }
    server.publish_proposal(&id);
    console.wait_for(
        "round 2 with the pairing-allocated bye and the points before it",
        "document.querySelector('#roundlabel').innerText.includes('round 2') && document.querySelector('#pab') && document.querySelectorAll('#boards tr[id^=board-]').length === 2",
    );
    let text = console
        .eval("document.querySelector('#boards').innerText + '\\n' + document.querySelector('#notplaying').innerText")
        .as_str()
        .unwrap()
        .to_string();
    let round = server
        .public(&format!("/api/tournaments/{id}/rounds/2"))
        .json();
    let bye = round["bye"]["name"].as_str().unwrap();
    assert!(
        text.contains(&format!("Pairing-allocated bye: {bye}")) || text.contains(bye),
        "{text}"
    );
    for b in round["pairs"].as_array().unwrap() {
        for side in ["white", "black"] {
            let score = b[side]["score"].as_str().unwrap();
            let name = b[side]["name"].as_str().unwrap();
            assert!(
                text.contains(&format!("({score})")) && text.contains(name),
                "{name} ({score}) in {text}"
            );
        }
    }
    assert!(text.contains("withdrawn from round 1"), "{text}");
    console.screenshot("console-round-view.png");
}

/// #19's trial, as a new user runs it: a 12-player event from the index page and the console
/// alone (no JSON by hand), FIDE's rating list loaded in the console and every player
/// registered from it, two arbiters whose accounts the chief creates in the console entering
/// results side by side, a hall display following, a half-point bye asked for in the console,
/// four rounds paired and published by the system, and the TRF report carrying the details.
#[test]
fn the_arbiters_day_twelve_players_two_arbiters_and_a_display_from_the_console_alone() {
    let server = Server::start();
    let base = format!("http://{}", server.address);
    let browser = Browser::launch();

    // The index page: the tournament, its details, the first colour by lot.
    let mut chief = browser.page(&format!("{base}/"));
    chief.wait_for(
        "the creation form",
        "document.readyState === 'complete' && document.querySelector('#createform')",
    );
    chief.fill(
        "#createform",
        &[
            ("system", "dutch-2026"),
            ("name", "Club Championship"),
            ("rounds", "4"),
            ("initial_color", "lots"),
            ("city", "Ghent"),
            ("federation", "BEL"),
            ("start_date", "2026-11-28"),
            ("end_date", "2026-11-29"),
            ("time_control", "60 min + 30 s"),
            ("chief_arbiter", "IA Jane Doe"),
            ("deputy_arbiters", "FA Ana Lima\nFA Ben Okafor"),
            ("token", &server.chief),
        ],
        "button.primary",
    );
    chief.wait_for(
        "the new tournament's console",
        "location.pathname.startsWith('/arbiter/') && document.querySelectorAll('#rounddates input').length === 4",
    );
    let id = chief.console_tournament();
    chief.fill(
        "#detailsform",
        &[
            ("round_date_1", "2026-11-28"),
            ("round_date_2", "2026-11-28"),
            ("round_date_3", "2026-11-29"),
            ("round_date_4", "2026-11-29"),
        ],
        "button",
    );
    chief.wait_for(
        "the round dates saved",
        "document.querySelector('#message').innerText.includes('Details saved')",
    );

    // FIDE's list, chosen in the console's file field as downloaded.
    let list = std::fs::read_to_string(
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../tests/fixtures/rating-list/players_list_foa.txt"),
    )
    .unwrap();
    chief.eval(&format!(
        "(() => {{ const dt = new DataTransfer(); dt.items.add(new File([{list:?}], 'players_list_foa.txt'));
          document.querySelector('#listfile').files = dt.files; document.querySelector('#loadlist').click(); return true; }})()"
    ));
    chief.wait_for(
        "the list loaded",
        "document.querySelector('#liststatus').innerText.includes('13 players')",
    );
    // Twelve players found by FIDE id, each filled in by a click and registered.
    let ids: Vec<&str> = list
        .lines()
        .skip(1)
        .take(12)
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    for (n, fide_id) in ids.iter().enumerate() {
        chief.eval(&format!("(() => {{ const i = document.querySelector('#listsearch'); i.value = '{fide_id}'; i.dispatchEvent(new Event('input')); return true; }})()"));
        chief.wait_for(
            "the player found",
            &format!("document.querySelector('#listfound')?.innerText.includes('{fide_id}') && document.querySelectorAll('#listfound button[data-found]').length === 1"),
        );
        chief.click("#listfound button[data-found]");
        chief.wait_for(
            "the form filled in",
            &format!("document.querySelector('#register').fide_id.value === '{fide_id}'"),
        );
        chief.click("#register button.primary");
        chief.wait_for(
            "the registration answered with its numbers",
            &format!("document.querySelector('#message').innerText.includes('Registered:') && document.querySelector('#message').innerText.includes('(registration {})') && document.querySelectorAll('#playerlist tr').length === {}", n + 1, n + 2),
        );
    }
    // The starting list by pairing number: 1 is the highest rated.
    let first = chief.eval("document.querySelector('#playerlist tr:nth-child(2)').innerText");
    assert!(
        first.as_str().unwrap().starts_with("1\t"),
        "the list starts at pairing number 1: {first}"
    );

    // Two arbiters' accounts, created in the console; each token shown once.
    let mut tokens = Vec::new();
    for name in ["Ana Lima", "Ben Okafor"] {
        chief.eval(&format!("document.querySelector('#arbiterform input[name=name]').value = '{name}'; document.querySelector('#arbiterform button').click(); true"));
        chief.wait_for(
            "the new token",
            &format!("document.querySelector('#newtoken code') && document.querySelector('#newtoken').innerText.includes('{name}')"),
        );
        tokens.push(
            chief
                .eval("document.querySelector('#newtoken code').textContent")
                .as_str()
                .unwrap()
                .to_string(),
        );
    }
    let mut arbiters: Vec<Page> = tokens
        .iter()
        .map(|token| {
            let mut page = browser.page(&format!("{base}/arbiter/{id}"));
            page.sign_in(token);
            page.wait_for(
                "an arbiter signed in",
                "document.querySelector('#signin').hidden && document.querySelector('#who').innerText.includes('(arbiter)')",
            );
            page
        })
        .collect();
    let mut display = browser.page(&format!("{base}/display/{id}"));

    let results = ["1-0", "1/2-1/2", "0-1"];
    for round in 1..=4u32 {
        let mut expected_boards = 6;
        if round == 2 {
            // The twelfth player asks for a half-point bye in round 2: eleven play, one
            // gets the pairing-allocated bye.
            chief.fill(
                "#byeform",
                &[("player", "12"), ("round", "2"), ("kind", "half")],
                "button",
            );
            chief.wait_for(
                "the bye recorded",
                "document.querySelector('#message').innerText.includes('Recorded')",
            );
            expected_boards = 5;
        }
        chief.click("#propose");
        chief.wait_for(
            "the proposal",
            &format!("document.querySelector('#publish')?.innerText === 'Publish round {round}'"),
        );
        chief.click("#publish");
        chief.click("#publishconfirm");
        chief.wait_for(
            "the round published",
            &format!(
                "document.querySelector('#message').innerText.includes('Round {round} published.')"
            ),
        );
        display.wait_for(
            "the round on the display",
            &format!("document.body.innerText.includes('Round {round}')"),
        );
        // Ana enters the top boards, Ben the others, at the same time.
        for (a, page) in arbiters.iter_mut().enumerate() {
            page.wait_for(
                "the round in the arbiter's console",
                &format!("document.querySelector('#roundlabel').innerText.includes('round {round} published') && document.querySelectorAll('#boards tr[id^=board-]').length === {expected_boards}"),
            );
            let mine = (1..=expected_boards).filter(|b| (b - 1) * 2 / expected_boards == a);
            for board in mine {
                let result = results[(board + round as usize) % 3];
                // The round label changes before the new round's boards are drawn.
                page.wait_for(
                    "the board's result buttons",
                    &format!("document.querySelector(\"button.res[data-board='{board}'][data-res='{result}']\") !== null"),
                );
                page.click(&format!(
                    "button.res[data-board='{board}'][data-res='{result}']"
                ));
                page.wait_for(
                    "the result picked",
                    &format!("document.querySelector(\"button[data-save='{board}']\")?.disabled === false"),
                );
                page.click(&format!("button[data-save='{board}']"));
                page.wait_for(
                    "the result recorded",
                    &format!("document.querySelector('#message').innerText.includes('Board {board}: result recorded')"),
                );
            }
        }
        let r = server
            .public(&format!("/api/tournaments/{id}/rounds/{round}"))
            .json();
        let pairs = r["pairs"].as_array().unwrap();
        assert_eq!(pairs.len(), expected_boards, "{r}");
        assert!(
            pairs.iter().all(|p| p["games"].is_array()),
            "every result in: {r}"
        );
        if round == 2 {
            assert!(r["bye"]["name"].is_string(), "{r}");
            assert_eq!(r["requested_byes"][0]["player"], 12, "{r}");
        }
        // Every result came from one of the two arbiters, never from the chief.
        let audit = server
            .public(&format!("/api/tournaments/{id}/audit"))
            .json();
        let actors: std::collections::BTreeSet<&str> = audit
            .as_array()
            .unwrap()
            .iter()
            .filter(|e| e["event"]["type"] == "result_recorded" && e["event"]["round"] == round)
            .map(|e| e["actor"].as_str().unwrap())
            .collect();
        assert_eq!(
            actors.into_iter().collect::<Vec<_>>(),
            ["Ana Lima", "Ben Okafor"]
        );
    }
    // Round 4's board 6 was drawn: the display shows it with the others.
    display.wait_for(
        "the display with the last result",
        "document.body.innerText.includes('Round 4') && document.querySelectorAll('tbody tr')[5]?.innerText.includes('½-½')",
    );
    display.screenshot("trial-display.png");
    chief.wait_for(
        "the chief's console with round 4's results",
        "document.querySelectorAll('#boards button[data-correct]').length === 6",
    );
    chief.screenshot("trial-console.png");

    // The public standings, and the TRF report for the rating officer.
    let mut public = browser.page(&format!("{base}/t/{id}#standings"));
    public.wait_for(
        "the standings of twelve",
        "document.querySelectorAll('main tbody tr').length === 12 && document.body.innerText.includes('After round 4')",
    );
    let trf = server
        .public(&format!("/api/tournaments/{id}/export.trf"))
        .body;
    let line = |code: &str| {
        records(&trf, code)
            .first()
            .unwrap_or_else(|| panic!("no {code} in\n{trf}"))
            .to_string()
    };
    assert_eq!(line("012"), "012 Club Championship");
    assert_eq!(line("022"), "022 Ghent");
    assert_eq!(line("032"), "032 BEL");
    assert_eq!(line("042"), "042 2026/11/28");
    assert_eq!(line("052"), "052 2026/11/29");
    assert_eq!(line("062"), "062 12");
    assert_eq!(line("102"), "102 IA Jane Doe");
    assert_eq!(
        records(&trf, "112"),
        ["112 FA Ana Lima", "112 FA Ben Okafor"]
    );
    assert_eq!(line("122"), "122 60 min + 30 s");
    assert_eq!(&line("132")[91..], "26/11/28  26/11/28  26/11/29  26/11/29");
    let players: Vec<&str> = trf.lines().filter(|l| l.starts_with("001")).collect();
    assert_eq!(players.len(), 12, "{trf}");
    assert!(
        players.iter().all(|l| l.len() >= 91 + 4 * 10 - 2),
        "four round columns on every player line:\n{trf}"
    );
    assert!(trf.contains("90100010"), "FIDE ids from the list:\n{trf}");
}

/// A tool of Debian's poppler-utils (which scripts/test.sh installs).
fn poppler(tool: &str) -> PathBuf {
    let path = PathBuf::from("/usr/bin").join(tool);
    assert!(
        path.exists(),
        "{tool} is installed (scripts/test.sh installs Debian's poppler-utils)"
    );
    path
}

/// #20 "Print": each public view printed by the browser to PDF on A4 and on Letter: every page
/// carries the tournament, the sheet, the round and its date (the head row repeated), no row of
/// a table and no result slip is split across two pages, and a page of each goes to
/// `artifacts/` as a picture. 90 players: 45 boards, more than a page of each list.
#[test]
fn each_public_view_prints_on_a4_and_letter_without_splitting_a_row() {
    let pdftotext = poppler("pdftotext");
    let pdftoppm = poppler("pdftoppm");
    let server = Server::start();
    let id = server.create_tournament("Grand Open", "dutch-2026", 7);
    server.register_players(&id, 90, |i| 2500 - 5 * i);
    let r = server.chief(
        "PUT",
        &format!("/api/tournaments/{id}/details"),
        json!({ "details": { "round_dates": ["2026-11-28"] } }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    server.publish_proposal(&id);
    let round = server
        .public(&format!("/api/tournaments/{id}/rounds/1"))
        .json();
    let who = |p: &Value| format!("{} ({})", p["name"].as_str().unwrap(), p["rating"]);
    let boards: Vec<(u64, String, String)> = round["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["board"].as_u64().unwrap(),
                who(&p["white"]),
                who(&p["black"]),
            )
        })
        .collect();
    assert_eq!(boards.len(), 45);
    let dir = tempfile::tempdir().unwrap();
    let artifacts = std::env::var_os("ARTIFACTS_DIR").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../artifacts"),
        PathBuf::from,
    );
    std::fs::create_dir_all(&artifacts).unwrap();
    let base = format!("http://{}", server.address);
    let browser = Browser::launch();
    // The view, what shows it is drawn, the title its pages carry, and at least how many pages.
    let views = [
        (
            "pairings",
            "main tbody tr",
            "Pairings · Round 1 · 2026-11-28",
            2,
        ),
        (
            "byname",
            "main tbody tr",
            "Pairings by name · Round 1 · 2026-11-28",
            3,
        ),
        ("slips", "main .slip", "Round 1 · 2026-11-28", 6),
        // No result is in yet: the standings say the round is in progress (#43).
        (
            "standings",
            "main tbody tr",
            "Standings round 1 in progress: 0 of 45 results",
            2,
        ),
        ("players", "main tbody tr", "Starting list", 2),
        (
            "crosstable",
            "main tbody tr",
            "Cross table round 1 in progress: 0 of 45 results",
            2,
        ),
    ];
    for (view, drawn, title, at_least) in views {
        for (paper, width, height) in [("a4", 8.27, 11.69), ("letter", 8.5, 11.0)] {
            let mut page = browser.page(&format!("{base}/t/{id}#{view}"));
            page.wait_for(
                &format!("the {view} view"),
                &format!("document.querySelectorAll({drawn:?}).length >= 45"),
            );
            let file = dir.path().join(format!("{view}-{paper}.pdf"));
            std::fs::write(&file, page.print_pdf(width, height)).unwrap();
            let out = Command::new(&pdftotext)
                .args(["-layout"])
                .arg(&file)
                .arg("-")
                .output()
                .unwrap();
            let text = String::from_utf8_lossy(&out.stdout).to_string();
            let pages: Vec<&str> = text
                .split('\u{c}')
                .filter(|p| !p.trim().is_empty())
                .collect();
            assert!(
                pages.len() >= at_least,
                "{view} on {paper}: {} pages, expected at least {at_least}",
                pages.len()
            );
            for (n, p) in pages.iter().enumerate() {
                assert!(
                    p.contains("Grand Open") && p.contains(title),
                    "{view} on {paper}, page {}: no title {title:?}:\n{p}",
                    n + 1
                );
            }
            // Whether some page has a line holding all of `parts` (a row not split).
            let on_one_line = |parts: &[&str]| {
                pages
                    .iter()
                    .flat_map(|p| p.lines())
                    .any(|l| parts.iter().all(|x| l.contains(x)))
            };
            for (board, white, black) in &boards {
                match view {
                    "pairings" => assert!(
                        on_one_line(&[&format!(" {board} "), white, black]),
                        "{view} on {paper}: board {board} split or missing"
                    ),
                    "byname" => {
                        assert!(on_one_line(&[white, black]), "{view} on {paper}: {white}");
                    }
                    "slips" => {
                        // The slip whole on one page: its head, both players, the signatures.
                        let whole = pages.iter().any(|p| {
                            p.contains(&format!("Board {board}\n"))
                                || p.lines().any(|l| l.trim_end().ends_with(&format!("Board {board}")))
                        } && p.contains(white.as_str()) && p.contains(black.as_str()));
                        assert!(
                            whole,
                            "{view} on {paper}: the slip of board {board} is split"
                        );
                    }
                    _ => {
                        for name in [white, black] {
                            let name = name.split(" (").next().unwrap();
                            assert!(on_one_line(&[name]), "{view} on {paper}: {name}");
                        }
                    }
                }
            }
            if paper == "a4" {
                let picture = artifacts.join(format!("print-{view}-a4"));
                let status = Command::new(&pdftoppm)
                    .args(["-png", "-r", "70", "-f", "1", "-l", "1", "-singlefile"])
                    .arg(&file)
                    .arg(&picture)
                    .status()
                    .unwrap();
                assert!(status.success());
            }
        }
    }
}

/// #20 "The hall display": a rotation set in the address (`?views=board,name,standings&seconds=2`)
/// shows the pairings by board, by name, then the standings, from one live connection; the
/// score columns have headings; a Double-Swiss match result shows in full; a long name ends in
/// an ellipsis and never pushes the result off; names are at least 32 px on a 1920x1080 screen
/// and on a 1080x1920 portrait one (screenshots of both in `artifacts/`).
#[test]
fn the_hall_display_rotates_its_views_and_reads_from_ten_metres() {
    let server = Server::start();
    let id = server.create_tournament("Double-Swiss Cup", "double-swiss-2026", 7);
    server.register_players(&id, 29, |i| 2400 - 10 * i);
    let long = "Wolfeschlegelsteinhausenbergerdorff,Hubert Blaine Maximilian";
    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/players"),
        json!({ "name": long, "rating": 1500 }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    server.publish_proposal(&id);
    let r = server.chief(
        "PUT",
        &format!("/api/tournaments/{id}/rounds/1/boards/1/result"),
        json!({ "games": ["1-0", "1/2-1/2"] }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let round = server
        .public(&format!("/api/tournaments/{id}/rounds/1"))
        .json();
    let long_board = round["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["white"]["name"] == long || p["black"]["name"] == long)
        .map(|p| p["board"].as_u64().unwrap())
        .unwrap();
    let base = format!("http://{}", server.address);
    let browser = Browser::launch();
    let mut display = browser.page(&format!(
        "{base}/display/{id}?views=board,name,standings&seconds=2"
    ));
    for title in [
        "Round 1",
        "Round 1 by name",
        // One result of fifteen is in: provisional standings, said so (#43).
        "Standings round 1 in progress: 1 of 15 results",
        "Round 1",
    ] {
        display.wait_for(
            &format!("the view {title:?}"),
            &format!("document.querySelector('#round').innerText === {title:?}"),
        );
    }
    // Read the board view where it stands (landscape, then portrait): in one evaluation, which
    // no turn of the rotation can interrupt, repeated until the board view is the one shown.
    let check = |display: &mut Page, shape: &str| {
        // Whatever the view shows now, if it is the board view with `board` on it.
        let read = |display: &mut Page, board: u64, what: &str| {
            let js = format!(
                "(() => {{ if (document.querySelector('#round').innerText !== 'Round 1') return null;
                  const row = [...document.querySelectorAll('tbody tr')].find(r => r.dataset.board === '{board}');
                  if (!row) return null;
                  return {what}; }})()"
            );
            let start = Instant::now();
            loop {
                let v = display.eval(&js);
                if !v.is_null() {
                    return v;
                }
                assert!(
                    start.elapsed() < Duration::from_secs(20),
                    "{shape}: board {board} in the board view"
                );
                std::thread::sleep(Duration::from_millis(50));
            }
        };
        let seen = read(
            display,
            1,
            "{ heads: [...document.querySelectorAll('thead th')].map(t => t.innerText).join('|'),
               board1: [row.querySelector('td.res').textContent, row.querySelector('td.res').scrollWidth <= row.querySelector('td.res').clientWidth],
               cut: [...document.querySelectorAll('td.board, td.score')].filter(c => c.scrollWidth > c.clientWidth).map(c => c.textContent),
               name_px: parseFloat(getComputedStyle(document.querySelector('td.name')).fontSize) }",
        );
        let long = read(
            display,
            long_board,
            "(() => { const n = [...row.querySelectorAll('td.name')].find(c => c.textContent.startsWith('Wolfeschlegel'));
               return [getComputedStyle(n).textOverflow, n.scrollWidth > n.clientWidth, row.querySelector('td.res').getBoundingClientRect().right <= window.innerWidth]; })()",
        );
        assert_eq!(
            seen["heads"],
            json!("Bd|Pts|White|Games 1 · 2|Black|Pts"),
            "{shape}"
        );
        assert_eq!(
            seen["board1"],
            json!(["1-0 · ½-½", true]),
            "{shape}: the match result in full"
        );
        assert_eq!(
            seen["cut"],
            json!([]),
            "{shape}: board numbers and points are never cut"
        );
        assert!(
            seen["name_px"].as_f64().unwrap() >= 32.0,
            "{shape}: names at {} px",
            seen["name_px"]
        );
        assert_eq!(
            long,
            json!(["ellipsis", true, true]),
            "{shape}: the long name"
        );
    };
    display.wait_for(
        "the board view",
        "document.querySelector('#round').innerText === 'Round 1'",
    );
    check(&mut display, "1920x1080");
    display.screenshot("display-rotation-1920x1080.png");
    display.call(
        "Emulation.setDeviceMetricsOverride",
        json!({ "width": 1080, "height": 1920, "deviceScaleFactor": 1, "mobile": false }),
    );
    display.wait_for(
        "the portrait board view",
        "window.innerWidth === 1080 && document.querySelector('col').style.width === '7%' && document.querySelector('#round').innerText === 'Round 1'",
    );
    check(&mut display, "1080x1920");
    display.screenshot("display-portrait-1080x1920.png");
}

/// The public pages' QR code (for the display and the printouts) encodes the address of the
/// tournament's public page on the server asked, made by the server itself.
#[test]
fn the_qr_code_leads_to_the_public_pages() {
    let server = Server::start();
    let id = server.create_tournament("QR Open", "dutch-2026", 5);
    let r = server.public(&format!("/api/tournaments/{id}/qr.svg"));
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.header("content-type"), Some("image/svg+xml"));
    let expected = qrcode::QrCode::with_error_correction_level(
        format!("http://{}/t/{id}", server.address).as_bytes(),
        qrcode::EcLevel::M,
    )
    .unwrap()
    .render::<qrcode::render::svg::Color>()
    .min_dimensions(160, 160)
    .quiet_zone(true)
    .build();
    assert_eq!(r.body, expected, "the page's own address, encoded");
    let r = server.public(&format!("/api/tournaments/{}/qr.svg", uuid::Uuid::new_v4()));
    assert_eq!(r.status, 404, "{}", r.body);
}

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

/// #47 done when: a 10-player double round-robin from the console to its printed cross table.
/// Created on the index page (no rounds to give: the tables'), ten players registered in the
/// console, the numbers drawn by lot from a seed there, each of the 18 rounds paired, published
/// and its five results entered by clicks; then the public cross table (players by number down
/// and across, two results a cell, the diagonal shaded) agrees with the standings, prints on A4,
/// and the hall display shows it as the final table. Screenshots at phone, tablet and desktop
/// sizes go to `artifacts/`.
#[test]
fn a_ten_player_double_round_robin_from_the_console_to_its_printed_cross_table() {
    let pdftotext = poppler("pdftotext");
    let server = Server::start();
    let base = format!("http://{}", server.address);
    let browser = Browser::launch();
    let mut console = browser.page(&format!("{base}/"));
    console.wait_for(
        "the creation form",
        "document.readyState === 'complete' && document.querySelector('#createform')",
    );
    console.eval(&format!(
        "(() => {{ const f = document.querySelector('#createform'); f.name.value = 'Club Championship';
          f.system.value = 'double-round-robin'; f.system.dispatchEvent(new Event('change'));
          f.token.value = {:?}; return true; }})()",
        server.chief
    ));
    assert_eq!(
        console.eval("document.querySelector('#roundsfield').hidden && !document.querySelector('#rrrounds').hidden"),
        json!(true),
        "a round-robin's rounds are not asked for"
    );
    console.click("#createform button.primary");
    let id = console.console_tournament();
    console.wait_for(
        "the console signed in, with the round-robin's numbers form",
        "!document.querySelector('#signout').hidden && !document.querySelector('#rrnumbers').hidden",
    );
    assert_eq!(
        console.eval("document.querySelector('#byeform').hidden && !document.querySelector('#rrnobyes').hidden"),
        json!(true),
        "no bye to request in a round-robin"
    );
    let names = [
        "Aronian,Levon",
        "Bok,Benjamin",
        "Caruana,Fabiano",
        "Ding,Liren",
        "Erigaisi,Arjun",
        "Firouzja,Alireza",
        "Giri,Anish",
        "Harikrishna,Pentala",
        "Ivanchuk,Vassily",
        "Jobava,Baadur",
    ];
    for (i, name) in names.iter().enumerate() {
        let rating = (2780 - 15 * i).to_string();
        console.fill(
            "#register",
            &[("name", name), ("rating", &rating), ("federation", "FID")],
            "button[type=submit]",
        );
        console.wait_for(
            "the player in the list",
            &format!(
                "document.querySelectorAll('#playerlist tr').length === {}",
                i + 2
            ),
        );
    }
    console.wait_for(
        "18 rounds for ten players",
        "document.querySelector('#rrstate').textContent.includes('18 rounds')",
    );
    console.fill(
        "#numbersform",
        &[("method", "lots"), ("seed", "2026")],
        "button[type=submit]",
    );
    console.wait_for(
        "the numbers given",
        "document.querySelector('#message .ok') && document.querySelector('#message').textContent.includes('numbers are given')",
    );
    let drawn = server.recorded(&id, "numbers_drawn");
    assert_eq!(drawn["event"]["seed"], 2026, "{drawn}");
    assert_eq!(drawn["event"]["method"], "lots", "{drawn}");
    // The starting list is in the drawing's order.
    let order: Vec<u64> = drawn["event"]["order"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k.as_u64().unwrap())
        .collect();
    let listed = "[...document.querySelectorAll('#playerlist tr')].slice(1).map(r => Number(r.cells[1].textContent)).join(' ')";
    let expected = order
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ");
    console.wait_for(
        "the starting list in the drawing's order",
        &format!("{listed} === {expected:?}"),
    );

    let results = ["1-0", "1/2-1/2", "0-1"];
    for round in 1..=18u64 {
        console.click("#propose");
        console.wait_for("the proposal", "document.querySelector('#publish')");
        let explained = console.eval("document.querySelector('#proposal').textContent");
        assert!(
            explained.as_str().unwrap().contains("C.05 Annex 1"),
            "{explained}"
        );
        console.click("#publish");
        console.click("#publishconfirm");
        console.wait_for(
            "the round published",
            &format!("document.querySelector('#roundlabel').textContent === 'round {round} published' && document.querySelector('#boards button.res')"),
        );
        for board in 1..=5u64 {
            let result = results[((round * 7 + board * 3) % 3) as usize];
            console.click(&format!("#board-{board} button.res[data-res='{result}']"));
            console.wait_for(
                "the result picked",
                &format!("!document.querySelector('#board-{board} button[data-save]').disabled"),
            );
            console.click(&format!("#board-{board} button[data-save]"));
            console.wait_for(
                "the result recorded",
                &format!("document.querySelector('#board-{board} strong')"),
            );
        }
    }
    console.click("#propose");
    console.wait_for(
        "no round left",
        "document.querySelector('#message').textContent.includes('18 rounds')",
    );
    let _ = console.screenshot("rr-console-desktop.png");

    // The standings after the last round: 90 games, 90 points.
    let s = server
        .public(&format!("/api/tournaments/{id}/standings"))
        .json();
    assert_eq!(s["after_round"], 18, "{s}");
    assert_eq!(s["tiebreaks"], json!(["DE", "WIN", "SB", "KS"]), "{s}");
    let total: f64 = s["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["score"].as_str().unwrap().parse::<f64>().unwrap())
        .sum();
    assert_eq!(total, 90.0, "{s}");

    // The public cross table: ten rows by number, nine cells of two results each, the diagonal
    // shaded, each row's points those of the standings; "final" in its title.
    let mut public = browser.page(&format!("{base}/t/{id}/crosstable"));
    public.wait_for(
        "the cross table",
        "document.querySelectorAll('table.rr tbody tr').length === 10",
    );
    let table = public.eval(
        "[...document.querySelectorAll('table.rr tbody tr')].map(r => ({
           no: Number(r.cells[0].textContent),
           cells: [...r.querySelectorAll('td.rrcell')].map(c => c.textContent),
           self: r.querySelectorAll('td.self').length,
           pts: r.querySelector('strong').textContent }))",
    );
    let players = server
        .public(&format!("/api/tournaments/{id}/players"))
        .json();
    for (i, row) in table.as_array().unwrap().iter().enumerate() {
        assert_eq!(row["no"], i + 1, "{row}");
        assert_eq!(row["self"], 1, "{row}");
        let cells = row["cells"].as_array().unwrap();
        assert_eq!(cells.len(), 9, "{row}");
        for c in cells {
            assert_eq!(
                c.as_str().unwrap().split(' ').count(),
                2,
                "two games a pair: {row}"
            );
        }
        let key = players
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["tpn"] == i + 1)
            .unwrap()["player"]
            .clone();
        let standing = s["rows"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["player"] == key)
            .unwrap();
        assert_eq!(row["pts"], standing["score"], "{row} {standing}");
    }
    let heading = public.eval("document.querySelector('table.rr .printhead').textContent");
    assert!(
        heading.as_str().unwrap().contains("Cross table (final)"),
        "{heading}"
    );
    for (name, width, height, mobile) in [
        ("desktop", 1280, 900, false),
        ("tablet", 768, 1024, true),
        ("phone", 390, 844, true),
    ] {
        public.call(
            "Emulation.setDeviceMetricsOverride",
            json!({ "width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile }),
        );
        public.wait_for(
            "the table again",
            "document.querySelectorAll('table.rr tbody tr').length === 10",
        );
        let _ = public.screenshot(&format!("rr-crosstable-{name}.png"));
    }
    let pdf = public.print_pdf(8.27, 11.69);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("cross.pdf");
    std::fs::write(&file, pdf).unwrap();
    let text = Command::new(&pdftotext)
        .arg("-layout")
        .arg(&file)
        .arg("-")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("Cross table (final)"), "{text}");
    for name in names {
        assert!(text.contains(name), "{name} on the printed table: {text}");
    }

    // The hall display's standings are the final cross table.
    let mut display = browser.page(&format!("{base}/display/{id}?standings=1"));
    display.wait_for(
        "the final cross table on the display",
        "document.querySelector('#round').textContent === 'Final cross table' && document.querySelectorAll('#main td.self').length >= 1",
    );
    let _ = display.screenshot("rr-display.png");
    // The TRF report says what the event was.
    let trf = server
        .public(&format!("/api/tournaments/{id}/export.trf"))
        .body;
    assert_eq!(records(&trf, "192"), ["192 FIDE_ROUNDROBIN"], "{trf}");
    assert_eq!(
        records(&trf, "092"),
        ["092 Individual: Double Round-Robin"],
        "{trf}"
    );
    assert_eq!(records(&trf, "XXR"), ["XXR 18"], "{trf}");
}

/// #43 "cancel a requested bye": a half-point bye asked for in the console shows in the player
/// list before its round is published, with a cancel button; cancelled there, it is gone from
/// the list, recorded in the audit, and the player is paired in that round; a second
/// cancellation is refused in words.
#[test]
fn a_requested_bye_is_seen_and_cancelled_in_the_console() {
    let server = Server::start();
    let id = server.create_tournament("Bye Open", "dutch-2026", 5);
    server.register_players(&id, 6, |i| 2200 - 10 * i);
    let base = format!("http://{}", server.address);
    let browser = Browser::launch();
    let mut console = browser.page(&format!("{base}/arbiter/{id}"));
    console.sign_in(&server.chief);
    console.wait_for(
        "the player list",
        "document.querySelectorAll('#playerlist tr').length === 7",
    );
    console.eval("(() => { const f = document.querySelector('#byeform'); f.player.value = '2'; f.round.value = '1'; f.kind.value = 'half'; f.querySelector('button').click(); return true; })()");
    console.wait_for(
        "the bye in the list",
        "document.querySelector('#playerlist').textContent.includes('half-point bye in round 1')",
    );
    console.click("#playerlist button[data-cancelbye='2']");
    console.wait_for(
        "the bye gone",
        "document.querySelector('#message').textContent.includes('cancelled') && !document.querySelector('#playerlist').textContent.includes('bye in round')",
    );
    let cancelled = server.recorded(&id, "bye_cancelled");
    assert_eq!(cancelled["event"]["player"], 2, "{cancelled}");
    assert_eq!(cancelled["event"]["round"], 1, "{cancelled}");
    let (proposal, _) = server.proposal(&id);
    let paired: Vec<&Value> = proposal["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|p| [&p["white"]["player"], &p["black"]["player"]])
        .collect();
    assert!(paired.contains(&&json!(2)), "{proposal}");
    let again = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/byes/cancellation"),
        json!({ "player": 2, "round": 1 }),
    );
    assert_eq!(again.status, 422, "{}", again.body);
    assert!(again.body.contains("nothing to cancel"), "{}", again.body);
}

/// #43 "correct any field of a player": in the console, a player's federation, FIDE id, birth
/// date and sex corrected with a reason; the API, the audit trail and the TRF report say the
/// new values, and a FIDE id another player has is refused naming it.
#[test]
fn every_field_of_a_player_is_corrected_in_the_console() {
    let server = Server::start();
    let id = server.create_tournament("Corrections Open", "dutch-2026", 5);
    server.register_players(&id, 4, |i| 2200 - 10 * i);
    let base = format!("http://{}", server.address);
    let browser = Browser::launch();
    let mut console = browser.page(&format!("{base}/arbiter/{id}"));
    console.sign_in(&server.chief);
    console.wait_for(
        "the player list",
        "document.querySelectorAll('#playerlist tr').length === 5",
    );
    console.eval("(() => { const d = document.querySelector('#correctbox'); d.open = true; const f = document.querySelector('#correctform'); f.player.value = '3'; f.player.dispatchEvent(new Event('change')); return true; })()");
    console.wait_for(
        "the form filled with player 3",
        "document.querySelector('#correctform').name.value === 'Player,02'",
    );
    console.fill(
        "#correctform",
        &[
            ("federation", "NOR"),
            ("fide_id", "1503014"),
            ("birth_date", "1990/11/30"),
            ("sex", "m"),
            ("reason", "passport seen"),
        ],
        "button[type=submit]",
    );
    console.wait_for(
        "the correction recorded",
        "document.querySelector('#message').textContent.includes('corrected')",
    );
    let players = server
        .public(&format!("/api/tournaments/{id}/players"))
        .json();
    let three = players
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["player"] == 3)
        .unwrap();
    assert_eq!(three["federation"], "NOR", "{three}");
    assert_eq!(three["fide_id"], 1503014, "{three}");
    let corrected = server.recorded(&id, "player_corrected");
    let c = &corrected["event"]["correction"];
    assert_eq!(c["birth_date"], "1990/11/30", "{corrected}");
    assert_eq!(c["sex"], "m", "{corrected}");
    assert!(
        c.get("name").is_none() && c.get("rating").is_none(),
        "only what changed: {corrected}"
    );
    let trf = server
        .public(&format!("/api/tournaments/{id}/export.trf"))
        .body;
    let line = records(&trf, "001")
        .into_iter()
        .find(|l| l.contains("Player,02"))
        .unwrap()
        .to_string();
    assert!(
        line.contains("1503014") && line.contains("1990/11/30") && line.contains("NOR"),
        "{line}"
    );
    // Another player may not take that FIDE id.
    let r = server.chief(
        "PATCH",
        &format!("/api/tournaments/{id}/players/1"),
        json!({ "correction": { "fide_id": 1503014 }, "reason": "typo" }),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(r.body.contains("1503014"), "{}", r.body);
}

/// #43 "remove a player registered by mistake before they are paired": removed in the console
/// (two clicks), the player is gone from the list and the numbers close up; the round is paired
/// without them; once paired a player cannot be removed (withdraw them instead), and a late
/// entry removed before their first round is never paired; registration numbers are not given
/// twice; the TRF report lists only the players who are in.
#[test]
fn a_player_registered_by_mistake_is_removed_in_the_console() {
    let server = Server::start();
    let id = server.create_tournament("Mistakes Open", "dutch-2026", 5);
    server.register_players(&id, 6, |i| 2200 - 10 * i);
    let base = format!("http://{}", server.address);
    let browser = Browser::launch();
    let mut console = browser.page(&format!("{base}/arbiter/{id}"));
    console.sign_in(&server.chief);
    console.wait_for(
        "the player list",
        "document.querySelectorAll('#playerlist tr').length === 7",
    );
    console.click("#playerlist button[data-remove='4']");
    console.wait_for("asked", "document.querySelector(\"#playerlist button[data-remove='4']\").textContent.includes('again')");
    console.click("#playerlist button[data-remove='4']");
    console.wait_for(
        "the player gone",
        "document.querySelectorAll('#playerlist tr').length === 6",
    );
    let players = server
        .public(&format!("/api/tournaments/{id}/players"))
        .json();
    let mut tpns: Vec<u64> = players
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["tpn"].as_u64().unwrap())
        .collect();
    tpns.sort_unstable();
    assert_eq!(tpns, [1, 2, 3, 4, 5], "{players}");
    assert!(
        players.as_array().unwrap().iter().all(|p| p["player"] != 4),
        "{players}"
    );
    let removed = server.recorded(&id, "player_removed");
    assert_eq!(removed["event"]["player"], 4, "{removed}");
    let p = server.publish_proposal(&id);
    assert!(!p.to_string().contains("Player,03"), "{p}");
    let paired = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/players/1/removal"),
        json!({}),
    );
    assert_eq!(paired.status, 422, "{}", paired.body);
    assert!(
        paired.body.contains("withdraw them instead"),
        "{}",
        paired.body
    );
    // A late entry, removed before round 2: never paired; the next one gets a new number.
    let late = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/players"),
        json!({ "name": "Late,Wrong", "rating": 1900 }),
    );
    assert_eq!(late.status, 201, "{}", late.body);
    assert_eq!(late.json()["player"], 7);
    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/players/7/removal"),
        json!({ "reason": "wrong section" }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let again = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/players"),
        json!({ "name": "Late,Right", "rating": 1900 }),
    );
    assert_eq!(again.json()["player"], 8, "{}", again.body);
    for board in 1..=2 {
        let r = server.chief(
            "PUT",
            &format!("/api/tournaments/{id}/rounds/1/boards/{board}/result"),
            json!({ "result": "1-0" }),
        );
        assert_eq!(r.status, 201, "{}", r.body);
    }
    let p2 = server.publish_proposal(&id);
    assert!(
        !p2.to_string().contains("Late,Wrong") && p2.to_string().contains("Late,Right"),
        "{p2}"
    );
    let trf = server
        .public(&format!("/api/tournaments/{id}/export.trf"))
        .body;
    assert_eq!(records(&trf, "001").len(), 6, "{trf}");
    assert!(
        !trf.contains("Player,03") && !trf.contains("Late,Wrong"),
        "{trf}"
    );
    assert_eq!(records(&trf, "062"), ["062 6"], "{trf}");
}

/// #43 "a confirmation before publishing" and "unpublish the last round" in the console: the
/// first click on Publish only asks (nothing is published), the confirmation publishes; the
/// round with no result can be unpublished there (two clicks), recorded in the audit, and
/// published again; once it has a result, the console no longer offers it.
#[test]
fn publishing_asks_first_and_the_last_round_is_unpublished_in_the_console() {
    let server = Server::start();
    let id = server.create_tournament("Careful Open", "dutch-2026", 5);
    server.register_players(&id, 6, |i| 2200 - 10 * i);
    let base = format!("http://{}", server.address);
    let browser = Browser::launch();
    let mut console = browser.page(&format!("{base}/arbiter/{id}"));
    console.sign_in(&server.chief);
    console.wait_for("the console", "!document.querySelector('#chief').hidden && document.querySelectorAll('#playerlist tr').length === 7");
    console.click("#propose");
    console.wait_for("the proposal", "document.querySelector('#publish')");
    console.click("#publish");
    console.wait_for(
        "the question",
        "!document.querySelector('#publishask').hidden",
    );
    let t = server.public(&format!("/api/tournaments/{id}")).json();
    assert_eq!(t["rounds_published"], 0, "one click publishes nothing: {t}");
    console.click("#publishconfirm");
    console.wait_for(
        "round 1 published, with its unpublish button",
        "document.querySelector('#roundlabel').textContent === 'round 1 published' && !document.querySelector('#unpublishbox').hidden",
    );
    console.click("#unpublish");
    console.wait_for(
        "asked",
        "document.querySelector('#unpublish').textContent.startsWith('Confirm')",
    );
    assert_eq!(
        server.public(&format!("/api/tournaments/{id}")).json()["rounds_published"],
        1
    );
    console.click("#unpublish");
    console.wait_for(
        "round 1 withdrawn",
        "document.querySelector('#roundlabel').textContent === 'no round published yet'",
    );
    let unpublished = server.recorded(&id, "round_unpublished");
    assert_eq!(unpublished["event"]["round"], 1, "{unpublished}");
    console.click("#propose");
    console.wait_for("the proposal again", "document.querySelector('#publish')");
    console.click("#publish");
    console.click("#publishconfirm");
    console.wait_for(
        "round 1 again",
        "document.querySelector('#roundlabel').textContent === 'round 1 published'",
    );
    let r = server.chief(
        "PUT",
        &format!("/api/tournaments/{id}/rounds/1/boards/1/result"),
        json!({ "result": "1-0" }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    console.wait_for(
        "no unpublish once a result is in",
        "document.querySelector('#board-1 strong') && document.querySelector('#unpublishbox').hidden",
    );
}

/// #43 "result entry from the keyboard": a whole round typed into the console (board number,
/// then 1, 0 or =; Enter), each recorded at once and the field ready for the next board; a
/// code that is not one is refused in words and records nothing.
#[test]
fn a_whole_round_is_entered_from_the_keyboard() {
    let server = Server::start();
    let id = server.create_tournament("Keyboard Open", "dutch-2026", 5);
    server.register_players(&id, 8, |i| 2200 - 10 * i);
    server.publish_proposal(&id);
    let base = format!("http://{}", server.address);
    let browser = Browser::launch();
    let mut console = browser.page(&format!("{base}/arbiter/{id}"));
    console.sign_in(&server.chief);
    console.wait_for(
        "the boards",
        "document.querySelectorAll('#boards tr[id^=board-]').length === 4",
    );
    // Typed as a person types: the text, then the Enter key.
    fn type_line(console: &mut Page, text: &str) {
        console.eval("document.querySelector('#quick').focus(); true");
        console.call("Input.insertText", json!({ "text": text }));
        for kind in ["keyDown", "keyUp"] {
            console.call(
                "Input.dispatchKeyEvent",
                json!({ "type": kind, "key": "Enter", "code": "Enter", "windowsVirtualKeyCode": 13, "text": if kind == "keyDown" { "\r" } else { "" } }),
            );
        }
    }
    type_line(&mut console, "2 q");
    console.wait_for(
        "the refusal",
        "document.querySelector('#message').textContent.includes('write the board')",
    );
    console.eval("document.querySelector('#quick').value = ''; true");
    for (board, code, result) in [
        (1, "1", "1-0"),
        (2, "=", "½-½"),
        (3, "0", "0-1"),
        (4, "+", "+-"),
    ] {
        type_line(&mut console, &format!("{board} {code}"));
        console.wait_for(
            "the result recorded",
            &format!("document.querySelector('#board-{board} strong')?.textContent === '{result}' && document.querySelector('#quick').value === '' && document.activeElement.id === 'quick'"),
        );
    }
    let round = server
        .public(&format!("/api/tournaments/{id}/rounds/1"))
        .json();
    let games: Vec<String> = round["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["games"][0].as_str().unwrap().to_string())
        .collect();
    assert_eq!(games, ["1-0", "1/2-1/2", "0-1", "+-"], "{round}");
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

/// #43's event, from the console alone at tablet size (820x1180): a 20-player open of five
/// rounds with two arbiters (the second signed in by the link the console gives), a player
/// registered by mistake and removed, a half-point bye requested and cancelled, another kept,
/// a withdrawal, a late entry, a correction with a reason, round 2 unpublished and published
/// again; results typed from the keyboard by both arbiters; then the standings after round 5.
#[test]
fn a_twenty_player_open_from_the_console_alone_at_tablet_size() {
    let server = Server::start();
    let base = format!("http://{}", server.address);
    let browser = Browser::launch();
    let tablet = |page: &mut Page| {
        page.call(
            "Emulation.setDeviceMetricsOverride",
            json!({ "width": 820, "height": 1180, "deviceScaleFactor": 1, "mobile": true }),
        );
    };
    let mut chief = browser.page(&format!("{base}/"));
    tablet(&mut chief);
    chief.wait_for(
        "the creation form",
        "document.readyState === 'complete' && document.querySelector('#createform')",
    );
    chief.eval(&format!(
        "(() => {{ const f = document.querySelector('#createform'); f.name.value = 'Autumn Open'; f.rounds.value = '5'; f.initial_color.value = 'white'; f.token.value = {:?}; f.querySelector('button.primary').click(); return true; }})()",
        server.chief
    ));
    let id = chief.console_tournament();
    chief.wait_for(
        "signed in",
        "!document.querySelector('#chief').hidden && document.querySelector('#playerlist')",
    );
    // Before round 1 the console opens on its players.
    chief.wait_for(
        "the players' view first",
        "location.pathname.endsWith('/players')",
    );
    let register = |page: &mut Page, name: &str, rating: u32, expect: usize| {
        page.fill(
            "#register",
            &[("name", name), ("rating", &rating.to_string())],
            "button[type=submit]",
        );
        page.wait_for(
            "registered",
            &format!(
                "document.querySelectorAll('#playerlist tr').length === {}",
                expect + 1
            ),
        );
    };
    for i in 0..21u32 {
        register(
            &mut chief,
            &format!("Player{i:02},Autumn"),
            2300 - 15 * i,
            i as usize + 1,
        );
    }
    // Player 21 was registered by mistake.
    chief.click("#playerlist button[data-remove='21']");
    chief.click("#playerlist button[data-remove='21']");
    chief.wait_for(
        "removed",
        "document.querySelectorAll('#playerlist tr').length === 21",
    );
    // Two half-point byes asked for round 3; one cancelled.
    for player in ["5", "9"] {
        chief.eval(&format!("(() => {{ const f = document.querySelector('#byeform'); f.player.value = '{player}'; f.round.value = '3'; f.kind.value = 'half'; f.querySelector('button').click(); return true; }})()"));
        chief.wait_for("the bye listed", &format!("[...document.querySelectorAll('#playerlist button[data-cancelbye=\"{player}\"]')].length === 1"));
    }
    chief.click("#playerlist button[data-cancelbye='9']");
    chief.wait_for(
        "the bye cancelled",
        "!document.querySelector(\"#playerlist button[data-cancelbye='9']\")",
    );
    // The second arbiter, by the sign-in link.
    chief.task("accounts");
    chief.fill(
        "#arbiterform",
        &[("name", "floor-ben")],
        "button[type=submit]",
    );
    chief.wait_for("the sign-in link", "document.querySelector('#signinlink')");
    let link = chief
        .eval("document.querySelector('#signinlink').href")
        .as_str()
        .unwrap()
        .to_string();
    let mut floor = browser.page(&link);
    tablet(&mut floor);
    floor.wait_for(
        "the arbiter signed in",
        "document.querySelector('#who').textContent.includes('floor-ben')",
    );

    for round in 1..=5u32 {
        if round == 3 {
            // A withdrawal from round 3 on, and a late entry for round 3.
            chief.task("players");
            chief.fill(
                "#withdrawform",
                &[("player", "12"), ("from_round", "3"), ("reason", "ill")],
                "button[type=submit]",
            );
            chief.wait_for("withdrawn", "document.querySelector('#playerlist').textContent.includes('withdrawn from round 3')");
            register(&mut chief, "Latecomer,Autumn", 1900, 21);
        }
        chief.publish_round(round);
        if round == 2 {
            chief.wait_for(
                "the unpublish button",
                "!document.querySelector('#unpublishbox').hidden",
            );
            chief.click("#unpublish");
            chief.click("#unpublish");
            chief.wait_for(
                "round 2 withdrawn",
                "document.querySelector('#roundlabel').textContent === 'round 1 published'",
            );
            chief.publish_round(round);
        }
        floor.wait_for(
            "the round on the floor",
            &format!(
                "document.querySelector('#roundlabel').textContent === 'round {round} published'"
            ),
        );
        let boards = server
            .public(&format!("/api/tournaments/{id}/rounds/{round}"))
            .json()["pairs"]
            .as_array()
            .unwrap()
            .len();
        for board in 1..=boards {
            let code = ["1", "=", "0"][(board + round as usize) % 3];
            let page = if board % 2 == 0 {
                &mut floor
            } else {
                &mut chief
            };
            page.enter_result(&format!("{board} {code}"));
        }
        if round == 4 {
            chief.wait_for(
                "board 1 recorded",
                "document.querySelector('#board-1 strong')",
            );
            chief.click("button[data-correct='1']");
            chief.wait_for("the correction form", "document.querySelector('#reason-1')");
            chief.click("button.res[data-board='1'][data-res='1/2-1/2']");
            chief.eval("(() => { const r = document.querySelector('#reason-1'); r.value = 'scoresheets signed a draw'; r.dispatchEvent(new Event('input', { bubbles: true })); return true; })()");
            chief.wait_for(
                "save enabled",
                "!document.querySelector(\"button[data-save='1']\").disabled",
            );
            chief.click("button[data-save='1']");
            chief.wait_for(
                "corrected",
                "document.querySelector('#message').textContent.includes('correction recorded')",
            );
        }
    }
    let _ = chief.screenshot("event-console-tablet.png");
    let _ = floor.screenshot("event-floor-tablet.png");
    // What the log says happened.
    let audit = server
        .public(&format!("/api/tournaments/{id}/audit"))
        .json();
    let kinds: Vec<&str> = audit
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["event"]["type"].as_str().unwrap())
        .collect();
    for kind in [
        "player_removed",
        "bye_requested",
        "bye_cancelled",
        "player_withdrawn",
        "result_corrected",
        "round_unpublished",
    ] {
        assert!(kinds.contains(&kind), "{kind} in {kinds:?}");
    }
    let floor_results = audit
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["actor"] == "floor-ben" && e["event"]["type"] == "result_recorded")
        .count();
    assert!(
        floor_results >= 20,
        "the second arbiter entered {floor_results} results"
    );
    let t = server.public(&format!("/api/tournaments/{id}")).json();
    assert_eq!(
        (t["players"].as_u64(), t["rounds_published"].as_u64()),
        (Some(21), Some(5)),
        "{t}"
    );
    let s = server
        .public(&format!("/api/tournaments/{id}/standings"))
        .json();
    assert_eq!(s["after_round"], 5, "{s}");
    assert!(s["in_progress"].is_null(), "{s}");
    // The bye kept: player 5 has a half-point bye in round 3; player 9 was paired.
    let r3 = server
        .public(&format!("/api/tournaments/{id}/rounds/3"))
        .json();
    assert!(
        r3["requested_byes"].to_string().contains("\"player\":5"),
        "{r3}"
    );
    assert!(r3["pairs"].to_string().contains("\"player\":9,"), "{r3}");
}

/// #43 "import in the console": a TRF file from another program chosen on the first page is
/// checked first (name, players, rounds recorded, system), a file that names no Dutch edition
/// asks for one, and nothing is created until "Import it"; then a link leads to its console.
#[test]
fn a_trf_file_is_checked_then_imported_from_the_first_page() {
    let server = Server::start();
    let base = format!("http://{}", server.address);
    let browser = Browser::launch();
    let mut index = browser.page(&format!("{base}/"));
    index.wait_for(
        "the import form",
        "document.readyState === 'complete' && document.querySelector('#importform')",
    );
    index.eval(&format!(
        "document.querySelector('#createform').token.value = {:?}; true",
        server.chief
    ));
    let file = crate::support::fixture("club-10.trf")
        .canonicalize()
        .unwrap();
    let doc = index.call("DOM.getDocument", json!({}));
    let node = index.call(
        "DOM.querySelector",
        json!({ "nodeId": doc["root"]["nodeId"], "selector": "#importform input[type=file]" }),
    );
    index.call(
        "DOM.setFileInputFiles",
        json!({ "nodeId": node["nodeId"], "files": [file.to_str().unwrap()] }),
    );
    index.click("#importform button[type=submit]");
    index.wait_for(
        "the summary, asking for the edition",
        "document.querySelector('#importsummary')?.textContent.includes('10 players') && document.querySelector('#importmsg').textContent.includes('choose one')",
    );
    assert_eq!(server.tournament_count(), 0, "checking creates nothing");
    index.eval("document.querySelector('#importform').system.value = 'dutch-2026'; true");
    index.click("#importform button[type=submit]");
    index.wait_for("the import button", "document.querySelector('#importnow')");
    let summary = index.eval("document.querySelector('#importsummary').textContent");
    assert!(
        summary
            .as_str()
            .unwrap()
            .contains("Club Championship Spring"),
        "{summary}"
    );
    index.click("#importnow");
    index.wait_for(
        "the link to its console",
        "document.querySelector('#importedlink')",
    );
    assert_eq!(server.tournament_count(), 1);
    let href = index.eval("document.querySelector('#importedlink').getAttribute('href')");
    let id = href
        .as_str()
        .unwrap()
        .trim_start_matches("/arbiter/")
        .to_string();
    let t = server.public(&format!("/api/tournaments/{id}")).json();
    assert_eq!(t["players"], 10, "{t}");
    assert_eq!(t["settings"]["system"], "dutch-2026", "{t}");
}

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
