//! The computer's swap2 decisions on their own thread, so the frame loop never waits
//! for them: requests go in with the session's ticket, decisions come back with it and
//! a wake-up; the session drops a decision whose ticket it no longer waits for.

use super::swap2::{Swap2Brain, Swap2Decision};
use super::wake::Waker;
use crate::engine::{Board, Rule};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread::JoinHandle;

/// A decision the session wants: the position and its rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Swap2Request {
    pub ticket: u64,
    pub board: Board,
    pub rule: Rule,
}

/// Handle to the swap2 thread.
pub struct Swap2Worker {
    jobs: Option<Sender<Swap2Request>>,
    decisions: Receiver<(u64, Swap2Decision)>,
    thread: Option<JoinHandle<()>>,
}

fn serve(
    mut brain: Box<dyn Swap2Brain>,
    jobs: Receiver<Swap2Request>,
    decisions: Sender<(u64, Swap2Decision)>,
    wake: Waker,
) {
    while let Ok(first) = jobs.recv() {
        // Only the newest request matters; older ones were superseded.
        let job = jobs.try_iter().last().unwrap_or(first);
        let decision = brain.decide(&job.board, job.rule);
        if decisions.send((job.ticket, decision)).is_err() {
            break;
        }
        wake();
    }
}

impl Swap2Worker {
    /// Starts the thread with `brain`; `wake` is called whenever a decision is ready.
    pub fn spawn(brain: Box<dyn Swap2Brain>, wake: Waker) -> Swap2Worker {
        let (jobs, job_rx) = mpsc::channel();
        let (decision_tx, decisions) = mpsc::channel();
        let thread = std::thread::Builder::new()
            .name("swap2".into())
            .spawn(move || serve(brain, job_rx, decision_tx, wake))
            .map_err(|e| log::error!("cannot start the swap2 thread: {e}"))
            .ok();
        Swap2Worker {
            jobs: Some(jobs),
            decisions,
            thread,
        }
    }

    pub fn request(&self, request: Swap2Request) {
        if self.jobs.as_ref().is_none_or(|j| j.send(request).is_err()) {
            log::error!("the swap2 thread is gone; no decision asked");
        }
    }

    /// The decisions made since the last call, with their tickets.
    pub fn poll(&self) -> Vec<(u64, Swap2Decision)> {
        self.decisions.try_iter().collect()
    }
}

impl Drop for Swap2Worker {
    fn drop(&mut self) {
        self.jobs = None; // closes the channel: the thread's loop ends
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Stone;
    use std::time::Duration;

    #[derive(Debug)]
    struct White;
    impl Swap2Brain for White {
        fn decide(&mut self, _: &Board, _: Rule) -> Swap2Decision {
            Swap2Decision::Take(Stone::White)
        }
    }

    #[test]
    fn a_decision_comes_back_with_its_ticket() {
        let w = Swap2Worker::spawn(Box::new(White), super::super::wake::no_waker());
        let board = Board::square(15).expect("size");
        w.request(Swap2Request {
            ticket: 4,
            board,
            rule: Rule::Freestyle,
        });
        let got = w.decisions.recv_timeout(Duration::from_secs(30));
        assert_eq!(got, Ok((4, Swap2Decision::Take(Stone::White))));
    }
}
