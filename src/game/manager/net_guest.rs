//! The guest's side of a network game: its requests go to the host, and the host's
//! states, once checked, replace its game.

use super::{ChessManager, GameEvent, Mover};
use crate::engine::rules::outcome;
use crate::engine::Pos;
use crate::game::mode::GameMode;
use crate::game::net::message::{Message, Snapshot};
use crate::game::play::{Game, GameError};
use crate::game::record::model::replay;
use crate::game::settings::GameSettings;
use crate::game::time_control::Clocks;
use crate::protocol::command::printable;
use std::time::Duration;

impl ChessManager {
    /// The guest's click: sent to the host, which answers with its state.
    pub(super) fn guest_place(
        &mut self,
        pos: Pos,
        out: &mut Vec<GameEvent>,
    ) -> Result<(), GameError> {
        let g = self.person_turn()?;
        if !g.board.contains(pos) {
            return Err(crate::engine::BoardError::OffBoard(pos).into());
        }
        if !g.board.is_empty(pos) {
            return Err(crate::engine::BoardError::Occupied(pos).into());
        }
        if let Some(f) = g.forbidden(pos) {
            return Err(GameError::Forbidden(f));
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

    pub(super) fn guest_receive(
        &mut self,
        message: Message,
        now: Duration,
        out: &mut Vec<GameEvent>,
    ) {
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
    pub(super) fn adopt(&mut self, s: Snapshot, now: Duration, out: &mut Vec<GameEvent>) {
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
    pub(super) fn follow(
        &mut self,
        board: crate::engine::Board,
        times: Vec<u64>,
        out: &mut Vec<GameEvent>,
    ) {
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
}
