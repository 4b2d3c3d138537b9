//! The records directory: one `<id>.json` per game, written to a temp file, fsynced and
//! renamed, so a crash at any moment leaves the previous complete version. Nothing is
//! ever deleted, and a bad file is reported, never "repaired".

use super::error::RecordError;
use super::model::GameRecord;
use std::fs::{self, File};
use std::io::Write;
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
        message: e.to_string(),
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

    /// Saves `record` atomically; it must be valid (a bad record is never written).
    pub fn save(&self, record: &GameRecord) -> Result<PathBuf, RecordError> {
        crate::profile_function!();
        record.validate(None)?;
        let path = self.path_of(record);
        let tmp = self.dir.join(format!("{}.json.tmp", record.id));
        let text = serde_json::to_string_pretty(record).map_err(|e| RecordError::Json {
            path: Some(path.clone()),
            message: e.to_string(),
        })?;
        let mut file = File::create(&tmp).map_err(|e| io(&tmp, e))?;
        file.write_all(text.as_bytes()).map_err(|e| io(&tmp, e))?;
        file.sync_all().map_err(|e| io(&tmp, e))?;
        drop(file);
        fs::rename(&tmp, &path).map_err(|e| io(&path, e))?;
        // Make the rename itself durable; not every platform lets a directory be synced.
        if let Ok(d) = File::open(&self.dir) {
            let _ = d.sync_all();
        }
        Ok(path)
    }

    /// Reads and fully checks one record file.
    pub fn load(path: &Path) -> Result<GameRecord, RecordError> {
        let text = fs::read_to_string(path).map_err(|e| io(path, e))?;
        let record: GameRecord = serde_json::from_str(&text).map_err(|e| RecordError::Json {
            path: Some(path.to_path_buf()),
            message: e.to_string(),
        })?;
        record.validate(Some(path))?;
        Ok(record)
    }

    /// Every `.json` file: readable records newest first, then the unreadable ones.
    /// Temp files of interrupted saves are skipped.
    pub fn list(&self) -> Vec<Listed> {
        let mut entries: Vec<Listed> = match fs::read_dir(&self.dir) {
            Ok(rd) => rd
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "json"))
                .map(|p| RecordStore::load(&p).map(|r| (p, r)))
                .collect(),
            Err(e) => vec![Err(io(&self.dir, e))],
        };
        entries.sort_by(|a, b| match (a, b) {
            (Ok((_, ra)), Ok((_, rb))) => (rb.started_at, &rb.id).cmp(&(ra.started_at, &ra.id)),
            (Ok(_), Err(_)) => std::cmp::Ordering::Less,
            (Err(_), Ok(_)) => std::cmp::Ordering::Greater,
            (Err(ea), Err(eb)) => ea.to_string().cmp(&eb.to_string()),
        });
        entries
    }

    /// The newest game without a result: what Resume continues after a restart.
    pub fn latest_unfinished(&self) -> Option<GameRecord> {
        self.list()
            .into_iter()
            .filter_map(Result::ok)
            .map(|(_, r)| r)
            .find(|r| r.result.is_none())
    }
}
