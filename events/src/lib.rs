//! The event log: the one crate that knows sled.
//!
//! Today this crate opens the server's embedded store and reports on it. The append-only event
//! log, its replay into the engine's tournament, corrections and concurrency are issue #6 and
//! are not built yet.

use std::path::{Path, PathBuf};

/// Why the store could not be used.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// sled refused to open or use the database.
    #[error("the store at {path} could not be opened: {source}")]
    Open {
        /// The database's directory.
        path: PathBuf,
        /// sled's error.
        source: sled::Error,
    },
}

/// The server's embedded database.
#[derive(Clone)]
pub struct Store {
    db: sled::Db,
    path: PathBuf,
}

impl Store {
    /// Opens (creating if needed) the database in directory `path`.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        let db = sled::open(path).map_err(|source| StoreError::Open {
            path: path.to_path_buf(),
            source,
        })?;
        Ok(Store {
            db,
            path: path.to_path_buf(),
        })
    }

    /// The database's directory.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Whether the database holds nothing yet.
    pub fn is_empty(&self) -> bool {
        self.db.is_empty()
    }

    /// The database's size on disk, in bytes.
    pub fn size_on_disk(&self) -> u64 {
        self.db.size_on_disk().unwrap_or(0)
    }
}
