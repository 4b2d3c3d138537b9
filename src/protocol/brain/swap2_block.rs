//! The brain's side of `SWAP2BOARD`: the block's lines, its end, and the decision.

use super::{error, Action, Brain};
use crate::protocol::command::{printable, ProtocolError};
use crate::protocol::swap2;
use crate::protocol::think;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

impl Brain {
    /// A line inside `SWAP2BOARD ... DONE`: a stone, `DONE`, or a command of its own,
    /// which means the block was never ended: its `ERROR` answers the `SWAP2BOARD`, then
    /// the command is handled as usual (`END` still just exits).
    pub(super) fn swap2_line(&mut self, line: &str) -> Action {
        let word = line.trim();
        if word.eq_ignore_ascii_case("DONE") {
            return self.swap2_done();
        }
        if let Some(block) = self.pending_swap2.as_mut() {
            if !swap2::starts_a_command(word) {
                block.add_line(word);
                return Action::Reply(vec![]);
            }
        }
        self.pending_swap2 = None;
        let unfinished = format!(
            "ERROR {}",
            ProtocolError::Swap2WithoutDone(printable(word, 40))
        );
        match self.handle_line(line) {
            Action::Reply(mut r) => {
                r.insert(0, unfinished);
                Action::Reply(r)
            }
            Action::Think => {
                self.preface.push(unfinished);
                Action::Think
            }
            Action::Exit => Action::Exit,
        }
    }

    /// `DONE` of a `SWAP2BOARD` block: a valid block replaces the position and asks for
    /// a swap2 decision; a bad one is refused and changes nothing.
    pub(super) fn swap2_done(&mut self) -> Action {
        let (Some(block), Some(current)) = (self.pending_swap2.take(), self.board.as_ref()) else {
            return error(ProtocolError::NoBoard);
        };
        match block.finish(current.width(), current.height()) {
            Ok(board) => {
                self.board = Some(board);
                self.swap2_turn = true;
                Action::Think
            }
            Err(e) => error(e),
        }
    }

    /// The answer to `SWAP2BOARD`, in the turn's time; the decision's stones go on the
    /// board and decide our colour.
    pub(super) fn swap2_decision(
        &mut self,
        stop: &Arc<AtomicBool>,
        spent: Duration,
    ) -> Vec<String> {
        let Some(board) = self.board.as_mut() else {
            return vec![format!("ERROR {}", ProtocolError::NoBoard)];
        };
        let stones = board.move_count();
        let (settings, rng) = (&self.settings, &mut self.rng);
        let decided = think::swap2(&mut self.player, board, settings, stop, spent, rng)
            .map_err(ProtocolError::from)
            .and_then(|d| swap2::apply(board, &d).map(|me| (d, me)));
        match decided {
            Ok((d, me)) => {
                self.me = me;
                vec![swap2::report(&d, stones), swap2::reply(&d)]
            }
            Err(e) => vec![format!("ERROR {e}")],
        }
    }
}
