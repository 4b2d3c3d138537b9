//! The session's network game. The host is the authority: it checks every move of the
//! guest against the turn, the board and the clock, decides endings, and sends its
//! whole game after every change. The guest never changes its board itself: it sends
//! its move, its offers and its resignation, and adopts the host's state (after
//! checking it is a legal game). A peer that breaks the protocol is told why and the
//! link is closed; the board is never changed by a bad message.

use super::{ChessManager, GameEvent};
use crate::engine::Stone;
use crate::game::command::{LinkStatus, NetInput};
use crate::game::mode::GameMode;
use crate::game::net::message::{Message, Offer, Snapshot, MAX_NAME};
use crate::game::play::{Game, GameError};
use crate::game::settings::GameSettings;
use crate::protocol::command::printable;
use std::time::Duration;

/// Which end of the link this machine is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Host,
    Guest,
}

/// The network side of a session.
#[derive(Clone, Debug)]
pub struct NetSession {
    pub(super) role: Role,
    pub(super) status: LinkStatus,
    /// The other player's offer, waiting for our answer.
    pub(super) theirs: Option<Offer>,
    /// Our offer, waiting for theirs.
    pub(super) ours: Option<Offer>,
    /// Guest: the ply of the move sent and not yet in a state from the host.
    pub(super) sent: Option<usize>,
    /// Guest: the host's id of the game on the board.
    pub(super) host_game: Option<String>,
    /// Host: the state last sent (clock readings aside).
    pub(super) synced: Option<Snapshot>,
}

impl NetSession {
    fn new(role: Role, reason: &str) -> NetSession {
        NetSession {
            role,
            status: LinkStatus::Waiting {
                reason: reason.into(),
            },
            theirs: None,
            ours: None,
            sent: None,
            host_game: None,
            synced: None,
        }
    }

    pub fn role(&self) -> Role {
        self.role
    }
    pub fn status(&self) -> &LinkStatus {
        &self.status
    }
    pub fn is_connected(&self) -> bool {
        matches!(self.status, LinkStatus::Connected { .. })
    }
    /// The other player's offer waiting for an answer.
    pub fn their_offer(&self) -> Option<Offer> {
        self.theirs
    }
    /// Our offer waiting for the other player's answer.
    pub fn our_offer(&self) -> Option<Offer> {
        self.ours
    }
}

impl ChessManager {
    pub(super) fn is_guest(&self) -> bool {
        self.net.as_ref().is_some_and(|n| n.role == Role::Guest)
    }

    pub(super) fn connected_net(&mut self) -> Result<&mut NetSession, GameError> {
        let net = self.net.as_mut().ok_or(GameError::NotNetworked)?;
        if !net.is_connected() {
            return Err(GameError::NotConnected);
        }
        Ok(net)
    }

    /// A new hosted game with the menu's settings; it waits for a guest to connect.
    pub(super) fn host_game(
        &mut self,
        local: Stone,
        now: Duration,
        out: &mut Vec<GameEvent>,
    ) -> Result<(), GameError> {
        let settings = GameSettings {
            mode: GameMode::Network { local, host: true },
            ..self.settings.clone()
        };
        let game = Game::new(&settings, now)?;
        self.leave(out);
        self.net = Some(NetSession::new(Role::Host, "Waiting for a player to join"));
        self.start(game, out);
        self.push_status(out);
        Ok(())
    }

    /// Waits for a host's first state, which starts the game here.
    pub(super) fn join_game(&mut self, out: &mut Vec<GameEvent>) {
        self.leave(out);
        self.net = Some(NetSession::new(Role::Guest, "Connecting\u{2026}"));
        self.push_status(out);
    }

    /// Leaves the network game, telling the other player. The game stays for review.
    pub(super) fn leave(&mut self, out: &mut Vec<GameEvent>) {
        if let Some(net) = self.net.take() {
            if net.is_connected() {
                out.push(GameEvent::Send(Message::Leave));
            }
            out.push(GameEvent::Link(LinkStatus::Closed {
                reason: "You left the network game".into(),
            }));
        }
    }

    /// Only the host starts a new network game, and only once the last one is over
    /// (or nothing was played yet).
    pub(super) fn check_network_restart(&self) -> Result<(), GameError> {
        if self.is_guest() {
            return Err(GameError::HostStarts);
        }
        let live = self
            .game
            .as_ref()
            .is_some_and(|g| !g.is_over() && g.board.move_count() > 0);
        if live {
            return Err(GameError::NetworkGameLive);
        }
        Ok(())
    }

    pub(super) fn push_status(&self, out: &mut Vec<GameEvent>) {
        if let Some(net) = &self.net {
            out.push(GameEvent::Link(net.status.clone()));
        }
    }

    /// Asks the other player for an undo or a draw.
    pub(super) fn offer(
        &mut self,
        offer: Offer,
        out: &mut Vec<GameEvent>,
    ) -> Result<(), GameError> {
        let g = self.live()?;
        if let Some(e) = &g.ending {
            return Err(GameError::Decided(e.to_string()));
        }
        let GameMode::Network { local, .. } = g.mode else {
            return Err(GameError::NotNetworked);
        };
        match offer {
            Offer::Undo if !g.board.moves().iter().any(|m| m.stone == local) => {
                return Err(GameError::NothingToUndo)
            }
            Offer::Draw if g.is_over() => return Err(GameError::GameOver),
            _ => {}
        }
        let net = self.connected_net()?;
        if net.ours.is_some() {
            return Err(GameError::AlreadyAsked);
        }
        net.ours = Some(offer);
        out.push(GameEvent::Send(Message::Offer { offer }));
        Ok(())
    }

    /// Accepts or declines the other player's offer. The host carries it out; a guest
    /// answers and the host's next state shows the result.
    pub(super) fn answer(
        &mut self,
        accept: bool,
        now: Duration,
        out: &mut Vec<GameEvent>,
    ) -> Result<(), GameError> {
        let net = self.connected_net()?;
        let offer = net.theirs.take().ok_or(GameError::NoOffer)?;
        let role = net.role;
        out.push(GameEvent::Send(Message::Answer { offer, accept }));
        if accept && role == Role::Host {
            let remote = self.local_colour()?.opponent();
            self.grant(offer, remote, now, out);
        }
        Ok(())
    }

    pub(super) fn local_colour(&self) -> Result<Stone, GameError> {
        match self.game.as_ref().map(|g| g.mode) {
            Some(GameMode::Network { local, .. }) => Ok(local),
            _ => Err(GameError::NotNetworked),
        }
    }

    /// What the link reports.
    pub(super) fn net_input(&mut self, input: NetInput, now: Duration, out: &mut Vec<GameEvent>) {
        let Some(net) = self.net.as_mut() else {
            log::debug!("no network game; dropped {input:?}");
            return;
        };
        match input {
            NetInput::Connected { peer } => {
                net.status = LinkStatus::Connected {
                    peer: printable(&peer, MAX_NAME),
                };
                net.synced = None;
            }
            NetInput::Disconnected { reason } => {
                net.status = LinkStatus::Waiting { reason };
                (net.theirs, net.ours, net.sent) = (None, None, None);
            }
            NetInput::Closed { reason } => {
                net.status = LinkStatus::Closed { reason };
                (net.theirs, net.ours, net.sent) = (None, None, None);
            }
            NetInput::Received(message) => {
                match net.role {
                    Role::Host => self.host_receive(message, now, out),
                    Role::Guest => self.guest_receive(message, now, out),
                }
                return;
            }
        }
        self.push_status(out);
    }

    /// Tells the peer what it did wrong and has the link closed.
    pub(super) fn hostile(&mut self, reason: String, out: &mut Vec<GameEvent>) {
        log::warn!("network peer: {reason}");
        out.push(GameEvent::Send(Message::Error {
            message: reason.clone(),
        }));
        out.push(GameEvent::Hangup(reason));
    }

    pub(super) fn offered(&mut self, offer: Offer, out: &mut Vec<GameEvent>) {
        if let Some(net) = self.net.as_mut() {
            net.theirs = Some(offer);
            out.push(GameEvent::OfferReceived(offer));
        }
    }

    /// The other player's answer to our offer; false if we had not asked that.
    pub(super) fn answered(
        &mut self,
        offer: Offer,
        accepted: bool,
        out: &mut Vec<GameEvent>,
    ) -> bool {
        let Some(net) = self.net.as_mut().filter(|n| n.ours == Some(offer)) else {
            return false;
        };
        net.ours = None;
        out.push(GameEvent::OfferAnswered { offer, accepted });
        true
    }

    pub(super) fn peer_left(&mut self, out: &mut Vec<GameEvent>) {
        if let Some(net) = self.net.as_mut() {
            net.status = LinkStatus::Closed {
                reason: "The other player left the game".into(),
            };
            (net.theirs, net.ours, net.sent) = (None, None, None);
        }
        self.push_status(out);
    }
}
