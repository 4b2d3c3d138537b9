//! Collecting what the threads left: AI answers, records read, write failures, traces.

use super::Application;
use crate::game::record::store::latest_unfinished;
use crate::game::record::{RecordsLoader, WriteReport};
use crate::game::{Command, Game};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

impl Application {
    pub(super) fn poll_workers(&mut self, now: Duration) {
        for reply in self.ai.poll() {
            let events = self.manager.apply(Command::SearchDone(reply), now);
            self.carry_out(crate::app::handlers::Effects {
                game: events,
                ..Default::default()
            });
        }
        for (ticket, decision) in self.swap2.poll() {
            let events = self
                .manager
                .apply(Command::Swap2Decided { ticket, decision }, now);
            self.carry_out(crate::app::handlers::Effects {
                game: events,
                ..Default::default()
            });
        }
        for report in self
            .writer
            .as_ref()
            .map(|w| w.reports())
            .unwrap_or_default()
        {
            match report {
                WriteReport::Wrote(path) => log::info!("wrote {}", path.display()),
                WriteReport::Failed(message) => self.ui.toast(message),
            }
            self.redraw.pending = true;
        }
        self.poll_study(now);
        self.poll_seats(now);
        self.poll_net(now);
        self.poll_listing();
        self.poll_startup(now);
        if let Some(message) = self.trace.as_ref().and_then(|rx| rx.try_recv().ok()) {
            self.trace = None;
            self.ui.toast(message);
            self.redraw.pending = true;
        }
    }

    /// Starts reading the records folder for the Records screen.
    pub(super) fn list_records(&mut self) {
        let wake = Arc::clone(&self.waker);
        let after = self.writer.as_ref().map(|w| w.barrier());
        self.listing = self
            .store
            .as_ref()
            .map(|s| RecordsLoader::spawn(s.clone(), after, wake));
    }

    fn poll_listing(&mut self) {
        let Some(loader) = self.listing.as_mut() else {
            return;
        };
        let entries = loader.poll();
        let done = loader.is_done();
        if !entries.is_empty() || done {
            self.ui.add_records(entries);
            self.redraw.pending = true;
        }
        if done {
            self.ui.records_loading = false;
            self.listing = None;
        }
    }

    /// Once the start-up read is complete, the newest unfinished game becomes the one
    /// Resume continues (unless a game was started meanwhile), and it keeps its file.
    fn poll_startup(&mut self, now: Duration) {
        let Some((loader, found)) = self.startup.as_mut() else {
            return;
        };
        found.extend(loader.poll());
        if !loader.is_done() {
            return;
        }
        // A network game cannot be resumed without its other player.
        found.retain(|e| e.as_ref().is_ok_and(|(_, r)| !r.mode.is_network()));
        let latest = latest_unfinished(found);
        self.startup = None;
        let Some((path, record)) = latest.filter(|_| self.manager.game().is_none()) else {
            return;
        };
        match Game::from_record(&record, now) {
            Ok(game) => {
                if let Some(w) = &self.writer {
                    w.adopt(game.id(), path);
                }
                self.manager.apply(Command::Resume(Box::new(game)), now);
            }
            Err(e) => self.ui.toast(e.to_string()),
        }
        self.redraw.pending = true;
    }

    /// Writes the profiler's trace on a thread of its own; its message comes back later.
    pub(super) fn write_trace(&mut self, path: PathBuf) {
        let (tx, rx) = std::sync::mpsc::channel();
        let wake = Arc::clone(&self.waker);
        let spawned = std::thread::Builder::new()
            .name("trace".into())
            .spawn(move || {
                let message = match crate::profiler::disable_and_write(&path) {
                    Ok(p) => {
                        log::info!("trace written: {}", p.display());
                        let name = p.file_name().unwrap_or_default().to_string_lossy();
                        format!("Trace saved as {name} in the game's data folder")
                    }
                    Err(e) => {
                        log::error!("{e}");
                        "The trace could not be saved (see the log)".to_string()
                    }
                };
                let _ = tx.send(message);
                wake();
            });
        match spawned {
            Ok(_) => self.trace = Some(rx),
            Err(e) => {
                log::error!("cannot start the trace writer: {e}");
                self.ui.toast("The trace could not be saved (see the log)");
            }
        }
    }

    /// True once the start-up read of the records folder is done.
    pub fn records_ready(&self) -> bool {
        self.startup.is_none()
    }
}
