//! Runs a [`Brain`] over a line source and a writer. Input is read on its own thread so
//! `END` is seen (and stops the search) even while the brain is thinking.

use super::brain::{Action, Brain};
use super::lines::{read_line_capped, to_text};
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::sync::Arc;
use std::thread;

/// Shared between the input thread and the driver: which line is being handled, whether
/// it is a search, and the flag that stops that search.
#[derive(Default)]
pub struct Control {
    /// Set when `END` arrives while the line just before it is being searched.
    pub stop: Arc<AtomicBool>,
    line: AtomicU64,
    thinking: AtomicBool,
}

/// Reads lines from `input` on a new thread. Bytes that are not UTF-8 are replaced, not
/// fatal. An `END` that arrives while the brain searches the command just before it stops
/// that search at once; commands queued earlier are still answered in order.
pub fn spawn_reader<R: BufRead + Send + 'static>(
    mut input: R,
    control: Arc<Control>,
) -> Receiver<String> {
    let (tx, rx) = mpsc::channel();
    let spawned = thread::Builder::new()
        .name("pbrain-input".into())
        .spawn(move || {
            let mut buf = Vec::with_capacity(256);
            let mut count: u64 = 0;
            loop {
                buf.clear();
                match read_line_capped(&mut input, &mut buf) {
                    Ok(false) => break,
                    Err(e) => {
                        log::warn!("input failed: {e}");
                        break;
                    }
                    Ok(true) => {
                        count += 1;
                        let line = to_text(&buf);
                        let is_end = line.trim().eq_ignore_ascii_case("END");
                        if is_end
                            && control.thinking.load(Ordering::SeqCst)
                            && control.line.load(Ordering::SeqCst) + 1 == count
                        {
                            control.stop.store(true, Ordering::SeqCst);
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

/// Drives `brain` until `END` or the end of input.
pub fn run<W: Write>(
    brain: &mut Brain,
    lines: Receiver<String>,
    control: &Control,
    out: &mut W,
) -> io::Result<()> {
    let mut count: u64 = 0;
    while let Ok(line) = lines.recv() {
        count += 1;
        control.line.store(count, Ordering::SeqCst);
        log::debug!("<- {}", line.trim_end());
        let reply = match brain.handle_line(&line) {
            Action::Reply(reply) => reply,
            Action::Think => {
                control.thinking.store(true, Ordering::SeqCst);
                let reply = brain.think(&control.stop);
                control.thinking.store(false, Ordering::SeqCst);
                if control.stop.load(Ordering::SeqCst) {
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
