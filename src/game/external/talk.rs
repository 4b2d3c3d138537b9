//! The engine host's thread: the conversation with one engine process, from starting
//! it to each checked move, and what to do when it fails, floods, goes quiet or dies.

use super::host::{Input, Limits, Report};
use super::process::{LineSink, Process};
use super::wire::{self, Answer};
use crate::engine::renju::forbidden;
use crate::engine::{Board, Clock, MonotonicClock, Pos, Rule};
use crate::game::command::SearchRequest;
use crate::game::computer::ExternalEngine;
use crate::game::wake::Waker;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
use std::sync::Arc;
use std::time::Duration;

/// Output lines waiting for the host beyond this make the reader wait: an engine that
/// floods its output cannot fill our memory.
const BACKLOG: usize = 256;

/// MESSAGE lines passed on per move at most (the rest are logged).
const MESSAGES_PER_MOVE: usize = 20;

/// Why no line came.
enum NoLine {
    Late,
    /// The output closed; how the process ended.
    Gone(String),
}

/// Why a wait for the engine ended without an answer.
enum Interrupted {
    /// The session wants something else now (kept in `next`), or nothing.
    Superseded,
    /// The handle was dropped.
    Gone,
}

pub(super) struct Host {
    engine: ExternalEngine,
    limits: Limits,
    inputs: Receiver<Input>,
    to_self: Sender<Input>,
    reports: Sender<Report>,
    wake: Waker,
    clock: MonotonicClock,
    backlog: Arc<AtomicUsize>,
    /// Cleared when the host ends: a reader waiting for room gives up.
    alive: Arc<AtomicBool>,
    process: Option<Process>,
    /// Numbers the processes, so a dead one's last lines are told apart.
    serial: u64,
    /// The game the running process plays.
    game: Option<String>,
    /// The board as the engine knows it.
    known: Option<Board>,
    /// Why the engine can no longer play this game.
    broken: Option<String>,
    /// A request that arrived while waiting.
    next: Option<Box<SearchRequest>>,
    /// MESSAGE lines passed on since the last move (an engine chattering between
    /// moves cannot flood the game).
    idle_messages: usize,
}

impl Host {
    /// The thread's state; `inputs` is its channel and a sender into it for the
    /// output readers.
    pub(super) fn new(
        engine: ExternalEngine,
        limits: Limits,
        inputs: (Receiver<Input>, Sender<Input>),
        reports: Sender<Report>,
        wake: Waker,
    ) -> Host {
        Host {
            engine,
            limits,
            inputs: inputs.0,
            to_self: inputs.1,
            reports,
            wake,
            clock: MonotonicClock::new(),
            backlog: Arc::new(AtomicUsize::new(0)),
            alive: Arc::new(AtomicBool::new(true)),
            process: None,
            serial: 0,
            game: None,
            known: None,
            broken: None,
            next: None,
            idle_messages: 0,
        }
    }

    pub(super) fn run(mut self) {
        crate::profiler::set_thread_name("engine-host");
        loop {
            let input = match self.next.take() {
                Some(request) => Input::Think(request),
                None => match self.inputs.recv() {
                    Ok(input) => self.taken(input),
                    Err(_) => break,
                },
            };
            match input {
                Input::Think(request) => {
                    if let Err(Interrupted::Gone) = self.think(&request) {
                        break;
                    }
                }
                Input::Cancel => {}
                Input::Line(serial, line) => self.idle_line(serial, &line),
                Input::Closed(serial) => self.closed_while_idle(serial),
                Input::Stop => break,
            }
        }
        if let Some(p) = self.process.take() {
            p.end(self.limits.end);
        }
    }

    /// An input off the queue: an output line leaves room for the next.
    fn taken(&self, input: Input) -> Input {
        if matches!(input, Input::Line(..) | Input::Closed(_)) {
            self.backlog.fetch_sub(1, Ordering::Relaxed);
        }
        input
    }

    fn report(&self, report: Report) {
        if self.reports.send(report).is_ok() {
            (self.wake)();
        }
    }

    fn fail(&mut self, ticket: u64, reason: String) {
        log::warn!("engine {}: {reason}", self.engine.name);
        self.stop_process();
        self.broken = Some(reason.clone());
        self.report(Report::Failed { ticket, reason });
    }

    fn stop_process(&mut self) {
        self.process = None; // killed on drop
        self.game = None;
        self.known = None;
    }

    /// One request, from starting the engine to its checked move.
    fn think(&mut self, request: &SearchRequest) -> Result<(), Interrupted> {
        self.idle_messages = 0;
        if self.game.as_deref() != Some(&request.game_id) {
            self.broken = None;
        }
        if let Some(reason) = self.broken.clone() {
            self.report(Report::Failed {
                ticket: request.ticket,
                reason,
            });
            return Ok(());
        }
        let fresh = self.game.as_deref() != Some(&request.game_id)
            || self.process.is_none()
            || self.known.as_ref().is_some_and(|k| {
                (k.width(), k.height()) != (request.board.width(), request.board.height())
            });
        if fresh {
            if let Err(reason) = self.start(request)? {
                self.fail(request.ticket, reason);
                return Ok(());
            }
        }
        let mut lines = wire::turn_info(&request.engine_time);
        lines.extend(wire::position(self.known.as_ref(), &request.board));
        if let Err(e) = self.send_all(&lines) {
            let reason = self.gone_reason(&e.to_string());
            self.fail(request.ticket, reason);
            return Ok(());
        }
        self.known = None; // until it answers, what it knows is unsure
        let turn = Duration::from_millis(request.engine_time.turn_ms);
        match self.await_move(request, turn + self.limits.tolerance)? {
            Ok(pos) => {
                let mut board = request.board.clone();
                let _ = board.play(pos);
                self.known = Some(board);
                self.report(Report::Moved {
                    ticket: request.ticket,
                    pos,
                });
            }
            Err(reason) => self.fail(request.ticket, reason),
        }
        Ok(())
    }

    /// Starts a fresh process for the request's game: `START`, its `OK`, the game's
    /// `INFO`s. `Ok(Err(reason))` when the engine would not start.
    fn start(&mut self, request: &SearchRequest) -> Result<Result<(), String>, Interrupted> {
        self.stop_process();
        self.serial += 1;
        let process = match Process::spawn(&self.engine.path, self.sink()) {
            Ok(p) => p,
            Err(e) => return Ok(Err(format!("could not be started: {e}"))),
        };
        self.process = Some(process);
        if let Err(e) = self.send_all(&[wire::start(&request.board)]) {
            return Ok(Err(self.gone_reason(&e.to_string())));
        }
        let deadline = self.clock.now() + self.limits.start;
        loop {
            let line = match self.next_line(deadline)? {
                Ok(line) => line,
                Err(NoLine::Late) => {
                    let secs = self.limits.start.as_secs_f32();
                    return Ok(Err(format!("did not answer START within {secs:.1} s")));
                }
                Err(NoLine::Gone(how)) => return Ok(Err(format!("{how} at START"))),
            };
            match wire::parse(&line) {
                Some(Answer::Ok) => break,
                Some(Answer::Error(e)) => {
                    return Ok(Err(format!("refused the board: {}", clip(&e))));
                }
                Some(Answer::Message(m)) => self.report(Report::Message(m)),
                // Loading chatter before OK is tolerated.
                other => log::info!("engine {} before OK: {other:?}", self.engine.name),
            }
        }
        let info = wire::game_info(request.rule, &request.engine_time);
        if let Err(e) = self.send_all(&info) {
            return Ok(Err(self.gone_reason(&e.to_string())));
        }
        self.game = Some(request.game_id.clone());
        self.known = Some(blank(&request.board));
        Ok(Ok(()))
    }

    /// Waits for the engine's move on the request's board, until `allowed` has passed.
    fn await_move(
        &mut self,
        request: &SearchRequest,
        allowed: Duration,
    ) -> Result<Result<Pos, String>, Interrupted> {
        let deadline = self.clock.now() + allowed;
        let mut messages = 0;
        loop {
            let line = match self.next_line(deadline)? {
                Ok(line) => line,
                Err(NoLine::Late) => {
                    let secs = allowed.as_secs_f32();
                    return Ok(Err(format!("did not answer within {secs:.1} s")));
                }
                Err(NoLine::Gone(how)) => return Ok(Err(how)),
            };
            match wire::parse(&line) {
                Some(Answer::Move(pos)) => {
                    return Ok(check_move(&request.board, request.rule, pos))
                }
                Some(Answer::BadMove(text)) => {
                    return Ok(Err(format!("answered {:?}, which is no move", clip(&text))))
                }
                Some(Answer::Garbage(text)) => {
                    return Ok(Err(format!("answered garbage: {:?}", clip(&text))))
                }
                Some(Answer::Message(m)) if messages < MESSAGES_PER_MOVE => {
                    messages += 1;
                    self.report(Report::Message(m));
                }
                other => log::info!("engine {}: {other:?}", self.engine.name),
            }
        }
    }

    /// The running process's next line before `deadline`. A new request or a cancel
    /// interrupts the wait (the engine, busy with a position nobody wants, is ended).
    fn next_line(&mut self, deadline: Duration) -> Result<Result<String, NoLine>, Interrupted> {
        loop {
            let left = deadline.saturating_sub(self.clock.now());
            let input = match self.inputs.recv_timeout(left) {
                Ok(input) => self.taken(input),
                Err(RecvTimeoutError::Timeout) => return Ok(Err(NoLine::Late)),
                Err(RecvTimeoutError::Disconnected) => return Err(Interrupted::Gone),
            };
            match input {
                Input::Line(s, line) if s == self.serial => return Ok(Ok(line)),
                Input::Closed(s) if s == self.serial => {
                    return Ok(Err(NoLine::Gone(self.gone_reason("closed its output"))))
                }
                Input::Line(..) | Input::Closed(_) => {}
                Input::Think(request) => {
                    self.next = Some(request);
                    self.stop_process();
                    return Err(Interrupted::Superseded);
                }
                Input::Cancel => {
                    self.stop_process();
                    return Err(Interrupted::Superseded);
                }
                Input::Stop => return Err(Interrupted::Gone),
            }
        }
    }

    /// A line while nobody waits for one: a message is passed on, the rest logged.
    fn idle_line(&mut self, serial: u64, line: &str) {
        if serial != self.serial {
            return;
        }
        match wire::parse(line) {
            Some(Answer::Message(m)) if self.idle_messages < MESSAGES_PER_MOVE => {
                self.idle_messages += 1;
                self.report(Report::Message(m));
            }
            other => log::info!("engine {} between moves: {other:?}", self.engine.name),
        }
    }

    /// The engine quit between moves: its next request fails.
    fn closed_while_idle(&mut self, serial: u64) {
        if serial == self.serial && self.process.is_some() {
            let reason = self.gone_reason("quit between moves");
            log::warn!("engine {}: {reason}", self.engine.name);
            self.stop_process();
            self.broken = Some(reason);
        }
    }

    /// "exited with status 3" when the process has ended, else `fallback`.
    fn gone_reason(&mut self, fallback: &str) -> String {
        // The output closing and the process being reaped are not quite simultaneous.
        for _ in 0..20 {
            if let Some(exit) = self.process.as_mut().and_then(Process::exit) {
                return exit;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        fallback.to_string()
    }

    fn send_all(&mut self, lines: &[String]) -> std::io::Result<()> {
        let p = self
            .process
            .as_mut()
            .ok_or_else(|| std::io::Error::other("not running"))?;
        lines.iter().try_for_each(|l| p.send(l))
    }

    /// Where this process's output goes: into the host's inputs, numbered, waiting
    /// while too many lines are queued.
    fn sink(&self) -> LineSink {
        let tx = self.to_self.clone();
        let serial = self.serial;
        let backlog = Arc::clone(&self.backlog);
        let alive = Arc::clone(&self.alive);
        Box::new(move |line| {
            while backlog.load(Ordering::Relaxed) >= BACKLOG {
                if !alive.load(Ordering::Relaxed) {
                    return false;
                }
                std::thread::sleep(Duration::from_millis(5));
            }
            backlog.fetch_add(1, Ordering::Relaxed);
            let input = match line {
                Some(l) => Input::Line(serial, l),
                None => Input::Closed(serial),
            };
            tx.send(input).is_ok()
        })
    }
}

impl Drop for Host {
    fn drop(&mut self) {
        self.alive.store(false, Ordering::Relaxed);
    }
}

/// The move if it is legal on `board` under `rule`, else why not.
fn check_move(board: &Board, rule: Rule, pos: Pos) -> Result<Pos, String> {
    if !board.contains(pos) {
        Err(format!("played {},{}, off the board", pos.x, pos.y))
    } else if !board.is_empty(pos) {
        Err(format!("played {},{}, an occupied point", pos.x, pos.y))
    } else if let Some(f) = forbidden(board, pos).filter(|_| rule.restricts(board.side_to_move())) {
        Err(format!(
            "played {},{}, forbidden under renju ({f})",
            pos.x, pos.y
        ))
    } else {
        Ok(pos)
    }
}

/// An empty board of `board`'s size.
fn blank(board: &Board) -> Board {
    let mut b = board.clone();
    b.clear();
    b
}

/// Outside text, short and printable, for a reason.
fn clip(text: &str) -> String {
    crate::protocol::command::printable(text, 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_engine_may_not_play_blacks_forbidden_points_under_renju() {
        let mut board = Board::new(15, 15).expect("a 15x15 board");
        for (b, w) in [(3, 3), (4, 5), (5, 7), (7, 9), (8, 11)] {
            board.play(Pos::new(b, 7)).expect("black");
            board.play(Pos::new(w, 0)).expect("white");
        }
        let six = Pos::new(6, 7);
        assert_eq!(check_move(&board, Rule::Freestyle, six), Ok(six));
        let refused = check_move(&board, Rule::Renju, six).expect_err("an overline");
        assert!(refused.contains("overline"), "{refused}");
        assert!(check_move(&board, Rule::Renju, Pos::new(7, 7)).is_err());
    }
}
