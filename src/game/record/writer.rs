//! The record writer: one thread that does every write of the records folder, in the
//! order asked, so the frame loop never waits for a disk. Each write is atomic (see
//! [`crate::files::atomic_write`]): a `kill -9` at any moment leaves every file whole.
//! Dropping the writer finishes the queue first, so nothing asked for is lost on exit.

use super::model::GameRecord;
use super::store::RecordStore;
use crate::files::atomic_write;
use crate::game::wake::Waker;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread::JoinHandle;

/// What the writer wants the player to know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WriteReport {
    /// A file asked for with [`RecordWriter::write_file`] is on disk.
    Wrote(PathBuf),
    /// Something could not be written; the message names the file.
    Failed(String),
}

enum Job {
    Record(Box<GameRecord>),
    /// From now on, the record with this id lives in this file (a resumed game).
    Adopt(String, PathBuf),
    File(PathBuf, Vec<u8>),
    /// Answered once every job before it is done.
    Flush(Sender<()>),
}

/// Handle to the writer thread.
pub struct RecordWriter {
    jobs: Option<Sender<Job>>,
    reports: Receiver<WriteReport>,
    thread: Option<JoinHandle<()>>,
}

impl RecordWriter {
    /// Starts the thread writing into `store`; `wake` is called after each report.
    pub fn spawn(store: RecordStore, wake: Waker) -> RecordWriter {
        let (jobs, job_rx) = mpsc::channel();
        let (report_tx, reports) = mpsc::channel();
        let thread = std::thread::Builder::new()
            .name("records".into())
            .spawn(move || Worker::new(store, report_tx, wake).run(job_rx))
            .map_err(|e| log::error!("cannot start the record writer: {e}"))
            .ok();
        RecordWriter {
            jobs: Some(jobs),
            reports,
            thread,
        }
    }

    /// Saves the record (in its own file, or the one it was adopted into).
    pub fn save(&self, record: GameRecord) {
        self.send(Job::Record(Box::new(record)));
    }

    /// Saves the record with `id` at `path` from now on.
    pub fn adopt(&self, id: &str, path: PathBuf) {
        self.send(Job::Adopt(id.to_string(), path));
    }

    /// Writes any other file the game produces (a `.psq` export).
    pub fn write_file(&self, path: PathBuf, bytes: Vec<u8>) {
        self.send(Job::File(path, bytes));
    }

    /// Waits until everything asked so far is on disk.
    pub fn flush(&self) {
        let _ = self.barrier().recv();
    }

    /// Answered (without blocking the caller) once everything asked so far is on disk:
    /// a reader of the folder waits on it to see every save made before it started.
    pub fn barrier(&self) -> Receiver<()> {
        let (tx, rx) = mpsc::channel();
        self.send(Job::Flush(tx));
        rx
    }

    /// Reports since the last call.
    pub fn reports(&self) -> Vec<WriteReport> {
        self.reports.try_iter().collect()
    }

    fn send(&self, job: Job) {
        if self.jobs.as_ref().is_none_or(|j| j.send(job).is_err()) {
            log::error!("the record writer is gone; nothing written");
        }
    }
}

impl Drop for RecordWriter {
    fn drop(&mut self) {
        self.jobs = None; // the thread writes what is queued, then its loop ends
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Which jobs of a batch to do: a save is skipped when a later save of the same game
/// follows it with no change of file (adopt) in between.
fn superseded_saves_dropped(batch: &[Job]) -> Vec<bool> {
    let mut later: std::collections::HashSet<&str> = std::collections::HashSet::new();
    let mut keep: Vec<bool> = batch
        .iter()
        .rev()
        .map(|job| match job {
            Job::Record(r) => later.insert(r.id.as_str()),
            Job::Adopt(..) => {
                later.clear();
                true
            }
            _ => true,
        })
        .collect();
    keep.reverse();
    keep
}

/// The thread's side.
struct Worker {
    store: RecordStore,
    homes: HashMap<String, PathBuf>,
    reports: Sender<WriteReport>,
    wake: Waker,
}

impl Worker {
    fn new(store: RecordStore, reports: Sender<WriteReport>, wake: Waker) -> Worker {
        Worker {
            store,
            homes: HashMap::new(),
            reports,
            wake,
        }
    }

    fn run(mut self, jobs: Receiver<Job>) {
        crate::profiler::set_thread_name("records");
        while let Ok(first) = jobs.recv() {
            // Everything queued meanwhile: a save overtaken by a later save of the same
            // game in this batch is skipped (the later one has all its moves).
            let batch: Vec<Job> = std::iter::once(first).chain(jobs.try_iter()).collect();
            let keep = superseded_saves_dropped(&batch);
            for (job, keep) in batch.into_iter().zip(keep) {
                if keep {
                    self.do_job(job);
                }
            }
        }
    }

    fn do_job(&mut self, job: Job) {
        match job {
            Job::Record(record) => {
                let path = self
                    .homes
                    .get(&record.id)
                    .cloned()
                    .unwrap_or_else(|| self.store.path_of(&record));
                if let Err(e) = self.store.save_to(&record, &path) {
                    self.report(WriteReport::Failed(format!("Could not save the game: {e}")));
                }
            }
            Job::Adopt(id, path) => {
                self.homes.insert(id, path);
            }
            Job::File(path, bytes) => match atomic_write(&path, &bytes) {
                Ok(()) => self.report(WriteReport::Wrote(path)),
                Err(e) => {
                    log::error!("{}: {e}", path.display());
                    let name = path.file_name().unwrap_or_default().to_string_lossy();
                    let why = crate::files::io_words(&e);
                    self.report(WriteReport::Failed(format!("Could not save {name}: {why}")));
                }
            },
            Job::Flush(done) => {
                let _ = done.send(());
            }
        }
    }

    fn report(&self, r: WriteReport) {
        if self.reports.send(r).is_ok() {
            (self.wake)();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Board, Level, Pos, Rule};
    use crate::game::mode::GameMode;
    use crate::game::wake::no_waker;

    fn record(moves: usize) -> GameRecord {
        let mut b = Board::square(15).expect("size");
        for i in 0..moves {
            b.play(Pos::new(i, 7 + i % 2)).expect("empty");
        }
        GameRecord::from_board(
            "1700000000-writer".into(),
            &b,
            Rule::Freestyle,
            GameMode::HumanVsHuman,
            Level::Easy,
            1_700_000_000,
            &[],
        )
    }

    #[test]
    fn saves_land_in_order_and_dropping_the_writer_finishes_the_queue() {
        let dir = std::env::temp_dir().join(format!(
            "gomoku-writer-{}-{}",
            std::process::id(),
            rand::random::<u32>()
        ));
        let store = RecordStore::open(&dir).expect("opens");
        let writer = RecordWriter::spawn(store.clone(), no_waker());
        for n in 1..=6 {
            writer.save(record(n));
        }
        let elsewhere = store.dir().join("kept-here.json");
        writer.adopt("1700000000-writer", elsewhere.clone());
        writer.save(record(7));
        drop(writer);
        assert_eq!(
            RecordStore::load(&store.path_of(&record(1))).unwrap(),
            record(6)
        );
        assert_eq!(RecordStore::load(&elsewhere).unwrap(), record(7));
        let _ = std::fs::remove_dir_all(dir);
    }
}
