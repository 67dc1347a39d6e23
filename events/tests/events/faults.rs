//! PostgreSQL under a bad network: three stores (as three servers) and a subscriber (a hall
//! display) reach the database through a proxy of this test's own on loopback, which drops
//! every connection, refuses new ones, stalls or slows them. Under each fault every write either
//! succeeds once or fails in words; once the link returns, every write retried with its key is
//! there exactly once, the display has every event in order, and nothing else is in the log.

use crate::support::*;
use events::schema::*;
use events::testkit::ThrowawayPostgres;
use events::{Append, Appended, Store, StoreError, SubscriptionEnd};
use std::io::{Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What the proxy does to the link.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fault {
    /// Passes everything.
    None,
    /// Refuses new connections (closes them at once).
    Refuse,
    /// Holds every byte on the open connections (they stay open, silent).
    Stall,
    /// Delays every chunk by 30 ms.
    Slow,
}

/// A TCP proxy on 127.0.0.1 in front of the database's port.
struct Proxy {
    port: u16,
    fault: Arc<Mutex<Fault>>,
    open: Arc<Mutex<Vec<TcpStream>>>,
    stop: Arc<AtomicBool>,
}

impl Proxy {
    fn start(upstream: u16) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        listener.set_nonblocking(true).unwrap();
        let port = listener.local_addr().unwrap().port();
        let fault = Arc::new(Mutex::new(Fault::None));
        let open: Arc<Mutex<Vec<TcpStream>>> = Arc::default();
        let stop = Arc::new(AtomicBool::new(false));
        let (f, o, s) = (fault.clone(), open.clone(), stop.clone());
        std::thread::spawn(move || {
            while !s.load(Ordering::SeqCst) {
                let Ok((client, _)) = listener.accept() else {
                    std::thread::sleep(Duration::from_millis(5));
                    continue;
                };
                if *f.lock().unwrap() == Fault::Refuse {
                    let _ = client.shutdown(Shutdown::Both);
                    continue;
                }
                let Ok(server) = TcpStream::connect(("127.0.0.1", upstream)) else {
                    continue;
                };
                client.set_nonblocking(false).unwrap();
                for stream in [&client, &server] {
                    o.lock().unwrap().push(stream.try_clone().unwrap());
                }
                for (from, to) in [
                    (client.try_clone().unwrap(), server.try_clone().unwrap()),
                    (server, client),
                ] {
                    let (f, s) = (f.clone(), s.clone());
                    std::thread::spawn(move || pump(from, to, &f, &s));
                }
            }
        });
        Proxy {
            port,
            fault,
            open,
            stop,
        }
    }

    fn set(&self, fault: Fault) {
        *self.fault.lock().unwrap() = fault;
    }

    /// Drops every open connection, as a flapping link does.
    fn drop_all(&self) {
        for s in self.open.lock().unwrap().drain(..) {
            let _ = s.shutdown(Shutdown::Both);
        }
    }
}

impl Drop for Proxy {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        self.drop_all();
    }
}

/// Copies `from` to `to` as the fault allows, until either side closes.
fn pump(mut from: TcpStream, mut to: TcpStream, fault: &Mutex<Fault>, stop: &AtomicBool) {
    let mut buf = [0u8; 16384];
    from.set_read_timeout(Some(Duration::from_millis(50)))
        .unwrap();
    while !stop.load(Ordering::SeqCst) {
        let n = match from.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                continue
            }
            Err(_) => break,
        };
        loop {
            match *fault.lock().unwrap() {
                Fault::Stall => {}
                Fault::Slow => {
                    std::thread::sleep(Duration::from_millis(30));
                    break;
                }
                Fault::None | Fault::Refuse => break,
            }
            if stop.load(Ordering::SeqCst) {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        if to.write_all(&buf[..n]).is_err() {
            break;
        }
    }
    let _ = to.shutdown(Shutdown::Both);
}

/// Registers player `name` through `store` with the idempotency key `name`.
fn register_as(store: &Store, t: TournamentId, n: u32) -> Result<Appended, StoreError> {
    let mut a = Append::new(
        t,
        "desk",
        Event::PlayerRegistered {
            player: PlayerKey(0),
            data: data(n),
        },
    );
    a.idempotency_key = Some(format!("player-{n}"));
    a.fingerprint = format!("player-{n}").into_bytes();
    store.append_with(a, |state, event| {
        if let Event::PlayerRegistered { player, .. } = event {
            *player = PlayerKey(state.players().len() as u32 + 1);
        }
    })
}

#[test]
fn postgres_under_a_bad_network_loses_nothing_and_writes_nothing_twice() {
    let pg = ThrowawayPostgres::start().unwrap_or_else(|e| panic!("{e}"));
    let direct = pg.create_database("venue").unwrap();
    let proxy = Proxy::start(pg.port());
    let proxied = format!("postgres://postgres@127.0.0.1:{}/venue", proxy.port);
    let nodes: Vec<Store> = (0..3)
        .map(|_| Store::open_postgres(&proxied).unwrap())
        .collect();
    let t = create(&nodes[0], SystemV1::Dutch2026, 7);
    let mut display = nodes[2].subscribe(t, 0).unwrap();

    let mut next = 1u32;
    let (mut acknowledged, mut refused, mut retried) = (0usize, 0usize, 0usize);
    let mut recoveries: Vec<(Fault, Duration)> = Vec::new();
    let faults = [
        Fault::None,
        Fault::Refuse,
        Fault::Stall,
        Fault::Slow,
        Fault::Refuse,
        Fault::Stall,
    ];
    for (round, fault) in faults.into_iter().enumerate() {
        // The link flaps (every connection dropped), then the fault holds for a few writes; a
        // stall keeps the connections open and silent.
        if fault != Fault::Stall {
            proxy.drop_all();
        }
        proxy.set(fault);
        if fault == Fault::Refuse {
            proxy.drop_all();
        }
        let writes = if fault == Fault::Stall { 1 } else { 3 };
        let mut failed = Vec::new();
        for k in 0..writes {
            let node = &nodes[(round + k) % 3];
            match register_as(node, t, next) {
                Ok(_) => acknowledged += 1,
                Err(e) => {
                    let words = e.to_string();
                    for debug in ["Os {", "kind:", "Error {", "Error("] {
                        assert!(!words.contains(debug), "Rust's words: {words}");
                    }
                    refused += 1;
                    failed.push(next);
                }
            }
            next += 1;
        }
        // The link returns: every refused write, retried with its key, is taken once.
        proxy.set(Fault::None);
        let back = Instant::now();
        let mut first_ok: Option<Duration> = None;
        for n in failed {
            let done = (0..200).find_map(|attempt| {
                let node = &nodes[(n as usize + attempt) % 3];
                match register_as(node, t, n) {
                    Ok(a) => Some(a),
                    Err(_) => {
                        std::thread::sleep(Duration::from_millis(50));
                        None
                    }
                }
            });
            assert!(
                done.is_some(),
                "write {n} never taken after the link returned"
            );
            first_ok.get_or_insert(back.elapsed());
            retried += 1;
        }
        recoveries.push((fault, first_ok.unwrap_or_default()));
    }
    let players = next - 1;

    // The log, read directly: every player once, numbered 1..=players, and nothing else.
    let check = Store::open_postgres(&direct).unwrap();
    let state = check.state(t).unwrap();
    let mut names: Vec<String> = state
        .players()
        .iter()
        .map(|p| p.player.name.clone())
        .collect();
    assert_eq!(names.len(), players as usize, "every write once: {names:?}");
    names.sort();
    names.dedup();
    assert_eq!(names.len(), players as usize, "none twice");
    // The display has every event, in order, once.
    let events = check.read(t, 0).unwrap().len() as u64;
    let mut seen = 0u64;
    let until = Instant::now() + Duration::from_secs(60);
    while seen < events && Instant::now() < until {
        match display.recv_timeout(Duration::from_secs(1)) {
            Ok(e) => {
                assert_eq!(e.seq, seen + 1, "in order, once");
                seen = e.seq;
            }
            Err(SubscriptionEnd::Timeout) => {}
            Err(other) => panic!("the display was cut off: {other:?}"),
        }
    }
    assert_eq!(seen, events, "the display has every event");
    eprintln!(
        "postgres faults: {players} writes, {acknowledged} acknowledged at once, {refused} refused in words and {retried} taken on retry; lost 0, duplicated 0; first write after the link returned: {}",
        recoveries
            .iter()
            .map(|(f, d)| format!("{f:?} {} ms", d.as_millis()))
            .collect::<Vec<_>>()
            .join(", ")
    );
}
