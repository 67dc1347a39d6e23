//! Accounts and tokens through the API: writes need a token and the right role, accounts
//! listed, revoked and reissued, a token's scope, and a lost administrator token replaced.

use super::{settings, tournament};
use crate::support::Server;
use serde_json::json;

#[test]
fn writes_need_a_token_and_the_right_role() {
    let server = Server::start();
    let id = tournament(&server, "dutch-2026", 4);
    server.publish_proposal(&id);
    let arbiter = server.account("arbiter-1", "arbiter", &[&id]);
    let r = server.request(
        "POST",
        "/api/tournaments",
        None,
        &[],
        Some(&json!({ "name": "x", "settings": settings("dutch-2026") }).to_string()),
    );
    assert_eq!(r.status, 401);
    let r = server.request(
        "POST",
        "/api/tournaments",
        Some("not-a-token"),
        &[],
        Some(&json!({ "name": "x", "settings": settings("dutch-2026") }).to_string()),
    );
    assert_eq!(r.status, 401);
    let r = server.request(
        "POST",
        "/api/tournaments",
        Some(&arbiter),
        &[],
        Some(&json!({ "name": "x", "settings": settings("dutch-2026") }).to_string()),
    );
    assert_eq!(r.status, 403, "{}", r.body);
    assert!(
        r.json()["error"]
            .as_str()
            .unwrap()
            .contains("a server administrator"),
        "{}",
        r.body
    );
    let r = server.request(
        "PUT",
        &format!("/api/tournaments/{id}/rounds/1/boards/1/result"),
        None,
        &[],
        Some(&json!({ "result": "1-0" }).to_string()),
    );
    assert_eq!(r.status, 401);
    // An arbiter may enter results; reads need no token.
    let r = server.request(
        "PUT",
        &format!("/api/tournaments/{id}/rounds/1/boards/1/result"),
        Some(&arbiter),
        &[],
        Some(&json!({ "result": "1-0" }).to_string()),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    assert_eq!(
        server
            .public(&format!("/api/tournaments/{id}/standings"))
            .status,
        200
    );
}

/// Accounts are listed (names, roles and tournaments, never a token), revoked (the token stops
/// at once and the name is free again) and given a new token (the old one stops at once); the
/// last administrator cannot be revoked.
#[test]
fn accounts_are_listed_revoked_and_reissued_and_the_last_administrator_stays() {
    let server = Server::start();
    let id = tournament(&server, "dutch-2026", 4);
    let me = |token: &str| {
        server
            .request("GET", "/api/me", Some(token), &[], None)
            .status
    };
    let arbiter = server.account("arb1", "arbiter", &[&id]);
    assert_eq!(me(&arbiter), 200);
    let list = server.chief("GET", "/api/accounts", json!(null));
    assert_eq!(list.status, 200, "{}", list.body);
    assert_eq!(
        list.json(),
        json!([
            { "name": "admin", "role": "admin", "tournaments": [] },
            { "name": "arb1", "role": "arbiter", "tournaments": [id] }
        ])
    );
    assert!(!list.body.contains("token"), "{}", list.body);
    // An arbiter sees itself (and those of its tournaments), and manages nobody but itself.
    let r = server.request("GET", "/api/accounts", Some(&arbiter), &[], None);
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(
        r.json(),
        json!([{ "name": "arb1", "role": "arbiter", "tournaments": [id] }])
    );
    let r = server.request("DELETE", "/api/accounts/admin", Some(&arbiter), &[], None);
    assert_eq!(r.status, 404, "{}", r.body);

    let r = server.chief("POST", "/api/accounts/arb1/token", json!({}));
    assert_eq!(r.status, 201, "{}", r.body);
    let new = r.json()["token"].as_str().unwrap().to_string();
    assert_eq!(
        (me(&arbiter), me(&new)),
        (401, 200),
        "the old token stops at once"
    );

    let r = server.chief("DELETE", "/api/accounts/arb1", json!(null));
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(me(&new), 401, "a revoked account's token stops at once");
    let again = server.account("arb1", "arbiter", &[&id]);
    assert_eq!(me(&again), 200, "the name is free again");
    let r = server.chief("DELETE", "/api/accounts/nobody", json!(null));
    assert_eq!(r.status, 404, "{}", r.body);

    let r = server.chief("DELETE", "/api/accounts/admin", json!(null));
    assert_eq!(r.status, 409, "{}", r.body);
    assert!(r.body.contains("last administrator"), "{}", r.body);
    assert_eq!(me(&server.chief.clone()), 200);
    let second = server.account("admin2", "admin", &[]);
    let r = server.request("DELETE", "/api/accounts/admin", Some(&second), &[], None);
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!((me(&server.chief.clone()), me(&second)), (401, 200));
}

/// #18 item 1: roles have a scope. An administrator creates tournaments and chief arbiters; a
/// chief arbiter of tournament A runs A and creates A's arbiters; an arbiter of A enters A's
/// results. Any of them is refused 403 in tournament B (the refusal names the account, what it
/// is and what was needed) and nothing is written there; reads stay public.
#[test]
fn a_token_of_one_tournament_is_refused_in_another() {
    let server = Server::start();
    let a = tournament(&server, "dutch-2026", 4);
    let b = tournament(&server, "dutch-2026", 4);
    server.publish_proposal(&a);
    server.publish_proposal(&b);
    let chief_a = server.account("chief-a", "chief", &[&a]);
    // A chief arbiter creates the arbiters of its own tournament, and nothing else.
    let r = server.request(
        "POST",
        "/api/accounts",
        Some(&chief_a),
        &[],
        Some(&json!({ "name": "arb-a", "role": "arbiter", "tournaments": [a] }).to_string()),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let arbiter_a = r.json()["token"].as_str().unwrap().to_string();
    for (body, what) in [
        (
            json!({ "name": "arb-b", "role": "arbiter", "tournaments": [b] }),
            "arbiter of B",
        ),
        (
            json!({ "name": "chief-2", "role": "chief", "tournaments": [a] }),
            "a chief",
        ),
        (
            json!({ "name": "root", "role": "admin" }),
            "an administrator",
        ),
    ] {
        let r = server.request(
            "POST",
            "/api/accounts",
            Some(&chief_a),
            &[],
            Some(&body.to_string()),
        );
        assert_eq!(r.status, 403, "a chief arbiter creating {what}: {}", r.body);
    }
    // A chief or an arbiter needs a tournament; the tournament must exist.
    let r = server.chief(
        "POST",
        "/api/accounts",
        json!({ "name": "lost", "role": "arbiter" }),
    );
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(r.body.contains("tournaments"), "{}", r.body);
    let r = server.chief(
        "POST",
        "/api/accounts",
        json!({ "name": "lost", "role": "arbiter", "tournaments": [uuid::Uuid::nil()] }),
    );
    assert_eq!(r.status, 404, "{}", r.body);

    let result = |token: &str, t: &str, board: u32| {
        server.request(
            "PUT",
            &format!("/api/tournaments/{t}/rounds/1/boards/{board}/result"),
            Some(token),
            &[],
            Some(&json!({ "result": "1-0" }).to_string()),
        )
    };
    let before = server.public(&format!("/api/tournaments/{b}")).json()["last_seq"].clone();
    for (token, who) in [(&arbiter_a, "arb-a"), (&chief_a, "chief-a")] {
        let r = result(token, &b, 1);
        assert_eq!(r.status, 403, "{who} entering a result in B: {}", r.body);
        let error = r.json()["error"].as_str().unwrap().to_string();
        assert!(
            error.contains(who) && error.contains(&a) && error.contains(&b),
            "{error}"
        );
    }
    // The chief arbiter of A may not run B, nor create a tournament.
    for (method, path, body) in [
        (
            "POST",
            format!("/api/tournaments/{b}/players"),
            json!({ "name": "X, Y", "rating": 2000 }),
        ),
        ("POST", format!("/api/tournaments/{b}/pairing"), json!({})),
        (
            "DELETE",
            format!("/api/tournaments/{b}/rounds/1"),
            json!(null),
        ),
        ("POST", format!("/api/tournaments/{b}/close"), json!({})),
        (
            "POST",
            "/api/tournaments".to_string(),
            json!({ "name": "Mine", "settings": settings("dutch-2026") }),
        ),
    ] {
        let r = server.request(method, &path, Some(&chief_a), &[], Some(&body.to_string()));
        assert_eq!(r.status, 403, "{method} {path}: {}", r.body);
    }
    assert_eq!(
        server.public(&format!("/api/tournaments/{b}")).json()["last_seq"],
        before,
        "nothing was written in B"
    );
    // In A, each does what its role allows.
    assert_eq!(result(&arbiter_a, &a, 1).status, 201);
    let r = server.request(
        "POST",
        &format!("/api/tournaments/{a}/players"),
        Some(&arbiter_a),
        &[],
        Some(&json!({ "name": "X, Y", "rating": 2000 }).to_string()),
    );
    assert_eq!(r.status, 403, "an arbiter registering: {}", r.body);
    assert_eq!(result(&chief_a, &a, 2).status, 201);
    // The administrator is the chief arbiter of every tournament.
    assert_eq!(result(&server.chief.clone(), &b, 1).status, 201);
    // The chief arbiter of A revokes its own arbiter, not the administrator.
    let r = server.request("DELETE", "/api/accounts/arb-a", Some(&chief_a), &[], None);
    assert_eq!(r.status, 200, "{}", r.body);
    let r = server.request("DELETE", "/api/accounts/admin", Some(&chief_a), &[], None);
    assert_eq!(r.status, 404, "{}", r.body);
}

/// #43 "a lost administrator token can be recovered": with the server stopped, `swiss
/// admin-token` on its store prints a new token for `admin`, shown once; after a restart the
/// new token signs in as the administrator and the old one is refused.
#[test]
fn a_lost_administrator_token_is_replaced_by_swiss_admin_token() {
    let mut server = Server::start();
    let old = server.chief.clone();
    let data = server.data_dir().to_path_buf();
    server.kill();
    let out = crate::support::run(&["admin-token", "--data-dir", data.to_str().unwrap()]);
    let text = crate::support::stdout(&out);
    assert!(
        out.status.success(),
        "{text}{}",
        crate::support::stderr(&out)
    );
    let token = text.trim().rsplit(": ").next().unwrap().to_string();
    assert_eq!(token.len(), 64, "{text}");
    assert_ne!(token, old);
    let server = server.restart();
    let me = server.request("GET", "/api/me", Some(&token), &[], None);
    assert_eq!(me.status, 200, "{}", me.body);
    assert_eq!(me.json()["role"], "admin", "{}", me.body);
    let refused = server.request("GET", "/api/me", Some(&old), &[], None);
    assert_eq!(refused.status, 401, "{}", refused.body);
}
