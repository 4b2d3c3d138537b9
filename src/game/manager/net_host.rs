//! The host's side of a network game: the guest's requests checked and carried out,
//! and the whole game sent after every change.

use super::{ChessManager, GameEvent, Mover, Role};
use crate::engine::rules::outcome;
use crate::engine::{Pos, Stone};
use crate::game::ending::Ending;
use crate::game::mode::GameMode;
use crate::game::net::message::{Message, Offer, Snapshot};
use crate::game::play::Game;
use crate::protocol::command::printable;
use std::time::Duration;

impl ChessManager {
    /// The host carries out an accepted offer of `asker`.
    pub(super) fn grant(
        &mut self,
        offer: Offer,
        asker: Stone,
        now: Duration,
        out: &mut Vec<GameEvent>,
    ) {
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

    pub(super) fn host_receive(
        &mut self,
        message: Message,
        now: Duration,
        out: &mut Vec<GameEvent>,
    ) {
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

    /// The guest's move, checked like a move here: its turn, the ply it meant, an empty
    /// point on the board, its clock. A move crossing an undo or the end is refused
    /// politely (the state is sent again); an illegal one closes the link.
    pub(super) fn remote_move(
        &mut self,
        pos: Pos,
        ply: usize,
        now: Duration,
        out: &mut Vec<GameEvent>,
    ) {
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
        if let Some(f) = g.forbidden(pos) {
            let reason = format!(
                "illegal move {},{}: forbidden under renju ({f})",
                pos.x, pos.y
            );
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
