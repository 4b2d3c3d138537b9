//! The engine on its own thread, so the frame loop never waits for a search.
//!
//! Every request gets a new generation number; anything that makes a pending answer
//! meaningless (undo, new game, menu, swap) calls [`AiWorker::cancel`], which stops the
//! search and bumps the generation, so a late reply is recognised and dropped.

use crate::engine::{Board, Control, Level, Player, Pos, Rule, SearchResult};
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// What a search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AiPurpose {
    /// The computer's own move.
    Move,
    /// A suggestion shown on the board (H).
    Hint,
    /// The move played for the person (Right arrow).
    PlayForMe,
}

/// A finished search of the current generation.
#[derive(Clone, Debug)]
pub struct AiReply {
    pub generation: u64,
    pub purpose: AiPurpose,
    /// Moves on the board the search was asked about: a second staleness check.
    pub move_count: usize,
    pub result: SearchResult,
}

struct Job {
    generation: u64,
    purpose: AiPurpose,
    board: Board,
    rule: Rule,
    level: Level,
    control: Control,
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

/// Handle to the AI thread.
pub struct AiWorker {
    jobs: Option<Sender<Job>>,
    replies: Receiver<AiReply>,
    generation: u64,
    stop: Arc<AtomicBool>,
    pending: Option<(AiPurpose, Instant)>,
    thread: Option<JoinHandle<()>>,
}

impl AiWorker {
    /// Starts the thread. `seed` fixes the engine's shuffle (tests, repeatable play).
    pub fn spawn(seed: Option<u64>) -> AiWorker {
        let (jobs, job_rx) = mpsc::channel::<Job>();
        let (reply_tx, replies) = mpsc::channel();
        let thread = std::thread::Builder::new()
            .name("ai".into())
            .spawn(move || {
                crate::profiler::set_thread_name("ai");
                let mut engine = Player::new(seed);
                for job in job_rx {
                    let search = || engine.think(&job.board, job.rule, job.level, &job.control);
                    let result = match std::panic::catch_unwind(AssertUnwindSafe(search)) {
                        Ok(result) => result,
                        Err(_) => {
                            // A bug in the engine must not leave the game "thinking"
                            // forever: play a plain legal move and start a fresh engine.
                            log::error!("the engine panicked; playing a fallback move");
                            engine = Player::new(seed);
                            SearchResult {
                                best_move: fallback_move(&job.board),
                                ..SearchResult::default()
                            }
                        }
                    };
                    let reply = AiReply {
                        generation: job.generation,
                        purpose: job.purpose,
                        move_count: job.board.move_count(),
                        result,
                    };
                    if reply_tx.send(reply).is_err() {
                        break;
                    }
                }
            })
            .map_err(|e| log::error!("cannot start the AI thread: {e}"))
            .ok();
        AiWorker {
            jobs: Some(jobs),
            replies,
            generation: 0,
            stop: Arc::new(AtomicBool::new(false)),
            pending: None,
            thread,
        }
    }

    /// Asks for a search of `board` (side to move) at `level`; supersedes any other.
    pub fn request(&mut self, board: &Board, rule: Rule, level: Level, purpose: AiPurpose) -> u64 {
        self.cancel();
        self.stop = Arc::new(AtomicBool::new(false));
        let job = Job {
            generation: self.generation,
            purpose,
            board: board.clone(),
            rule,
            level,
            control: Control::new(Arc::clone(&self.stop)),
        };
        let sent = self.jobs.as_ref().is_some_and(|j| j.send(job).is_ok());
        if sent {
            self.pending = Some((purpose, Instant::now()));
        } else {
            log::error!("the AI thread is gone; no search started");
        }
        self.generation
    }

    /// Stops the running search and makes any reply in flight stale.
    pub fn cancel(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.generation += 1;
        self.pending = None;
    }

    /// The reply to the current request, if it has arrived; stale ones are dropped.
    pub fn poll(&mut self) -> Option<AiReply> {
        while let Ok(reply) = self.replies.try_recv() {
            if reply.generation == self.generation && self.pending.is_some() {
                self.pending = None;
                return Some(reply);
            }
            log::debug!("dropped stale AI reply of generation {}", reply.generation);
        }
        None
    }

    /// What is being searched and for how long.
    pub fn thinking(&self) -> Option<(AiPurpose, Duration)> {
        self.pending.map(|(p, t)| (p, t.elapsed()))
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

    #[test]
    fn the_fallback_move_is_empty_and_next_to_the_last_stone() {
        let mut board = Board::square(15).unwrap();
        assert_eq!(fallback_move(&board), Some(Pos::new(7, 7)));
        board.play(Pos::new(7, 7)).unwrap();
        board.play(Pos::new(3, 3)).unwrap();
        let p = fallback_move(&board).unwrap();
        assert!(board.is_empty(p) && p.x.abs_diff(3) <= 1 && p.y.abs_diff(3) <= 1);
    }

    fn wait(ai: &mut AiWorker) -> Option<AiReply> {
        let t = Instant::now();
        while t.elapsed() < Duration::from_secs(10) {
            if let Some(r) = ai.poll() {
                return Some(r);
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        None
    }

    #[test]
    fn answers_the_current_request_and_drops_stale_ones() {
        let mut ai = AiWorker::spawn(Some(1));
        let mut board = Board::square(15).unwrap();
        board.play(Pos::new(7, 7)).unwrap();
        let first = ai.request(&board, Rule::Freestyle, Level::Easy, AiPurpose::Move);
        let second = ai.request(&board, Rule::Freestyle, Level::Easy, AiPurpose::Hint);
        assert!(second > first);
        let reply = wait(&mut ai).expect("a reply");
        assert_eq!(reply.generation, second);
        assert_eq!(reply.purpose, AiPurpose::Hint);
        assert!(reply.result.best_move.is_some_and(|p| board.is_empty(p)));
        // A cancelled request never answers.
        ai.request(&board, Rule::Freestyle, Level::Easy, AiPurpose::Move);
        ai.cancel();
        std::thread::sleep(Duration::from_millis(100));
        assert!(ai.poll().is_none());
        assert!(ai.thinking().is_none());
    }
}
