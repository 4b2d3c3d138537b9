//! Runs a [`Brain`] over a line source and a writer. Input is read on its own thread so
//! `END` is seen (and stops the search) even while the brain is thinking.

use super::brain::{Action, Brain};
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::sync::Arc;
use std::thread;

/// Reads lines from `input` on a new thread. Bytes that are not UTF-8 are replaced, not
/// fatal. Seeing `END` sets `end` at once, which stops a running search.
pub fn spawn_reader<R: BufRead + Send + 'static>(
    mut input: R,
    end: Arc<AtomicBool>,
) -> Receiver<String> {
    let (tx, rx) = mpsc::channel();
    let spawned = thread::Builder::new()
        .name("pbrain-input".into())
        .spawn(move || {
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match input.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&buf).into_owned();
                        if line.trim().eq_ignore_ascii_case("END") {
                            end.store(true, Ordering::Relaxed);
                        }
                        if tx.send(line).is_err() {
                            break;
                        }
                    }
                }
            }
        });
    if let Err(e) = spawned {
        log::error!("cannot start the input thread: {e}");
    }
    rx
}

/// Drives `brain` until `END` or the end of input. `end` is the flag the reader sets.
pub fn run<W: Write>(
    brain: &mut Brain,
    lines: Receiver<String>,
    end: &Arc<AtomicBool>,
    out: &mut W,
) -> io::Result<()> {
    while let Ok(line) = lines.recv() {
        log::debug!("<- {}", line.trim_end());
        let reply = match brain.handle_line(&line) {
            Action::Reply(reply) => reply,
            Action::Think => {
                let reply = brain.think(end);
                if end.load(Ordering::Relaxed) {
                    return Ok(()); // END arrived mid-search: leave without answering
                }
                reply
            }
            Action::Exit => return Ok(()),
        };
        for r in reply {
            log::debug!("-> {r}");
            writeln!(out, "{r}")?;
        }
        out.flush()?;
    }
    Ok(())
}
