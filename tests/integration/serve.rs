//! `swiss serve`: the real server on a free port with a temporary store, and its log.

use crate::support::{swiss, Server};
use std::io::{BufRead, BufReader};
use std::process::Stdio;
use std::time::Duration;

#[test]
fn serves_health_and_pages() {
    let server = Server::start();
    let (status, body) = server.get("/api/health");
    assert_eq!(status, 200, "{body}");
    let health: serde_json::Value = serde_json::from_str(&body).expect("JSON");
    assert_eq!(health["status"], "ok");
    assert_eq!(health["engine"], env!("CARGO_PKG_VERSION"));
    let (status, page) = server.get("/");
    assert_eq!(status, 200);
    assert!(page.contains("Swiss tournament server"));
    let (status, _) = server.get("/no/such/page");
    assert_eq!(status, 404);
}

/// #43 "the pages ship inside the binary": with no folder of pages where the configuration
/// says (a binary copied anywhere), every page is served from the copy inside it, each with its
/// type, the same bytes as the repository's files; a tournament's pages by their addresses; a
/// file that is not a page is not found.
#[test]
fn the_pages_are_served_from_inside_the_binary_without_a_folder() {
    let nowhere = tempfile::tempdir().unwrap();
    let missing = nowhere.path().join("no-pages-here");
    let server = Server::start_with_env(&[("SWISS_STATIC_DIR", missing.to_str().unwrap())]);
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../web-static");
    for entry in std::fs::read_dir(&folder).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        let r = server.public(&format!("/{name}"));
        assert_eq!(r.status, 200, "{name}");
        let on_disk = std::fs::read_to_string(folder.join(&name)).unwrap();
        assert_eq!(r.body, on_disk, "{name} as built");
        let kind = r.header("content-type").unwrap_or_default().to_string();
        let expected = match name.rsplit('.').next() {
            Some("html") => "text/html",
            Some("js") => "text/javascript",
            Some("css") => "text/css",
            Some("svg") => "image/svg+xml",
            _ => "",
        };
        assert!(kind.starts_with(expected), "{name}: {kind}");
    }
    let index = server.public("/");
    assert_eq!(index.status, 200);
    assert!(index.body.contains("Swiss tournament server"));
    let id = server.create_tournament("Inside", "dutch-2026", 5);
    for path in [
        format!("/t/{id}"),
        format!("/t/{id}/standings"),
        format!("/arbiter/{id}"),
        format!("/display/{id}"),
    ] {
        let r = server.public(&path);
        assert_eq!(r.status, 200, "{path}");
        assert!(r.body.starts_with("<!doctype html>"), "{path}");
    }
    assert_eq!(server.public("/nothing.js").status, 404);
    assert_eq!(
        server.public(&format!("/t/{}", uuid::Uuid::nil())).status,
        404
    );
}

/// Every answer carries a strict Content-Security-Policy (the pages' scripts are files of
/// their own, none inline), forbids framing and type sniffing; the health check does not tell
/// anyone where the data lives.
#[test]
fn pages_are_sent_with_a_strict_policy_and_health_keeps_the_data_directory_private() {
    let server = Server::start();
    for path in ["/", "/display/x", "/api/health", "/html.js", "/display.js"] {
        let r = server.public(path);
        let csp = r.header("content-security-policy").unwrap_or_default();
        assert!(
            csp.contains("script-src 'self'") && csp.contains("frame-ancestors 'none'"),
            "{path}: {csp:?}"
        );
        assert_eq!(
            r.header("x-content-type-options"),
            Some("nosniff"),
            "{path}"
        );
        assert_eq!(r.header("x-frame-options"), Some("DENY"), "{path}");
    }
    for page in ["index", "display", "arbiter", "public"] {
        let (status, html) = server.get(&format!("/{page}.html"));
        assert_eq!(status, 200);
        assert!(
            !html.contains("<script>"),
            "{page}.html has an inline script, which the policy would block"
        );
        assert_eq!(server.get(&format!("/{page}.js")).0, 200, "{page}.js");
    }
    let (_, health) = server.get("/api/health");
    assert!(
        !health.contains(&server.data_dir().display().to_string()),
        "{health}"
    );
}

/// A write without a valid token is answered 401 before its body is read: an anonymous client
/// announcing 15 MiB and sending a few bytes gets its answer at once, not after the server has
/// waited for (and held) the rest.
#[test]
fn an_anonymous_upload_is_refused_before_its_body_is_read() {
    use std::io::{Read, Write};
    let server = Server::start();
    let mut stream = std::net::TcpStream::connect(server.address).unwrap();
    stream
        .set_read_timeout(Some(std::time::Duration::from_secs(10)))
        .unwrap();
    let head = format!(
        "POST /api/tournaments/import?system=dutch HTTP/1.1\r\nHost: {}\r\nContent-Type: text/plain\r\nContent-Length: {}\r\n\r\n",
        server.address,
        15 << 20
    );
    stream.write_all(head.as_bytes()).unwrap();
    stream.write_all(&[b'x'; 1024]).unwrap();
    let mut answer = [0u8; 512];
    let n = stream
        .read(&mut answer)
        .expect("an answer without the body");
    let text = String::from_utf8_lossy(&answer[..n]);
    assert!(text.starts_with("HTTP/1.1 401"), "{text}");
    // With a token of nobody's, the same.
    let r = server.request(
        "POST",
        "/api/tournaments",
        Some("not-a-token"),
        &[],
        Some("{}"),
    );
    assert_eq!(r.status, 401, "{}", r.body);
}

/// The server's log has no colour codes when it is not written to a terminal.
#[test]
fn the_log_has_no_colour_codes_off_a_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = swiss()
        .args(["serve", "--address", "127.0.0.1:0", "--log-level", "info"])
        .arg("--data-dir")
        .arg(dir.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let out = child.stdout.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(out).lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    let mut lines = Vec::new();
    while let Ok(line) = rx.recv_timeout(Duration::from_secs(20)) {
        let done = line.contains("listening on");
        lines.push(line);
        if done && lines.len() > 2 {
            break;
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    assert!(
        lines.iter().any(|l| l.contains("INFO")),
        "the log is there: {lines:?}"
    );
    assert!(!lines.iter().any(|l| l.contains('\u{1b}')), "{lines:?}");
}
