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
    pub role: events::Role,
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
}

fn default_body_seconds() -> u64 {
    30
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
        if let Some(a) = flags.address {
            config.server.address = a;
        }
        if let Some(d) = &flags.data_dir {
            config.server.data_dir = d.clone();
        }
        if let Some(l) = &flags.log_level {
            config.server.log_level = l.clone();
        }
        if let Some(s) = &flags.static_dir {
            config.web.static_dir = s.clone();
        }
        Ok(config)
    }
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
    fn bad_values_name_the_problem() {
        let env = |k: &str| (k == "SWISS_ADDRESS").then(|| "nowhere".to_string());
        let e = Config::load(None, env, &Overrides::default()).unwrap_err();
        assert!(e.to_string().contains("SWISS_ADDRESS"), "{e}");
        let e = toml::from_str::<Config>("[server]\naddress = \"127.0.0.1:1\"\ndata_dir = \"d\"\nlog_level = \"info\"\nport = 3\n[web]\nstatic_dir = \"w\"\n").unwrap_err();
        assert!(e.to_string().contains("port"), "{e}");
    }
}
