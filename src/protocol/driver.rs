//! Runs a [`Brain`] over an [`Input`] and a writer. Input is read on its own thread and
//! the search runs on another, so the driver keeps reading while the brain thinks. A line
//! that arrives during a search:
//! - `END` stops it, and the brain leaves without answering;
//! - `YXSTOP` (Yixin-Board's) stops it, and the best move so far is answered as usual;
//! - `ABOUT` is answered at once: its answer depends on nothing;
//! - any other line is queued and handled after the move, in order.
//!
//! Answers keep the order of the commands: none of the three acts at once while a queued
//! line must be handled before it (see `Role`). The search thread writes the move itself
//! the moment the search ends; if it has not by the watchdog's deadline, the driver
//! answers the search's best move so far and stops it (`super::watchdog`).

use super::brain::{about, Action, Brain};
use super::command::{is_info_line, parse_command, Command};
use super::input::{Input, Line};
use super::watchdog::{late_message, Watchdog};
use crate::engine::Pos;
use std::collections::VecDeque;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::RecvTimeoutError;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

/// How often the driver looks at the search while waiting for input: how soon after the
/// search's end it turns to the lines queued behind the move (the answer itself is
/// written by the search thread).
const POLL: Duration = Duration::from_millis(2);

/// Drives `brain` until `END` or the end of input. Each answer is flushed at once.
pub fn run<W: Write + Send>(brain: &mut Brain, lines: Input, out: &mut W) -> io::Result<()> {
    let mut queued: VecDeque<Line> = VecDeque::new();
    // When the last search answered: a command read before it (sent ahead, as a script
    // piping its moves does) has its time count from the answer, as a manager's would.
    let mut answered: Option<Instant> = None;
    loop {
        let line = match queued.pop_front() {
            Some(line) => line,
            None => match lines.recv() {
                Some(line) => line,
                None => return Ok(()), // end of input: the manager is gone
            },
        };
        log::debug!("<- {}", line.text.trim_end());
        let reply = match brain.handle_line(&line.text) {
            Action::Reply(reply) => reply,
            Action::Exit => return Ok(()),
            Action::Think => {
                let began = answered.map_or(line.arrived, |a| a.max(line.arrived));
                // The search thread answers; END mid-search leaves without an answer.
                let go_on = think_while_reading(brain, &lines, &mut queued, out, began)?;
                answered = Some(Instant::now());
                if go_on {
                    continue;
                }
                return Ok(());
            }
        };
        write_lines(out, &reply)?;
    }
}

fn write_lines<W: Write>(out: &mut W, lines: &[String]) -> io::Result<()> {
    for l in lines {
        log::debug!("-> {l}");
        writeln!(out, "{l}")?;
    }
    out.flush()
}

/// What a line means to a running search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    /// `END`: stop the search and leave.
    End,
    /// `YXSTOP`: stop the search, which answers with its best move so far.
    Stop,
    /// `ABOUT`: its answer depends on nothing, so it can be given during a search.
    About,
    /// An unknown command: no effect on the game, answered `UNKNOWN` after the move.
    Unknown,
    /// `INFO` (applied after the move; never answered) and blank lines.
    Silent,
    /// Everything else (game commands, malformed lines): handled after the move, and a
    /// line behind it is meant for after it too.
    Game,
}

fn role(line: &str) -> Role {
    match parse_command(line) {
        Ok(Command::End) => Role::End,
        Ok(Command::YxStop) => Role::Stop,
        Ok(Command::About) => Role::About,
        Ok(Command::Unknown(_)) => Role::Unknown,
        Ok(Command::Empty | Command::Info(..)) => Role::Silent,
        Err(_) if is_info_line(line) => Role::Silent,
        Ok(_) | Err(_) => Role::Game,
    }
}

/// An `END` or `YXSTOP` behind this queued line is meant for after it (the next search,
/// or the end of the session), not for the running search.
fn holds_back_stop(queued: &VecDeque<Line>) -> bool {
    queued
        .iter()
        .any(|l| matches!(role(&l.text), Role::Game | Role::End))
}

/// `ABOUT` is answered at once only if no queued line is waiting for its own answer, so
/// the answers keep the order of the commands.
fn holds_back_about(queued: &VecDeque<Line>) -> bool {
    queued.iter().any(|l| role(&l.text) != Role::Silent)
}

/// A `YXSTOP` queued before the search started, with nothing before it that it must
/// wait for, is meant for this search (the manager sent it right after the command):
/// taken out of the queue, it stops the search at once.
fn take_early_stop(queued: &mut VecDeque<Line>) -> bool {
    for i in 0..queued.len() {
        match role(&queued[i].text) {
            Role::Stop => {
                queued.remove(i);
                return true;
            }
            Role::Game | Role::End => return false,
            Role::About | Role::Unknown | Role::Silent => {}
        }
    }
    false
}

/// Runs [`Brain::think`] on a scoped thread while this one keeps reading input. The
/// search thread writes its answer the moment it has one: the reply does not wait for
/// the driver to wake and look (on a loaded machine that wait was up to 8 ms). Gives
/// `false` when `END` stopped the search and the brain must leave without answering.
///
/// Lines that arrive during the search are handled as the module documentation says. An
/// `END` that was already read when the search started waits its turn in the queue like
/// any other line, so a script that pipes `BEGIN`, `TURN`, `END` at once gets both moves.
///
/// The move's time counts from `began`, when its command arrived: the lines before it
/// (an `INFO max_memory` that resizes the table) were the brain's time, not the
/// manager's.
fn think_while_reading<W: Write + Send>(
    brain: &mut Brain,
    lines: &Input,
    queued: &mut VecDeque<Line>,
    out: &mut W,
    began: Instant,
) -> io::Result<bool> {
    // Lines already read are not "during" this search: queue them, END included (only a
    // YXSTOP among them can be for this search, see take_early_stop).
    lines.take_already_read(queued);
    let stop = Arc::new(AtomicBool::new(take_early_stop(queued)));
    let output = Mutex::new(Output::new(out));
    let mut watchdog = brain.arm_watchdog(began.elapsed());
    let (during, searched) = thread::scope(|scope| {
        let thinker = thread::Builder::new()
            .name("pbrain-search".into())
            .spawn_scoped(scope, || {
                crate::profiler::set_thread_name("search");
                let reply = brain.think(&stop, began.elapsed());
                lock(&output).answer_search(&reply)
            });
        let thinker = match thinker {
            Ok(t) => t,
            Err(e) => {
                log::error!("cannot start the search thread: {e}");
                return (DuringSearch::default(), Err(()));
            }
        };
        let watch = Watch {
            finished: &|| thinker.is_finished(),
            output: &output,
            stop: &stop,
            watchdog: watchdog.as_mut(),
        };
        let during = watch_input(watch, lines, queued);
        (during, thinker.join().map_err(|_| ()))
    });
    if let Some(e) = during.write_error {
        return Err(e);
    }
    let answered = searched.unwrap_or_else(|()| {
        log::error!("the search failed");
        lock(&output).answer_search(&["ERROR internal error in the search".to_string()])
    });
    if let Some(pos) = lock(&output).preempted {
        brain.settle_reply(pos);
    }
    answered?;
    Ok(!during.exit)
}

/// The manager's end of the pipe while a search runs, shared by the search thread (its
/// answer) and the driver (`ABOUT`). Once `END` is read, or writing failed, nothing
/// more is written.
struct Output<'a, W> {
    out: &'a mut W,
    closed: bool,
    /// The search's answer is written.
    answered: bool,
    /// The watchdog answered this move before the search did.
    preempted: Option<Pos>,
}

impl<'a, W: Write> Output<'a, W> {
    fn new(out: &'a mut W) -> Output<'a, W> {
        Output {
            out,
            closed: false,
            answered: false,
            preempted: None,
        }
    }

    /// Writes `lines` unless the output is closed.
    fn answer(&mut self, lines: &[String]) -> io::Result<()> {
        if self.closed {
            return Ok(());
        }
        write_lines(self.out, lines)
    }

    /// Writes the search's answer, unless the watchdog has answered for it.
    fn answer_search(&mut self, lines: &[String]) -> io::Result<()> {
        if self.preempted.is_some() {
            return Ok(());
        }
        self.answered = true;
        self.answer(lines)
    }

    /// The watchdog's answer, `pos` after `elapsed`, unless the search has answered or
    /// the output is closed; `Ok(true)` when written.
    fn preempt(&mut self, pos: Pos, elapsed: Duration) -> io::Result<bool> {
        if self.closed || self.answered {
            return Ok(false);
        }
        self.preempted = Some(pos);
        let lines = [late_message(elapsed), format!("{},{}", pos.x, pos.y)];
        let written = write_lines(self.out, &lines);
        // The manager is gone: nothing more can be answered.
        self.closed |= written.is_err();
        written.map(|()| true)
    }
}

/// The output, even if a thread panicked while holding it (the lines it holds are whole:
/// each answer is written under one lock).
fn lock<'m, 'a, W>(output: &'m Mutex<Output<'a, W>>) -> MutexGuard<'m, Output<'a, W>> {
    output.lock().unwrap_or_else(PoisonError::into_inner)
}

/// What the input did while a search ran.
#[derive(Default)]
struct DuringSearch {
    /// END arrived, or the manager is gone: leave without answering the move.
    exit: bool,
    /// Writing an answer failed (the manager closed our output).
    write_error: Option<io::Error>,
}

/// What the driver watches while the search runs.
struct Watch<'w, 'a, W> {
    finished: &'w dyn Fn() -> bool,
    output: &'w Mutex<Output<'a, W>>,
    stop: &'w AtomicBool,
    watchdog: Option<&'w mut Watchdog>,
}

/// Reads input until the search is finished or stopped: END and YXSTOP stop it (unless
/// a queued line must be answered first), ABOUT is answered at once, the rest is queued.
/// At the watchdog's deadline it answers for the search and stops it.
fn watch_input<W: Write>(
    mut watch: Watch<'_, '_, W>,
    lines: &Input,
    queued: &mut VecDeque<Line>,
) -> DuringSearch {
    let (output, stop) = (watch.output, watch.stop);
    let mut during = DuringSearch::default();
    let mut input_open = true;
    while !(watch.finished)() && !stop.load(Ordering::SeqCst) {
        if let Some(dog) = watch.watchdog.as_deref_mut() {
            if let Some(pos) = dog.due() {
                match lock(output).preempt(pos, dog.elapsed()) {
                    Ok(written) => stop.store(written, Ordering::SeqCst),
                    Err(e) => {
                        during.write_error = Some(e);
                        during.exit = true;
                        stop.store(true, Ordering::SeqCst);
                    }
                }
                continue;
            }
        }
        if !input_open {
            thread::sleep(POLL);
            continue;
        }
        let line = match lines.recv_timeout(POLL) {
            Ok(line) => line,
            Err(RecvTimeoutError::Timeout) => continue,
            Err(RecvTimeoutError::Disconnected) => {
                input_open = false;
                continue;
            }
        };
        match role(&line.text) {
            Role::End | Role::Stop if !holds_back_stop(queued) => {
                log::debug!("<- {} (stops the search)", line.text.trim_end());
                during.exit = role(&line.text) == Role::End;
                // Closed before the stop: a search that ends now does not answer.
                lock(output).closed |= during.exit;
                stop.store(true, Ordering::SeqCst);
            }
            Role::About if !holds_back_about(queued) => {
                log::debug!("<- {} (during the search)", line.text.trim_end());
                let mut output = lock(output);
                if let Err(e) = output.answer(&[about()]) {
                    // The manager is gone: nothing more can be answered.
                    output.closed = true;
                    during.write_error = Some(e);
                    during.exit = true;
                    stop.store(true, Ordering::SeqCst);
                }
            }
            _ => queued.push_back(line),
        }
    }
    during
}

#[cfg(test)]
mod tests {
    use super::super::input::spawn_reader;
    use super::*;
    use crate::engine::ManualClock;
    use std::io::{BufReader, Cursor};
    use std::sync::mpsc;

    fn session(input: &str) -> String {
        let mut brain = Brain::new(Some(1));
        let lines = spawn_reader(BufReader::new(Cursor::new(input.as_bytes().to_vec())));
        let mut out = Vec::new();
        run(&mut brain, lines, &mut out).expect("writes to a Vec");
        String::from_utf8(out).expect("ASCII out")
    }

    #[test]
    fn piped_commands_are_answered_in_order() {
        let out = session("START 9\r\nINFO max_depth 2\r\nBEGIN\r\nTURN 0,0\r\nABOUT\r\nEND\r\n");
        let answers: Vec<&str> = out.lines().filter(|l| !l.starts_with("MESSAGE")).collect();
        assert_eq!(answers.len(), 4, "{out}");
        assert_eq!(answers[0], "OK");
        assert!(answers[3].starts_with("name="));
        assert_eq!(out.lines().filter(|l| l.starts_with("MESSAGE")).count(), 2);
    }

    #[test]
    fn an_end_read_before_the_search_waits_its_turn() {
        let (tx, rx) = mpsc::channel();
        for line in [
            "START 9",
            "INFO timeout_turn 300",
            "BEGIN",
            "TURN 0,0",
            "END",
        ] {
            tx.send(Line::now(line)).expect("open");
        }
        let mut brain = Brain::new(Some(1));
        let mut out = Vec::new();
        run(&mut brain, rx.into(), &mut out).expect("writes to a Vec");
        let out = String::from_utf8_lossy(&out);
        let moves = out.lines().filter(|l| !l.starts_with("MESSAGE")).count();
        assert_eq!(moves, 3, "OK and two moves:\n{out}");
        drop(tx);
    }

    /// Runs a session on its own thread over lines sent by `feed` and gives its output,
    /// or `None` if it is still running after 20 s. That bound is no timing claim: the
    /// searches here are given 300 s turns, so only a search nobody stopped comes near it.
    fn bounded_session(feed: impl FnOnce(mpsc::Sender<Line>) + Send + 'static) -> Option<String> {
        let (tx, rx) = mpsc::channel();
        let (done_tx, done) = mpsc::channel();
        // Built before any line is fed, so the feed's pauses time the search, not start-up.
        let mut brain = Brain::new(Some(1));
        thread::spawn(move || {
            let mut out = Vec::new();
            run(&mut brain, rx.into(), &mut out).expect("writes to a Vec");
            let _ = done_tx.send(String::from_utf8_lossy(&out).into_owned());
        });
        feed(tx);
        done.recv_timeout(Duration::from_secs(20)).ok()
    }

    fn send_all(tx: &mpsc::Sender<Line>, lines: &[&str]) {
        for &line in lines {
            tx.send(Line::now(line)).expect("open");
        }
    }

    #[test]
    fn end_mid_search_stops_it_without_an_answer() {
        let out = bounded_session(|tx| {
            send_all(&tx, &["START 20", "INFO timeout_turn 300000", "TURN 10,10"]);
            thread::spawn(move || {
                // Lets the search start, so that END arrives during it.
                thread::sleep(Duration::from_millis(100));
                send_all(&tx, &["INFO time_left 1000", "end"]);
            });
        });
        assert_eq!(out.as_deref(), Some("OK\n"));
    }

    #[test]
    fn a_yxstop_sent_with_its_command_stops_that_search() {
        let out = bounded_session(|tx| {
            send_all(
                &tx,
                &[
                    "START 20",
                    "INFO timeout_turn 300000",
                    "TURN 10,10",
                    "YXSTOP",
                    "END",
                ],
            );
        })
        .expect("YXSTOP stopped the search");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 3, "{out}");
        assert_eq!(lines[0], "OK");
        assert!(lines[1].starts_with("MESSAGE depth"), "{out}");
        assert!(lines[2].contains(','), "a move: {out}");
    }

    #[test]
    fn a_yxstop_behind_a_command_is_meant_for_that_command() {
        // The first search is short; the YXSTOP after the second TURN stops the second.
        let out = bounded_session(|tx| {
            send_all(
                &tx,
                &[
                    "START 20",
                    "INFO timeout_turn 200",
                    "TURN 10,10",
                    "INFO timeout_turn 300000",
                    "TURN 0,0",
                    "YXSTOP",
                    "ABOUT",
                    "END",
                ],
            );
        })
        .expect("YXSTOP stopped the second search");
        let answers: Vec<&str> = out.lines().filter(|l| !l.starts_with("MESSAGE")).collect();
        assert_eq!(answers.len(), 4, "{out}");
        assert_eq!(answers[0], "OK");
        assert!(
            answers[1].contains(',') && answers[2].contains(','),
            "{out}"
        );
        assert_ne!(answers[1], answers[2]);
        assert!(answers[3].starts_with("name="), "{out}");
    }

    /// Records each line it is given with the name of the thread that wrote it.
    #[derive(Default)]
    struct Writers {
        pending: Vec<u8>,
        lines: Vec<(String, String)>,
    }

    impl Write for Writers {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.pending.extend_from_slice(buf);
            while let Some(end) = self.pending.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = self.pending.drain(..=end).collect();
                let thread = thread::current().name().unwrap_or("").to_string();
                self.lines.push((
                    String::from_utf8_lossy(&line).trim_end().to_string(),
                    thread,
                ));
            }
            Ok(buf.len())
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn the_search_thread_writes_the_move_and_the_driver_the_rest() {
        let (tx, rx) = mpsc::channel();
        send_all(
            &tx,
            &["START 9", "INFO max_depth 2", "BEGIN", "ABOUT", "END"],
        );
        let mut brain = Brain::new(Some(1));
        let mut out = Writers::default();
        run(&mut brain, rx.into(), &mut out).expect("writes to memory");
        let driver = thread::current().name().unwrap_or("").to_string();
        let by = |prefix: &str| {
            let found = out.lines.iter().find(|(l, _)| l.starts_with(prefix));
            found.map(|(_, t)| t.clone())
        };
        assert_eq!(by("OK"), Some(driver.clone()), "{:?}", out.lines);
        assert_eq!(by("MESSAGE depth").as_deref(), Some("pbrain-search"));
        assert_eq!(
            by("4,4").as_deref(),
            Some("pbrain-search"),
            "{:?}",
            out.lines
        );
        assert_eq!(by("name="), Some(driver), "ABOUT, queued before the search");
    }

    /// Sends each line written to a channel, so a test can answer what the brain said.
    struct LineSender {
        pending: Vec<u8>,
        tx: mpsc::Sender<String>,
    }

    impl Write for LineSender {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.pending.extend_from_slice(buf);
            while let Some(end) = self.pending.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = self.pending.drain(..=end).collect();
                let line = String::from_utf8_lossy(&line).trim_end().to_string();
                // A test that stopped listening has failed already.
                let _ = self.tx.send(line);
            }
            Ok(buf.len())
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_late_search_is_answered_for_and_the_board_takes_that_move() {
        let clock = ManualClock::new();
        let mut brain = Brain::new(Some(1)).with_watchdog_clock(Arc::new(clock.clone()));
        let (tx, rx) = mpsc::channel();
        let (out_tx, out) = mpsc::channel();
        let session = thread::spawn(move || {
            let mut writer = LineSender {
                pending: Vec::new(),
                tx: out_tx,
            };
            run(&mut brain, rx.into(), &mut writer)
        });
        // A 300 s turn: the search would stop itself after 255 s.
        send_all(&tx, &["START 20", "INFO timeout_turn 300000", "TURN 10,10"]);
        assert_eq!(out.recv().as_deref(), Ok("OK"));
        // The watchdog's clock, not the search's, runs past its 278 s. The pauses only
        // let the driver look; the bound is no timing claim (see bounded_session).
        let mut answer = Vec::new();
        for _ in 0..2000 {
            clock.advance(Duration::from_secs(100));
            if let Ok(line) = out.recv_timeout(Duration::from_millis(10)) {
                let is_move = !line.starts_with("MESSAGE");
                answer.push(line);
                if is_move {
                    break;
                }
            }
        }
        assert_eq!(answer.len(), 2, "a message and a move: {answer:?}");
        assert!(answer[0].contains("was late"), "{answer:?}");
        let mv = answer[1].clone();
        let pos: Pos = mv.parse().expect("x,y");
        assert!(pos != Pos::new(10, 10) && pos.x < 20 && pos.y < 20, "{mv}");
        send_all(&tx, &[&format!("TURN {mv}"), "END"]);
        drop(tx);
        session.join().expect("no panic").expect("written");
        let rest: Vec<String> = out.iter().collect();
        assert_eq!(
            rest.len(),
            1,
            "the search's own answer is dropped: {rest:?}"
        );
        assert!(
            rest[0].starts_with("ERROR"),
            "{mv} is ours on the board: {rest:?}"
        );
    }

    #[test]
    fn roles_of_lines_during_a_search() {
        assert_eq!(role("END\r"), Role::End);
        assert_eq!(role("ENDX"), Role::Unknown);
        assert_eq!(role("yxstop"), Role::Stop);
        assert_eq!(role("ABOUT"), Role::About);
        assert_eq!(role("YXSHOWINFO"), Role::Unknown);
        assert_eq!(role("INFO time_left 5"), Role::Silent);
        assert_eq!(
            role("INFO"),
            Role::Silent,
            "a bad INFO gets no answer either"
        );
        assert_eq!(role(""), Role::Silent);
        assert_eq!(role("TURN 1,1"), Role::Game);
        assert_eq!(
            role("TURN x"),
            Role::Game,
            "malformed: ERROR after the move"
        );
        assert_eq!(role("YXSTOP now"), Role::Game);
        let q = |lines: &[&str]| lines.iter().map(|&l| Line::now(l)).collect::<VecDeque<_>>();
        let texts = |q: &VecDeque<Line>| q.iter().map(|l| l.text.clone()).collect::<Vec<_>>();
        assert!(!holds_back_stop(&q(&[
            "INFO timeout_turn 5",
            "FOO",
            "ABOUT"
        ])));
        assert!(holds_back_stop(&q(&["INFO timeout_turn 5", "TURN 1,1"])));
        assert!(holds_back_stop(&q(&["END"])));
        assert!(!holds_back_about(&q(&["INFO timeout_turn 5", ""])));
        assert!(holds_back_about(&q(&["FOO"])));
        let mut early = q(&["INFO a 1", "ABOUT", "YXSTOP", "TURN 1,1", "YXSTOP"]);
        assert!(take_early_stop(&mut early));
        assert_eq!(texts(&early), ["INFO a 1", "ABOUT", "TURN 1,1", "YXSTOP"]);
        let mut late = q(&["TURN 1,1", "YXSTOP"]);
        assert!(!take_early_stop(&mut late));
        assert_eq!(late.len(), 2);
    }
}
