//! The records directory: one `<id>.json` per game, written atomically (temp file, fsync,
//! rename), so a crash at any moment leaves the previous complete version. Nothing is
//! ever deleted, and a bad file is reported, never "repaired". Only regular files are
//! read, each size-checked first.

use super::error::RecordError;
use super::model::GameRecord;
use super::parse_json_record;
use crate::files::{atomic_write, read_input, MAX_INPUT_BYTES};
use std::fs;
use std::path::{Path, PathBuf};

/// One entry of the records list: a readable record, or why a file is not one.
pub type Listed = Result<(PathBuf, GameRecord), RecordError>;

/// The records directory.
#[derive(Clone, Debug)]
pub struct RecordStore {
    dir: PathBuf,
}

fn io(path: &Path, e: std::io::Error) -> RecordError {
    RecordError::Io {
        path: path.to_path_buf(),
        message: crate::files::io_words(&e),
    }
}

impl RecordStore {
    /// Opens (creating if needed) the `records` folder under `data_dir`.
    pub fn open(data_dir: &Path) -> Result<RecordStore, RecordError> {
        let dir = data_dir.join("records");
        fs::create_dir_all(&dir).map_err(|e| io(&dir, e))?;
        Ok(RecordStore { dir })
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The file a record is saved in.
    pub fn path_of(&self, record: &GameRecord) -> PathBuf {
        self.dir.join(format!("{}.json", record.id))
    }

    /// Saves `record` atomically in its own file; it must be valid (a bad record is
    /// never written).
    pub fn save(&self, record: &GameRecord) -> Result<PathBuf, RecordError> {
        let path = self.path_of(record);
        self.save_to(record, &path)?;
        Ok(path)
    }

    /// Saves `record` atomically at `path` (a resumed game keeps the file it came from).
    pub fn save_to(&self, record: &GameRecord, path: &Path) -> Result<(), RecordError> {
        crate::profile_function!();
        record.validate(None)?;
        let text = serde_json::to_string_pretty(record).map_err(|e| RecordError::Json {
            path: Some(path.to_path_buf()),
            message: e.to_string(),
        })?;
        atomic_write(path, text.as_bytes()).map_err(|e| io(path, e))
    }

    /// Reads and fully checks one record file: a regular file, not over the size cap,
    /// opened without blocking, parsed as every other entry point parses.
    pub fn load(path: &Path) -> Result<GameRecord, RecordError> {
        let text =
            read_input(path, MAX_INPUT_BYTES).map_err(|e| RecordError::from_read(path, e))?;
        parse_json_record(&text).map_err(|e| e.in_file(path))
    }

    /// The `.json` files of the folder (temp files of interrupted saves are skipped).
    pub fn paths(&self) -> Result<Vec<PathBuf>, RecordError> {
        let rd = fs::read_dir(&self.dir).map_err(|e| io(&self.dir, e))?;
        Ok(rd
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect())
    }

    /// Every `.json` file: readable records newest first, then the unreadable ones.
    pub fn list(&self) -> Vec<Listed> {
        let mut entries: Vec<Listed> = match self.paths() {
            Ok(paths) => paths
                .into_iter()
                .map(|p| RecordStore::load(&p).map(|r| (p, r)))
                .collect(),
            Err(e) => vec![Err(e)],
        };
        sort_listed(&mut entries);
        entries
    }

    /// The newest game without a result and its file: what Resume continues after a
    /// restart.
    pub fn latest_unfinished(&self) -> Option<(PathBuf, GameRecord)> {
        latest_unfinished(&self.list())
    }
}

/// Readable records newest first, then the unreadable ones by message.
pub fn sort_listed(entries: &mut [Listed]) {
    entries.sort_by(|a, b| match (a, b) {
        (Ok((_, ra)), Ok((_, rb))) => (rb.started_at, &rb.id).cmp(&(ra.started_at, &ra.id)),
        (Ok(_), Err(_)) => std::cmp::Ordering::Less,
        (Err(_), Ok(_)) => std::cmp::Ordering::Greater,
        (Err(ea), Err(eb)) => ea.to_string().cmp(&eb.to_string()),
    });
}

/// The newest unfinished record of a list, with its file.
pub fn latest_unfinished(entries: &[Listed]) -> Option<(PathBuf, GameRecord)> {
    entries
        .iter()
        .filter_map(|e| e.as_ref().ok())
        .filter(|(_, r)| r.result.is_none())
        .max_by_key(|(_, r)| (r.started_at, r.id.clone()))
        .cloned()
}
