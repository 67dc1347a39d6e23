//! The browser driver: Debian's headless Chromium with a fresh profile, one tab spoken to over
//! the DevTools protocol (evaluate, wait for a condition, click, fill a form, print to PDF,
//! screenshots into `artifacts/`), and the poppler tools that read its PDFs.

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
        // Players not checked in are recorded absent: the console asks once more, and the
        // chief arbiter confirms.
        if self.eval("!!document.querySelector('#absentask') && !document.querySelector('#absentask').hidden") == Value::Bool(true) {
            self.click("#absentconfirm");
        }
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
    pub(crate) fn print_pdf(&mut self, width: f64, height: f64) -> Vec<u8> {
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

/// A tool of Debian's poppler-utils (which scripts/test.sh installs).
pub(crate) fn poppler(tool: &str) -> PathBuf {
    let path = PathBuf::from("/usr/bin").join(tool);
    assert!(
        path.exists(),
        "{tool} is installed (scripts/test.sh installs Debian's poppler-utils)"
    );
    path
}
