//! The analysis threads: one runs the infinite analysis of the position asked for last
//! (its engine and tables kept between positions), and a short-lived one per request
//! runs the forced-win finder. Neither ever blocks the caller.
//!
//! Analysis reports arrive far faster than anyone reads them (one per finished line), so
//! the thread keeps only the newest in a slot and wakes the frame loop only when the slot
//! was empty: the loop takes the slot when it likes (a few times a second).

use super::LINES;
use crate::engine::strong::{find_forced_win, Analysis, ForcedWin, StrongEngine, StrongLimits};
use crate::engine::{Board, Clock, Rule};
use crate::game::wake::Waker;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;

/// A position to analyse until stopped; reports carry the ticket.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysisRequest {
    pub ticket: u64,
    pub board: Board,
    pub rule: Rule,
}

/// A position to search for a forced win, `nodes` for each of VCF and VCT.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FinderRequest {
    pub ticket: u64,
    pub board: Board,
    pub rule: Rule,
    pub nodes: u64,
}

/// Transposition table of the analysis engine (made on the first request).
const TT_BYTES: usize = 32 << 20;
/// The analysis runs until stopped or this deep.
const MAX_DEPTH: u32 = 60;

struct Job {
    request: AnalysisRequest,
    stop: Arc<AtomicBool>,
}

/// The newest report, shared between the analysis thread and its handle.
#[derive(Default)]
struct Slot {
    report: Mutex<Option<(u64, Analysis)>>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl Slot {
    /// Leaves `analysis` for the reader; true when the slot was empty (wake the reader).
    fn put(&self, ticket: u64, analysis: &Analysis) -> bool {
        let mut slot = lock(&self.report);
        let was_empty = slot.is_none();
        *slot = Some((ticket, analysis.clone()));
        was_empty
    }
}

/// Handle to the analysis threads.
pub struct AnalysisWorker {
    jobs: Option<Sender<Job>>,
    stop: Arc<AtomicBool>,
    slot: Arc<Slot>,
    thread: Option<JoinHandle<()>>,
    finder_stop: Arc<AtomicBool>,
    found: Receiver<(u64, ForcedWin)>,
    found_tx: Sender<(u64, ForcedWin)>,
    clock: Arc<dyn Clock>,
    wake: Waker,
}

impl AnalysisWorker {
    /// Starts the analysis thread; searches read time from `clock` (elapsed, speed);
    /// `wake` is called when a report or a finder result is waiting.
    pub fn spawn(clock: Arc<dyn Clock>, wake: Waker) -> AnalysisWorker {
        let (jobs, job_rx) = mpsc::channel::<Job>();
        let slot = Arc::new(Slot::default());
        let (found_tx, found) = mpsc::channel();
        let thread = {
            let (slot, clock, wake) = (Arc::clone(&slot), Arc::clone(&clock), Arc::clone(&wake));
            std::thread::Builder::new()
                .name("analysis".into())
                .spawn(move || serve(job_rx, &slot, clock, wake))
                .map_err(|e| log::error!("cannot start the analysis thread: {e}"))
                .ok()
        };
        AnalysisWorker {
            jobs: Some(jobs),
            stop: Arc::new(AtomicBool::new(false)),
            slot,
            thread,
            finder_stop: Arc::new(AtomicBool::new(false)),
            found,
            found_tx,
            clock,
            wake,
        }
    }

    /// Analyses `request` until [`AnalysisWorker::stop`] or another request.
    pub fn analyse(&mut self, request: AnalysisRequest) {
        self.stop();
        self.stop = Arc::new(AtomicBool::new(false));
        let job = Job {
            request,
            stop: Arc::clone(&self.stop),
        };
        if self.jobs.as_ref().is_none_or(|j| j.send(job).is_err()) {
            log::error!("the analysis thread is gone; no analysis started");
        }
    }

    /// Stops the running analysis (its last report still comes, with `done`).
    pub fn stop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// The newest report since the last call, with its ticket.
    pub fn take(&self) -> Option<(u64, Analysis)> {
        lock(&self.slot.report).take()
    }

    /// True when a report is waiting; `done` too when it is the last of its search.
    pub fn waiting(&self) -> Option<bool> {
        lock(&self.slot.report).as_ref().map(|(_, a)| a.done)
    }

    /// Runs the forced-win finder on a thread of its own, stopping any still running.
    pub fn find_win(&mut self, request: FinderRequest) {
        self.stop_finder();
        self.finder_stop = Arc::new(AtomicBool::new(false));
        let limits = StrongLimits::depth(MAX_DEPTH)
            .with_stop(Arc::clone(&self.finder_stop))
            .with_clock(Arc::clone(&self.clock));
        let (tx, wake) = (self.found_tx.clone(), Arc::clone(&self.wake));
        let spawned = std::thread::Builder::new()
            .name("finder".into())
            .spawn(move || {
                crate::profiler::set_thread_name("finder");
                let r = &request;
                let found = find_forced_win(&r.board, r.rule, &limits, r.nodes);
                if tx.send((r.ticket, found)).is_ok() {
                    wake();
                }
            });
        if let Err(e) = spawned {
            log::error!("cannot start the forced-win finder: {e}");
        }
    }

    /// Stops the finder (a result it still sends is stale).
    pub fn stop_finder(&mut self) {
        self.finder_stop.store(true, Ordering::Relaxed);
    }

    /// Finder results since the last call, oldest first.
    pub fn found(&self) -> Vec<(u64, ForcedWin)> {
        self.found.try_iter().collect()
    }
}

impl Drop for AnalysisWorker {
    fn drop(&mut self) {
        self.stop();
        self.stop_finder();
        self.jobs = None;
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// The analysis thread: the newest job of each batch, run until stopped.
fn serve(jobs: Receiver<Job>, slot: &Slot, clock: Arc<dyn Clock>, wake: Waker) {
    crate::profiler::set_thread_name("analysis");
    let mut engine: Option<StrongEngine> = None;
    while let Ok(first) = jobs.recv() {
        let job = jobs.try_iter().last().unwrap_or(first);
        if job.stop.load(Ordering::Relaxed) {
            continue;
        }
        let engine = engine.get_or_insert_with(|| StrongEngine::new(TT_BYTES));
        let limits = StrongLimits::depth(MAX_DEPTH)
            .with_stop(Arc::clone(&job.stop))
            .with_clock(Arc::clone(&clock));
        let r = &job.request;
        let ticket = r.ticket;
        let mut report = |a: &Analysis| {
            crate::profiler::counter("nodes", a.nodes as f64);
            if slot.put(ticket, a) {
                wake();
            }
        };
        let run = || engine.analyse(&r.board, r.rule, &limits, LINES, &mut report);
        if std::panic::catch_unwind(std::panic::AssertUnwindSafe(run)).is_err() {
            log::error!("the analysis panicked on {:?}", r.board.moves());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{ManualClock, Pos};
    use crate::game::wake::no_waker;
    use std::time::{Duration, Instant};

    fn board() -> Board {
        let mut b = Board::square(15).unwrap();
        for (x, y) in [(7, 7), (8, 8), (8, 6)] {
            b.play(Pos::new(x, y)).unwrap();
        }
        b
    }

    /// Waits for `f` to hold (a guard against a hang, not a timing check).
    fn until(mut f: impl FnMut() -> bool) {
        let t = Instant::now();
        while !f() {
            assert!(t.elapsed() < Duration::from_secs(60), "gave up");
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    #[test]
    fn reports_come_with_their_ticket_and_stop_ends_with_a_done_report() {
        let mut w = AnalysisWorker::spawn(Arc::new(ManualClock::new()), no_waker());
        w.analyse(AnalysisRequest {
            ticket: 3,
            board: board(),
            rule: Rule::Freestyle,
        });
        let mut seen = None;
        until(|| {
            seen = w.take().or(seen.take());
            seen.as_ref().is_some_and(|(_, a)| a.depth >= 2)
        });
        let (ticket, a) = seen.unwrap();
        assert_eq!(ticket, 3);
        assert!(!a.lines.is_empty() && !a.done);
        w.stop();
        let mut last = None;
        until(|| {
            last = w.take().or(last.take());
            last.as_ref().is_some_and(|(_, a)| a.done)
        });
    }

    #[test]
    fn the_finder_answers_with_its_ticket() {
        let mut w = AnalysisWorker::spawn(Arc::new(ManualClock::new()), no_waker());
        w.find_win(FinderRequest {
            ticket: 9,
            board: board(),
            rule: Rule::Freestyle,
            nodes: 20_000,
        });
        let mut got = Vec::new();
        until(|| {
            got.extend(w.found());
            !got.is_empty()
        });
        assert_eq!(got[0].0, 9);
        assert!(matches!(got[0].1, ForcedWin::None { .. }));
    }
}
