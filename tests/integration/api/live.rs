//! The live connection (WebSocket) through the API: a round followed live on a display, a
//! display resuming after a disconnect or after falling behind, heartbeats.

use super::tournament;
use crate::support::{run, stdout, Display, Server};
use serde_json::{json, Value};

#[test]
fn a_round_through_the_api_live_on_a_display() {
    let server = Server::start();
    for system in [
        "dutch-2026",
        "dutch-1992",
        "dubov-2026",
        "burstein-2026",
        "dubov-1997",
        "double-swiss-2026",
    ] {
        let id = tournament(&server, system, 9);
        // The command line pairs the exported file the same way as the API proposes.
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("t.trf");
        let exported = server.public(&format!("/api/tournaments/{id}/export.trf"));
        assert_eq!(exported.status, 200);
        std::fs::write(&file, &exported.body).unwrap();
        let cli = run(&["pair", &format!("--{system}"), file.to_str().unwrap()]);
        assert!(
            cli.status.success(),
            "{}",
            String::from_utf8_lossy(&cli.stderr)
        );

        let mut display = Display::connect(server.address, &id, 0);
        let proposal = server.publish_proposal(&id);
        let tpn = |p: &Value| p["tpn"].as_u64().unwrap();
        let mut api_lines = vec![format!(
            "{}",
            proposal["pairs"].as_array().unwrap().len() + 1
        )];
        for x in proposal["pairs"].as_array().unwrap() {
            api_lines.push(format!("{} {}", tpn(&x["white"]), tpn(&x["black"])));
        }
        api_lines.push(format!("{} 0", tpn(&proposal["bye"])));
        assert_eq!(
            stdout(&cli),
            api_lines.join("\n") + "\n",
            "{system}: API and command line agree"
        );

        let published = display.until("round_published");
        assert_eq!(published["event"]["round"], 1);
        assert_eq!(published["actor"], "admin");

        // Results from an arbiter appear on the display, in order.
        let arbiter = server.account(&format!("arbiter-{system}"), "arbiter", &[&id]);
        let games = |r: &str| {
            if system == "double-swiss-2026" {
                json!({ "games": [r, "1/2-1/2"] })
            } else {
                json!({ "result": r })
            }
        };
        for board in 1..=4 {
            let r = server.request(
                "PUT",
                &format!("/api/tournaments/{id}/rounds/1/boards/{board}/result"),
                Some(&arbiter),
                &[],
                Some(&games("1-0").to_string()),
            );
            assert_eq!(r.status, 201, "{}", r.body);
            let m = display.until("result_recorded");
            assert_eq!(m["event"]["board"], board);
            assert_eq!(m["actor"], format!("arbiter-{system}"));
        }
        let round = server
            .public(&format!("/api/tournaments/{id}/rounds/1"))
            .json();
        assert_eq!(round["pairs"][0]["games"][0], "1-0");
        let standings = server
            .public(&format!("/api/tournaments/{id}/standings"))
            .json();
        assert_eq!(standings["rows"].as_array().unwrap().len(), 9);
        // The whole tournament through the API, each round's proposal the same as the
        // command line pairs from the exported file.
        let results = ["1-0", "0-1", "1/2-1/2", "1-0"];
        for round in 2..=5u32 {
            std::fs::write(
                &file,
                server
                    .public(&format!("/api/tournaments/{id}/export.trf"))
                    .body,
            )
            .unwrap();
            let cli = run(&["pair", &format!("--{system}"), file.to_str().unwrap()]);
            assert!(
                cli.status.success(),
                "round {round}: {}",
                String::from_utf8_lossy(&cli.stderr)
            );
            let proposal = server.publish_proposal(&id);
            let mut lines = vec![format!(
                "{}",
                proposal["pairs"].as_array().unwrap().len()
                    + usize::from(!proposal["bye"].is_null())
            )];
            for x in proposal["pairs"].as_array().unwrap() {
                lines.push(format!("{} {}", tpn(&x["white"]), tpn(&x["black"])));
            }
            if !proposal["bye"].is_null() {
                lines.push(format!("{} 0", tpn(&proposal["bye"])));
            }
            assert_eq!(
                stdout(&cli),
                lines.join("\n") + "\n",
                "round {round}: API and command line agree"
            );
            for board in 1..=proposal["pairs"].as_array().unwrap().len() {
                let body = if system == "double-swiss-2026" {
                    json!({ "games": [results[board % 4], results[(board + round as usize) % 4]] })
                } else {
                    json!({ "result": results[(board + round as usize) % 4] })
                };
                let r = server.request(
                    "PUT",
                    &format!("/api/tournaments/{id}/rounds/{round}/boards/{board}/result"),
                    Some(&arbiter),
                    &[],
                    Some(&body.to_string()),
                );
                assert_eq!(r.status, 201, "{}", r.body);
            }
        }
        let last = server.public(&format!("/api/tournaments/{id}")).json();
        assert_eq!(last["rounds_published"], 5);
        assert_eq!(last["settings"]["system"], system, "{last}");
        let p = server.chief("POST", &format!("/api/tournaments/{id}/pairing"), json!({}));
        assert_eq!(p.status, 422, "all five rounds are paired");
    }
}

#[test]
fn a_display_that_disconnects_resumes_with_nothing_missed() {
    let server = Server::start();
    let id = tournament(&server, "dutch-2026", 10);
    let mut display = Display::connect(server.address, &id, 0);
    server.publish_proposal(&id);
    display.until("round_published");
    let seen = display.last_seq;
    drop(display);
    // While it is away: five results and a correction.
    for board in 1..=5 {
        let r = server.chief(
            "PUT",
            &format!("/api/tournaments/{id}/rounds/1/boards/{board}/result"),
            json!({ "result": "0-1" }),
        );
        assert_eq!(r.status, 201, "{}", r.body);
    }
    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/rounds/1/boards/3/correction"),
        json!({ "result": "1-0", "reason": "scoresheets signed 1-0", "reason_public": true }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let mut again = Display::connect(server.address, &id, seen);
    let got: Vec<Value> = (0..6).map(|_| again.next()).collect();
    assert_eq!(
        got[0]["seq"].as_u64(),
        Some(seen + 1),
        "resumes right after the last event it had"
    );
    assert!(got[..5]
        .iter()
        .all(|m| m["event"]["type"] == "result_recorded"));
    assert_eq!(got[5]["event"]["type"], "result_corrected");
    assert_eq!(got[5]["reason"], "scoresheets signed 1-0");
    // And it keeps following live.
    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/rounds/1/boards/4/correction"),
        json!({ "result": "1/2-1/2", "reason": "agreed draw" }),
    );
    assert_eq!(r.status, 201, "{}", r.body);
    let live = again.next();
    assert_eq!(
        (
            live["event"]["type"].as_str(),
            live["event"]["board"].as_u64()
        ),
        (Some("result_corrected"), Some(4))
    );
}

#[test]
fn heartbeats_close_silent_connections_and_keep_live_ones() {
    use futures_util::StreamExt;
    use std::time::{Duration, Instant};
    use tokio_tungstenite::tungstenite::Message;
    let server =
        Server::start_with_env(&[("SWISS_PING_SECONDS", "1"), ("SWISS_TIMEOUT_SECONDS", "2")]);
    let id = tournament(&server, "dutch-2026", 2);
    let url = crate::support::ws_url(server.address, &id, 0);
    let runtime = crate::support::runtime();
    runtime.block_on(async {
        let (mut silent, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
        let (mut live, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
        // The live client reads, and so answers the server's pings, for 4 seconds; the silent
        // one reads nothing and answers nothing.
        let deadline = Instant::now() + Duration::from_secs(4);
        let mut pings = 0;
        while let Ok(m) = tokio::time::timeout(
            deadline.saturating_duration_since(Instant::now()),
            live.next(),
        )
        .await
        {
            match m {
                Some(Ok(Message::Ping(_))) => pings += 1,
                Some(Ok(_)) => {}
                other => panic!("the live connection ended: {other:?}"),
            }
        }
        assert!(pings >= 2, "pinged every second: {pings}");
        // The silent connection was closed by the server.
        let closed = loop {
            match tokio::time::timeout(Duration::from_secs(5), silent.next()).await {
                Ok(Some(Ok(Message::Close(_)))) | Ok(None) | Ok(Some(Err(_))) => break true,
                Ok(Some(Ok(_))) => continue,
                Err(_) => break false,
            }
        };
        assert!(closed, "a client silent for 2 seconds is closed");
        // The live one still follows the tournament.
        let r = server.chief(
            "POST",
            &format!("/api/tournaments/{id}/players"),
            json!({ "name": "Late,Entry" }),
        );
        assert_eq!(r.status, 201);
        loop {
            match tokio::time::timeout(Duration::from_secs(5), live.next())
                .await
                .expect("the event within 5 s")
            {
                Some(Ok(Message::Text(t)))
                    if t.contains("player_registered") && t.contains("Late,Entry") =>
                {
                    break
                }
                Some(Ok(_)) => continue,
                other => panic!("the live connection ended: {other:?}"),
            }
        }
    });
}

/// A display that stops reading while events pour in falls behind the server's backlog (here
/// 2 batches): it gets every event up to the point it fell behind, in order, then a resync
/// notice naming the last one it got, then the server closes it; reconnecting with that
/// sequence it gets the rest with nothing missed.
#[test]
fn a_display_that_falls_behind_is_told_to_resync_and_resumes() {
    use futures_util::StreamExt;
    use std::time::Duration;
    use tokio_tungstenite::tungstenite::Message;
    let server = Server::start_with_env(&[("SWISS_LIVE_BACKLOG", "2")]);
    let id = tournament(&server, "dutch-2026", 2);
    let url = crate::support::ws_url(server.address, &id, 0);
    let runtime = crate::support::runtime();
    // A small receive buffer, so that the kernel does not hold for it what it does not read.
    let mut slow = runtime.block_on(async {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.set_recv_buffer_size(4096).unwrap();
        let stream = socket.connect(server.address).await.unwrap();
        tokio_tungstenite::client_async(url.as_str(), stream)
            .await
            .expect("the WebSocket connects")
            .0
    });
    // While it reads nothing (its runtime is not even running): 2,000 registrations.
    let mut arbiter = server.connection();
    for i in 0..2000 {
        let body = json!({ "name": format!("Late,{i:04}"), "rating": 1500 });
        let r = arbiter.chief("POST", &format!("/api/tournaments/{id}/players"), body);
        assert_eq!(r.status, 201, "{}", r.body);
    }
    let head = server.public(&format!("/api/tournaments/{id}")).json()["last_seq"]
        .as_u64()
        .unwrap();

    let (got, notice) = runtime.block_on(async {
        let mut got = 0;
        loop {
            let m = tokio::time::timeout(Duration::from_secs(10), slow.next())
                .await
                .unwrap_or_else(|_| panic!("a message within 10 s, after {got}"));
            let text = match m {
                Some(Ok(Message::Text(text))) => text,
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                other => panic!(
                    "the connection ended without a resync notice after {got} events: {other:?}"
                ),
            };
            let m: Value = serde_json::from_str(&text).unwrap();
            if m["type"] == "resync" {
                break (got, m);
            }
            assert_eq!(m["seq"].as_u64(), Some(got + 1), "in order, no gap");
            got += 1;
        }
    });
    assert!(
        got < head,
        "it fell behind: {got} of {head} events before the notice"
    );
    assert_eq!(
        notice["after"].as_u64(),
        Some(got),
        "the notice names the last event it got"
    );
    runtime.block_on(async {
        let closed = tokio::time::timeout(Duration::from_secs(10), async {
            loop {
                match slow.next().await {
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                    Some(Ok(m)) => panic!("nothing after the notice but the close: {m:?}"),
                }
            }
        })
        .await;
        assert!(closed.is_ok(), "the server closes it after the notice");
    });

    // It reconnects from there and misses nothing.
    let mut again = Display::connect(server.address, &id, got);
    while again.last_seq < head {
        again.next();
    }
    assert_eq!(again.last_seq, head);
}
