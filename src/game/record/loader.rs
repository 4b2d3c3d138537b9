//! The records list, read on its own thread: each file is checked and parsed there and
//! sent as it is done, so the Records screen opens at once and fills in, and start-up
//! finds the game to resume without the window waiting.

use super::store::{Listed, RecordStore};
use crate::game::wake::Waker;
use std::sync::mpsc::{self, Receiver};

/// One background listing of the records folder.
pub struct RecordsLoader {
    rx: Receiver<Listed>,
    done: bool,
}

impl RecordsLoader {
    /// Starts reading `store`'s folder, once `after` answers (the record writer's
    /// barrier: saves asked before the listing are seen by it); `wake` is called after
    /// each entry and at the end.
    pub fn spawn(store: RecordStore, after: Option<Receiver<()>>, wake: Waker) -> RecordsLoader {
        let (tx, rx) = mpsc::channel();
        let started = std::thread::Builder::new()
            .name("records-list".into())
            .spawn(move || {
                if let Some(after) = after {
                    let _ = after.recv();
                }
                let paths = match store.paths() {
                    Ok(p) => p,
                    Err(e) => {
                        let _ = tx.send(Err(e));
                        return wake();
                    }
                };
                for p in paths {
                    let entry = RecordStore::load(&p).map(|r| (p, r));
                    if tx.send(entry).is_err() {
                        return; // nobody is listening any more
                    }
                    wake();
                }
                drop(tx);
                wake();
            });
        if let Err(e) = started {
            log::error!("cannot start the records list: {e}");
        }
        RecordsLoader { rx, done: false }
    }

    /// Entries read since the last call.
    pub fn poll(&mut self) -> Vec<Listed> {
        let mut out = Vec::new();
        loop {
            match self.rx.try_recv() {
                Ok(e) => out.push(e),
                Err(mpsc::TryRecvError::Empty) => break,
                Err(mpsc::TryRecvError::Disconnected) => {
                    self.done = true;
                    break;
                }
            }
        }
        out
    }

    /// True once every file has been read (and polled).
    pub fn is_done(&self) -> bool {
        self.done
    }

    /// Waits for the whole list (tools and tests).
    pub fn wait_all(mut self) -> Vec<Listed> {
        let mut all: Vec<Listed> = self.rx.iter().collect();
        self.done = true;
        super::store::sort_listed(&mut all);
        all
    }
}
