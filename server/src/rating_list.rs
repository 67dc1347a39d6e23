//! The FIDE rating list the server holds: loaded from the file FIDE publishes, as downloaded
//! (the `.zip`, or the `.txt` or `.xml` inside it), kept in the data directory so that a
//! restart finds it again, and searched by the console when a player registers.
//!
//! One list for the server: every tournament on it registers from the same month's list.

use engine::formats::rating_list::RatingList;
use std::io::{BufReader, Read};
use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};

/// A list as loaded: the players, the file it came from and when.
pub struct Loaded {
    /// The players.
    pub list: RatingList,
    /// The name of the file as uploaded (`players_list.zip`).
    pub source: String,
    /// When it was loaded, in milliseconds since 1970-01-01 UTC.
    pub loaded_at_ms: u64,
}

impl Loaded {
    /// How the list is named in a correction's reason: the file and the day it was loaded.
    pub fn describe(&self) -> String {
        let day = time_day(self.loaded_at_ms);
        format!("{} (loaded {day})", self.source)
    }
}

/// `YYYY-MM-DD` (UTC) of a time in milliseconds since 1970.
fn time_day(ms: u64) -> String {
    match time::OffsetDateTime::from_unix_timestamp((ms / 1000) as i64) {
        Ok(t) => format!("{:04}-{:02}-{:02}", t.year(), u8::from(t.month()), t.day()),
        Err(_) => "an unknown day".into(),
    }
}

/// The server's list, if one is loaded; replaced whole when another is loaded.
#[derive(Clone, Default)]
pub struct Lists {
    current: Arc<RwLock<Option<Arc<Loaded>>>>,
    dir: Option<PathBuf>,
}

/// The file the list is kept in, and the file its name is kept in.
const FILE: &str = "list";
const SOURCE: &str = "source";

impl Lists {
    /// No list, kept in `dir` once one is loaded (nothing kept when `None`).
    pub fn new(dir: Option<PathBuf>) -> Lists {
        Lists {
            current: Arc::default(),
            dir,
        }
    }

    /// The list loaded, if any.
    pub fn current(&self) -> Option<Arc<Loaded>> {
        self.current.read().ok().and_then(|g| g.clone())
    }

    /// Reads `bytes` (named `source`) as a rating list, keeps the file and makes it the
    /// server's list. Nothing changes when it cannot be read.
    pub fn load(&self, bytes: &[u8], source: &str) -> Result<Arc<Loaded>, String> {
        let list = read(bytes)?;
        if list.is_empty() {
            return Err(format!("{source}: the file lists no player"));
        }
        if let Some(dir) = &self.dir {
            std::fs::create_dir_all(dir)
                .and_then(|()| write_atomically(dir, FILE, bytes))
                .and_then(|()| write_atomically(dir, SOURCE, source.as_bytes()))
                .map_err(|e| format!("the list could not be kept in {}: {e}", dir.display()))?;
        }
        Ok(self.set(Loaded {
            list,
            source: source.to_string(),
            loaded_at_ms: now_ms(),
        }))
    }

    /// Makes `loaded` the server's list.
    fn set(&self, loaded: Loaded) -> Arc<Loaded> {
        let loaded = Arc::new(loaded);
        if let Ok(mut g) = self.current.write() {
            *g = Some(loaded.clone());
        }
        loaded
    }

    /// Loads the list kept in the directory, if there is one (at start).
    pub fn restore(&self) -> Result<(), String> {
        let Some(dir) = &self.dir else {
            return Ok(());
        };
        let path = dir.join(FILE);
        if !path.exists() {
            return Ok(());
        }
        let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let source =
            std::fs::read_to_string(dir.join(SOURCE)).unwrap_or_else(|_| "rating list".into());
        let list = read(&bytes)?;
        let modified = std::fs::metadata(&path)
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
            .map_or_else(now_ms, |d| d.as_millis() as u64);
        self.set(Loaded {
            list,
            source,
            loaded_at_ms: modified,
        });
        Ok(())
    }
}

fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

fn write_atomically(dir: &Path, name: &str, bytes: &[u8]) -> std::io::Result<()> {
    let tmp = dir.join(format!("{name}.new"));
    let mut f = std::fs::File::create(&tmp)?;
    std::io::Write::write_all(&mut f, bytes)?;
    f.sync_all()?;
    std::fs::rename(&tmp, dir.join(name))
}

/// A list from a file as FIDE publishes it: a ZIP archive holding one `.txt` or `.xml` list,
/// or the list itself.
pub fn read(bytes: &[u8]) -> Result<RatingList, String> {
    let entries = if bytes.starts_with(b"PK\x03\x04") {
        let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes))
            .map_err(|e| format!("the ZIP archive cannot be read: {e}"))?;
        let index = (0..archive.len())
            .find(|&i| {
                archive
                    .name_for_index(i)
                    .and_then(Result::ok)
                    .is_some_and(|n| {
                        let n = n.to_ascii_lowercase();
                        n.ends_with(".txt") || n.ends_with(".xml")
                    })
            })
            .ok_or("the ZIP archive holds no .txt or .xml list")?;
        let file = archive
            .by_index(index)
            .map_err(|e| format!("the ZIP archive cannot be read: {e}"))?;
        let name = file
            .name()
            .map_or_else(|_| "the list".to_string(), |n| n.to_string());
        engine::formats::rating_list::read(BufReader::with_capacity(1 << 16, file.take(u64::MAX)))
            .map_err(|e| format!("{name}: {e}"))?
    } else {
        engine::formats::rating_list::read(bytes).map_err(|e| e.to_string())?
    };
    Ok(RatingList::new(entries))
}

#[cfg(test)]
mod tests {
    #[test]
    fn days_are_civil_dates() {
        assert_eq!(super::time_day(0), "1970-01-01");
        assert_eq!(super::time_day(1_795_424_820_706), "2026-11-23");
        assert_eq!(super::time_day(951_782_400_000), "2000-02-29");
    }
}
