//! Runs a [`Brain`] over a line source and a writer. Input is read on its own thread and
//! the search runs on another, so the driver keeps reading while the brain thinks: `END`
//! stops a search at once, and any other line is queued and handled after the answer.

use super::brain::{Action, Brain};
use super::command::{parse_command, Command};
use super::lines::{read_line_capped, to_text};
use std::collections::VecDeque;
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::Arc;
use std::thread;
use std::time::Duration;

/// How often the driver looks at the search while waiting for input: the longest delay
/// added between the search's end and its answer.
const POLL: Duration = Duration::from_millis(2);

/// Reads lines from `input` on a new thread and sends them, as text, over the returned
/// channel; it closes at the end of input. Bytes that are not UTF-8 are replaced, not
/// fatal, and very long lines are cut (see [`read_line_capped`]).
pub fn spawn_reader<R: BufRead + Send + 'static>(mut input: R) -> Receiver<String> {
    let (tx, rx) = mpsc::channel();
    let spawned = thread::Builder::new()
        .name("pbrain-input".into())
        .spawn(move || {
            let mut buf = Vec::with_capacity(256);
            loop {
                match read_line_capped(&mut input, &mut buf) {
                    Ok(false) => break,
                    Ok(true) => {
                        if tx.send(to_text(&buf)).is_err() {
                            break;
                        }
                    }
                    Err(e) => {
                        log::warn!("input failed: {e}");
                        break;
                    }
                }
            }
        });
    if let Err(e) = spawned {
        log::error!("cannot start the input thread: {e}");
    }
    rx
}

/// Drives `brain` until `END` or the end of input. Each answer is flushed at once.
pub fn run<W: Write>(brain: &mut Brain, lines: Receiver<String>, out: &mut W) -> io::Result<()> {
    let mut queued: VecDeque<String> = VecDeque::new();
    loop {
        let line = match queued.pop_front() {
            Some(line) => line,
            None => match lines.recv() {
                Ok(line) => line,
                Err(_) => return Ok(()), // end of input: the manager is gone
            },
        };
        log::debug!("<- {}", line.trim_end());
        let reply = match brain.handle_line(&line) {
            Action::Reply(reply) => reply,
            Action::Exit => return Ok(()),
            Action::Think => match think_while_reading(brain, &lines, &mut queued) {
                Some(reply) => reply,
                None => return Ok(()), // END arrived mid-search: leave without answering
            },
        };
        for r in &reply {
            log::debug!("-> {r}");
            writeln!(out, "{r}")?;
        }
        out.flush()?;
    }
}

/// Runs [`Brain::think`] on a scoped thread while this one keeps reading input.
///
/// An `END` that arrives during the search stops it and gives `None`, unless commands
/// that need answers are queued before it. An `END` that was already read when the
/// search started waits its turn in the queue like any other line, so a script that
/// pipes `BEGIN`, `TURN`, `END` at once gets both moves.
fn think_while_reading(
    brain: &mut Brain,
    lines: &Receiver<String>,
    queued: &mut VecDeque<String>,
) -> Option<Vec<String>> {
    // Lines already read are not "during" this search: queue them, END included.
    while let Ok(line) = lines.try_recv() {
        queued.push_back(line);
    }
    let stop = Arc::new(AtomicBool::new(false));
    let joined = thread::scope(|scope| {
        let thinker = thread::Builder::new()
            .name("pbrain-search".into())
            .spawn_scoped(scope, || {
                crate::profiler::set_thread_name("search");
                brain.think(&stop)
            });
        let thinker = match thinker {
            Ok(t) => t,
            Err(e) => {
                log::error!("cannot start the search thread: {e}");
                return Err(());
            }
        };
        let mut input_open = true;
        while !thinker.is_finished() && !stop.load(Ordering::SeqCst) {
            if !input_open {
                thread::sleep(POLL);
                continue;
            }
            match lines.recv_timeout(POLL) {
                Ok(line) => {
                    if is_end(&line) && !queued.iter().any(|l| needs_answer(l)) {
                        stop.store(true, Ordering::SeqCst);
                    } else {
                        queued.push_back(line);
                    }
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => input_open = false,
            }
        }
        thinker.join().map_err(|_| ())
    });
    if stop.load(Ordering::SeqCst) {
        return None;
    }
    Some(joined.unwrap_or_else(|()| {
        log::error!("the search failed");
        vec!["ERROR internal error in the search".to_string()]
    }))
}

fn is_end(line: &str) -> bool {
    matches!(parse_command(line), Ok(Command::End))
}

/// True for a line the manager expects an answer to (anything but `INFO` and blanks).
fn needs_answer(line: &str) -> bool {
    !matches!(
        parse_command(line),
        Ok(Command::Empty) | Ok(Command::Info(..))
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    fn session(input: &str) -> String {
        let mut brain = Brain::new(Some(1));
        let lines = spawn_reader(Cursor::new(input.as_bytes().to_vec()));
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
            tx.send(line.to_string()).expect("open");
        }
        let mut brain = Brain::new(Some(1));
        let mut out = Vec::new();
        run(&mut brain, rx, &mut out).expect("writes to a Vec");
        let out = String::from_utf8_lossy(&out);
        let moves = out.lines().filter(|l| !l.starts_with("MESSAGE")).count();
        assert_eq!(moves, 3, "OK and two moves:\n{out}");
        drop(tx);
    }

    #[test]
    fn end_mid_search_stops_it_without_an_answer() {
        let (tx, rx) = mpsc::channel();
        let mut brain = Brain::new(Some(1));
        for line in ["START 20", "INFO timeout_turn 60000", "TURN 10,10"] {
            tx.send(line.to_string()).expect("open");
        }
        let sender = thread::spawn(move || {
            thread::sleep(Duration::from_millis(100));
            tx.send("INFO time_left 1000".into()).expect("open");
            tx.send("end".into()).expect("open");
            tx
        });
        let t = std::time::Instant::now();
        let mut out = Vec::new();
        run(&mut brain, rx, &mut out).expect("writes to a Vec");
        assert!(t.elapsed() < Duration::from_secs(10), "{:?}", t.elapsed());
        assert_eq!(String::from_utf8_lossy(&out), "OK\n");
        drop(sender.join());
    }

    #[test]
    fn only_end_and_info_are_passive() {
        assert!(is_end("END\r"));
        assert!(!is_end("ENDX"));
        assert!(!needs_answer("INFO time_left 5"));
        assert!(!needs_answer(""));
        assert!(needs_answer("TURN 1,1"));
        assert!(needs_answer("garbage"));
    }
}
