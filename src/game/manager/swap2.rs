//! The swap2 opening in the session: a person's stones and choices, and the computer's
//! decisions asked of its [`Swap2Brain`] when its role acts.

use super::ChessManager;
use crate::engine::Pos;
use crate::game::command::{GameEvent, Mover};
use crate::game::play::GameError;
use crate::game::swap2::{Settled, Swap2Brain, Swap2Choice, Swap2Decision, Swap2Seat};
use crate::game::GameMode;
use std::time::Duration;

impl ChessManager {
    /// The computer's swap2 decisions come from `brain` from now on.
    pub fn set_swap2_brain(&mut self, brain: Box<dyn Swap2Brain>) {
        self.swap2_brain = Swap2Seat(brain);
    }

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

    /// While the computer acts in the opening (and the board is on show): its
    /// decisions, one after another, until a person acts or the opening is over.
    pub(super) fn swap2_computer(&mut self, now: Duration, out: &mut Vec<GameEvent>) {
        while self.shown && self.swap2_computer_acts() {
            let Some(g) = self.game.as_ref() else { return };
            let decision = self.swap2_brain.0.decide(&g.board, g.rule());
            if let Err(e) = self.carry_decision(decision, now, out) {
                // A brain that answers nonsense must not stall the game: the opening
                // ends with the computer on White.
                log::warn!("swap2 decision {decision:?} refused: {e}");
                let fallback = self.swap2_choose(Swap2Choice::White, out);
                if fallback.is_err() {
                    if let Some(g) = self.game.as_mut() {
                        g.swap2 = None;
                    }
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
