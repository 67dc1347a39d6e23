//! A second copy kept as the event goes: a folder on another disk (a USB stick, a mounted
//! share) that receives, each time a round is published and when a tournament is closed, a
//! backup of the whole store (`swiss-backup.jsonl`, what `swiss restore` reads on another
//! machine) and the tournament's TRF file after that round (`<id>-round-<n>.trf`). Each file is
//! written beside its place and then renamed into it, so that a copy is whole or absent. A
//! folder that cannot be written (the stick pulled) is a warning in health and in the console,
//! never a failed write: the tournament data itself is safe in the store.

use events::app::{App, Store, TournamentId};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// The copy folder, and why the last copy failed.
#[derive(Clone, Default)]
pub struct Copies {
    folder: Option<PathBuf>,
    trouble: Arc<Mutex<Option<String>>>,
}

impl Copies {
    /// Copies into `folder` (none: no copies kept).
    pub fn new(folder: Option<PathBuf>) -> Copies {
        Copies {
            folder,
            trouble: Arc::default(),
        }
    }

    /// The folder, if copies are kept.
    pub fn folder(&self) -> Option<&Path> {
        self.folder.as_deref()
    }

    /// Why the last copy could not be written, in words; `None` after a copy succeeds.
    pub fn trouble(&self) -> Option<String> {
        self.trouble
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    /// Writes the copies of tournament `t` after round `round` (blocking: the store is read
    /// and files are written). A failure is kept for health, never answered to the writer.
    pub fn keep(&self, store: &Store, app: &App, t: TournamentId, round: u16) {
        let Some(folder) = &self.folder else { return };
        let result = write_copies(folder, store, app, t, round);
        if let Err(e) = &result {
            tracing::warn!(folder = %folder.display(), problem = %e, "the copy folder could not be written");
        }
        *self.trouble.lock().unwrap_or_else(|p| p.into_inner()) = result.err().map(|e| {
            format!(
                "the copy folder {} could not be written ({e}): the tournament data itself is safe; put the stick back or choose another folder",
                folder.display()
            )
        });
    }
}

fn write_copies(
    folder: &Path,
    store: &Store,
    app: &App,
    t: TournamentId,
    round: u16,
) -> Result<(), String> {
    if !folder.is_dir() {
        return Err("it is not there".into());
    }
    let backup = folder.join("swiss-backup.jsonl");
    write_whole(&backup, |out| {
        store
            .export(out)
            .map(|_| ())
            .map_err(|e| std::io::Error::other(e.to_string()))
    })?;
    let trf = app.export_trf(t, false).map_err(|e| e.to_string())?;
    write_whole(&folder.join(format!("{t}-round-{round}.trf")), |out| {
        out.write_all(trf.as_bytes())
    })
}

/// Writes `path` whole or not at all: beside it first, made durable, then renamed into place.
fn write_whole(
    path: &Path,
    fill: impl FnOnce(&mut dyn std::io::Write) -> std::io::Result<()>,
) -> Result<(), String> {
    use std::io::Write;
    let words = |e: std::io::Error| e.to_string();
    let part = path.with_extension("part");
    let file = std::fs::File::create(&part).map_err(words)?;
    let mut out = std::io::BufWriter::new(file);
    fill(&mut out).map_err(words)?;
    out.flush().map_err(words)?;
    let file = out.into_inner().map_err(|e| e.to_string())?;
    file.sync_all().map_err(words)?;
    std::fs::rename(&part, path).map_err(words)
}
