//! The swap2 opening in the session: a person's stones and choices, and the computer's
//! decisions, asked for with a ticket when its role acts (made on another thread, see
//! [`crate::game::swap2_worker`]) and carried out when that ticket's answer comes.

use super::ChessManager;
use crate::engine::Pos;
use crate::game::command::{GameEvent, Mover};
use crate::game::play::GameError;
use crate::game::swap2::{Settled, Swap2Choice, Swap2Decision};
use crate::game::swap2_worker::Swap2Request;
use crate::game::GameMode;
use std::time::Duration;

impl ChessManager {
    /// A stone of the opening, by whoever acts now; with three or five down the choice
    /// is asked for.
    pub(super) fn opening_stone(
        &mut self,
        pos: Pos,
        by: Mover,
        now: Duration,
        out: &mut Vec<GameEvent>,
    ) -> Result<(), GameError> {
        let g = self.live()?;
        let Some(s) = &g.swap2 else {
            return Err(GameError::NotAChoice);
        };
        if !s.may_place(g.board.move_count()) {
            let words: Vec<&str> = Swap2Choice::open_in(s.phase())
                .iter()
                .map(|c| c.label())
                .collect();
            let (last, rest) = words.split_last().unwrap_or((&"", &[]));
            return Err(GameError::ChooseFirst(format!(
                "{} or {last}",
                rest.join(", ")
            )));
        }
        let stone = g.play(pos, now)?;
        out.push(GameEvent::StonePlaced { pos, stone, by });
        let count = g.board.move_count();
        if let Some(chooser) = g.swap2.as_mut().and_then(|s| s.placed(count)) {
            out.push(GameEvent::Swap2Asked { chooser });
        }
        Ok(())
    }

    /// The choice of the player who chooses now (a person's, or the computer's).
    pub(super) fn swap2_choose(
        &mut self,
        choice: Swap2Choice,
        out: &mut Vec<GameEvent>,
    ) -> Result<(), GameError> {
        let g = self.live()?;
        let Some(s) = g.swap2.as_mut() else {
            return Err(GameError::NotAChoice);
        };
        let by = s.to_act();
        let settled = s.choose(choice).ok_or(GameError::NotAChoice)?;
        out.push(GameEvent::Swap2Chose { by, choice });
        if let Settled::Colours { first } = settled {
            let you = s.person_colour(first);
            if let Some(human) = you {
                g.mode = GameMode::HumanVsComputer { human };
            }
            g.swap2 = None;
            g.opening_stones = g.board.move_count();
            out.push(GameEvent::Swap2Over { first, you });
        }
        Ok(())
    }

    /// While the computer acts in the opening and the board is on show: its decision
    /// is asked for, once.
    pub(super) fn swap2_computer(&mut self, out: &mut Vec<GameEvent>) {
        if !self.shown || self.swap2_pending.is_some() || !self.swap2_computer_acts() {
            return;
        }
        let Some(g) = self.game.as_ref() else { return };
        self.last_ticket += 1;
        self.swap2_pending = Some(self.last_ticket);
        out.push(GameEvent::Swap2Wanted(Swap2Request {
            ticket: self.last_ticket,
            board: g.board.clone(),
            rule: g.rule(),
        }));
    }

    /// The computer's decision, if it is the one awaited.
    pub(super) fn swap2_decided(
        &mut self,
        ticket: u64,
        decision: Swap2Decision,
        now: Duration,
        out: &mut Vec<GameEvent>,
    ) {
        if self.swap2_pending != Some(ticket) || !self.swap2_computer_acts() {
            log::debug!("dropped the stale swap2 decision {ticket}");
            return;
        }
        self.swap2_pending = None;
        if let Err(e) = self.carry_decision(decision, now, out) {
            // A decision that cannot be carried out must not stall the game: the
            // opening ends with the computer on White.
            log::warn!("swap2 decision {decision:?} refused: {e}");
            if self.swap2_choose(Swap2Choice::White, out).is_err() {
                if let Some(g) = self.game.as_mut() {
                    g.swap2 = None;
                }
            }
        }
    }

    fn swap2_computer_acts(&self) -> bool {
        self.game
            .as_ref()
            .is_some_and(|g| !g.is_over() && g.swap2.as_ref().is_some_and(|s| s.computer_acts()))
    }

    fn carry_decision(
        &mut self,
        decision: Swap2Decision,
        now: Duration,
        out: &mut Vec<GameEvent>,
    ) -> Result<(), GameError> {
        match decision {
            Swap2Decision::Opening(stones) => self.computer_stones(&stones, now, out),
            Swap2Decision::PlaceTwo(stones) => {
                self.swap2_choose(Swap2Choice::PlaceTwo, out)?;
                self.computer_stones(&stones, now, out)
            }
            Swap2Decision::Take(colour) => {
                let choice = match colour {
                    crate::engine::Stone::White => Swap2Choice::White,
                    crate::engine::Stone::Black => Swap2Choice::Black,
                };
                self.swap2_choose(choice, out)
            }
        }
    }

    fn computer_stones(
        &mut self,
        stones: &[Pos],
        now: Duration,
        out: &mut Vec<GameEvent>,
    ) -> Result<(), GameError> {
        stones
            .iter()
            .try_for_each(|&p| self.opening_stone(p, Mover::Computer, now, out))
    }
}
