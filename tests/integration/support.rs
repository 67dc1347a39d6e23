//! Running the real binary and the real server.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// The `swiss` binary Cargo built for these tests.
pub fn swiss() -> Command {
    Command::new(env!("CARGO_BIN_EXE_swiss"))
}

/// Runs `swiss` with `args`.
pub fn run(args: &[&str]) -> Output {
    swiss().args(args).output().expect("swiss runs")
}

/// A file among the project's fixtures.
pub fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/trf")
        .join(name)
}

/// A proposal's pairs by registration number, the lower number of each first, sorted: what a
/// test compares when colours and boards do not matter.
pub fn pairs_of(proposal: &serde_json::Value) -> Vec<(u64, u64)> {
    let mut pairs: Vec<(u64, u64)> = proposal["pairs"]
        .as_array()
        .expect("pairs")
        .iter()
        .map(|p| {
            let (w, b) = (
                p["white"]["player"].as_u64().expect("a player"),
                p["black"]["player"].as_u64().expect("a player"),
            );
            (w.min(b), w.max(b))
        })
        .collect();
    pairs.sort_unstable();
    pairs
}

/// A request without a token to a server at `address`, on a connection of its own (for a
/// thread of its own): the status.
pub fn request_to(address: SocketAddr, method: &str, path: &str, body: &str) -> u16 {
    let mut stream = TcpStream::connect(address).expect("connects");
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .expect("timeout");
    let text = request_text(address, method, path, None, &[], Some(body), false);
    stream.write_all(text.as_bytes()).expect("writes");
    let _ = stream.shutdown(std::net::Shutdown::Write);
    parse_response(&read_response(&mut stream)).status
}

/// The project's root (README.md, Cargo.toml, Cargo.lock).
pub fn fixture_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// `../shared`, the reference material beside the project (`SHARED_DIR` names another place).
pub fn shared_dir() -> PathBuf {
    std::env::var_os("SHARED_DIR").map_or_else(|| fixture_root().join("../shared"), PathBuf::from)
}

/// The file at `path` inside `../shared`, or what a check does when it is absent: with
/// `REQUIRE_SHARED=1` (CI) it fails; when `../shared` is there but the file is not, it fails (a
/// missing expected file); only when `../shared` is absent altogether does it say plainly that
/// `check` was skipped, and answer `None`.
pub fn shared_file(path: &str, check: &str) -> Option<Vec<u8>> {
    let full = shared_dir().join(path);
    if let Ok(bytes) = std::fs::read(&full) {
        return Some(bytes);
    }
    assert!(
        !std::env::var("REQUIRE_SHARED").is_ok_and(|v| v == "1"),
        "{} is absent and REQUIRE_SHARED=1: {check} must run",
        full.display()
    );
    let root = shared_dir();
    assert!(
        !root.is_dir(),
        "{} is absent from {}: {check} cannot run",
        full.display(),
        root.display()
    );
    eprintln!(
        "SKIPPED: {} is absent, so {check} did not run (REQUIRE_SHARED=1 makes this a failure)",
        root.display()
    );
    None
}

/// A reference program that `../shared` does not ship (FIDE's calculator Gacrux: its answers are
/// there as reference data instead, checked by the engine's tests) at `path` inside it, when a
/// developer has put it there; else `None`, saying plainly that `check` did not run. Never a
/// failure, `REQUIRE_SHARED=1` or not: the folder lacks it by design.
pub fn optional_oracle(path: &str, check: &str) -> Option<PathBuf> {
    let full = shared_dir().join(path);
    if full.is_file() {
        return Some(full);
    }
    eprintln!(
        "SKIPPED: {} is not shipped in the shared folder (by design), so {check} did not run",
        full.display()
    );
    None
}

/// Standard output as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Standard error as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A running `swiss serve`, stopped when dropped.
pub struct Server {
    child: Child,
    /// Where it listens.
    pub address: SocketAddr,
    /// The chief arbiter's token, as printed on first start.
    pub chief: String,
    _data: Option<tempfile::TempDir>,
}

/// An HTTP response.
#[derive(Debug)]
pub struct Response {
    /// Status code.
    pub status: u16,
    /// Headers, names in lower case.
    pub headers: Vec<(String, String)>,
    /// The body.
    pub body: String,
}

impl Response {
    /// The body as JSON.
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }

    /// A header's value.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

impl Server {
    /// Starts the server on a free port with a new temporary store, and waits (at most 20 s)
    /// until it says where it listens.
    pub fn start() -> Server {
        Server::start_with_env(&[])
    }

    /// Starts the server with extra environment variables (settings from `config/`).
    pub fn start_with_env(env: &[(&str, &str)]) -> Server {
        let data = tempfile::tempdir().expect("temporary directory");
        Server::launch("127.0.0.1:0", data, None, env)
    }

    /// Starts the server with its store in `data` (a directory the caller prepared: on a
    /// small disk of its own, say).
    pub fn start_in(data: tempfile::TempDir) -> Server {
        Server::launch("127.0.0.1:0", data, None, &[])
    }

    /// [`Server::start_in`] with extra environment variables.
    pub fn launch_in(data: tempfile::TempDir, env: &[(&str, &str)]) -> Server {
        Server::launch("127.0.0.1:0", data, None, env)
    }

    /// Starts a server on the shared PostgreSQL database at `url` (a data directory of its
    /// own for what is not shared). The first server on a database prints the administrator's
    /// token; the others are given it as `chief`.
    pub fn start_node(url: &str, chief: Option<String>) -> Server {
        let data = tempfile::tempdir().expect("temporary directory");
        Server::launch(
            "127.0.0.1:0",
            data,
            chief,
            &[("SWISS_STORE", "postgres"), ("SWISS_DATABASE_URL", url)],
        )
    }

    /// Kills the server at once (SIGKILL), as a crashed machine stops: nothing of it runs
    /// after this returns.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Stops the server and starts it again on the same address with the same store, as after
    /// a power cut in the hall.
    pub fn restart(mut self) -> Server {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let data = self._data.take().expect("the store");
        let chief = std::mem::take(&mut self.chief);
        Server::launch(&self.address.to_string(), data, Some(chief), &[])
    }

    /// The store's directory.
    pub fn data_dir(&self) -> &Path {
        self._data.as_ref().expect("the store").path()
    }

    fn launch(
        address: &str,
        data: tempfile::TempDir,
        chief: Option<String>,
        env: &[(&str, &str)],
    ) -> Server {
        // The pages from the repository's folder, unless the test sets SWISS_STATIC_DIR.
        let static_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../web-static");
        let mut command = swiss();
        command
            .args(["serve", "--address", address, "--log-level", "warn"])
            .arg("--data-dir")
            .arg(data.path());
        if !env.iter().any(|(k, _)| *k == "SWISS_STATIC_DIR") {
            command.arg("--static-dir").arg(static_dir);
        }
        let mut child = command
            .envs(env.iter().copied())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("swiss serve starts");
        let out = child.stdout.take().expect("stdout");
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(out).lines().map_while(Result::ok) {
                if let Some(addr) = line.strip_prefix("swiss: listening on http://") {
                    let _ = tx.send(addr.to_string());
                } else if let Some((_, token)) = line.split_once("(shown once): ") {
                    let _ = tx.send(format!("TOKEN {token}"));
                }
            }
        });
        let mut chief = chief;
        let address = loop {
            let line = rx
                .recv_timeout(Duration::from_secs(20))
                .expect("the server says where it listens within 20 s");
            if let Some(token) = line.strip_prefix("TOKEN ") {
                chief = Some(token.to_string());
            } else {
                break line.parse().expect("an address");
            }
        };
        Server {
            child,
            address,
            chief: chief.expect("a chief token is printed on first start"),
            _data: Some(data),
        }
    }

    /// A request with an optional bearer token, extra headers and body, on a connection of
    /// its own.
    pub fn request(
        &self,
        method: &str,
        path: &str,
        token: Option<&str>,
        headers: &[(&str, &str)],
        body: Option<&str>,
    ) -> Response {
        let mut stream = TcpStream::connect(self.address).expect("connects");
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .expect("timeout");
        let text = request_text(self.address, method, path, token, headers, body, false);
        stream.write_all(text.as_bytes()).expect("writes");
        // Done sending: the server need not wait for more of a body it does not read.
        let _ = stream.shutdown(std::net::Shutdown::Write);
        parse_response(&read_response(&mut stream))
    }

    /// A connection kept alive between requests, as a browser keeps one.
    pub fn connection(&self) -> Connection<'_> {
        let stream = TcpStream::connect(self.address).expect("connects");
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .expect("timeout");
        let _ = stream.set_nodelay(true);
        Connection {
            server: self,
            stream,
        }
    }

    /// The server process's id, for reading /proc.
    pub fn pid(&self) -> String {
        self.child.id().to_string()
    }

    /// CPU seconds the server process has used so far (user and system), from /proc.
    pub fn cpu_seconds(&self) -> f64 {
        cpu_seconds(&self.child.id().to_string())
    }

    /// Creates a tournament (White for the first player by lot) and returns its id.
    pub fn create_tournament(&self, name: &str, system: &str, rounds: u16) -> String {
        let settings =
            serde_json::json!({ "system": system, "rounds": rounds, "initial_color": "white" });
        let r = self.chief(
            "POST",
            "/api/tournaments",
            serde_json::json!({ "name": name, "settings": settings }),
        );
        assert_eq!(r.status, 201, "{}", r.body);
        r.json()["id"].as_str().expect("an id").to_string()
    }

    /// Registers `n` players "Player,00", "Player,01", ... rated `rating(i)`, with FIDE ids
    /// 5000, 5001, ...
    pub fn register_players(&self, id: &str, n: u32, rating: impl Fn(u32) -> u32) {
        for i in 0..n {
            let body = serde_json::json!({ "name": format!("Player,{i:02}"), "rating": rating(i), "fide_id": 5000 + i });
            let r = self.chief("POST", &format!("/api/tournaments/{id}/players"), body);
            assert_eq!(r.status, 201, "{}", r.body);
        }
    }

    /// The system's proposal for the next round of tournament `id`, and its pairs as a
    /// publish request sends them.
    pub fn proposal(&self, id: &str) -> (serde_json::Value, Vec<serde_json::Value>) {
        let r = self.chief(
            "POST",
            &format!("/api/tournaments/{id}/pairing"),
            serde_json::json!({}),
        );
        assert_eq!(r.status, 200, "{}", r.body);
        let p = r.json();
        let pairs = p["pairs"]
            .as_array()
            .expect("pairs")
            .iter()
            .map(|x| {
                serde_json::json!({
                    "white": { "player": x["white"]["player"] },
                    "black": { "player": x["black"]["player"] }
                })
            })
            .collect();
        (p, pairs)
    }

    /// Publishes the system's proposal as it is; returns the proposal.
    pub fn publish_proposal(&self, id: &str) -> serde_json::Value {
        let (p, pairs) = self.proposal(id);
        let bye = if p["bye"].is_null() {
            serde_json::Value::Null
        } else {
            serde_json::json!({ "tpn": p["bye"]["tpn"] })
        };
        let body = serde_json::json!({ "round": p["round"], "pairs": pairs, "bye": bye });
        let r = self.chief("POST", &format!("/api/tournaments/{id}/rounds"), body);
        assert_eq!(r.status, 201, "{}", r.body);
        assert!(
            r.header("warning").is_none(),
            "the system's own pairing has no manual change"
        );
        p
    }

    /// A GET without a token.
    pub fn public(&self, path: &str) -> Response {
        self.request("GET", path, None, &[], None)
    }

    /// The players' hall codes as the chief arbiter reads them: registration number -> code.
    pub fn player_codes(&self, id: &str) -> std::collections::HashMap<u64, String> {
        let chief = self.chief.clone();
        self.request(
            "GET",
            &format!("/api/tournaments/{id}/hall/codes"),
            Some(&chief),
            &[],
            None,
        )
        .json()
        .as_array()
        .expect("codes")
        .iter()
        .map(|c| {
            (
                c["player"].as_u64().expect("a player"),
                c["code"].as_str().expect("a code").to_string(),
            )
        })
        .collect()
    }

    /// How many tournaments the public list shows.
    pub fn tournament_count(&self) -> usize {
        self.public("/api/tournaments")
            .json()
            .as_array()
            .expect("a list")
            .len()
    }

    /// A request with a body of bytes (a file as uploaded), on a connection of its own.
    pub fn upload(&self, method: &str, path: &str, token: Option<&str>, body: &[u8]) -> Response {
        let mut stream = TcpStream::connect(self.address).expect("connects");
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .expect("timeout");
        let mut head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\
             Content-Type: application/octet-stream\r\nContent-Length: {}\r\n",
            self.address,
            body.len()
        );
        if let Some(t) = token {
            head.push_str(&format!("Authorization: Bearer {t}\r\n"));
        }
        head.push_str("\r\n");
        stream.write_all(head.as_bytes()).expect("writes");
        stream.write_all(body).expect("writes");
        let _ = stream.shutdown(std::net::Shutdown::Write);
        parse_response(&read_response(&mut stream))
    }

    /// Creates an account of `role` in the tournaments `of` (as the administrator) and returns
    /// its token.
    pub fn account(&self, name: &str, role: &str, of: &[&str]) -> String {
        let r = self.chief(
            "POST",
            "/api/accounts",
            serde_json::json!({ "name": name, "role": role, "tournaments": of }),
        );
        assert_eq!(r.status, 201, "{}", r.body);
        r.json()["token"].as_str().expect("a token").to_string()
    }

    /// The first event of type `kind` in the tournament's audit trail, as recorded there.
    pub fn recorded(&self, id: &str, kind: &str) -> serde_json::Value {
        let audit = self.public(&format!("/api/tournaments/{id}/audit")).json();
        audit
            .as_array()
            .expect("a list")
            .iter()
            .find(|e| e["event"]["type"] == kind)
            .unwrap_or_else(|| panic!("no {kind} in the audit: {audit}"))
            .clone()
    }

    /// A request as the chief arbiter with a JSON body.
    pub fn chief(&self, method: &str, path: &str, body: serde_json::Value) -> Response {
        self.request(
            method,
            path,
            Some(&self.chief.clone()),
            &[],
            Some(&body.to_string()),
        )
    }

    /// A GET request: the status code and the body.
    pub fn get(&self, path: &str) -> (u16, String) {
        let r = self.public(path);
        (r.status, r.body)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn dechunk(body: &str) -> String {
    let mut out = String::new();
    let mut rest = body;
    while let Some((size, after)) = rest.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 {
            break;
        }
        out.push_str(&after[..n.min(after.len())]);
        rest = after.get(n + 2..).unwrap_or("");
    }
    out
}

/// A hall display: a WebSocket client on its own thread, handing over each message it gets.
pub struct Display {
    rx: mpsc::Receiver<serde_json::Value>,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    /// The sequence of the last event received.
    pub last_seq: u64,
}

/// The live address of tournament `t` on the server at `address`, for a client that has every
/// event up to `after`.
pub fn ws_url(address: SocketAddr, t: &str, after: u64) -> String {
    format!("ws://{address}/ws/tournaments/{t}?after={after}")
}

/// A runtime on the calling thread, for a test's WebSocket clients.
pub fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime")
}

impl Display {
    /// Connects to `/ws/tournaments/{t}?after={after}`.
    pub fn connect(address: SocketAddr, t: &str, after: u64) -> Display {
        let url = ws_url(address, t, after);
        let (tx, rx) = mpsc::channel();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let (ready_tx, ready_rx) = mpsc::channel();
        std::thread::spawn(move || {
            runtime().block_on(async move {
                use futures_util::StreamExt;
                let (mut ws, _) = tokio_tungstenite::connect_async(url).await.expect("the WebSocket connects");
                let _ = ready_tx.send(());
                let mut stopped = stopped;
                loop {
                    tokio::select! {
                        _ = &mut stopped => return,
                        m = ws.next() => match m {
                            Some(Ok(tokio_tungstenite::tungstenite::Message::Text(t))) => {
                                if tx.send(serde_json::from_str(&t).expect("JSON message")).is_err() { return; }
                            }
                            Some(Ok(_)) => {}
                            _ => return,
                        }
                    }
                }
            });
        });
        ready_rx
            .recv_timeout(Duration::from_secs(10))
            .expect("the display connects within 10 s");
        Display {
            rx,
            stop: Some(stop),
            last_seq: after,
        }
    }

    /// The next message, waiting at most 10 s.
    pub fn next(&mut self) -> serde_json::Value {
        self.try_next(Duration::from_secs(10))
            .expect("a message within 10 s")
    }

    /// The next message within `wait` (`Ok(None)`: none came), or `Err(())` once the server
    /// has closed the connection (as a hall display then reconnects).
    #[allow(clippy::result_unit_err)]
    pub fn poll(&mut self, wait: Duration) -> Result<Option<serde_json::Value>, ()> {
        match self.rx.recv_timeout(wait) {
            Ok(m) => {
                if let Some(seq) = m["seq"].as_u64() {
                    assert_eq!(seq, self.last_seq + 1, "in order, without gaps: {m}");
                    self.last_seq = seq;
                }
                Ok(Some(m))
            }
            Err(mpsc::RecvTimeoutError::Timeout) => Ok(None),
            Err(mpsc::RecvTimeoutError::Disconnected) => Err(()),
        }
    }

    /// The next message if one comes within `wait`, in order like [`Display::next`].
    pub fn try_next(&mut self, wait: Duration) -> Option<serde_json::Value> {
        let m = self.rx.recv_timeout(wait).ok()?;
        if let Some(seq) = m["seq"].as_u64() {
            assert_eq!(
                seq,
                self.last_seq + 1,
                "messages come in order, without gaps: {m}"
            );
            self.last_seq = seq;
        }
        Some(m)
    }

    /// Messages until one whose event has type `kind`; returns it.
    pub fn until(&mut self, kind: &str) -> serde_json::Value {
        loop {
            let m = self.next();
            if m["event"]["type"] == kind {
                return m;
            }
        }
    }
}

impl Drop for Display {
    fn drop(&mut self) {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
    }
}

/// CPU seconds process `pid` ("self" for this one) has used so far (user and system), from
/// /proc.
pub fn cpu_seconds(pid: &str) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // Fields after the command name in parentheses: utime and stime are the 12th and 13th.
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<f64> = after
        .split_whitespace()
        .filter_map(|f| f.parse().ok())
        .collect();
    fields.get(11).copied().unwrap_or(0.0) / 100.0 + fields.get(12).copied().unwrap_or(0.0) / 100.0
}

/// The resident memory of process `pid`, in KiB (VmRSS in /proc).
pub fn rss_kib(pid: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

/// The descriptors process `pid` holds open.
pub fn open_fds(pid: &str) -> usize {
    std::fs::read_dir(format!("/proc/{pid}/fd")).map_or(0, |d| d.count())
}

/// The threads of process `pid` whose name starts with `prefix`.
pub fn threads_named(pid: &str, prefix: &str) -> usize {
    std::fs::read_dir(format!("/proc/{pid}/task")).map_or(0, |d| {
        d.filter_map(Result::ok)
            .filter(|t| {
                std::fs::read_to_string(t.path().join("comm")).is_ok_and(|c| c.starts_with(prefix))
            })
            .count()
    })
}

/// A connection to the server kept alive between requests.
pub struct Connection<'a> {
    server: &'a Server,
    stream: TcpStream,
}

impl Connection<'_> {
    /// A GET without a token, on this connection.
    pub fn get(&mut self, path: &str) -> Response {
        let text = request_text(self.server.address, "GET", path, None, &[], None, true);
        self.stream.write_all(text.as_bytes()).expect("writes");
        parse_response(&read_response(&mut self.stream))
    }

    /// A request as the chief arbiter with a JSON body, on this connection.
    pub fn chief(&mut self, method: &str, path: &str, body: serde_json::Value) -> Response {
        let body = body.to_string();
        let text = request_text(
            self.server.address,
            method,
            path,
            Some(&self.server.chief),
            &[],
            Some(&body),
            true,
        );
        self.stream.write_all(text.as_bytes()).expect("writes");
        parse_response(&read_response(&mut self.stream))
    }
}

/// An HTTP/1.1 request, JSON unless the headers say otherwise.
fn request_text(
    address: SocketAddr,
    method: &str,
    path: &str,
    token: Option<&str>,
    headers: &[(&str, &str)],
    body: Option<&str>,
    keep_alive: bool,
) -> String {
    let connection = if keep_alive { "keep-alive" } else { "close" };
    let mut head =
        format!("{method} {path} HTTP/1.1\r\nHost: {address}\r\nConnection: {connection}\r\n");
    if let Some(t) = token {
        head.push_str(&format!("Authorization: Bearer {t}\r\n"));
    }
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    let body = body.unwrap_or("");
    if !body.is_empty()
        && !headers
            .iter()
            .any(|(k, _)| k.eq_ignore_ascii_case("content-type"))
    {
        head.push_str("Content-Type: application/json\r\n");
    }
    head.push_str(&format!("Content-Length: {}\r\n\r\n", body.len()));
    head.push_str(body);
    head
}

/// A response's status, headers and body (dechunked).
fn parse_response(text: &str) -> Response {
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((text, ""));
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|s| s.parse().ok())
        .expect("a status line");
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let body = if headers
        .iter()
        .any(|(k, v)| k == "transfer-encoding" && v.contains("chunked"))
    {
        dechunk(body)
    } else {
        body.to_string()
    };
    Response {
        status,
        headers,
        body,
    }
}

/// Reads one HTTP response: the head, then the body by its Content-Length, to the end of its
/// chunks, or to the end of the connection.
fn read_response(stream: &mut TcpStream) -> String {
    try_read_response(stream).expect("reads")
}

/// [`read_response`], an error where the connection fails.
fn try_read_response(stream: &mut TcpStream) -> std::io::Result<String> {
    let mut raw = Vec::new();
    let mut buf = [0u8; 65536];
    // The head is read once it is all there; then only the body's length is looked at, so
    // that a large body is not read again at every packet.
    let mut body_at: Option<(usize, Option<usize>, bool)> = None;
    loop {
        // A signal (a node killed by the test is a child of it) may interrupt the wait: read
        // again, as `read_exact` would.
        let n = match stream.read(&mut buf) {
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            read => read?,
        };
        if n == 0 {
            break;
        }
        raw.extend_from_slice(&buf[..n]);
        if body_at.is_none() {
            if let Some(end) = raw.windows(4).position(|w| w == b"\r\n\r\n") {
                let head = String::from_utf8_lossy(&raw[..end]).to_ascii_lowercase();
                let length = head
                    .lines()
                    .find_map(|l| l.strip_prefix("content-length:"))
                    .and_then(|v| v.trim().parse::<usize>().ok());
                let chunked = head.contains("transfer-encoding: chunked");
                body_at = Some((end + 4, length, chunked));
            }
        }
        match body_at {
            Some((start, Some(len), _)) if raw.len() - start >= len => break,
            Some((_, None, true)) if raw.ends_with(b"0\r\n\r\n") => break,
            _ => {}
        }
    }
    Ok(String::from_utf8_lossy(&raw).into_owned())
}

/// A request to `address` that may fail (a server killed under it): `None` when the
/// connection is refused or breaks before a whole answer.
pub fn try_request(
    address: SocketAddr,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&str>,
) -> Option<Response> {
    let mut stream = TcpStream::connect(address).ok()?;
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .ok()?;
    let text = request_text(address, method, path, token, &[], body, false);
    stream.write_all(text.as_bytes()).ok()?;
    let _ = stream.shutdown(std::net::Shutdown::Write);
    let raw = try_read_response(&mut stream).ok()?;
    // A connection cut mid-answer has no status line.
    raw.starts_with("HTTP/1.1 ").then(|| parse_response(&raw))
}

/// The lines of a TRF `text` whose record code is `code`.
pub fn records<'a>(text: &'a str, code: &str) -> Vec<&'a str> {
    text.lines().filter(|l| l.starts_with(code)).collect()
}
