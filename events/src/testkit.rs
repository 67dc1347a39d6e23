//! For tests and benchmarks: a throwaway PostgreSQL server, from Debian's `postgresql` package,
//! in a temporary directory on a free port, stopped and removed when dropped. Run as root, it
//! runs as the package's unprivileged `postgres` user (PostgreSQL refuses to run as root). And
//! a loopback [`Proxy`] to put in front of it, which makes the link drop, refuse, stall or slow.
//!
//! Not used by the server: it is here so that the storage suite, the multi-node integration
//! tests and the load benchmark start their database the same way.

use std::io::{Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A PostgreSQL server of its own, for one test run.
pub struct ThrowawayPostgres {
    dir: PathBuf,
    bin: PathBuf,
    port: u16,
    as_user: Option<&'static str>,
}

/// Where the package's programs are: the newest `/usr/lib/postgresql/N/bin` with `initdb`.
fn bin_dir() -> Result<PathBuf, String> {
    let mut found: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let version = e.file_name().to_str()?.parse().ok()?;
            let bin = e.path().join("bin");
            bin.join("initdb").exists().then_some((version, bin))
        })
        .collect();
    found.sort();
    found.pop().map(|(_, bin)| bin).ok_or_else(|| {
        "PostgreSQL is not installed (no initdb under /usr/lib/postgresql/*/bin): \
         scripts/test.sh installs Debian's postgresql package, or run \
         `apt-get install postgresql`"
            .to_string()
    })
}

fn running_as_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
        .unwrap_or(false)
}

fn free_port() -> Result<u16, String> {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .map_err(|e| format!("no free port: {e}"))
}

impl ThrowawayPostgres {
    /// Creates a cluster in a new temporary directory and starts it on a free port.
    pub fn start() -> Result<ThrowawayPostgres, String> {
        let bin = bin_dir()?;
        let as_user = running_as_root().then_some("postgres");
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        // As root, under /tmp: the unprivileged user must reach it (a TMPDIR under /root would
        // not do).
        let base = if as_user.is_some() {
            PathBuf::from("/tmp")
        } else {
            std::env::temp_dir()
        };
        let dir = base.join(format!("swiss-pg-{}-{nanos}", std::process::id()));
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let pg = ThrowawayPostgres {
            dir,
            bin,
            port: free_port()?,
            as_user,
        };
        if let Some(user) = as_user {
            let status = Command::new("chown")
                .arg(format!("{user}:"))
                .arg(&pg.dir)
                .status()
                .map_err(|e| format!("chown: {e}"))?;
            if !status.success() {
                return Err(format!("chown {user} {} failed", pg.dir.display()));
            }
        }
        pg.run(
            "initdb",
            &[
                "-D",
                &pg.data().display().to_string(),
                "-A",
                "trust",
                "-U",
                "postgres",
                "-E",
                "UTF8",
                "--no-sync",
            ],
        )?;
        pg.launch()?;
        Ok(pg)
    }

    /// Starts the cluster (`pg_ctl start`) and waits until it answers.
    fn launch(&self) -> Result<(), String> {
        let pg = self;
        let options = format!(
            "-c listen_addresses=127.0.0.1 -p {} -k {} -c max_connections=300 -c shared_buffers=64MB",
            pg.port,
            pg.dir.display()
        );
        pg.run(
            "pg_ctl",
            &[
                "-D",
                &pg.data().display().to_string(),
                "-o",
                &options,
                "-l",
                &pg.dir.join("server.log").display().to_string(),
                "-w",
                "-t",
                "60",
                "start",
            ],
        )?;
        let started = Instant::now();
        while pg
            .run(
                "pg_isready",
                &["-h", "127.0.0.1", "-p", &pg.port.to_string()],
            )
            .is_err()
        {
            if started.elapsed() > Duration::from_secs(60) {
                return Err(format!(
                    "PostgreSQL did not start within a minute: see {}",
                    pg.dir.join("server.log").display()
                ));
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        Ok(())
    }

    /// Stops the server at once, as a crash does (`pg_ctl stop -m immediate`: no checkpoint,
    /// connections cut; what was committed is recovered from the WAL at the next start).
    pub fn crash(&self) -> Result<(), String> {
        self.run(
            "pg_ctl",
            &[
                "-D",
                &self.data().display().to_string(),
                "-m",
                "immediate",
                "-w",
                "stop",
            ],
        )
        .map(|_| ())
    }

    /// Starts it again after [`ThrowawayPostgres::crash`], on the same port.
    pub fn restart(&self) -> Result<(), String> {
        self.launch()
    }

    fn data(&self) -> PathBuf {
        self.dir.join("data")
    }

    /// Runs one of the package's programs (as the unprivileged user when root).
    fn run(&self, program: &str, args: &[&str]) -> Result<String, String> {
        let path = self.bin.join(program);
        let mut command = match self.as_user {
            Some(user) => {
                let mut c = Command::new("runuser");
                c.args(["-u", user, "--"]).arg(&path);
                c
            }
            None => Command::new(&path),
        };
        let out = command
            .args(args)
            .current_dir(&self.dir)
            .stdin(Stdio::null())
            .output()
            .map_err(|e| format!("{program}: {e}"))?;
        if out.status.success() {
            Ok(String::from_utf8_lossy(&out.stdout).into_owned())
        } else {
            Err(format!(
                "{program} {}: {}{}",
                args.join(" "),
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            ))
        }
    }

    /// The port it listens on (127.0.0.1).
    pub fn port(&self) -> u16 {
        self.port
    }

    /// The URL of database `name`.
    pub fn url(&self, name: &str) -> String {
        format!("postgres://postgres@127.0.0.1:{}/{name}", self.port)
    }

    /// Creates database `name` and gives its URL.
    pub fn create_database(&self, name: &str) -> Result<String, String> {
        self.run(
            "createdb",
            &[
                "-h",
                "127.0.0.1",
                "-p",
                &self.port.to_string(),
                "-U",
                "postgres",
                name,
            ],
        )?;
        Ok(self.url(name))
    }

    /// Runs SQL on database `name` with psql, and gives what it printed (unaligned, no
    /// headings).
    pub fn sql(&self, name: &str, sql: &str) -> Result<String, String> {
        self.run(
            "psql",
            &[
                "-h",
                "127.0.0.1",
                "-p",
                &self.port.to_string(),
                "-U",
                "postgres",
                "-d",
                name,
                "-v",
                "ON_ERROR_STOP=1",
                "-A",
                "-t",
                "-c",
                sql,
            ],
        )
    }

    /// The directory of its cluster and log.
    pub fn dir(&self) -> &Path {
        &self.dir
    }
}

impl Drop for ThrowawayPostgres {
    fn drop(&mut self) {
        // Nothing of a throwaway server needs a clean shutdown.
        let _ = self.crash();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// What the proxy does to the link.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// Passes everything.
    None,
    /// Refuses new connections (closes them at once).
    Refuse,
    /// Holds every byte on the open connections (they stay open, silent).
    Stall,
    /// Delays every chunk by 30 ms.
    Slow,
}

/// A TCP proxy on 127.0.0.1 in front of a database's port, for tests of a bad network: it
/// passes, refuses, stalls or slows the link, and drops every connection on demand.
pub struct Proxy {
    /// The port it listens on (127.0.0.1).
    pub port: u16,
    fault: Arc<Mutex<Fault>>,
    open: Arc<Mutex<Vec<TcpStream>>>,
    stop: Arc<AtomicBool>,
}

impl Proxy {
    /// A proxy on a free port of 127.0.0.1 in front of `upstream` (a port of 127.0.0.1).
    pub fn start(upstream: u16) -> Result<Proxy, String> {
        let listener = TcpListener::bind("127.0.0.1:0").map_err(|e| e.to_string())?;
        listener.set_nonblocking(true).map_err(|e| e.to_string())?;
        let port = listener.local_addr().map_err(|e| e.to_string())?.port();
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
                if *lock(&f) == Fault::Refuse {
                    let _ = client.shutdown(Shutdown::Both);
                    continue;
                }
                let Ok(server) = TcpStream::connect(("127.0.0.1", upstream)) else {
                    continue;
                };
                let clones = (|| -> std::io::Result<_> {
                    client.set_nonblocking(false)?;
                    Ok((
                        client.try_clone()?,
                        server.try_clone()?,
                        client.try_clone()?,
                        server.try_clone()?,
                    ))
                })();
                let Ok((c1, s1, c2, s2)) = clones else {
                    continue;
                };
                lock(&o).extend([c2, s2]);
                for (from, to) in [(c1, s1), (server, client)] {
                    let (f, s) = (f.clone(), s.clone());
                    std::thread::spawn(move || pump(from, to, &f, &s));
                }
            }
        });
        Ok(Proxy {
            port,
            fault,
            open,
            stop,
        })
    }

    /// From now on, `fault`.
    pub fn set(&self, fault: Fault) {
        *lock(&self.fault) = fault;
    }

    /// Drops every open connection, as a flapping link does.
    pub fn drop_all(&self) {
        for s in lock(&self.open).drain(..) {
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
    if from
        .set_read_timeout(Some(Duration::from_millis(50)))
        .is_err()
    {
        return;
    }
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
            match *lock(fault) {
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

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}
