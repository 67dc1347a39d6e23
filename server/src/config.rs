//! The server's configuration: `config/default.toml` (built in, so the binary runs anywhere),
//! an optional file, environment variables, then flags, each overriding the one before.

use serde::Deserialize;
use std::net::SocketAddr;
use std::path::PathBuf;

/// The configuration built into the binary: `config/default.toml`.
pub const DEFAULT_TOML: &str = include_str!("../../config/default.toml");

/// The server's settings.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// Listening and storage.
    pub server: ServerSection,
    /// Pages.
    pub web: WebSection,
    /// Accounts given by the configuration (others are created through the API).
    #[serde(default)]
    pub accounts: Vec<AccountEntry>,
    /// Live updates.
    #[serde(default)]
    pub live: LiveSection,
    /// Where the events are kept.
    #[serde(default)]
    pub store: StoreSection,
    /// A second copy of every tournament, kept as the event goes.
    #[serde(default)]
    pub copies: CopiesSection,
}

/// `[copies]`: a folder on another disk (a USB stick, a mounted share) that receives, each
/// time a round is published and when a tournament is closed, a backup of the whole store (what
/// `swiss restore` reads) and the tournament's TRF file after that round.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CopiesSection {
    /// The folder (`SWISS_COPIES_DIR`, `--copies-dir`); none by default.
    #[serde(default)]
    pub folder: Option<PathBuf>,
}

/// Which store keeps the events.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum StoreKind {
    /// sled, embedded, in `server.data_dir`: one process, nothing to install.
    #[default]
    Sled,
    /// PostgreSQL at `store.url`, shared by several servers.
    Postgres,
}

impl std::str::FromStr for StoreKind {
    type Err = String;
    fn from_str(s: &str) -> Result<StoreKind, String> {
        match s {
            "sled" => Ok(StoreKind::Sled),
            "postgres" => Ok(StoreKind::Postgres),
            _ => Err(format!("{s:?} is no store: sled or postgres")),
        }
    }
}

/// `[store]`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StoreSection {
    /// `sled` (the default) or `postgres`.
    #[serde(default)]
    pub kind: StoreKind,
    /// The PostgreSQL database, `postgres://user:password@host:port/database`.
    #[serde(default)]
    pub url: Option<String>,
}

/// `[live]`: WebSocket heartbeats and how far a client may fall behind.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LiveSection {
    /// Seconds between the server's pings.
    pub ping_seconds: u64,
    /// Seconds of silence after which a client is closed.
    pub timeout_seconds: u64,
    /// Batches of events kept for a client that reads slowly; one that falls further behind
    /// gets a resync notice.
    #[serde(default = "default_backlog")]
    pub backlog_batches: usize,
}

fn default_backlog() -> usize {
    crate::live::BACKLOG
}

impl Default for LiveSection {
    fn default() -> LiveSection {
        LiveSection {
            ping_seconds: 10,
            timeout_seconds: 30,
            backlog_batches: default_backlog(),
        }
    }
}

/// `[[accounts]]`: an account whose token is known only by its SHA-256 hash.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AccountEntry {
    /// The name.
    pub name: String,
    /// `admin`, `chief` or `arbiter`.
    pub role: events::app::Role,
    /// The tournaments of a chief arbiter or an arbiter (their identifiers); none for an
    /// administrator.
    #[serde(default)]
    pub tournaments: Vec<uuid::Uuid>,
    /// SHA-256 of the token, hex (`printf %s TOKEN | sha256sum`).
    pub token_sha256: String,
}

/// `[server]`.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ServerSection {
    /// Address and port to listen on.
    pub address: SocketAddr,
    /// Directory of the sled store.
    pub data_dir: PathBuf,
    /// Log level.
    pub log_level: String,
    /// Seconds a request's body may take to arrive (`SWISS_BODY_SECONDS`): a client that
    /// stalls mid-body is answered 408 and its connection closed.
    #[serde(default = "default_body_seconds")]
    pub body_seconds: u64,
    /// Threads answering requests (`SWISS_WORKERS`); store calls and pairing run on a blocking
    /// pool of their own beside them.
    #[serde(default = "default_workers")]
    pub workers: usize,
    /// The address players' phones and the hall's tablets reach this server by
    /// (`SWISS_PUBLIC_URL`), e.g. `http://192.168.1.20:8080`: the players' cards, the QR codes
    /// and the sign-in links are built on it. None: the address the server listens on, when
    /// that is not this machine's own (127.0.0.1) or every address (0.0.0.0).
    #[serde(default)]
    pub public_url: Option<String>,
}

fn default_body_seconds() -> u64 {
    30
}

fn default_workers() -> usize {
    2
}

/// `[web]`.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WebSection {
    /// Directory of the static pages.
    pub static_dir: PathBuf,
}

/// Overrides given on the command line.
#[derive(Clone, Debug, Default)]
pub struct Overrides {
    /// `--address`.
    pub address: Option<SocketAddr>,
    /// `--data-dir`.
    pub data_dir: Option<PathBuf>,
    /// `--log-level`.
    pub log_level: Option<String>,
    /// `--static-dir`.
    pub static_dir: Option<PathBuf>,
    /// `--copies-dir`.
    pub copies_dir: Option<PathBuf>,
    /// `--store`.
    pub store: Option<StoreKind>,
    /// `--database-url`.
    pub database_url: Option<String>,
}

/// Why the configuration could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// The file could not be read.
    #[error("cannot read {path}: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file is not valid TOML or has unknown or missing fields.
    #[error("{origin}: {source}")]
    Parse {
        /// Which file.
        origin: String,
        /// What is wrong (names the field).
        source: toml::de::Error,
    },
    /// The store is PostgreSQL but no database is named.
    #[error("store.kind is \"postgres\" but no database is named: set store.url in the configuration file, SWISS_DATABASE_URL, or --database-url")]
    NoDatabase,
    /// `server.public_url` is not an address a phone can open.
    #[error("server.public_url = {value:?}: {problem}")]
    PublicUrl {
        /// The value.
        value: String,
        /// What is wrong.
        problem: String,
    },
    /// An environment variable holds a value that does not parse.
    #[error("environment variable {name}={value:?}: {problem}")]
    Env {
        /// The variable.
        name: &'static str,
        /// Its value.
        value: String,
        /// What is wrong.
        problem: String,
    },
}

impl Config {
    /// The built-in defaults.
    pub fn defaults() -> Config {
        toml::from_str(DEFAULT_TOML).expect("config/default.toml is valid")
    }

    /// Loads `file` (or the built-in defaults), then applies `env` (a lookup of environment
    /// variables) and `flags`.
    pub fn load(
        file: Option<&std::path::Path>,
        env: impl Fn(&str) -> Option<String>,
        flags: &Overrides,
    ) -> Result<Config, ConfigError> {
        let mut config = match file {
            None => Config::defaults(),
            Some(path) => {
                let text = std::fs::read_to_string(path).map_err(|source| ConfigError::Read {
                    path: path.into(),
                    source,
                })?;
                toml::from_str(&text).map_err(|source| ConfigError::Parse {
                    origin: path.display().to_string(),
                    source,
                })?
            }
        };
        if let Some(v) = env("SWISS_ADDRESS") {
            config.server.address =
                v.parse()
                    .map_err(|e: std::net::AddrParseError| ConfigError::Env {
                        name: "SWISS_ADDRESS",
                        value: v.clone(),
                        problem: e.to_string(),
                    })?;
        }
        if let Some(v) = env("SWISS_DATA_DIR") {
            config.server.data_dir = v.into();
        }
        if let Some(v) = env("SWISS_LOG_LEVEL") {
            config.server.log_level = v;
        }
        for (name, slot) in [
            ("SWISS_PING_SECONDS", &mut config.live.ping_seconds),
            ("SWISS_TIMEOUT_SECONDS", &mut config.live.timeout_seconds),
            ("SWISS_BODY_SECONDS", &mut config.server.body_seconds),
        ] {
            if let Some(v) = env(name) {
                *slot = v
                    .parse()
                    .ok()
                    .filter(|&s| s > 0)
                    .ok_or_else(|| ConfigError::Env {
                        name,
                        value: v.clone(),
                        problem: "expected a number of seconds, 1 or more".into(),
                    })?;
            }
        }
        if let Some(v) = env("SWISS_WORKERS") {
            config.server.workers =
                v.parse()
                    .ok()
                    .filter(|&w| w > 0)
                    .ok_or_else(|| ConfigError::Env {
                        name: "SWISS_WORKERS",
                        value: v.clone(),
                        problem: "expected a number of threads, 1 or more".into(),
                    })?;
        }
        if let Some(v) = env("SWISS_LIVE_BACKLOG") {
            config.live.backlog_batches =
                v.parse()
                    .ok()
                    .filter(|&b| b > 0)
                    .ok_or_else(|| ConfigError::Env {
                        name: "SWISS_LIVE_BACKLOG",
                        value: v.clone(),
                        problem: "expected a number of batches, 1 or more".into(),
                    })?;
        }
        if let Some(v) = env("SWISS_STATIC_DIR") {
            config.web.static_dir = v.into();
        }
        if let Some(v) = env("SWISS_COPIES_DIR") {
            config.copies.folder = Some(v.into());
        }
        if let Some(v) = env("SWISS_STORE") {
            config.store.kind = v.parse().map_err(|problem| ConfigError::Env {
                name: "SWISS_STORE",
                value: v.clone(),
                problem,
            })?;
        }
        if let Some(v) = env("SWISS_DATABASE_URL") {
            config.store.url = Some(v);
        }
        if let Some(v) = env("SWISS_PUBLIC_URL") {
            config.server.public_url =
                Some(public_url(&v).map_err(|problem| ConfigError::Env {
                    name: "SWISS_PUBLIC_URL",
                    value: v.clone(),
                    problem,
                })?);
        }
        if let Some(v) = config.server.public_url.take() {
            config.server.public_url =
                Some(public_url(&v).map_err(|problem| ConfigError::PublicUrl {
                    value: v.clone(),
                    problem,
                })?);
        }
        if let Some(a) = flags.address {
            config.server.address = a;
        }
        if let Some(d) = &flags.data_dir {
            config.server.data_dir = d.clone();
        }
        if let Some(l) = &flags.log_level {
            config.server.log_level = l.clone();
        }
        if let Some(c) = &flags.copies_dir {
            config.copies.folder = Some(c.clone());
        }
        if let Some(s) = &flags.static_dir {
            config.web.static_dir = s.clone();
        }
        if let Some(k) = flags.store {
            config.store.kind = k;
        }
        if let Some(u) = &flags.database_url {
            config.store.url = Some(u.clone());
        }
        if config.store.kind == StoreKind::Postgres && config.store.url.is_none() {
            return Err(ConfigError::NoDatabase);
        }
        Ok(config)
    }

    /// Opens the configured store: sled in `server.data_dir`, or the PostgreSQL database.
    pub fn open_store(&self) -> Result<events::app::Store, events::app::StoreError> {
        match (self.store.kind, &self.store.url) {
            (StoreKind::Postgres, Some(url)) => events::app::Store::open_postgres(url),
            _ => events::app::Store::open(&self.server.data_dir),
        }
    }
}

/// `text` as a public address: `http://` or `https://`, a host and perhaps a port, nothing after
/// (the pages' addresses begin at the server's root); a final `/` is dropped.
fn public_url(text: &str) -> Result<String, String> {
    let text = text.trim().trim_end_matches('/');
    let problem = || {
        "expected the address the hall's network reaches this machine by, as http://HOST:PORT (e.g. http://192.168.1.20:8080), with nothing after the port".to_string()
    };
    let rest = text
        .strip_prefix("http://")
        .or_else(|| text.strip_prefix("https://"))
        .ok_or_else(problem)?;
    if rest.is_empty() || rest.contains(['/', '?', '#', ' ', '@']) {
        return Err(problem());
    }
    Ok(text.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_then_environment_then_flags() {
        let none = |_: &str| None;
        let c = Config::load(None, none, &Overrides::default()).unwrap();
        assert_eq!(c.server.address.port(), 8080);
        assert_eq!(c.server.data_dir, PathBuf::from("./data"));
        let env = |k: &str| (k == "SWISS_ADDRESS").then(|| "127.0.0.1:9000".to_string());
        let c = Config::load(None, env, &Overrides::default()).unwrap();
        assert_eq!(c.server.address.port(), 9000);
        let flags = Overrides {
            address: Some("127.0.0.1:0".parse().unwrap()),
            ..Overrides::default()
        };
        let c = Config::load(None, env, &flags).unwrap();
        assert_eq!(c.server.address.port(), 0);
    }

    #[test]
    fn the_public_url_is_an_address_with_nothing_after_its_port() {
        let none = |_: &str| None;
        let c = Config::load(None, none, &Overrides::default()).unwrap();
        assert_eq!(c.server.public_url, None);
        let env = |k: &str| (k == "SWISS_PUBLIC_URL").then(|| "http://192.168.1.20:8080/".into());
        let c = Config::load(None, env, &Overrides::default()).unwrap();
        assert_eq!(
            c.server.public_url.as_deref(),
            Some("http://192.168.1.20:8080")
        );
        for bad in [
            "192.168.1.20:8080",
            "http://",
            "http://hall/swiss",
            "ftp://hall",
        ] {
            let env = |k: &str| (k == "SWISS_PUBLIC_URL").then(|| bad.to_string());
            let e = Config::load(None, env, &Overrides::default()).unwrap_err();
            assert!(
                e.to_string().contains("SWISS_PUBLIC_URL") && e.to_string().contains("http://"),
                "{bad}: {e}"
            );
        }
    }

    #[test]
    fn bad_values_name_the_problem() {
        let env = |k: &str| (k == "SWISS_ADDRESS").then(|| "nowhere".to_string());
        let e = Config::load(None, env, &Overrides::default()).unwrap_err();
        assert!(e.to_string().contains("SWISS_ADDRESS"), "{e}");
        let e = toml::from_str::<Config>("[server]\naddress = \"127.0.0.1:1\"\ndata_dir = \"d\"\nlog_level = \"info\"\nport = 3\n[web]\nstatic_dir = \"w\"\n").unwrap_err();
        assert!(e.to_string().contains("port"), "{e}");
    }

    #[test]
    fn the_store_is_sled_unless_postgres_is_named_with_its_database() {
        let none = |_: &str| None;
        let c = Config::load(None, none, &Overrides::default()).unwrap();
        assert_eq!(c.store, StoreSection::default());
        let env = |k: &str| match k {
            "SWISS_STORE" => Some("postgres".to_string()),
            "SWISS_DATABASE_URL" => Some("postgres://u@h/d".to_string()),
            _ => None,
        };
        let c = Config::load(None, env, &Overrides::default()).unwrap();
        assert_eq!(
            (c.store.kind, c.store.url.as_deref()),
            (StoreKind::Postgres, Some("postgres://u@h/d"))
        );
        let flags = Overrides {
            store: Some(StoreKind::Postgres),
            ..Overrides::default()
        };
        let e = Config::load(None, none, &flags).unwrap_err();
        assert!(e.to_string().contains("SWISS_DATABASE_URL"), "{e}");
        let bad = |k: &str| (k == "SWISS_STORE").then(|| "mysql".to_string());
        let e = Config::load(None, bad, &Overrides::default()).unwrap_err();
        assert!(
            e.to_string().contains("SWISS_STORE") && e.to_string().contains("mysql"),
            "{e}"
        );
        let e = toml::from_str::<Config>("[server]\naddress = \"127.0.0.1:1\"\ndata_dir = \"d\"\nlog_level = \"info\"\n[web]\nstatic_dir = \"w\"\n[store]\nkind = \"redis\"\n").unwrap_err();
        assert!(e.to_string().contains("redis"), "{e}");
    }
}
