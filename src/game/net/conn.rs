//! One TCP connection of a network game: its reader thread (capped lines, checked
//! messages, a rate limit, silence noticed) and the writing end kept by the link's
//! own thread, which also sends the heartbeats.

use super::message::{Message, MAX_LINE};
use super::wire::{read_line, write_message, LineError, RateLimit};
use crate::engine::{Clock, MonotonicClock};
use std::io::{self, BufReader};
use std::net::{Shutdown, TcpStream};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
use std::time::Duration;

/// The link's timings and limits (tests shorten them).
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// A ping goes out when nothing else was sent for this long.
    pub heartbeat: Duration,
    /// Nothing heard for this long: the connection is dead.
    pub silence: Duration,
    /// The first message must come within this.
    pub handshake: Duration,
    /// A guest tries to reconnect this often.
    pub retry: Duration,
    /// Messages a second a peer may send on average, and at once.
    pub rate: u32,
    pub burst: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            heartbeat: Duration::from_secs(1),
            silence: Duration::from_secs(5),
            handshake: Duration::from_secs(5),
            retry: Duration::from_secs(1),
            rate: 20,
            burst: 40,
        }
    }
}

/// Everything a link's thread waits for, on one channel.
pub(super) enum In {
    /// From the game: send this to the peer.
    Send(Message),
    /// From the game: the peer broke the protocol (it was told); close the connection.
    Hangup(String),
    /// From the game: drop the connection as if the network failed (a reconnection
    /// follows). For tests and for a person who wants to reconnect.
    Break,
    /// The handle was dropped.
    Stop,
    /// The host's listener accepted a connection.
    Accepted(TcpStream),
    /// A checked message from connection `id`.
    Peer(u64, Message),
    /// Connection `id` broke the protocol: tell it why, then close it.
    Bad(u64, String),
    /// Connection `id` is gone (closed, failed, or silent too long).
    Lost(u64, String),
}

impl In {
    /// The next input of a link's thread from `rx`, with `tick` called each time half a
    /// `heartbeat` passes without one (heartbeats, silence and retries are timed there);
    /// `None` once the game's end of the channel is gone.
    pub fn next(rx: &Receiver<In>, heartbeat: Duration, mut tick: impl FnMut()) -> Option<In> {
        loop {
            match rx.recv_timeout(heartbeat / 2) {
                Ok(input) => return Some(input),
                Err(RecvTimeoutError::Timeout) => tick(),
                Err(RecvTimeoutError::Disconnected) => return None,
            }
        }
    }
}

/// The writing end of a connection.
pub(super) struct Conn {
    pub id: u64,
    stream: TcpStream,
    /// When something was last written (for heartbeats), on the link's clock.
    pub last_write: Duration,
}

impl Conn {
    /// Starts reading `stream` on a thread of its own, which reports to `tx`.
    pub fn open(
        id: u64,
        stream: TcpStream,
        limits: Limits,
        tx: Sender<In>,
        now: Duration,
    ) -> io::Result<Conn> {
        stream.set_read_timeout(Some(limits.silence))?;
        // A peer that stops reading cannot block the link for long.
        stream.set_write_timeout(Some(limits.silence))?;
        stream.set_nodelay(true)?;
        let reader = stream.try_clone()?;
        std::thread::Builder::new()
            .name(format!("net-read-{id}"))
            .spawn(move || read_messages(id, reader, limits, tx))?;
        Ok(Conn {
            id,
            stream,
            last_write: now,
        })
    }

    pub fn send(&mut self, message: &Message, now: Duration) -> io::Result<()> {
        self.last_write = now;
        write_message(&mut self.stream, message)
    }

    /// Says why (best effort) and closes both ways; the reader thread then ends.
    pub fn close_with(&mut self, reason: &str, now: Duration) {
        let _ = self.send(
            &Message::Error {
                message: reason.to_string(),
            },
            now,
        );
        self.close();
    }

    pub fn close(&self) {
        let _ = self.stream.shutdown(Shutdown::Both);
    }

    pub fn peer(&self) -> String {
        self.stream
            .peer_addr()
            .map_or_else(|_| "?".into(), |a| a.to_string())
    }
}

impl Drop for Conn {
    fn drop(&mut self) {
        self.close();
    }
}

/// The reader thread: every line checked and passed on, until the connection ends or
/// the peer breaks the protocol (then nothing more of it is read).
fn read_messages(id: u64, stream: TcpStream, limits: Limits, tx: Sender<In>) {
    let clock = MonotonicClock::new();
    let mut rate = RateLimit::new(limits.rate, limits.burst);
    let mut input = BufReader::with_capacity(8 * 1024, stream);
    let mut buf = Vec::with_capacity(256);
    let end = loop {
        match read_line(&mut input, &mut buf) {
            Ok(false) => break In::Lost(id, "the connection was closed".into()),
            Ok(true) => {}
            Err(LineError::TooLong) => {
                break In::Bad(id, format!("a line longer than {MAX_LINE} bytes"))
            }
            Err(LineError::Io(e)) => break In::Lost(id, lost_reason(&e, limits)),
        }
        if !rate.allow(clock.now()) {
            break In::Bad(id, "too many messages".into());
        }
        let text = String::from_utf8_lossy(&buf);
        let message = match Message::decode(&text) {
            Ok(m) => m,
            Err(e) => break In::Bad(id, e.to_string()),
        };
        if tx.send(In::Peer(id, message)).is_err() {
            return;
        }
    };
    let _ = tx.send(end);
}

fn lost_reason(e: &io::Error, limits: Limits) -> String {
    match e.kind() {
        io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut => {
            format!("nothing heard for {} s", limits.silence.as_secs())
        }
        _ => format!("connection lost: {e}"),
    }
}
