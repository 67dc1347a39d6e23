//! A bounded load test on loopback: 500 displays follow a tournament over WebSocket while 8
//! arbiters enter the results of 1,000 boards. It prints the results per second and the time
//! from publishing a round to the last display receiving it, and checks that every display
//! got every event in order. It asserts no timing: figures are for reading.

use crate::support::Server;
use futures_util::StreamExt;
use serde_json::json;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

const DISPLAYS: usize = 500;
fn display_count() -> usize {
    std::env::var("LOAD_DISPLAYS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(DISPLAYS)
}
const ARBITERS: usize = 8;
fn arbiter_count() -> usize {
    std::env::var("LOAD_ARBITERS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(ARBITERS)
}
const BOARDS: usize = 1000;

#[test]
fn five_hundred_displays_eight_arbiters() {
    let server = Server::start();
    // 2,000 players: the 1992 Dutch (the 2026 one pairs fields of up to 200 so far).
    let id = server.create_tournament("Load", "dutch-1992", 9);
    server.register_players(&id, 2 * BOARDS as u32, |i| 1000 + i);
    let head = server.public(&format!("/api/tournaments/{id}")).json()["last_seq"]
        .as_u64()
        .unwrap();
    let (_, pairs) = server.proposal(&id);

    // The displays, on one runtime: each records when the round reached it and counts results.
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let connected = Arc::new(AtomicUsize::new(0));
    let url = crate::support::ws_url(server.address, &id, head);
    let displays: Vec<_> = (0..display_count())
        .map(|_| {
            let (url, connected) = (url.clone(), connected.clone());
            runtime.spawn(async move {
                let display = async {
                    let (mut ws, _) = tokio_tungstenite::connect_async(url)
                        .await
                        .expect("connects");
                    connected.fetch_add(1, Ordering::SeqCst);
                    let mut round_at = None;
                    let mut results = 0;
                    let mut next = head + 1;
                    while results < BOARDS {
                        let Some(Ok(m)) = ws.next().await else {
                            panic!("closed")
                        };
                        let tokio_tungstenite::tungstenite::Message::Text(text) = m else {
                            continue;
                        };

                        // A display's own work is light; read just the sequence and the type,
                        // so that the figures measure the server rather than 500 JSON parsers.
                        // (The envelope's keys come in alphabetical order: "seq" after the
                        // event.)
                        let seq = text
                            .rfind("\"seq\":")
                            .and_then(|at| {
                                let digits = &text[at + 6..];
                                let end = digits.find(|c: char| !c.is_ascii_digit())?;
                                digits[..end].parse::<u64>().ok()
                            })
                            .expect("a sequence number");
                        assert_eq!(seq, next, "in order, no gap");
                        next += 1;
                        if text.contains("\"type\":\"round_published\"") {
                            round_at = Some(Instant::now());
                        } else if text.contains("\"type\":\"result_recorded\"") {
                            results += 1;
                        }
                    }
                    round_at.expect("the round reached the display")
                };
                tokio::time::timeout(Duration::from_secs(120), display)
                    .await
                    .expect("every event within 120 s")
            })
        })
        .collect();
    let start = Instant::now();
    while connected.load(Ordering::SeqCst) < display_count() {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the displays connect"
        );
        std::thread::sleep(Duration::from_millis(10));
    }

    let published_at = Instant::now();
    let r = server.chief(
        "POST",
        &format!("/api/tournaments/{id}/rounds"),
        json!({ "round": 1, "pairs": pairs }),
    );
    assert_eq!(r.status, 201, "{}", r.body);

    let arbiters = arbiter_count();
    let results_start = Instant::now();
    let cpu_before = server.cpu_seconds();
    let clients_before = crate::support::cpu_seconds("self");
    let mut answers: Vec<f64> = std::thread::scope(|s| {
        let arbiters: Vec<_> = (0..arbiters)
            .map(|a| {
                let (server, id) = (&server, &id);
                s.spawn(move || {
                    // Each arbiter's console keeps its connection, as a browser does.
                    let mut connection = server.connection();
                    let mut answers = Vec::new();
                    for board in (1..=BOARDS).filter(|b| b % arbiters == a) {
                        let asked = Instant::now();
                        let r = connection.chief(
                            "PUT",
                            &format!("/api/tournaments/{id}/rounds/1/boards/{board}/result"),
                            json!({ "result": "1/2-1/2" }),
                        );
                        answers.push(asked.elapsed().as_secs_f64() * 1000.0);
                        assert_eq!(r.status, 201, "{}", r.body);
                    }
                    answers
                })
            })
            .collect();
        arbiters
            .into_iter()
            .flat_map(|a| a.join().expect("arbiter"))
            .collect()
    });
    answers.sort_by(f64::total_cmp);
    let results_secs = results_start.elapsed().as_secs_f64();
    let server_cpu = server.cpu_seconds() - cpu_before;
    let clients_cpu = crate::support::cpu_seconds("self") - clients_before;
    let mut latencies: Vec<f64> = runtime.block_on(async {
        let mut out = Vec::new();
        for d in displays {
            out.push(
                d.await
                    .expect("display task")
                    .duration_since(published_at)
                    .as_secs_f64()
                    * 1000.0,
            );
        }
        out
    });
    latencies.sort_by(f64::total_cmp);
    let p99 = latencies[(latencies.len() * 99).div_ceil(100) - 1];

    println!(
        "load: {BOARDS} results from {arbiters} arbiters in {results_secs:.2} s = {:.0} results/s, answered in median {:.2} ms, p99 {:.2} ms (CPU: server {server_cpu:.2} s = {:.0} results per CPU second, displays and arbiters {clients_cpu:.2} s, on the same cores); round to {} displays: median {:.1} ms, p99 {p99:.1} ms, last {:.1} ms",
        BOARDS as f64 / results_secs,
        answers[answers.len() / 2],
        answers[(answers.len() * 99).div_ceil(100) - 1],
        BOARDS as f64 / server_cpu.max(0.01),
        display_count(),
        latencies[latencies.len() / 2],
        latencies[latencies.len() - 1],
    );
}
