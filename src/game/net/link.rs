//! The handle the game holds on a network link: host or guest, messages out, what
//! happened in. Its thread does all the waiting; the handle never blocks.

use super::conn::{In, Limits};
use super::guest::GuestLink;
use super::host::{spawn_acceptor, HostLink};
use super::message::Message;
use crate::game::command::NetInput;
use crate::game::wake::Waker;
use std::net::{Ipv4Addr, TcpListener};
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::Arc;
use std::time::Duration;

/// A network link: the host's listener and guest, or the guest's connection.
pub struct NetLink {
    tx: Sender<In>,
    events: Receiver<NetInput>,
    /// The port a host listens on.
    port: Option<u16>,
}

impl NetLink {
    /// Hosts a game on `port` of every IPv4 interface (0: any free port, see
    /// [`NetLink::port`]). Only the bind happens here; the rest is on the link's thread.
    pub fn host(port: u16, name: &str, limits: Limits, wake: Waker) -> std::io::Result<NetLink> {
        let listener = TcpListener::bind((Ipv4Addr::UNSPECIFIED, port))?;
        let port = listener.local_addr()?.port();
        let (tx, rx) = mpsc::channel();
        let (events_tx, events) = mpsc::channel();
        let stop = Arc::new(AtomicBool::new(false));
        spawn_acceptor(listener, tx.clone(), Arc::clone(&stop))?;
        let link = HostLink::new(name.into(), limits, tx.clone(), events_tx, wake, port, stop);
        spawn("net-host", move || link.run(rx))?;
        Ok(NetLink {
            tx,
            events,
            port: Some(port),
        })
    }

    /// Joins the game at `address` (`host:port`). Failures come back as events.
    pub fn join(address: &str, name: &str, limits: Limits, wake: Waker) -> NetLink {
        let (tx, rx) = mpsc::channel();
        let (events_tx, events) = mpsc::channel();
        let link = GuestLink::new(
            address.into(),
            name.into(),
            limits,
            tx.clone(),
            events_tx.clone(),
            wake.clone(),
        );
        if let Err(e) = spawn("net-guest", move || link.run(rx)) {
            let _ = events_tx.send(NetInput::Closed {
                reason: format!("Cannot start the network thread: {e}"),
            });
            wake();
        }
        NetLink {
            tx,
            events,
            port: None,
        }
    }

    /// The port a host listens on.
    pub fn port(&self) -> Option<u16> {
        self.port
    }

    pub fn send(&self, message: Message) {
        let _ = self.tx.send(In::Send(message));
    }

    /// Closes the connection to a peer that broke the protocol (it was told why).
    pub fn hangup(&self, reason: String) {
        let _ = self.tx.send(In::Hangup(reason));
    }

    /// Drops the connection as a network failure would (a guest then reconnects).
    pub fn break_connection(&self) {
        let _ = self.tx.send(In::Break);
    }

    /// What happened since the last call, oldest first.
    pub fn poll(&self) -> Vec<NetInput> {
        self.events.try_iter().collect()
    }

    /// Waits for the next event (tests and tools; the game never waits).
    pub fn wait(&self, timeout: Duration) -> Option<NetInput> {
        self.events.recv_timeout(timeout).ok()
    }
}

impl Drop for NetLink {
    /// The thread closes its connections and ends on its own: a guest may be in the
    /// middle of a connection attempt, and nobody should wait for that.
    fn drop(&mut self) {
        let _ = self.tx.send(In::Stop);
    }
}

fn spawn(name: &str, f: impl FnOnce() + Send + 'static) -> std::io::Result<()> {
    std::thread::Builder::new()
        .name(name.into())
        .spawn(f)
        .map(|_| ())
}
