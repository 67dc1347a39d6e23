//! The shared backend: PostgreSQL, for several server processes on one durable log. This is the
//! only file that knows PostgreSQL.
//!
//! Tables (created and migrated on open, see [`MIGRATIONS`]):
//! - `swiss_events (tournament, seq, record)`, keyed by (tournament, seq): a second writer of a
//!   sequence fails in the database, not in a server's memory (a writer writes the sequence
//!   after the last it has read or written, so the sequences have no gap);
//! - `swiss_idempotency (tournament, key, seq, fingerprint)`, keyed by (tournament, key);
//! - `swiss_maps (space, key, value)`: the accounts, the tokens and the creation keys.
//!
//! Group commit: every insert of this process goes into one open transaction (the batch), and
//! [`Backend::flush`] commits it: one commit, one WAL flush, for all the appends that arrived
//! meanwhile (those arriving during the commit open the next batch). Nothing in a batch is
//! visible to another process before its commit, so no process ever shows an event that a
//! crash could still take back. A batch that fails is rolled back whole, and so is the one
//! opened during its commit ([`FlushFailed::discarded`]).
//!
//! Wake-ups: the commit also sends `NOTIFY swiss_events` with `tournament:seq` for each
//! tournament it wrote; account changes send `NOTIFY swiss_accounts`. A listening connection
//! turns them into [`Change`]s. They are wake-ups only: readers then read the events by
//! sequence from the table, and the store also looks at the table every second, so that
//! nothing depends on a notification arriving (a listener that loses its connection reports
//! [`Change::Unknown`] and reconnects).
//!
//! The client is tokio-postgres with a deadpool pool on a small runtime of this backend's own;
//! the [`Backend`] methods, called from the store's threads, wait for its answers.
//!
//! This file is long because it is the only file that knows PostgreSQL: the migrations, the
//! batch transactions and the LISTEN connection belong together.

use super::{
    Backend, BackendError, Change, Entry, FlushFailed, Inserted, Key, KeyUse, Record, Space,
};
use crate::schema::TournamentId;
use deadpool_postgres::{Manager, ManagerConfig, Object, Pool, RecyclingMethod, Runtime};
use std::collections::BTreeMap;
use std::future::Future;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, TrySendError};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio_postgres::{AsyncMessage, NoTls};
use uuid::Uuid;

/// The schema, one migration per version, applied in order and recorded in `swiss_migrations`
/// (never edited once released: a change is a new version).
pub const MIGRATIONS: &[(i32, &str, &str)] = &[(
    1,
    "the events, idempotency keys and maps",
    "CREATE TABLE swiss_events (
         tournament UUID NOT NULL,
         seq BIGINT NOT NULL CHECK (seq >= 1),
         record BYTEA NOT NULL,
         PRIMARY KEY (tournament, seq)
     );
     CREATE INDEX swiss_events_first ON swiss_events (tournament) WHERE seq = 1;
     CREATE TABLE swiss_idempotency (
         tournament UUID NOT NULL,
         key TEXT NOT NULL,
         seq BIGINT NOT NULL,
         fingerprint BYTEA NOT NULL,
         PRIMARY KEY (tournament, key)
     );
     CREATE TABLE swiss_maps (
         space TEXT NOT NULL,
         key BYTEA NOT NULL,
         value BYTEA NOT NULL,
         PRIMARY KEY (space, key)
     );",
)];

/// The advisory lock under which a process migrates (two servers starting at once migrate one
/// after the other).
const MIGRATION_LOCK: i64 = 0x5357_4953_5301;

/// How many wake-ups may wait for the store before they are folded into one
/// [`Change::Unknown`].
const WAKE_UPS: usize = 4096;

/// A PostgreSQL database shared by several servers.
pub struct Postgres {
    runtime: Option<tokio::runtime::Runtime>,
    shared: Arc<Shared>,
    changes: Mutex<Receiver<Change>>,
    location: String,
}

struct Shared {
    pool: Pool,
    /// The open transaction of this process's inserts, committed by the next flush.
    batch: tokio::sync::Mutex<Batches>,
    /// Held while a batch commits: one commit at a time.
    committing: tokio::sync::Mutex<()>,
    /// Wake-ups were dropped (the store did not read them in time): the next read of the
    /// changes says [`Change::Unknown`].
    overflowed: AtomicBool,
}

#[derive(Default)]
struct Batches {
    open: Option<Batch>,
    /// The number of the last batch opened.
    last: u64,
    /// Batches rolled back that no flush has reported yet: until one has (and the store has
    /// forgotten what they held), no insert is taken, since it could rest on them.
    unreported: Vec<u64>,
}

impl Batches {
    /// Rolls the open batch back (its connection is not returned to the pool) and records it
    /// as discarded.
    fn discard_open(&mut self) {
        if let Some(batch) = self.open.take() {
            self.unreported.push(batch.id);
            let client = Object::take(batch.client);
            tokio::spawn(async move {
                let _ = client.batch_execute("ROLLBACK").await;
            });
        }
    }
}

struct Batch {
    id: u64,
    client: Object,
    /// The last sequence written per tournament, for the commit's notifications.
    written: BTreeMap<Uuid, u64>,
    /// A statement failed: the transaction is aborted and will be rolled back.
    failed: Option<String>,
}

/// How long the database may take to answer a statement before it is given up (the link
/// stalled, or the database hangs): an insert's batch is then rolled back and a commit counted
/// as lost (its writers are told nothing was written; what the database kept after all, the
/// followers read), and a read answers an error.
pub const ANSWER_WITHIN: Duration = Duration::from_secs(10);

/// `fut`'s answer, or the words that the database gave none within [`ANSWER_WITHIN`].
async fn answered<T>(
    what: &str,
    fut: impl Future<Output = Result<T, tokio_postgres::Error>>,
) -> Result<T, BackendError> {
    match tokio::time::timeout(ANSWER_WITHIN, fut).await {
        Ok(answer) => answer.map_err(db),
        Err(_) => Err(stalled(what)),
    }
}

fn stalled(what: &str) -> BackendError {
    BackendError::Io(format!(
        "PostgreSQL did not answer {what} within {} s (is the link to the database down?)",
        ANSWER_WITHIN.as_secs()
    ))
}

fn db(e: tokio_postgres::Error) -> BackendError {
    if e.as_db_error()
        .is_some_and(|d| d.code() == &tokio_postgres::error::SqlState::READ_ONLY_SQL_TRANSACTION)
    {
        return BackendError::ReadOnly;
    }
    BackendError::Io(format!("PostgreSQL: {}", describe(&e)))
}

/// The database's own message where there is one (tokio-postgres's display of a server error
/// says only "db error").
fn describe(e: &tokio_postgres::Error) -> String {
    match e.as_db_error() {
        Some(d) => format!("{} ({})", d.message(), d.code().code()),
        None => e.to_string(),
    }
}

fn pool_error(e: deadpool_postgres::PoolError) -> BackendError {
    BackendError::Io(format!("PostgreSQL connection pool: {e}"))
}

fn space_name(space: Space) -> &'static str {
    match space {
        Space::Accounts => "accounts",
        Space::Tokens => "tokens",
        Space::Creations => "creations",
    }
}

fn seq_param(seq: u64) -> i64 {
    i64::try_from(seq).unwrap_or(i64::MAX)
}

/// A connection URL with its password left out, to name the store in messages.
pub fn redact(url: &str) -> String {
    match url.parse::<tokio_postgres::Config>() {
        Ok(c) => {
            let host = c
                .get_hosts()
                .iter()
                .map(|h| match h {
                    tokio_postgres::config::Host::Tcp(name) => name.clone(),
                    tokio_postgres::config::Host::Unix(path) => path.display().to_string(),
                })
                .collect::<Vec<_>>()
                .join(",");
            let port = c
                .get_ports()
                .first()
                .map(|p| format!(":{p}"))
                .unwrap_or_default();
            format!(
                "postgres://{}@{host}{port}/{}",
                c.get_user().unwrap_or(""),
                c.get_dbname().unwrap_or("")
            )
        }
        Err(_) => "postgres://(unreadable URL)".into(),
    }
}

impl Postgres {
    /// Connects to the database at `url` (`postgres://user:password@host:port/database`, or
    /// the key=value form), creating or migrating the schema, and starts listening for other
    /// processes' writes.
    pub fn open(url: &str) -> Result<Postgres, BackendError> {
        let location = redact(url);
        let open_error = |problem: String| BackendError::Open {
            path: location.clone().into(),
            problem,
        };
        let config: tokio_postgres::Config = url
            .parse()
            .map_err(|e: tokio_postgres::Error| open_error(format!("the URL: {e}")))?;
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("postgres")
            .enable_all()
            .build()
            .map_err(|e| open_error(e.to_string()))?;
        let manager = Manager::from_config(
            config.clone(),
            NoTls,
            ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            },
        );
        let pool = Pool::builder(manager)
            .max_size(16)
            .runtime(Runtime::Tokio1)
            .wait_timeout(Some(Duration::from_secs(30)))
            .create_timeout(Some(Duration::from_secs(10)))
            .build()
            .map_err(|e| open_error(e.to_string()))?;
        let shared = Arc::new(Shared {
            pool,
            batch: tokio::sync::Mutex::new(Batches::default()),
            committing: tokio::sync::Mutex::new(()),
            overflowed: AtomicBool::new(false),
        });
        let (tx, rx) = std::sync::mpsc::sync_channel(WAKE_UPS);
        let backend = Postgres {
            runtime: Some(runtime),
            shared: shared.clone(),
            changes: Mutex::new(rx),
            location: location.clone(),
        };
        backend
            .run(async move {
                let mut client = shared.pool.get().await.map_err(pool_error)?;
                migrate(&mut client).await
            })
            .map_err(|e| open_error(e.to_string()))?;
        let shared = backend.shared.clone();
        backend.spawn(listen(config, tx, shared));
        Ok(backend)
    }

    fn runtime(&self) -> &tokio::runtime::Runtime {
        self.runtime
            .as_ref()
            .expect("the runtime lives as long as the backend")
    }

    fn spawn(&self, fut: impl Future<Output = ()> + Send + 'static) {
        self.runtime().spawn(fut);
    }

    /// Runs `fut` on the backend's runtime and waits for it (from any thread: the caller
    /// blocks, it never enters the runtime).
    fn run<T: Send + 'static, E: From<BackendError> + Send + 'static>(
        &self,
        fut: impl Future<Output = Result<T, E>> + Send + 'static,
    ) -> Result<T, E> {
        let (tx, rx) = std::sync::mpsc::sync_channel(1);
        self.runtime().spawn(async move {
            let _ = tx.send(fut.await);
        });
        rx.recv().map_err(|_| {
            E::from(BackendError::Io(
                "PostgreSQL: the database task ended".into(),
            ))
        })?
    }

    /// [`Postgres::run`] for a read or a small map's change, given up (and its task ended)
    /// when the database does not answer within [`ANSWER_WITHIN`].
    fn run_within<T: Send + 'static>(
        &self,
        what: &'static str,
        fut: impl Future<Output = Result<T, BackendError>> + Send + 'static,
    ) -> Result<T, BackendError> {
        self.run(async move {
            match tokio::time::timeout(ANSWER_WITHIN, fut).await {
                Ok(answer) => answer,
                Err(_) => Err(stalled(what)),
            }
        })
    }

    /// A query on a pooled connection.
    fn with_client<T: Send + 'static, F>(
        &self,
        f: impl FnOnce(Object) -> F + Send + 'static,
    ) -> Result<T, BackendError>
    where
        F: Future<Output = Result<T, BackendError>> + Send + 'static,
    {
        let shared = self.shared.clone();
        self.run_within("a query", async move {
            let client = shared.pool.get().await.map_err(pool_error)?;
            f(client).await
        })
    }
}

impl Drop for Postgres {
    fn drop(&mut self) {
        // Never blocks, so a store may be dropped anywhere (inside an async runtime too).
        if let Some(rt) = self.runtime.take() {
            rt.shutdown_background();
        }
    }
}

async fn migrate(client: &mut Object) -> Result<(), BackendError> {
    let tx = client.transaction().await.map_err(db)?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])
        .await
        .map_err(db)?;
    tx.batch_execute(
        "CREATE TABLE IF NOT EXISTS swiss_migrations (
             version INTEGER PRIMARY KEY,
             name TEXT NOT NULL,
             applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
         )",
    )
    .await
    .map_err(db)?;
    let applied: i32 = tx
        .query_one(
            "SELECT COALESCE(MAX(version), 0) FROM swiss_migrations",
            &[],
        )
        .await
        .map_err(db)?
        .get(0);
    let known = MIGRATIONS.last().map_or(0, |m| m.0);
    if applied > known {
        return Err(BackendError::Io(format!(
            "the database's schema is at version {applied}, newer than this build knows \
             (up to {known}): run a newer build"
        )));
    }
    for (version, name, sql) in MIGRATIONS.iter().filter(|m| m.0 > applied) {
        tx.batch_execute(sql).await.map_err(db)?;
        tx.execute(
            "INSERT INTO swiss_migrations (version, name) VALUES ($1, $2)",
            &[version, name],
        )
        .await
        .map_err(db)?;
    }
    tx.commit().await.map_err(db)
}

/// Listens for other processes' writes, reconnecting when the connection is lost.
async fn listen(config: tokio_postgres::Config, tx: SyncSender<Change>, shared: Arc<Shared>) {
    let send = move |change: Change| match tx.try_send(change) {
        Ok(()) => true,
        Err(TrySendError::Full(_)) => {
            shared.overflowed.store(true, Ordering::SeqCst);
            true
        }
        Err(TrySendError::Disconnected(_)) => false,
    };
    loop {
        if let Ok((client, mut connection)) = config.connect(NoTls).await {
            let (ntx, mut nrx) = tokio::sync::mpsc::unbounded_channel();
            tokio::spawn(async move {
                loop {
                    match std::future::poll_fn(|cx| connection.poll_message(cx)).await {
                        Some(Ok(AsyncMessage::Notification(n))) => {
                            if ntx.send(Some(n)).is_err() {
                                break;
                            }
                        }
                        Some(Ok(_)) => {}
                        Some(Err(_)) | None => {
                            let _ = ntx.send(None);
                            break;
                        }
                    }
                }
            });
            if client
                .batch_execute("LISTEN swiss_events; LISTEN swiss_accounts")
                .await
                .is_ok()
            {
                // Whatever was written before the listening began is looked for.
                if !send(Change::Unknown) {
                    return;
                }
                while let Some(Some(n)) = nrx.recv().await {
                    let change = match n.channel() {
                        "swiss_accounts" => Change::Accounts,
                        _ => parse_wake_up(n.payload()).unwrap_or(Change::Unknown),
                    };
                    if !send(change) {
                        return;
                    }
                }
            }
            // The connection was lost: what came meanwhile is unknown.
            if !send(Change::Unknown) {
                return;
            }
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}

/// `tournament:seq`, as the commit sends it.
fn parse_wake_up(payload: &str) -> Option<Change> {
    let (t, seq) = payload.split_once(':')?;
    Some(Change::Event {
        tournament: TournamentId(t.parse().ok()?),
        seq: seq.parse().ok()?,
    })
}

/// Inserts into the batch (opening it if needed).
async fn insert_in_batch(
    shared: &Shared,
    t: Uuid,
    seq: u64,
    idem: Option<(String, Vec<u8>)>,
    record: Vec<u8>,
) -> Result<Inserted, BackendError> {
    let mut batches = shared.batch.lock().await;
    if !batches.unreported.is_empty() {
        return Err(BackendError::Io(
            "PostgreSQL: writes were rolled back; the next flush reports them first".into(),
        ));
    }
    if batches.open.is_none() {
        let client = shared.pool.get().await.map_err(pool_error)?;
        if let Err(e) = answered("BEGIN", client.batch_execute("BEGIN")).await {
            // Not returned to the pool: its link failed.
            let _ = Object::take(client);
            return Err(e);
        }
        batches.last += 1;
        batches.open = Some(Batch {
            id: batches.last,
            client,
            written: BTreeMap::new(),
            failed: None,
        });
    }
    let batch = batches.open.as_mut().expect("opened above");
    if let Some(problem) = batch.failed.clone() {
        batches.discard_open();
        return Err(BackendError::Io(problem));
    }
    match answered(
        "an insert",
        insert_statements(&batch.client, t, seq, idem, &record),
    )
    .await
    {
        Ok(inserted) => {
            if inserted == (Inserted::Done { batch: 0 }) {
                batch.written.insert(t, seq);
                return Ok(Inserted::Done { batch: batch.id });
            }
            Ok(inserted)
        }
        Err(e) => {
            // The transaction is aborted (or its statement never answered): everything in it
            // is lost, and the next flush says so.
            batches.discard_open();
            Err(e)
        }
    }
}

async fn insert_statements(
    client: &Object,
    t: Uuid,
    seq: u64,
    idem: Option<(String, Vec<u8>)>,
    record: &[u8],
) -> Result<Inserted, tokio_postgres::Error> {
    let seq_i = seq_param(seq);
    let insert_event = client
        .prepare_cached(
            "INSERT INTO swiss_events (tournament, seq, record) VALUES ($1, $2, $3)
             ON CONFLICT DO NOTHING",
        )
        .await?;
    let Some((key, fingerprint)) = idem else {
        let n = client
            .execute(&insert_event, &[&t, &seq_i, &record])
            .await?;
        return Ok(if n == 1 {
            Inserted::Done { batch: 0 }
        } else {
            Inserted::SequenceTaken
        });
    };
    client.batch_execute("SAVEPOINT swiss_insert").await?;
    let n = client
        .execute(&insert_event, &[&t, &seq_i, &record])
        .await?;
    if n != 1 {
        client
            .batch_execute("ROLLBACK TO SAVEPOINT swiss_insert")
            .await?;
        return Ok(Inserted::SequenceTaken);
    }
    let n = client
        .execute(
            "INSERT INTO swiss_idempotency (tournament, key, seq, fingerprint)
             VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
            &[&t, &key, &seq_i, &fingerprint],
        )
        .await?;
    if n != 1 {
        client
            .batch_execute("ROLLBACK TO SAVEPOINT swiss_insert")
            .await?;
        let row = client
            .query_one(
                "SELECT seq, fingerprint FROM swiss_idempotency WHERE tournament = $1 AND key = $2",
                &[&t, &key],
            )
            .await?;
        return Ok(Inserted::KeyTaken(KeyUse {
            seq: u64::try_from(row.get::<_, i64>(0)).unwrap_or(0),
            fingerprint: row.get(1),
        }));
    }
    client
        .batch_execute("RELEASE SAVEPOINT swiss_insert")
        .await?;
    Ok(Inserted::Done { batch: 0 })
}

/// Commits the batch (with its wake-ups), or rolls back one that failed. Inserts go on into
/// a new batch meanwhile; if this one fails, that one is failed too (its events may follow
/// this one's), so that no later event is kept without an earlier one.
async fn commit(shared: &Shared) -> Result<u64, FlushFailed> {
    let _one = shared.committing.lock().await;
    let batch = {
        let mut batches = shared.batch.lock().await;
        if !batches.unreported.is_empty() {
            return Err(FlushFailed {
                error: BackendError::Io(
                    "PostgreSQL: a batch of writes failed and was rolled back".into(),
                ),
                discarded: std::mem::take(&mut batches.unreported),
            });
        }
        match batches.open.take() {
            Some(batch) => batch,
            // Every batch opened is committed or discarded (one commit at a time).
            None => return Ok(batches.last),
        }
    };
    let id = batch.id;
    // The commit runs as a task of its own: given up after ANSWER_WITHIN, it is counted as
    // lost (never as durable: an acknowledgement must be true), and what the database kept
    // after all comes back through the followers.
    let committed =
        match tokio::time::timeout(ANSWER_WITHIN, tokio::spawn(commit_batch(batch))).await {
            Ok(Ok(result)) => result,
            Ok(Err(e)) => Err(BackendError::Io(format!(
                "PostgreSQL: the commit's task failed: {e}"
            ))),
            Err(_) => Err(stalled("a commit")),
        };
    match committed {
        Ok(()) => Ok(id),
        Err(error) => {
            if let Some(next) = shared.batch.lock().await.open.as_mut() {
                next.failed
                    .get_or_insert_with(|| format!("{error} (an earlier batch failed)"));
            }
            Err(FlushFailed {
                error,
                discarded: vec![id],
            })
        }
    }
}

async fn commit_batch(batch: Batch) -> Result<(), BackendError> {
    if let Some(problem) = batch.failed {
        // Not returned to the pool: the connection goes with its aborted transaction.
        let client = Object::take(batch.client);
        let _ = client.batch_execute("ROLLBACK").await;
        return Err(BackendError::Io(format!(
            "{problem}; the writes since the last commit were rolled back"
        )));
    }
    let result = async {
        for (t, seq) in &batch.written {
            batch
                .client
                .execute(
                    "SELECT pg_notify('swiss_events', $1)",
                    &[&format!("{t}:{seq}")],
                )
                .await?;
        }
        batch.client.batch_execute("COMMIT").await
    }
    .await;
    match result {
        Ok(()) => Ok(()),
        Err(e) => {
            let client = Object::take(batch.client);
            let _ = client.batch_execute("ROLLBACK").await;
            Err(BackendError::Io(format!(
                "PostgreSQL: the commit failed ({}); the writes since the last commit were rolled back",
                describe(&e)
            )))
        }
    }
}

/// Within a write of `space`: the other servers are woken at its commit if it changes the
/// accounts or the tokens (they forget the accounts they hold).
async fn wake_for(tx: &tokio_postgres::Transaction<'_>, space: Space) -> Result<(), BackendError> {
    if space == Space::Creations {
        return Ok(());
    }
    tx.batch_execute("NOTIFY swiss_accounts").await.map_err(db)
}

impl Backend for Postgres {
    fn insert(
        &self,
        t: TournamentId,
        seq: u64,
        key: Option<Key<'_>>,
        record: &[u8],
    ) -> Result<Inserted, BackendError> {
        let shared = self.shared.clone();
        let idem = key.map(|k| (k.key.to_string(), k.fingerprint.to_vec()));
        let record = record.to_vec();
        self.run(async move { insert_in_batch(&shared, t.0, seq, idem, record).await })
    }

    fn key_use(&self, t: TournamentId, key: &str) -> Result<Option<KeyUse>, BackendError> {
        let key = key.to_string();
        self.with_client(move |client| async move {
            let row = client
                .query_opt(
                    "SELECT seq, fingerprint FROM swiss_idempotency WHERE tournament = $1 AND key = $2",
                    &[&t.0, &key],
                )
                .await
                .map_err(db)?;
            Ok(row.map(|row| KeyUse {
                seq: u64::try_from(row.get::<_, i64>(0)).unwrap_or(0),
                fingerprint: row.get(1),
            }))
        })
    }

    fn read(&self, t: TournamentId, after: u64) -> Result<Vec<Record>, BackendError> {
        let after = seq_param(after);
        self.with_client(move |client| async move {
            let statement = client
                .prepare_cached(
                    "SELECT seq, record FROM swiss_events
                     WHERE tournament = $1 AND seq > $2 ORDER BY seq",
                )
                .await
                .map_err(db)?;
            let rows = client
                .query(&statement, &[&t.0, &after])
                .await
                .map_err(db)?;
            Ok(rows
                .into_iter()
                .map(|row| {
                    (
                        u64::try_from(row.get::<_, i64>(0)).unwrap_or(0),
                        row.get::<_, Vec<u8>>(1),
                    )
                })
                .collect())
        })
    }

    fn tournaments(&self) -> Result<Vec<TournamentId>, BackendError> {
        self.with_client(|client| async move {
            let rows = client
                .query(
                    "SELECT tournament FROM swiss_events WHERE seq = 1 ORDER BY tournament",
                    &[],
                )
                .await
                .map_err(db)?;
            Ok(rows.into_iter().map(|r| TournamentId(r.get(0))).collect())
        })
    }

    fn flush(&self) -> Result<u64, FlushFailed> {
        let shared = self.shared.clone();
        self.run(async move { commit(&shared).await })
    }

    fn is_empty(&self) -> Result<bool, BackendError> {
        self.with_client(|client| async move {
            let row = client
                .query_one("SELECT NOT EXISTS (SELECT 1 FROM swiss_events)", &[])
                .await
                .map_err(db)?;
            Ok(row.get(0))
        })
    }

    fn size_on_disk(&self) -> u64 {
        self.with_client(|client| async move {
            let row = client
                .query_one(
                    "SELECT pg_total_relation_size('swiss_events')
                          + pg_total_relation_size('swiss_idempotency')
                          + pg_total_relation_size('swiss_maps')",
                    &[],
                )
                .await
                .map_err(db)?;
            Ok(u64::try_from(row.get::<_, i64>(0)).unwrap_or(0))
        })
        .unwrap_or(0)
    }

    fn map_get(&self, space: Space, key: &[u8]) -> Result<Option<Vec<u8>>, BackendError> {
        let key = key.to_vec();
        self.with_client(move |client| async move {
            let row = client
                .query_opt(
                    "SELECT value FROM swiss_maps WHERE space = $1 AND key = $2",
                    &[&space_name(space), &key],
                )
                .await
                .map_err(db)?;
            Ok(row.map(|r| r.get(0)))
        })
    }

    fn map_put(
        &self,
        space: Space,
        key: &[u8],
        value: &[u8],
    ) -> Result<Option<Vec<u8>>, BackendError> {
        let (key, value) = (key.to_vec(), value.to_vec());
        self.with_client(move |mut client| async move {
            let tx = client.transaction().await.map_err(db)?;
            let old = tx
                .query_opt(
                    "SELECT value FROM swiss_maps WHERE space = $1 AND key = $2 FOR UPDATE",
                    &[&space_name(space), &key],
                )
                .await
                .map_err(db)?
                .map(|r| r.get::<_, Vec<u8>>(0));
            tx.execute(
                "INSERT INTO swiss_maps (space, key, value) VALUES ($1, $2, $3)
                 ON CONFLICT (space, key) DO UPDATE SET value = EXCLUDED.value",
                &[&space_name(space), &key, &value],
            )
            .await
            .map_err(db)?;
            wake_for(&tx, space).await?;
            tx.commit().await.map_err(db)?;
            Ok(old)
        })
    }

    fn map_insert(
        &self,
        space: Space,
        key: &[u8],
        value: &[u8],
    ) -> Result<Option<Vec<u8>>, BackendError> {
        let (key, value) = (key.to_vec(), value.to_vec());
        self.with_client(move |mut client| async move {
            let tx = client.transaction().await.map_err(db)?;
            let n = tx
                .execute(
                    "INSERT INTO swiss_maps (space, key, value) VALUES ($1, $2, $3)
                     ON CONFLICT DO NOTHING",
                    &[&space_name(space), &key, &value],
                )
                .await
                .map_err(db)?;
            let existing = if n == 1 {
                wake_for(&tx, space).await?;
                None
            } else {
                tx.query_opt(
                    "SELECT value FROM swiss_maps WHERE space = $1 AND key = $2",
                    &[&space_name(space), &key],
                )
                .await
                .map_err(db)?
                .map(|r| r.get::<_, Vec<u8>>(0))
            };
            tx.commit().await.map_err(db)?;
            Ok(existing)
        })
    }

    fn map_remove(&self, space: Space, key: &[u8]) -> Result<(), BackendError> {
        let key = key.to_vec();
        self.with_client(move |mut client| async move {
            let tx = client.transaction().await.map_err(db)?;
            tx.execute(
                "DELETE FROM swiss_maps WHERE space = $1 AND key = $2",
                &[&space_name(space), &key],
            )
            .await
            .map_err(db)?;
            wake_for(&tx, space).await?;
            tx.commit().await.map_err(db)
        })
    }

    fn map_entries(&self, space: Space) -> Result<Vec<Entry>, BackendError> {
        self.with_client(move |client| async move {
            let rows = client
                .query(
                    "SELECT key, value FROM swiss_maps WHERE space = $1 ORDER BY key",
                    &[&space_name(space)],
                )
                .await
                .map_err(db)?;
            Ok(rows.into_iter().map(|r| (r.get(0), r.get(1))).collect())
        })
    }

    fn shared(&self) -> bool {
        true
    }

    fn changes(&self, timeout: Duration) -> Vec<Change> {
        let rx = self
            .changes
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let mut out = match rx.recv_timeout(timeout) {
            Ok(c) => vec![c],
            Err(RecvTimeoutError::Timeout) => Vec::new(),
            Err(RecvTimeoutError::Disconnected) => {
                std::thread::sleep(timeout);
                vec![Change::Unknown]
            }
        };
        out.extend(rx.try_iter());
        if self.shared.overflowed.swap(false, Ordering::SeqCst) {
            out.push(Change::Unknown);
        }
        out
    }

    fn kind(&self) -> &'static str {
        "postgres"
    }

    fn location(&self) -> String {
        self.location.clone()
    }
}
