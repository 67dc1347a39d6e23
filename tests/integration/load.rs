//! A bounded load test on loopback: 500 displays follow a tournament over WebSocket while 8
//! arbiters enter the results of 1,000 boards. It prints the results per second and the time
//! from publishing a round to the last display receiving it, and checks that every display
//! got every event in order, and asserts a floor far below what it measures: at least 20
//! results a second, and the round on every display within 10 s (measured on 2 cores shared
//! with other builds, load average 14: 158 and 236 results a second, the round on the last
//! display after 683 and 764 ms).
//!
//! [`run`] is the load itself, over one server or several on one database (displays and
//! arbiters spread over them); `server/benches/cluster.rs` runs it on sled and on PostgreSQL
//! with one and three nodes.

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
    let figures = run(&[&server], display_count(), arbiter_count(), BOARDS);
    println!("load: {figures}");
    assert!(
        figures.per_second >= 20.0,
        "{:.0} results a second (at least 20)",
        figures.per_second
    );
    assert!(
        figures.round_ms.2 <= 10_000.0,
        "the round reached the last display after {:.0} ms (at most 10 s)",
        figures.round_ms.2
    );
}

/// What a load run measured.
pub struct Figures {
    /// Results entered.
    pub results: usize,
    /// Arbiters entering them.
    pub arbiters: usize,
    /// Displays following.
    pub displays: usize,
    /// Servers.
    pub nodes: usize,
    /// Results per second, over all arbiters.
    pub per_second: f64,
    /// The answer to a result, median and p99, ms.
    pub answer_ms: (f64, f64),
    /// The servers' CPU seconds while the results came in.
    pub server_cpu: f64,
    /// The displays' and arbiters' CPU seconds (the test process).
    pub clients_cpu: f64,
    /// From publishing the round to a display receiving it: median, p99 and last, ms.
    pub round_ms: (f64, f64, f64),
}

impl std::fmt::Display for Figures {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} results from {} arbiters through {} node(s) = {:.0} results/s, answered in median {:.2} ms, p99 {:.2} ms (CPU: servers {:.2} s = {:.0} results per CPU second, displays and arbiters {:.2} s, on the same cores); round to {} displays: median {:.1} ms, p99 {:.1} ms, last {:.1} ms",
            self.results,
            self.arbiters,
            self.nodes,
            self.per_second,
            self.answer_ms.0,
            self.answer_ms.1,
            self.server_cpu,
            self.results as f64 / self.server_cpu.max(0.01),
            self.clients_cpu,
            self.displays,
            self.round_ms.0,
            self.round_ms.1,
            self.round_ms.2,
        )
    }
}

fn percentile(sorted: &[f64], p: usize) -> f64 {
    sorted[(sorted.len() * p).div_ceil(100).max(1) - 1]
}

/// One load: a tournament of `2 * boards` players created through the first node; `displays`
/// WebSocket clients spread over the nodes; the round published through the first node; then
/// `arbiters`, spread over the nodes, enter every board's result. Every display must get
/// every event in order, without a gap.
pub fn run(nodes: &[&Server], displays: usize, arbiters: usize, boards: usize) -> Figures {
    let first = nodes[0];
    // The 1992 Dutch: the load measures the log and the displays, not a pairing.
    let id = first.create_tournament("Load", "dutch-1992", 9);
    first.register_players(&id, 2 * boards as u32, |i| 1000 + i);
    let head = first.public(&format!("/api/tournaments/{id}")).json()["last_seq"]
        .as_u64()
        .unwrap();
    let (_, pairs) = first.proposal(&id);

    // The displays, on one runtime: each records when the round reached it and counts results.
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let connected = Arc::new(AtomicUsize::new(0));
    let tasks: Vec<_> = (0..displays)
        .map(|d| {
            let url = crate::support::ws_url(nodes[d % nodes.len()].address, &id, head);
            let connected = connected.clone();
            runtime.spawn(async move {
                let display = async {
                    let (mut ws, _) = tokio_tungstenite::connect_async(url)
                        .await
                        .expect("connects");
                    connected.fetch_add(1, Ordering::SeqCst);
                    let mut round_at = None;
                    let mut results = 0;
                    let mut next = head + 1;
                    while results < boards {
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
    while connected.load(Ordering::SeqCst) < displays {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the displays connect"
        );
        std::thread::sleep(Duration::from_millis(10));
    }

    let published_at = Instant::now();
    let r = first.chief(
        "POST",
        &format!("/api/tournaments/{id}/rounds"),
        json!({ "round": 1, "pairs": pairs }),
    );
    assert_eq!(r.status, 201, "{}", r.body);

    let servers_cpu = || nodes.iter().map(|n| n.cpu_seconds()).sum::<f64>();
    let results_start = Instant::now();
    let cpu_before = servers_cpu();
    let clients_before = crate::support::cpu_seconds("self");
    let mut answers: Vec<f64> = std::thread::scope(|s| {
        let arbiters: Vec<_> = (0..arbiters)
            .map(|a| {
                let (server, id) = (nodes[a % nodes.len()], &id);
                s.spawn(move || {
                    // Each arbiter's console keeps its connection, as a browser does.
                    let mut connection = server.connection();
                    let mut answers = Vec::new();
                    for board in (1..=boards).filter(|b| b % arbiters == a) {
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
    let server_cpu = servers_cpu() - cpu_before;
    let clients_cpu = crate::support::cpu_seconds("self") - clients_before;
    let mut latencies: Vec<f64> = runtime.block_on(async {
        let mut out = Vec::new();
        for d in tasks {
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
    Figures {
        results: boards,
        arbiters,
        displays,
        nodes: nodes.len(),
        per_second: boards as f64 / results_secs,
        answer_ms: (answers[answers.len() / 2], percentile(&answers, 99)),
        server_cpu,
        clients_cpu,
        round_ms: (
            latencies[latencies.len() / 2],
            percentile(&latencies, 99),
            latencies[latencies.len() - 1],
        ),
    }
}
