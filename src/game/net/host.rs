//! The host's link thread: a listener on the LAN, one guest at a time, a handshake
//! that checks the version and (after the first guest) the guest's token, heartbeats,
//! and every checked message passed to the session. A connection that breaks the
//! protocol is told why and closed; the seat stays for the guest to come back.

use super::conn::{Conn, In, Limits};
use super::message::{Message, MAX_NAME, PROTOCOL_VERSION};
use crate::engine::{Clock, MonotonicClock};
use crate::game::command::NetInput;
use crate::game::wake::Waker;
use crate::protocol::command::printable;
use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender};
use std::sync::Arc;
use std::time::Duration;

/// Connections still in their handshake, at most (more are closed at once).
const MAX_PENDING: usize = 4;

/// Accepts connections on `listener` and hands them to the link thread.
pub(super) fn spawn_acceptor(
    listener: TcpListener,
    tx: Sender<In>,
    stop: Arc<AtomicBool>,
) -> std::io::Result<()> {
    std::thread::Builder::new()
        .name("net-accept".into())
        .spawn(move || {
            for stream in listener.incoming() {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                match stream {
                    Ok(s) => {
                        if tx.send(In::Accepted(s)).is_err() {
                            break;
                        }
                    }
                    Err(e) => {
                        log::warn!("accept failed: {e}");
                        // Out of descriptors, say: do not spin.
                        std::thread::sleep(Duration::from_millis(100));
                    }
                }
            }
        })?;
    Ok(())
}

/// Wakes the acceptor blocked in `accept` so it sees the stop flag.
pub(super) fn stop_acceptor(port: u16, stop: &AtomicBool) {
    stop.store(true, Ordering::Relaxed);
    let addr = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
    let _ = TcpStream::connect_timeout(&addr, Duration::from_millis(200));
}

pub(super) struct HostLink {
    pub name: String,
    pub limits: Limits,
    pub tx: Sender<In>,
    pub events: Sender<NetInput>,
    pub wake: Waker,
    pub port: u16,
    pub stop: Arc<AtomicBool>,
    clock: MonotonicClock,
    next_id: u64,
    /// Connections that have not said hello yet, and when they came.
    pending: Vec<(Conn, Duration)>,
    guest: Option<Conn>,
    /// The seat's token, once a guest has taken it.
    token: Option<String>,
}

impl HostLink {
    pub fn new(
        name: String,
        limits: Limits,
        tx: Sender<In>,
        events: Sender<NetInput>,
        wake: Waker,
        port: u16,
        stop: Arc<AtomicBool>,
    ) -> HostLink {
        HostLink {
            name,
            limits,
            tx,
            events,
            wake,
            port,
            stop,
            clock: MonotonicClock::new(),
            next_id: 0,
            pending: Vec::new(),
            guest: None,
            token: None,
        }
    }

    fn report(&self, input: NetInput) {
        if self.events.send(input).is_ok() {
            (self.wake)();
        }
    }

    pub fn run(mut self, rx: Receiver<In>) {
        crate::profiler::set_thread_name("net-host");
        let heartbeat = self.limits.heartbeat;
        while let Some(input) = In::next(&rx, heartbeat, || self.on_timer()) {
            match input {
                In::Send(m) => self.send(&m),
                In::Hangup(reason) => {
                    if let Some(g) = self.guest.take() {
                        g.close();
                        self.report(NetInput::Disconnected {
                            reason: format!("Cut off: {reason}"),
                        });
                    }
                }
                In::Break => {
                    if let Some(g) = &self.guest {
                        g.close();
                    }
                }
                In::Stop => break,
                In::Accepted(stream) => self.accepted(stream),
                In::Peer(id, m) => self.peer(id, m),
                In::Bad(id, reason) => self.bad(id, &reason),
                In::Lost(id, reason) => self.lost(id, reason),
            }
            self.on_timer();
        }
        stop_acceptor(self.port, &self.stop);
    }

    fn send(&mut self, m: &Message) {
        let now = self.clock.now();
        let Some(g) = self.guest.as_mut() else { return };
        if let Err(e) = g.send(m, now) {
            log::info!("sending to the guest failed: {e}");
            g.close(); // its reader reports the loss
        }
    }

    /// Heartbeats, and handshakes that took too long.
    fn on_timer(&mut self) {
        let now = self.clock.now();
        if let Some(g) = self.guest.as_mut() {
            if now.saturating_sub(g.last_write) >= self.limits.heartbeat
                && g.send(&Message::Ping, now).is_err()
            {
                g.close();
            }
        }
        let limit = self.limits.handshake;
        self.pending.retain_mut(|(c, since)| {
            let waiting = now.saturating_sub(*since) < limit;
            if !waiting {
                c.close_with("no hello in time", now);
            }
            waiting
        });
    }

    fn accepted(&mut self, stream: TcpStream) {
        if self.stop.load(Ordering::Relaxed) {
            return;
        }
        if self.pending.len() >= MAX_PENDING {
            log::warn!("too many connections at once; one closed");
            return;
        }
        self.next_id += 1;
        let now = self.clock.now();
        match Conn::open(self.next_id, stream, self.limits, self.tx.clone(), now) {
            Ok(c) => {
                log::info!("connection from {}", c.peer());
                self.pending.push((c, now));
            }
            Err(e) => log::warn!("cannot use a connection: {e}"),
        }
    }

    fn peer(&mut self, id: u64, m: Message) {
        if self.guest.as_ref().is_some_and(|g| g.id == id) {
            // A heartbeat has done its work by arriving.
            if m != Message::Ping {
                self.report(NetInput::Received(m));
            }
            return;
        }
        let Some(i) = self.pending.iter().position(|(c, _)| c.id == id) else {
            return;
        };
        let (conn, _) = self.pending.swap_remove(i);
        self.handshake(conn, m);
    }

    /// The first message of a connection: a `hello` of our version, with the seat's
    /// token once the seat has been taken.
    fn handshake(&mut self, mut conn: Conn, m: Message) {
        let now = self.clock.now();
        let Message::Hello {
            version,
            name,
            token,
        } = m
        else {
            return conn.close_with("the first message must be hello", now);
        };
        if version != PROTOCOL_VERSION {
            let why = format!("this game speaks version {PROTOCOL_VERSION}, not {version}");
            return conn.close_with(&why, now);
        }
        if self.guest.is_some() {
            return conn.close_with("a game is already being played here", now);
        }
        let token = match (&self.token, token) {
            (Some(seat), Some(t)) if *seat == t => t,
            (Some(_), _) => return conn.close_with("this game already has its player", now),
            (None, _) => format!("{:016x}", rand::random::<u64>()),
        };
        let welcome = Message::Welcome {
            version: PROTOCOL_VERSION,
            name: self.name.clone(),
            token: token.clone(),
        };
        if conn.send(&welcome, now).is_err() {
            return;
        }
        self.token = Some(token);
        self.guest = Some(conn);
        self.report(NetInput::Connected {
            peer: printable(&name, MAX_NAME),
        });
    }

    fn bad(&mut self, id: u64, reason: &str) {
        let now = self.clock.now();
        log::warn!("connection {id} broke the protocol: {reason}");
        if let Some(mut g) = self.guest.take_if(|g| g.id == id) {
            g.close_with(reason, now);
            self.report(NetInput::Disconnected {
                reason: format!("Cut off: {reason}"),
            });
        } else if let Some(i) = self.pending.iter().position(|(c, _)| c.id == id) {
            self.pending.swap_remove(i).0.close_with(reason, now);
        }
    }

    fn lost(&mut self, id: u64, reason: String) {
        if self.guest.take_if(|g| g.id == id).is_some() {
            self.report(NetInput::Disconnected { reason });
        } else {
            self.pending.retain(|(c, _)| c.id != id);
        }
    }
}
