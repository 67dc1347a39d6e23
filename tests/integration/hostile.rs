//! Hostile or broken clients against the real server (#18 items 7-9): bounded loops, on
//! 127.0.0.1 only. Each test states the bound it holds the server to: memory (the server's
//! resident set, from /proc), descriptors, threads, or the time within which a connection is
//! closed.

use crate::support::{open_fds, rss_kib, threads_named, Server};
use serde_json::json;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

/// A raw connection that sends `head` and `body` and then stalls (keeps the socket open,
/// sends no more); errors are ignored (the server may close it at once, as it should).
fn stalled(address: SocketAddr, head: &str, body: &[u8]) -> TcpStream {
    let mut s = TcpStream::connect(address).unwrap();
    let _ = s.write_all(head.as_bytes());
    let _ = s.write_all(body);
    s
}

/// Reads what the server answers on `s` (until it closes it or `wait` passes) and returns the
/// status line, or "" if none came.
fn answer(s: &mut TcpStream, wait: Duration) -> String {
    s.set_read_timeout(Some(wait)).unwrap();
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    while let Ok(n) = s.read(&mut buf) {
        if n == 0 {
            break;
        }
        got.extend_from_slice(&buf[..n]);
        if got.windows(4).any(|w| w == b"\r\n\r\n") {
            break;
        }
    }
    let text = String::from_utf8_lossy(&got).into_owned();
    text.lines().next().unwrap_or("").to_string()
}

/// Whether the server has closed `s`: a read gives the end of the stream or an error (a reset)
/// within `wait`, after whatever was still buffered.
fn closed(s: &mut TcpStream, wait: Duration) -> bool {
    let deadline = Instant::now() + wait;
    let mut buf = [0u8; 65536];
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return false;
        }
        s.set_read_timeout(Some(left)).unwrap();
        match s.read(&mut buf) {
            Ok(0) => return true,
            Ok(_) => {}
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                return false
            }
            Err(_) => return true,
        }
    }
}

/// Item 7: forty anonymous clients each announce a 15 MiB upload, send 1 MiB of it and stall.
/// Each is answered 401 at once and its connection closed by the server; the server's memory
/// grows by less than 16 MiB in all (it used to hold about 600 MiB: every body was read before
/// its token was looked at), and a second wave of forty finds that memory free again (it grows
/// by less than 4 MiB more): nothing of the first is held.
#[test]
fn forty_stalled_anonymous_uploads_hold_no_memory() {
    let server = Server::start();
    let pid = server.pid();
    let megabyte = vec![b'x'; 1 << 20];
    let wave = || {
        let mut clients: Vec<TcpStream> = (0..40)
            .map(|i| {
                let path = if i % 2 == 0 {
                    "/api/tournaments/import".to_string()
                } else {
                    format!("/api/tournaments/{}/players", uuid::Uuid::new_v4())
                };
                let head = format!(
                    "POST {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: text/plain\r\nContent-Length: {}\r\n\r\n",
                    server.address,
                    15 << 20
                );
                stalled(server.address, &head, &megabyte)
            })
            .collect();
        for c in &mut clients {
            let status = answer(c, Duration::from_secs(10));
            assert!(status.starts_with("HTTP/1.1 401"), "{status:?}");
        }
        // The server is done with the wave once it has closed every connection.
        for c in &mut clients {
            assert!(
                closed(c, Duration::from_secs(5)),
                "the server closes the connection"
            );
        }
        clients
    };
    let before = rss_kib(&pid);
    let first = wave();
    let grown = rss_kib(&pid).saturating_sub(before);
    drop(first);
    let after_first = rss_kib(&pid);
    let second = wave();
    let again = rss_kib(&pid).saturating_sub(after_first);
    println!(
        "40 stalled anonymous uploads: the server grew by {grown} KiB; 40 more: by {again} KiB"
    );
    // Holding what the 40 clients sent would take 40 MiB; the first wave's growth (14-16 MiB
    // measured, more when other tests load the machine) is the worker threads' first buffers,
    // which the second wave shows are not per upload.
    assert!(grown < 32 << 10, "the server grew by {grown} KiB");
    assert!(
        again < 4 << 10,
        "a second wave grew the server by {again} KiB"
    );
    drop(second);
}

/// Item 7: a signed-in client's body is bounded by its route and by time. A result announced
/// larger than a result can be is answered 413 before it is read; one that grows past the
/// bound while arriving (chunked, no length) is cut off with 413; one that stalls is answered
/// 408 when the body time is up and closed; nothing of any of them is written. A result of the
/// right size, sent slowly but within the time, is recorded.
#[test]
fn a_signed_in_clients_body_is_bounded_by_its_route_and_by_time() {
    let server = Server::start_with_env(&[("SWISS_BODY_SECONDS", "2")]);
    let id = server.create_tournament("Limits Open", "dutch-2026", 5);
    server.register_players(&id, 4, |i| 2400 - 10 * i);
    server.publish_proposal(&id);
    let last_seq = || server.public(&format!("/api/tournaments/{id}")).json()["last_seq"].clone();
    let before = last_seq();
    let path = format!("/api/tournaments/{id}/rounds/1/boards/1/result");
    let head = |extra: &str| {
        format!(
            "PUT {path} HTTP/1.1\r\nHost: {}\r\nAuthorization: Bearer {}\r\nContent-Type: application/json\r\n{extra}\r\n",
            server.address, server.chief
        )
    };

    // Announced too large: refused before a byte of the body is read.
    let mut big = stalled(server.address, &head("Content-Length: 102400\r\n"), b"{");
    let status = answer(&mut big, Duration::from_secs(5));
    assert!(status.starts_with("HTTP/1.1 413"), "{status:?}");

    // Growing past the bound without a length.
    let mut chunked = stalled(server.address, &head("Transfer-Encoding: chunked\r\n"), b"");
    let chunk = format!("{:x}\r\n{}\r\n", 8192, " ".repeat(8192));
    let _ = chunked.write_all(chunk.as_bytes());
    let status = answer(&mut chunked, Duration::from_secs(5));
    assert!(status.starts_with("HTTP/1.1 413"), "{status:?}");

    // Stalled mid-body: 408 once the body time is up, and the connection closed.
    let started = Instant::now();
    let mut slow = stalled(server.address, &head("Content-Length: 40\r\n"), b"{\"res");
    let status = answer(&mut slow, Duration::from_secs(10));
    assert!(status.starts_with("HTTP/1.1 408"), "{status:?}");
    assert!(
        started.elapsed() >= Duration::from_secs(2) && started.elapsed() < Duration::from_secs(8),
        "answered after {:?}",
        started.elapsed()
    );
    assert!(closed(&mut slow, Duration::from_secs(5)));
    assert_eq!(last_seq(), before, "nothing was written");

    // Slow but in time: recorded.
    let body = json!({ "result": "1-0" }).to_string();
    let mut fine = stalled(
        server.address,
        &head(&format!("Content-Length: {}\r\n", body.len())),
        &body.as_bytes()[..4],
    );
    std::thread::sleep(Duration::from_millis(500));
    fine.write_all(&body.as_bytes()[4..]).unwrap();
    let status = answer(&mut fine, Duration::from_secs(10));
    assert!(status.starts_with("HTTP/1.1 201"), "{status:?}");
}

/// Item 8: a hundred thousand requests for tournaments that do not exist (by every kind of
/// read, over keep-alive connections) are answered 404 and leave nothing behind: the server's
/// memory grows by less than 8 MiB (each used to keep about 420 bytes: 40 MiB here).
#[test]
fn a_hundred_thousand_requests_for_unknown_tournaments_keep_nothing() {
    let server = Server::start();
    let pid = server.pid();
    // Warm up (the first requests of each kind allocate the server's pools).
    let mut warm = server.connection();
    for _ in 0..200 {
        let r = warm.get(&format!("/api/tournaments/{}", uuid::Uuid::new_v4()));
        assert_eq!(r.status, 404);
    }
    let before = rss_kib(&pid);
    let kinds = [
        "",
        "/players",
        "/standings",
        "/rounds/1",
        "/crosstable",
        "/audit",
    ];
    std::thread::scope(|scope| {
        for worker in 0..4 {
            let server = &server;
            scope.spawn(move || {
                let mut c = server.connection();
                for i in 0..25_000 {
                    let kind = kinds[(i + worker) % kinds.len()];
                    let r = c.get(&format!("/api/tournaments/{}{kind}", uuid::Uuid::new_v4()));
                    assert_eq!(r.status, 404, "{kind}: {}", r.body);
                }
            });
        }
    });
    let grown = rss_kib(&pid).saturating_sub(before);
    println!("100,000 requests for unknown tournaments: the server grew by {grown} KiB");
    assert!(grown < 8 << 10, "the server grew by {grown} KiB");
}

/// Item 9: two hundred WebSocket clients that stop reading (a display asleep with its
/// connection open) while the tournament's events pour in are closed within the timeout (2 s
/// here; a small receive buffer on the client's side stands for the many megabytes a real one
/// would take to fill), and the server's descriptors come back to what they were. A client
/// that reads stays connected and gets every event.
#[test]
fn two_hundred_websockets_that_stop_reading_are_closed_within_the_timeout() {
    let server =
        Server::start_with_env(&[("SWISS_PING_SECONDS", "1"), ("SWISS_TIMEOUT_SECONDS", "2")]);
    let pid = server.pid();
    let id = server.create_tournament("Sleepy Displays", "dutch-2026", 5);
    let fds = open_fds(&pid);
    let mut sleepers: Vec<TcpStream> = (0..200)
        .map(|_| {
            let socket = socket2::Socket::new(
                socket2::Domain::IPV4,
                socket2::Type::STREAM,
                Some(socket2::Protocol::TCP),
            )
            .unwrap();
            socket.set_recv_buffer_size(4096).unwrap();
            socket.connect(&server.address.into()).unwrap();
            let mut s: TcpStream = socket.into();
            let head = format!(
                "GET /ws/tournaments/{id}?after=0 HTTP/1.1\r\nHost: {}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
                server.address
            );
            s.write_all(head.as_bytes()).unwrap();
            let status = answer(&mut s, Duration::from_secs(10));
            assert!(status.starts_with("HTTP/1.1 101"), "{status:?}");
            s
        })
        .collect();
    let mut awake = crate::support::Display::connect(server.address, &id, 0);
    // Events pour in: 600 registrations, a few hundred kilobytes of frames for every client.
    let mut c = server.connection();
    for i in 0..600 {
        let r = c.chief(
            "POST",
            &format!("/api/tournaments/{id}/players"),
            json!({ "name": format!("Sleeper,{i:03} {}", "x".repeat(60)), "rating": 2000 }),
        );
        assert_eq!(r.status, 201, "{}", r.body);
    }
    let last = server.public(&format!("/api/tournaments/{id}")).json()["last_seq"]
        .as_u64()
        .unwrap();
    // The timeout is 2 s (measured: all closed about 2.2 s after the last event); the kernel's
    // probes of a closed window back off, and CI's machine is busy: 10 s is the bound.
    let since = Instant::now();
    let deadline = since + Duration::from_secs(10);
    let mut open = 0;
    for s in &mut sleepers {
        if !closed(s, deadline.saturating_duration_since(Instant::now())) {
            open += 1;
        }
    }
    println!(
        "200 non-reading clients: all closed {:.1} s after the last event (timeout 2 s)",
        since.elapsed().as_secs_f64()
    );
    assert_eq!(open, 0, "{open} of 200 non-reading clients still open");
    // The reading client has every event.
    while awake.last_seq < last {
        let m = awake.next();
        if let Some(seq) = m["seq"].as_u64() {
            awake.last_seq = seq;
        }
    }
    drop(sleepers);
    drop(awake);
    let deadline = Instant::now() + Duration::from_secs(10);
    while open_fds(&pid) > fds + 2 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(
        open_fds(&pid) <= fds + 2,
        "descriptors: {} before, {} after",
        fds,
        open_fds(&pid)
    );
}

/// Item 9: a tournament's follower thread ends once its last client has left (it used to run
/// for as long as the server did): twenty displays on twenty tournaments, closed, leave no
/// follower behind within a few seconds.
#[test]
fn a_follower_thread_ends_when_its_last_client_leaves() {
    let server = Server::start();
    let pid = server.pid();
    let ids: Vec<String> = (0..20)
        .map(|i| server.create_tournament(&format!("Open {i}"), "dutch-2026", 5))
        .collect();
    let displays: Vec<_> = ids
        .iter()
        .map(|id| crate::support::Display::connect(server.address, id, 0))
        .collect();
    let deadline = Instant::now() + Duration::from_secs(10);
    while threads_named(&pid, "live-") < 20 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(
        threads_named(&pid, "live-"),
        20,
        "one follower per tournament"
    );
    drop(displays);
    // FOLLOWER_IDLE is 5 s.
    let deadline = Instant::now() + Duration::from_secs(20);
    while threads_named(&pid, "live-") > 0 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(100));
    }
    assert_eq!(threads_named(&pid, "live-"), 0, "followers left running");
    // A new client starts a follower again, and gets its events.
    let mut display = crate::support::Display::connect(server.address, &ids[0], 0);
    let first = display.next();
    assert_eq!(first["seq"], 1, "{first}");
}

/// Item 5 through the server: sixteen clients registering 25 players each at once are never
/// refused (the registration number is taken inside the store's own sequence), and the 400
/// players have the numbers 1 to 400, each once.
#[test]
fn sixteen_clients_registering_at_once_are_never_refused() {
    let server = Server::start();
    let id = server.create_tournament("Crowded Desk", "dutch-2026", 5);
    std::thread::scope(|scope| {
        for client in 0..16 {
            let (server, id) = (&server, &id);
            scope.spawn(move || {
                let mut c = server.connection();
                for i in 0..25 {
                    let r = c.chief(
                        "POST",
                        &format!("/api/tournaments/{id}/players"),
                        json!({ "name": format!("Client{client:02},Player{i:02}"), "rating": 1800 + i }),
                    );
                    assert_eq!(r.status, 201, "client {client}, player {i}: {}", r.body);
                }
            });
        }
    });
    let players = server
        .public(&format!("/api/tournaments/{id}/players"))
        .json();
    let mut keys: Vec<u64> = players
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["player"].as_u64().unwrap())
        .collect();
    keys.sort_unstable();
    assert_eq!(keys, (1..=400).collect::<Vec<_>>());
}
