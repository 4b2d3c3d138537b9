//! The manager's lines, read on their own thread so the driver can listen while the brain
//! thinks.
//!
//! The driver must tell a line the manager wrote before a search began (it waits its
//! turn) from one written during the search (`END` and `YXSTOP` act at once). Which side
//! of the search's start a line falls on must not depend on how soon the reader thread
//! runs: lines that came in one read of the input were all written before the first of
//! them is handled. So the reader counts every complete line it holds the moment it sees
//! it, and [`Input::take_already_read`] waits for each counted line.
//!
//! Every line carries the moment the reader read it: a move's time counts from its
//! command's arrival, not from when the brain got to it after the lines before it (a
//! manager's clock starts when it writes the command).

use super::lines::{read_line_capped, to_text};
use std::collections::VecDeque;
use std::io::{BufReader, Read};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, TryRecvError};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

/// One line from the manager and when it was read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub text: String,
    pub arrived: Instant,
}

impl Line {
    /// `text`, arriving now.
    pub fn now(text: impl Into<String>) -> Line {
        Line {
            text: text.into(),
            arrived: Instant::now(),
        }
    }
}

/// Lines from the manager, in order, and how many the reader holds that are not here yet.
pub struct Input {
    lines: Receiver<Line>,
    /// Lines the reader has counted (read, or complete in its buffer) but the driver has
    /// not received. Zero when the lines come from a plain channel.
    owed: Arc<AtomicUsize>,
}

impl From<Receiver<Line>> for Input {
    /// Lines sent by hand (tests, other front ends): those in the channel when a search
    /// starts count as already read.
    fn from(lines: Receiver<Line>) -> Input {
        Input {
            lines,
            owed: Arc::new(AtomicUsize::new(0)),
        }
    }
}

impl Input {
    /// The next line, waiting for it; `None` once the input is closed.
    pub fn recv(&self) -> Option<Line> {
        let line = self.lines.recv().ok()?;
        self.received();
        Some(line)
    }

    /// The next line if one comes within `wait`.
    pub fn recv_timeout(&self, wait: Duration) -> Result<Line, RecvTimeoutError> {
        let line = self.lines.recv_timeout(wait)?;
        self.received();
        Ok(line)
    }

    /// Moves every line already read into `queue`: those waiting in the channel and those
    /// the reader holds but has not sent yet. Never waits for input still to be written.
    pub fn take_already_read(&self, queue: &mut VecDeque<Line>) {
        loop {
            let line = match self.lines.try_recv() {
                Ok(line) => line,
                Err(TryRecvError::Disconnected) => return,
                Err(TryRecvError::Empty) if self.owed.load(Ordering::SeqCst) == 0 => return,
                // The reader holds counted lines: it sends them without reading more
                // input, or drops the channel, so this wait is short.
                Err(TryRecvError::Empty) => match self.lines.recv() {
                    Ok(line) => line,
                    Err(_) => return,
                },
            };
            self.received();
            queue.push_back(line);
        }
    }

    fn received(&self) {
        // Saturating: a plain channel's lines were never counted.
        let _ = self
            .owed
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1));
    }
}

/// Reads lines from `input` on a new thread. Bytes that are not UTF-8 are replaced, not
/// fatal, and very long lines are cut (see [`read_line_capped`]). The input closes at its
/// end, or when reading fails.
pub fn spawn_reader<R: Read + Send + 'static>(input: BufReader<R>) -> Input {
    let (tx, lines) = mpsc::channel();
    let owed = Arc::new(AtomicUsize::new(0));
    let counter = Arc::clone(&owed);
    let spawned = thread::Builder::new()
        .name("pbrain-input".into())
        .spawn(move || read_all(input, &tx, &counter));
    if let Err(e) = spawned {
        log::error!("cannot start the input thread: {e}");
    }
    Input { lines, owed }
}

fn read_all<R: Read>(mut input: BufReader<R>, tx: &mpsc::Sender<Line>, owed: &AtomicUsize) {
    let mut buf = Vec::with_capacity(256);
    // Complete lines in the buffer already counted in `owed`, and when they were read.
    let mut counted = 0usize;
    let mut buffered_at = Instant::now();
    loop {
        match read_line_capped(&mut input, &mut buf) {
            Ok(false) => return,
            Ok(true) => {
                // This line was either counted while it sat in the buffer, or is new.
                let arrived = match counted.checked_sub(1) {
                    Some(left) => {
                        counted = left;
                        buffered_at
                    }
                    None => {
                        owed.fetch_add(1, Ordering::SeqCst);
                        Instant::now()
                    }
                };
                // Count the complete lines now in the buffer before this one is sent:
                // any new ones came in the same read as this line.
                let complete = input.buffer().iter().filter(|&&b| b == b'\n').count();
                owed.fetch_add(complete.saturating_sub(counted), Ordering::SeqCst);
                if complete > counted {
                    buffered_at = arrived;
                }
                counted = counted.max(complete);
                let line = Line {
                    text: to_text(&buf),
                    arrived,
                };
                if tx.send(line).is_err() {
                    return;
                }
            }
            Err(e) => {
                log::warn!("input failed: {e}");
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{self, Cursor};

    fn texts(queue: &VecDeque<Line>) -> Vec<&str> {
        queue.iter().map(|l| l.text.as_str()).collect()
    }

    #[test]
    fn lines_read_together_are_all_already_read() {
        let input = spawn_reader(BufReader::new(Cursor::new(b"A\r\nB\nC\npartial".to_vec())));
        let first = input.recv().expect("a line");
        assert_eq!(first.text, "A\r");
        let mut queue = VecDeque::new();
        input.take_already_read(&mut queue);
        // However late the reader thread runs: B and C came in the same read as A. The
        // unfinished last line is read at the end of input.
        assert_eq!(texts(&queue)[..2], ["B", "C"]);
        assert!(queue.len() == 2 || queue[2].text == "partial", "{queue:?}");
        // ... and they arrived when A did, however late the reader handed them on.
        assert_eq!(queue[0].arrived, first.arrived);
        assert_eq!(queue[1].arrived, first.arrived);
    }

    /// Gives its chunks one read at a time, the later ones only when released.
    struct Chunks {
        chunks: VecDeque<&'static [u8]>,
        release: Receiver<()>,
        first: bool,
    }

    impl Read for Chunks {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            if !std::mem::take(&mut self.first) && self.release.recv().is_err() {
                return Ok(0);
            }
            let Some(chunk) = self.chunks.pop_front() else {
                return Ok(0);
            };
            out[..chunk.len()].copy_from_slice(chunk);
            Ok(chunk.len())
        }
    }

    #[test]
    fn lines_still_to_be_written_are_not_waited_for() {
        let (release, rx) = mpsc::channel();
        let chunks = Chunks {
            chunks: VecDeque::from([&b"TURN 1,1\n"[..], &b"END\n"[..]]),
            release: rx,
            first: true,
        };
        let input = spawn_reader(BufReader::new(chunks));
        let turn = input.recv().expect("a line");
        assert_eq!(turn.text, "TURN 1,1");
        let mut queue = VecDeque::new();
        input.take_already_read(&mut queue);
        assert!(queue.is_empty(), "END is not written yet: {queue:?}");
        let released = Instant::now();
        release.send(()).expect("reader waits");
        let end = input.recv().expect("a line");
        assert_eq!(end.text, "END");
        assert!(end.arrived >= released, "read after it was written");
        assert!(turn.arrived <= released);
        drop(release);
        assert_eq!(input.recv(), None);
    }

    #[test]
    fn a_plain_channel_gives_what_it_holds() {
        let (tx, rx) = mpsc::channel();
        for line in ["BEGIN", "END"] {
            tx.send(Line::now(line)).expect("open");
        }
        let input = Input::from(rx);
        let mut queue = VecDeque::new();
        input.take_already_read(&mut queue);
        assert_eq!(texts(&queue), ["BEGIN", "END"]);
        assert!(input.recv_timeout(Duration::from_millis(1)).is_err());
    }
}
