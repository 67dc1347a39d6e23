//! For tests and benchmarks: a throwaway PostgreSQL server, from Debian's `postgresql` package,
//! in a temporary directory on a free port, stopped and removed when dropped. Run as root, it
//! runs as the package's unprivileged `postgres` user (PostgreSQL refuses to run as root).
//!
//! Not used by the server: it is here so that the storage suite, the multi-node integration
//! tests and the load benchmark start their database the same way.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
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
