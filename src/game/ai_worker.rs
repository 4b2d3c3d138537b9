//! The engine on its own thread, so the frame loop never waits for a search.
//!
//! The session ([`super::ChessManager`]) decides what to search and tags each request
//! with a ticket; this worker runs the newest request, stops a search as soon as a newer
//! one (or a cancel) arrives, and hands back answers with their tickets. The session
//! drops answers whose ticket is no longer the one it waits for.

use super::command::{AiReply, SearchRequest};
use super::wake::Waker;
use crate::engine::{Board, Control, Level, Player, Pos, SearchResult};
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::Arc;
use std::thread::JoinHandle;

struct Job {
    request: SearchRequest,
    stop: Arc<AtomicBool>,
}

/// The one call into the engine: a search of the request's position at its level,
/// within the clock's cap if there is one, stopped early when `stop` is set. Returns
/// the move and a line for the log.
fn think(engine: &mut Player, request: &SearchRequest, stop: &Arc<AtomicBool>) -> AiReply {
    let mut control = Control::new(Arc::clone(stop));
    if let Some(cap) = request.time_cap {
        control = control.with_time_cap(cap);
    }
    let level = request.computer.level().unwrap_or_else(|| {
        log::error!("an outside engine's search reached our worker; playing our default");
        Level::default()
    });
    let r: SearchResult = engine.think(&request.board, request.rule, level, &control);
    AiReply {
        ticket: request.ticket,
        best_move: r.best_move,
        note: format!(
            "depth {} score {} nodes {} in {:?}",
            r.depth, r.score, r.stats.nodes, r.stats.elapsed
        ),
    }
}

/// One search thread: two threads were no measured gain in matches
/// (docs/tuning-sessions-early.md, "Threads"), so Master plays the search the strength
/// tables were measured with.
fn new_engine(seed: Option<u64>) -> Player {
    Player::new(seed)
}

/// The empty point nearest the last move (or the centre): legal, and not absurd.
fn fallback_move(board: &Board) -> Option<Pos> {
    let (cx, cy) = board
        .last_move()
        .map_or((board.width() / 2, board.height() / 2), |m| {
            (m.pos.x, m.pos.y)
        });
    board
        .cells()
        .filter(|&p| board.is_empty(p))
        .min_by_key(|p| {
            p.x.abs_diff(cx).max(p.y.abs_diff(cy)) * 100 + p.x.abs_diff(cx) + p.y.abs_diff(cy)
        })
}

/// The thread's loop: the newest job of each batch, answers sent back with a wake-up.
fn serve(seed: Option<u64>, jobs: Receiver<Job>, replies: Sender<AiReply>, wake: Waker) {
    crate::profiler::set_thread_name("ai");
    let mut engine = new_engine(seed);
    while let Ok(first) = jobs.recv() {
        // Only the newest request matters; older ones were superseded.
        let job = jobs.try_iter().last().unwrap_or(first);
        if job.stop.load(Ordering::Relaxed) {
            continue;
        }
        let run = || think(&mut engine, &job.request, &job.stop);
        let reply = match std::panic::catch_unwind(AssertUnwindSafe(run)) {
            Ok(reply) => reply,
            Err(_) => {
                // A bug in the engine must not leave the game "thinking" forever: play a
                // plain legal move and start a fresh engine.
                log::error!("the engine panicked; playing a fallback move");
                engine = new_engine(seed);
                AiReply {
                    ticket: job.request.ticket,
                    best_move: fallback_move(&job.request.board),
                    note: "fallback after an engine panic".into(),
                }
            }
        };
        if replies.send(reply).is_err() {
            break;
        }
        wake();
    }
}

/// Handle to the AI thread.
pub struct AiWorker {
    jobs: Option<Sender<Job>>,
    replies: Receiver<AiReply>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl AiWorker {
    /// Starts the thread. `seed` fixes the engine's shuffle (tests, repeatable play);
    /// `wake` is called whenever an answer is ready.
    pub fn spawn(seed: Option<u64>, wake: Waker) -> AiWorker {
        let (jobs, job_rx) = mpsc::channel::<Job>();
        let (reply_tx, replies) = mpsc::channel();
        let thread = std::thread::Builder::new()
            .name("ai".into())
            .spawn(move || serve(seed, job_rx, reply_tx, wake))
            .map_err(|e| log::error!("cannot start the AI thread: {e}"))
            .ok();
        AiWorker {
            jobs: Some(jobs),
            replies,
            stop: Arc::new(AtomicBool::new(false)),
            thread,
        }
    }

    /// Runs `request`, stopping any search still going.
    pub fn request(&mut self, request: SearchRequest) {
        self.cancel();
        self.stop = Arc::new(AtomicBool::new(false));
        let job = Job {
            request,
            stop: Arc::clone(&self.stop),
        };
        if self.jobs.as_ref().is_none_or(|j| j.send(job).is_err()) {
            log::error!("the AI thread is gone; no search started");
        }
    }

    /// Stops the running search (its answer, if any, is stale by then).
    pub fn cancel(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Answers that arrived since the last call, oldest first.
    pub fn poll(&mut self) -> Vec<AiReply> {
        self.replies.try_iter().collect()
    }

    /// Waits for the next answer (tools and tests; the game never blocks on the AI).
    pub fn wait(&mut self, timeout: std::time::Duration) -> Option<AiReply> {
        self.replies.recv_timeout(timeout).ok()
    }
}

impl Drop for AiWorker {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.jobs = None; // closes the channel: the thread's loop ends
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Rule;
    use crate::game::command::AiPurpose;
    use crate::game::wake::no_waker;
    use std::time::Duration;

    #[test]
    fn the_fallback_move_is_empty_and_next_to_the_last_stone() {
        let mut board = Board::square(15).unwrap();
        assert_eq!(fallback_move(&board), Some(Pos::new(7, 7)));
        board.play(Pos::new(7, 7)).unwrap();
        board.play(Pos::new(3, 3)).unwrap();
        let p = fallback_move(&board).unwrap();
        assert!(board.is_empty(p) && p.x.abs_diff(3) <= 1 && p.y.abs_diff(3) <= 1);
    }

    fn request(ticket: u64, board: &Board) -> SearchRequest {
        SearchRequest {
            ticket,
            purpose: AiPurpose::Move,
            board: board.clone(),
            rule: Rule::Freestyle,
            computer: crate::game::Computer::Level(Level::Easy),
            game_id: "test".into(),
            time_cap: None,
            engine_time: crate::game::Clocks::new(crate::game::TimeControl::None)
                .engine_time(crate::engine::Stone::Black, Duration::ZERO),
        }
    }

    #[test]
    fn answers_with_the_tickets_it_was_given_and_skips_superseded_work() {
        let mut ai = AiWorker::spawn(Some(1), no_waker());
        let mut board = Board::square(15).unwrap();
        board.play(Pos::new(7, 7)).unwrap();
        ai.request(request(1, &board));
        ai.request(request(2, &board));
        // The first may or may not have started; either way the last answer is ticket 2.
        let mut last = None;
        while last.as_ref().is_none_or(|r: &AiReply| r.ticket != 2) {
            last = Some(ai.wait(Duration::from_secs(60)).expect("an answer"));
        }
        let reply = last.unwrap();
        assert!(reply.best_move.is_some_and(|p| board.is_empty(p)));
    }
}
