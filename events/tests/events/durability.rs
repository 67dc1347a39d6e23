//! Durability as readers see it: an event written but not yet flushed is not shown, and a
//! conflicting entry waits until the first is durable (a backend whose flushes the test holds).

/// A backend whose flushes wait until the test lets them through: a write is then written but
/// not yet durable for as long as the test likes.
struct HeldFlush {
    inner: events::testing::backend::sled::Sled,
    gate: std::sync::Mutex<std::sync::mpsc::Receiver<()>>,
    held: std::sync::Arc<std::sync::atomic::AtomicBool>,
}

impl events::testing::backend::Backend for HeldFlush {
    fn insert(
        &self,
        t: events::testing::TournamentId,
        seq: u64,
        key: Option<events::testing::backend::Key<'_>>,
        record: &[u8],
    ) -> Result<events::testing::backend::Inserted, events::testing::backend::BackendError> {
        self.inner.insert(t, seq, key, record)
    }
    fn key_use(
        &self,
        t: events::testing::TournamentId,
        key: &str,
    ) -> Result<Option<events::testing::backend::KeyUse>, events::testing::backend::BackendError>
    {
        self.inner.key_use(t, key)
    }
    fn read(
        &self,
        t: events::testing::TournamentId,
        after: u64,
    ) -> Result<Vec<events::testing::backend::Record>, events::testing::backend::BackendError> {
        self.inner.read(t, after)
    }
    fn tournaments(
        &self,
    ) -> Result<Vec<events::testing::TournamentId>, events::testing::backend::BackendError> {
        self.inner.tournaments()
    }
    fn flush(&self) -> Result<u64, events::testing::backend::FlushFailed> {
        if self.held.load(std::sync::atomic::Ordering::SeqCst) {
            // At most a few seconds, so that a failing test ends instead of hanging.
            let _ = self
                .gate
                .lock()
                .unwrap()
                .recv_timeout(std::time::Duration::from_secs(3));
        }
        self.inner.flush()
    }
    fn is_empty(&self) -> Result<bool, events::testing::backend::BackendError> {
        self.inner.is_empty()
    }
    fn size_on_disk(&self) -> u64 {
        0
    }
    fn map_get(
        &self,
        space: events::testing::backend::Space,
        key: &[u8],
    ) -> Result<Option<Vec<u8>>, events::testing::backend::BackendError> {
        self.inner.map_get(space, key)
    }
    fn map_put(
        &self,
        space: events::testing::backend::Space,
        key: &[u8],
        value: &[u8],
    ) -> Result<Option<Vec<u8>>, events::testing::backend::BackendError> {
        self.inner.map_put(space, key, value)
    }
    fn map_remove(
        &self,
        space: events::testing::backend::Space,
        key: &[u8],
    ) -> Result<(), events::testing::backend::BackendError> {
        self.inner.map_remove(space, key)
    }
    fn map_entries(
        &self,
        space: events::testing::backend::Space,
    ) -> Result<Vec<events::testing::backend::Entry>, events::testing::backend::BackendError> {
        self.inner.map_entries(space)
    }
    fn map_insert(
        &self,
        space: events::testing::backend::Space,
        key: &[u8],
        value: &[u8],
    ) -> Result<Option<Vec<u8>>, events::testing::backend::BackendError> {
        self.inner.map_insert(space, key, value)
    }
    fn location(&self) -> String {
        self.inner.location()
    }
    fn kind(&self) -> &'static str {
        self.inner.kind()
    }
}

/// Readers see only durable events: while a result is written but its flush has not finished
/// (a crash now would lose it), the state answers without it, and a conflicting entry is not
/// answered until the first is durable; once durable, both see it.
#[test]
fn readers_never_see_an_event_that_is_not_yet_durable() {
    use events::testing::schema::*;
    let dir = tempfile::tempdir().unwrap();
    let (open, gate) = std::sync::mpsc::channel();
    let held = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let backend = HeldFlush {
        inner: events::testing::backend::sled::Sled::open(dir.path()).unwrap(),
        gate: std::sync::Mutex::new(gate),
        held: held.clone(),
    };
    let store = events::testing::Store::with_backend(Box::new(backend));
    let t = crate::support::create(&store, SystemV1::Dutch1992, 5);
    crate::support::register(&store, t, 4);
    crate::support::publish(&store, t);
    let before = store.state(t).unwrap().last_seq();
    held.store(true, std::sync::atomic::Ordering::SeqCst);
    let result = |games: ScoreV1| events::testing::Event::ResultRecorded {
        round: 1,
        board: 1,
        games: vec![crate::support::game(games)],
    };
    std::thread::scope(|s| {
        let writer = s.spawn(|| {
            store.append(events::testing::Append::new(
                t,
                "arbiter",
                result(ScoreV1::Win),
            ))
        });
        // The event is written (the backend holds it; the state it is checked against has
        // it) but its flush waits: not durable.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        while store.read(t, before).unwrap().is_empty() {
            assert!(
                std::time::Instant::now() < deadline,
                "the writer never wrote"
            );
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        assert_eq!(
            store.state(t).unwrap().last_seq(),
            before,
            "a reader saw it early"
        );
        // The conflicting entry says when it is checked (under the log's lock); a read then
        // takes that lock after it, so its answer is decided: it must be waiting.
        let (checking, checked) = std::sync::mpsc::channel();
        let store = &store;
        let conflicting = s.spawn(move || {
            store.append_with(
                events::testing::Append::new(t, "other", result(ScoreV1::Draw)),
                |_, _| {
                    let _ = checking.send(());
                },
            )
        });
        checked
            .recv_timeout(std::time::Duration::from_secs(10))
            .expect("the conflicting entry is checked");
        assert_eq!(
            store.state(t).unwrap().last_seq(),
            before,
            "still not durable"
        );
        assert!(
            !conflicting.is_finished(),
            "the 409 came before the result it names was durable"
        );
        held.store(false, std::sync::atomic::Ordering::SeqCst);
        open.send(()).unwrap();
        let _ = open.send(());
        assert!(matches!(
            writer.join().unwrap(),
            Ok(events::testing::Appended::New(_))
        ));
        assert!(matches!(
            conflicting.join().unwrap(),
            Err(events::testing::StoreError::Rejected(
                events::testing::Rejection::ResultConflict { .. }
            ))
        ));
    });
    assert_eq!(store.state(t).unwrap().last_seq(), before + 1);
}
