//! `swiss serve`: the real server on a free port with a temporary store.

use crate::support::Server;

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
