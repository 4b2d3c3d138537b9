//! The host of one outside engine for one side of one game, on a thread of its own so
//! the frame loop never waits for a pipe. It starts the engine, speaks the protocol,
//! checks every answer, and reports a move, a failure (late, illegal, garbage, exited,
//! would not start) or the engine's `MESSAGE` lines. Dropping it sends `END`.
//!
//! A search the session no longer wants (an undo while the engine thinks) cannot be
//! stopped with the standard protocol: the engine is ended and started again, and the
//! next request gets the whole board.

use super::talk::Host;
use crate::engine::Pos;
use crate::game::command::SearchRequest;
use crate::game::computer::ExternalEngine;
use crate::game::wake::Waker;
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread::JoinHandle;
use std::time::Duration;

/// What the host tells the session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Report {
    Moved {
        ticket: u64,
        pos: Pos,
    },
    /// The engine lost this search: the reason reads after its name ("did not answer
    /// within 6.0 s").
    Failed {
        ticket: u64,
        reason: String,
    },
    /// A `MESSAGE` line, as the engine wrote it.
    Message(String),
}

/// Time limits of the host (tests shorten them).
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Added to the turn time before an engine is late (pipes, process scheduling).
    pub tolerance: Duration,
    /// For starting and answering `START`.
    pub start: Duration,
    /// For leaving after `END`.
    pub end: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            tolerance: Duration::from_secs(1),
            start: Duration::from_secs(10),
            end: Duration::from_secs(1),
        }
    }
}

/// What the host thread waits for, on one channel.
pub(super) enum Input {
    Think(Box<SearchRequest>),
    Cancel,
    /// Output of the process with this number (an old process's lines are dropped).
    Line(u64, String),
    Closed(u64),
    /// The handle is dropped (the host holds a sender itself, for the output readers,
    /// so the channel alone never tells).
    Stop,
}

/// Handle to the host thread.
pub struct EngineHost {
    engine: ExternalEngine,
    inputs: Option<Sender<Input>>,
    reports: Receiver<Report>,
    thread: Option<JoinHandle<()>>,
}

impl EngineHost {
    pub fn spawn(engine: ExternalEngine, limits: Limits, wake: Waker) -> EngineHost {
        let (inputs, input_rx) = mpsc::channel();
        let (report_tx, reports) = mpsc::channel();
        let host = Host::new(
            engine.clone(),
            limits,
            (input_rx, inputs.clone()),
            report_tx,
            wake,
        );
        let thread = std::thread::Builder::new()
            .name("engine-host".into())
            .spawn(move || host.run())
            .map_err(|e| log::error!("cannot start the engine host: {e}"))
            .ok();
        EngineHost {
            engine,
            inputs: Some(inputs),
            reports,
            thread,
        }
    }

    pub fn engine(&self) -> &ExternalEngine {
        &self.engine
    }

    /// Asks for the engine's move (a search still running is given up).
    pub fn request(&self, request: SearchRequest) {
        self.send(Input::Think(Box::new(request)));
    }

    /// The running search is not wanted any more.
    pub fn cancel(&self) {
        self.send(Input::Cancel);
    }

    fn send(&self, input: Input) {
        if self.inputs.as_ref().is_none_or(|i| i.send(input).is_err()) {
            log::error!("the engine host is gone");
        }
    }

    /// Reports since the last call, oldest first.
    pub fn poll(&self) -> Vec<Report> {
        self.reports.try_iter().collect()
    }

    /// Waits for the next report (tests and tools; the game never waits).
    pub fn wait(&self, timeout: Duration) -> Option<Report> {
        self.reports.recv_timeout(timeout).ok()
    }
}

impl Drop for EngineHost {
    fn drop(&mut self) {
        self.send(Input::Stop); // the host sends END and its loop ends
        self.inputs = None;
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}
