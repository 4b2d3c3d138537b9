//! The session's network game. The host is the authority: it checks every move of the
//! guest against the turn, the board and the clock, decides endings, and sends its
//! whole game after every change. The guest never changes its board itself: it sends
//! its move, its offers and its resignation, and adopts the host's state (after
//! checking it is a legal game). A peer that breaks the protocol is told why and the
//! link is closed; the board is never changed by a bad message.

use super::{ChessManager, GameEvent, Mover};
use crate::engine::rules::outcome;
use crate::engine::{Pos, Stone};
use crate::game::command::{LinkStatus, NetInput};
use crate::game::ending::Ending;
use crate::game::mode::GameMode;
use crate::game::net::message::{Message, Offer, Snapshot, MAX_NAME};
use crate::game::play::{Game, GameError};
use crate::game::record::model::replay;
use crate::game::settings::GameSettings;
use crate::game::time_control::Clocks;
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
    role: Role,
    status: LinkStatus,
    /// The other player's offer, waiting for our answer.
    theirs: Option<Offer>,
    /// Our offer, waiting for theirs.
    ours: Option<Offer>,
    /// Guest: the ply of the move sent and not yet in a state from the host.
    sent: Option<usize>,
    /// Guest: the host's id of the game on the board.
    host_game: Option<String>,
    /// Host: the state last sent (clock readings aside).
    synced: Option<Snapshot>,
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

    fn connected_net(&mut self) -> Result<&mut NetSession, GameError> {
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

    fn push_status(&self, out: &mut Vec<GameEvent>) {
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

    /// The host carries out an accepted offer of `asker`.
    fn grant(&mut self, offer: Offer, asker: Stone, now: Duration, out: &mut Vec<GameEvent>) {
        let Some(g) = self.game.as_mut().filter(|g| g.ending.is_none()) else {
            return;
        };
        match offer {
            Offer::Draw => g.decide(Ending::DrawAgreed),
            Offer::Undo => {
                // Back to the asker's turn: its last move, and the reply if there was one.
                let was_over = g.is_over();
                let mut plies = 0;
                while g.board.moves().iter().any(|m| m.stone == asker) && g.take_back() {
                    plies += 1;
                    if g.board.side_to_move() == asker {
                        break;
                    }
                }
                g.result = outcome(&g.board, g.rule());
                g.announced = g.result.is_some();
                g.turn_started = now;
                g.clocks.stop(now);
                g.clocks.new_turn(g.board.side_to_move());
                out.push(GameEvent::Undone { plies });
                if was_over && !g.is_over() {
                    out.push(GameEvent::Revived);
                }
            }
        }
    }

    fn local_colour(&self) -> Result<Stone, GameError> {
        match self.game.as_ref().map(|g| g.mode) {
            Some(GameMode::Network { local, .. }) => Ok(local),
            _ => Err(GameError::NotNetworked),
        }
    }

    /// The guest's click: sent to the host, which answers with its state.
    pub(super) fn guest_place(
        &mut self,
        pos: Pos,
        out: &mut Vec<GameEvent>,
    ) -> Result<(), GameError> {
        let g = self.live()?;
        if g.is_over() {
            return Err(GameError::GameOver);
        }
        if !g.is_human_turn() {
            return Err(GameError::NotYourTurn);
        }
        if !g.board.contains(pos) {
            return Err(crate::engine::BoardError::OffBoard(pos).into());
        }
        if !g.board.is_empty(pos) {
            return Err(crate::engine::BoardError::Occupied(pos).into());
        }
        let ply = g.board.move_count();
        let net = self.connected_net()?;
        if net.sent.is_some() {
            return Err(GameError::AlreadyAsked);
        }
        net.sent = Some(ply);
        out.push(GameEvent::Send(Message::Move {
            x: pos.x,
            y: pos.y,
            ply,
        }));
        Ok(())
    }

    pub(super) fn guest_resign(&mut self, out: &mut Vec<GameEvent>) -> Result<(), GameError> {
        if self.live()?.is_over() {
            return Err(GameError::GameOver);
        }
        self.connected_net()?;
        out.push(GameEvent::Send(Message::Resign));
        Ok(())
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
    fn hostile(&mut self, reason: String, out: &mut Vec<GameEvent>) {
        log::warn!("network peer: {reason}");
        out.push(GameEvent::Send(Message::Error {
            message: reason.clone(),
        }));
        out.push(GameEvent::Hangup(reason));
    }

    fn host_receive(&mut self, message: Message, now: Duration, out: &mut Vec<GameEvent>) {
        match message {
            Message::Move { x, y, ply } => self.remote_move(Pos::new(x, y), ply, now, out),
            Message::Offer { offer } => self.offered(offer, out),
            Message::Answer { offer, accept } => {
                if self.answered(offer, accept, out) && accept {
                    if let Ok(local) = self.local_colour() {
                        self.grant(offer, local, now, out);
                    }
                }
            }
            Message::Resign => {
                let remote = self.local_colour().map(Stone::opponent);
                if let (Some(g), Ok(loser)) = (self.game.as_mut(), remote) {
                    g.decide(Ending::Resigned { loser });
                }
            }
            Message::Ping => {}
            Message::Leave => self.peer_left(out),
            Message::Error { message } => {
                log::warn!("the guest reports: {}", printable(&message, 200))
            }
            Message::Hello { .. } | Message::Welcome { .. } | Message::State(_) => {
                self.hostile("a guest may not send that message".into(), out)
            }
        }
    }

    fn offered(&mut self, offer: Offer, out: &mut Vec<GameEvent>) {
        if let Some(net) = self.net.as_mut() {
            net.theirs = Some(offer);
            out.push(GameEvent::OfferReceived(offer));
        }
    }

    /// The other player's answer to our offer; false if we had not asked that.
    fn answered(&mut self, offer: Offer, accepted: bool, out: &mut Vec<GameEvent>) -> bool {
        let Some(net) = self.net.as_mut().filter(|n| n.ours == Some(offer)) else {
            return false;
        };
        net.ours = None;
        out.push(GameEvent::OfferAnswered { offer, accepted });
        true
    }

    fn peer_left(&mut self, out: &mut Vec<GameEvent>) {
        if let Some(net) = self.net.as_mut() {
            net.status = LinkStatus::Closed {
                reason: "The other player left the game".into(),
            };
            (net.theirs, net.ours, net.sent) = (None, None, None);
        }
        self.push_status(out);
    }

    /// The guest's move, checked like a move here: its turn, the ply it meant, an empty
    /// point on the board, its clock. A move crossing an undo or the end is refused
    /// politely (the state is sent again); an illegal one closes the link.
    fn remote_move(&mut self, pos: Pos, ply: usize, now: Duration, out: &mut Vec<GameEvent>) {
        let Ok(remote) = self.local_colour().map(Stone::opponent) else {
            return;
        };
        let Some(g) = self.game.as_mut() else { return };
        let in_turn = !g.is_over() && g.board.side_to_move() == remote;
        if !in_turn || ply != g.board.move_count() {
            if let Some(net) = self.net.as_mut() {
                net.synced = None;
            }
            out.push(GameEvent::Send(Message::Error {
                message: "move refused: not your turn in this position".into(),
            }));
            return;
        }
        if !g.board.is_empty(pos) {
            let reason = format!("illegal move {},{}: not an empty point", pos.x, pos.y);
            return self.hostile(reason, out);
        }
        match g.play(pos, now) {
            Ok(stone) => out.push(GameEvent::StonePlaced {
                pos,
                stone,
                by: Mover::Remote,
            }),
            Err(e) => log::info!("the guest's move came too late: {e}"),
        }
    }

    fn guest_receive(&mut self, message: Message, now: Duration, out: &mut Vec<GameEvent>) {
        match message {
            Message::State(snapshot) => self.adopt(snapshot, now, out),
            Message::Offer { offer } => self.offered(offer, out),
            Message::Answer { offer, accept } => {
                self.answered(offer, accept, out);
            }
            Message::Ping => {}
            Message::Leave => self.peer_left(out),
            Message::Error { message } => {
                if let Some(net) = self.net.as_mut() {
                    net.sent = None;
                }
                out.push(GameEvent::Refused(GameError::Peer(printable(
                    &message, 200,
                ))));
            }
            Message::Hello { .. }
            | Message::Welcome { .. }
            | Message::Move { .. }
            | Message::Resign => self.hostile("a host may not send that message".into(), out),
        }
    }

    /// Takes the host's game as it is, after checking it is a legal one.
    fn adopt(&mut self, s: Snapshot, now: Duration, out: &mut Vec<GameEvent>) {
        let moves = s.moves.iter().map(|m| {
            let coord = |v: u64| usize::try_from(v).unwrap_or(usize::MAX);
            Pos::new(coord(m[0]), coord(m[1]))
        });
        let board = match replay(s.width, s.height, s.rule, moves, None) {
            Ok(b) => b,
            Err(e) => return self.hostile(format!("the state is not a legal game: {e}"), out),
        };
        if s.ending.is_some() && outcome(&board, s.rule).is_some() {
            return self.hostile("the state ends the game twice".into(), out);
        }
        let local = s.host.opponent();
        let times: Vec<u64> = s.moves.iter().map(|m| m[2]).collect();
        let same_game = self.net.as_ref().and_then(|n| n.host_game.as_deref()) == Some(&s.game)
            && self.game.as_ref().is_some_and(|g| {
                g.mode == (GameMode::Network { local, host: false })
                    && (g.board.width(), g.board.height(), g.rule()) == (s.width, s.height, s.rule)
            });
        if same_game {
            self.follow(board, times, out);
        } else {
            let settings = GameSettings {
                mode: GameMode::Network { local, host: false },
                size: s.width,
                rule: s.rule,
                time: s.time,
                ..self.settings.clone()
            };
            let mut game = Game::from_board(board, &settings, now);
            game.set_times(times);
            self.start(game, out);
        }
        let Some(g) = self.game.as_mut() else { return };
        if let Some(e) = s.ending {
            g.decide(e.sanitized());
        }
        let running = s.running.then(|| g.board.side_to_move());
        let left = s.clock_ms.unwrap_or([u64::MAX; 2]);
        g.clocks = Clocks::from_parts(s.time, left, running, now);
        if let Some(net) = self.net.as_mut() {
            net.host_game = Some(s.game);
            net.sent = None;
        }
    }

    /// The host's board replaces ours: one move more is a stone placed, fewer is an undo.
    fn follow(&mut self, board: crate::engine::Board, times: Vec<u64>, out: &mut Vec<GameEvent>) {
        let Some(g) = self.game.as_mut() else { return };
        let local = match g.mode {
            GameMode::Network { local, .. } => local,
            _ => return,
        };
        let (old, new) = (g.board.moves().to_vec(), board.moves().to_vec());
        let was_over = g.is_over();
        g.set_moves(board, times);
        if new.len() == old.len() + 1 && new.starts_with(&old) {
            let m = new[old.len()];
            let by = if m.stone == local {
                Mover::Person
            } else {
                Mover::Remote
            };
            out.push(GameEvent::StonePlaced {
                pos: m.pos,
                stone: m.stone,
                by,
            });
        } else if new.len() < old.len() && old.starts_with(&new) {
            out.push(GameEvent::Undone {
                plies: old.len() - new.len(),
            });
        } else if new != old {
            out.push(GameEvent::GameStarted);
        }
        if g.is_over() {
            g.announced = was_over;
        } else {
            g.announced = false;
            if was_over {
                out.push(GameEvent::Revived);
            }
        }
    }

    /// The host sends its game whenever it changed, and on every (re)connection.
    pub(super) fn sync_if_changed(&mut self, now: Duration, out: &mut Vec<GameEvent>) {
        let Some(net) = self
            .net
            .as_ref()
            .filter(|n| n.role == Role::Host && n.is_connected())
        else {
            return;
        };
        let Some(g) = self.game.as_ref() else { return };
        let snapshot = snapshot(g, now);
        let key = Snapshot {
            clock_ms: None,
            ..snapshot.clone()
        };
        if net.synced.as_ref() == Some(&key) {
            return;
        }
        if let Some(net) = self.net.as_mut() {
            net.synced = Some(key);
        }
        out.push(GameEvent::Send(Message::State(snapshot)));
    }
}

/// The game as the host sends it.
pub fn snapshot(g: &Game, now: Duration) -> Snapshot {
    let host = match g.mode() {
        GameMode::Network { local, .. } => local,
        _ => Stone::Black,
    };
    let clocks = g.clocks();
    Snapshot {
        game: g.id().to_string(),
        width: g.board().width(),
        height: g.board().height(),
        rule: g.rule(),
        time: clocks.control(),
        host,
        moves: g
            .board()
            .moves()
            .iter()
            .zip(g.move_times().iter().chain(std::iter::repeat(&0)))
            .map(|(m, &ms)| [m.pos.x as u64, m.pos.y as u64, ms])
            .collect(),
        ending: g.ending().cloned(),
        clock_ms: (!clocks.control().is_none()).then(|| clocks.left_ms(now)),
        running: clocks.running().is_some(),
    }
}
