//! A load for the event log, for crash tests and measurements: `events-writer DIR THREADS`
//! opens the store in DIR and, from THREADS threads, each with a tournament of its own,
//! registers players as fast as the log acknowledges them, printing `ack TOURNAMENT SEQ` on
//! standard output after each acknowledgement; beside each writer a reader asks for the
//! tournament's state as every reader does (`Store::shared`) and prints `seen TOURNAMENT SEQ`
//! whenever it shows a later event. It runs until it is killed.

use events::testing::schema::{ColorV1, Event, PlayerDataV1, PlayerKey, SettingsV1, SystemV1};
use events::testing::{Append, Store};
use std::io::Write;
use std::sync::Mutex;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let dir = args.next().ok_or("usage: events-writer DIR THREADS")?;
    let threads: usize = args
        .next()
        .ok_or("usage: events-writer DIR THREADS")?
        .parse()?;
    let store = Store::open(std::path::Path::new(&dir))?;
    let out = Mutex::new(std::io::stdout());
    std::thread::scope(|s| {
        for _ in 0..threads {
            let (store, out) = (&store, &out);
            s.spawn(move || -> Result<(), events::testing::StoreError> {
                let print = |line: String| {
                    let mut o = out.lock().unwrap_or_else(|p| p.into_inner());
                    let _ = writeln!(o, "{line}");
                    let _ = o.flush();
                };
                let settings = SettingsV1 {
                    system: SystemV1::Dutch1992,
                    rounds: 9,
                    initial_color: ColorV1::White,
                    points: None,
                    tiebreaks: Vec::new(),
                    lot_seed: 0,
                    initial_color_by_lot: false,
                    acceleration: Default::default(),
                    numbering: Default::default(),
                };
                let (t, first) = store.create(
                    "load",
                    Event::TournamentCreated {
                        name: "Load".into(),
                        settings,
                        details: Default::default(),
                    },
                )?;
                s.spawn(move || {
                    let mut shown = 0;
                    loop {
                        if let Ok(state) = store.shared(t) {
                            if state.last_seq() > shown {
                                shown = state.last_seq();
                                print(format!("seen {t} {shown}"));
                            }
                        }
                        std::thread::yield_now();
                    }
                });
                let say = |seq: u64| print(format!("ack {t} {seq}"));
                say(first.seq);
                for k in 1.. {
                    let data = PlayerDataV1 {
                        name: format!("Player,{k}"),
                        rating: Some(2000),
                        title: None,
                        federation: None,
                        fide_id: None,
                        birth_date: None,
                        sex: None,
                    };
                    let e = store.append(Append::new(
                        t,
                        "load",
                        Event::PlayerRegistered {
                            player: PlayerKey(k),
                            data,
                        },
                    ))?;
                    say(e.envelope().seq);
                }
                Ok(())
            });
        }
    });
    Ok(())
}
