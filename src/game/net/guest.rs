//! The guest's link thread: connects to the host, says hello, keeps the token the host
//! gives, sends heartbeats, and reconnects with the token whenever the connection
//! drops, until the game is left. A host that breaks the protocol is told why and
//! not called again.

use super::conn::{Conn, In, Limits};
use super::message::{Message, MAX_NAME, PROTOCOL_VERSION};
use crate::engine::{Clock, MonotonicClock};
use crate::game::command::NetInput;
use crate::game::wake::Waker;
use crate::protocol::command::printable;
use std::net::{TcpStream, ToSocketAddrs};
use std::sync::mpsc::{Receiver, Sender};
use std::time::Duration;

pub(super) struct GuestLink {
    pub address: String,
    pub name: String,
    pub limits: Limits,
    pub tx: Sender<In>,
    pub events: Sender<NetInput>,
    pub wake: Waker,
    clock: MonotonicClock,
    next_id: u64,
    conn: Option<Conn>,
    /// The host answered this connection's hello.
    welcomed: bool,
    /// When this connection's hello was sent.
    hello_at: Duration,
    /// Given by the host's first welcome: the seat in this game.
    token: Option<String>,
    /// When to try again after a drop.
    retry_at: Option<Duration>,
    /// Left, refused or cut off: the thread only waits to be dropped.
    done: bool,
}

impl GuestLink {
    pub fn new(
        address: String,
        name: String,
        limits: Limits,
        tx: Sender<In>,
        events: Sender<NetInput>,
        wake: Waker,
    ) -> GuestLink {
        GuestLink {
            address,
            name,
            limits,
            tx,
            events,
            wake,
            clock: MonotonicClock::new(),
            next_id: 0,
            conn: None,
            welcomed: false,
            hello_at: Duration::ZERO,
            token: None,
            retry_at: None,
            done: false,
        }
    }

    fn report(&self, input: NetInput) {
        if self.events.send(input).is_ok() {
            (self.wake)();
        }
    }

    /// The link is over for good.
    fn close(&mut self, reason: String) {
        self.conn = None;
        self.done = true;
        self.retry_at = None;
        self.report(NetInput::Closed { reason });
    }

    pub fn run(mut self, rx: Receiver<In>) {
        crate::profiler::set_thread_name("net-guest");
        if let Err(e) = self.connect() {
            self.close(format!("Cannot reach {}: {e}", self.address));
        }
        let heartbeat = self.limits.heartbeat;
        while let Some(input) = In::next(&rx, heartbeat, || self.on_timer()) {
            match input {
                In::Send(m) => self.send(&m),
                In::Hangup(reason) => self.close(format!("Cut off: {reason}")),
                In::Break => {
                    if let Some(c) = &self.conn {
                        c.close();
                    }
                }
                In::Stop => break,
                In::Accepted(_) => {}
                In::Peer(id, m) if self.is_current(id) => self.peer(m),
                In::Bad(id, reason) if self.is_current(id) => {
                    let now = self.clock.now();
                    if let Some(c) = self.conn.as_mut() {
                        c.close_with(&reason, now);
                    }
                    self.close(format!("The host broke the protocol: {reason}"));
                }
                In::Lost(id, reason) if self.is_current(id) => self.lost(reason),
                In::Peer(..) | In::Bad(..) | In::Lost(..) => {}
            }
            self.on_timer();
        }
    }

    fn is_current(&self, id: u64) -> bool {
        self.conn.as_ref().is_some_and(|c| c.id == id)
    }

    /// Resolves the address, connects, and says hello.
    fn connect(&mut self) -> std::io::Result<()> {
        let addrs: Vec<_> = self.address.to_socket_addrs()?.collect();
        let mut last = std::io::Error::other("the address names no host");
        for addr in addrs {
            match TcpStream::connect_timeout(&addr, self.limits.handshake) {
                Ok(stream) => return self.hello(stream),
                Err(e) => last = e,
            }
        }
        Err(last)
    }

    fn hello(&mut self, stream: TcpStream) -> std::io::Result<()> {
        self.next_id += 1;
        let now = self.clock.now();
        let mut conn = Conn::open(self.next_id, stream, self.limits, self.tx.clone(), now)?;
        let hello = Message::Hello {
            version: PROTOCOL_VERSION,
            name: self.name.clone(),
            token: self.token.clone(),
        };
        conn.send(&hello, now)?;
        self.conn = Some(conn);
        self.welcomed = false;
        self.hello_at = now;
        Ok(())
    }

    fn send(&mut self, m: &Message) {
        let now = self.clock.now();
        if !self.welcomed {
            return;
        }
        if let Some(c) = self.conn.as_mut() {
            if let Err(e) = c.send(m, now) {
                log::info!("sending to the host failed: {e}");
                c.close();
            }
        }
    }

    fn peer(&mut self, m: Message) {
        if self.welcomed {
            if m == Message::Ping {
                return;
            }
            if m == Message::Leave {
                self.done = true;
                self.conn = None;
            }
            return self.report(NetInput::Received(m));
        }
        match m {
            Message::Welcome {
                version: PROTOCOL_VERSION,
                name,
                token,
            } => {
                self.token = Some(printable(&token, 64));
                self.welcomed = true;
                self.report(NetInput::Connected {
                    peer: printable(&name, MAX_NAME),
                });
            }
            Message::Error { message } => {
                let reason = printable(&message, 120);
                self.close(format!("The host refused: {reason}"));
            }
            _ => {
                let now = self.clock.now();
                if let Some(c) = self.conn.as_mut() {
                    c.close_with("the first message must be welcome", now);
                }
                self.close("The host does not speak this game's protocol".into());
            }
        }
    }

    fn lost(&mut self, reason: String) {
        self.conn = None;
        if self.done {
            return;
        }
        if self.token.is_none() {
            return self.close(format!("No game at {}: {reason}", self.address));
        }
        let was_welcomed = std::mem::take(&mut self.welcomed);
        if was_welcomed {
            self.report(NetInput::Disconnected {
                reason: format!("Connection lost ({reason}); reconnecting\u{2026}"),
            });
        }
        self.retry_at = Some(self.clock.now() + self.limits.retry);
    }

    /// Heartbeats, a handshake that took too long, and reconnecting when it is time.
    fn on_timer(&mut self) {
        let now = self.clock.now();
        if let Some(c) = self.conn.as_mut() {
            if !self.welcomed && now.saturating_sub(self.hello_at) >= self.limits.handshake {
                c.close_with("no welcome in time", now);
            } else if self.welcomed
                && now.saturating_sub(c.last_write) >= self.limits.heartbeat
                && c.send(&Message::Ping, now).is_err()
            {
                c.close();
            }
        }
        if self.done || self.conn.is_some() || self.retry_at.is_none_or(|t| now < t) {
            return;
        }
        if let Err(e) = self.connect() {
            log::info!("reconnecting to {} failed: {e}", self.address);
            self.retry_at = Some(self.clock.now() + self.limits.retry);
        } else {
            self.retry_at = None;
        }
    }
}
