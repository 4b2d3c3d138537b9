//! The order a node's moves are searched in: the table's move, then the rest best first
//! by threat classes, killers and history. In a quiet node the table's move goes out
//! before the rest are generated: where it cuts off, scoring and sorting them is saved.
//! The rest come best first as scored when they are generated (the history may have
//! moved a little while the table move was searched), without that move. Most nodes
//! cut off within their first few moves, so those are selected one at a time and the
//! rest sorted only when the node gets that far.

use super::Searcher;
use crate::engine::strong::movegen::{generate, ScoredMove, Situation};
use crate::engine::strong::state::NONE;

/// Moves handed out by selecting the best left before the rest are sorted.
const SELECTED: usize = 6;

/// Hands out one node's moves in search order.
pub(super) struct Picker {
    moves: Vec<ScoredMove>,
    next: usize,
    sit: Situation,
    ply: usize,
    tt_move: u16,
    /// The table move went out alone; when the rest come, it is not among them.
    early: bool,
    /// The rest are still to be generated.
    pending: bool,
}

impl Picker {
    /// The moves of the node at `ply` in `sit`, with the table's move `tt_move` (or
    /// [`NONE`]). The frame's move list is borrowed until [`Picker::finish`].
    pub(super) fn new(s: &mut Searcher, sit: Situation, ply: usize, tt_move: u16) -> Picker {
        let early = ply > 0 && sit == Situation::Quiet && s.is_playable(tt_move);
        let mut moves = std::mem::take(&mut s.frames[ply].moves);
        if early {
            moves.clear();
            moves.push(ScoredMove {
                cell: tt_move,
                score: 0,
            });
        } else {
            s.order(sit, ply, tt_move, &mut moves);
        }
        Picker {
            moves,
            next: 0,
            sit,
            ply,
            tt_move,
            early,
            pending: early,
        }
    }

    /// True when the node has no move at all.
    pub(super) fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The next move to search, if any is left.
    pub(super) fn next(&mut self, s: &mut Searcher) -> Option<u16> {
        loop {
            if self.next == self.moves.len() {
                if !self.pending {
                    return None;
                }
                self.pending = false;
                s.order(self.sit, self.ply, self.tt_move, &mut self.moves);
                self.next = 0;
                continue;
            }
            self.bring_best_forward();
            let cell = self.moves[self.next].cell;
            self.next += 1;
            let searched_already = self.early && !self.pending && cell == self.tt_move;
            if !searched_already {
                return Some(cell);
            }
        }
    }

    /// Puts the best move not yet handed out at `next`: selected among the rest for the
    /// first few (the first of equals), then the rest sorted at once.
    fn bring_best_forward(&mut self) {
        let rest = &mut self.moves[self.next..];
        match self.next.cmp(&SELECTED) {
            std::cmp::Ordering::Less => {
                let mut best = 0;
                for (k, m) in rest.iter().enumerate().skip(1) {
                    if m.score > rest[best].score {
                        best = k;
                    }
                }
                rest.swap(0, best);
            }
            std::cmp::Ordering::Equal => {
                rest.sort_unstable_by_key(|m| std::cmp::Reverse(m.score));
            }
            std::cmp::Ordering::Greater => {}
        }
    }

    /// Gives the move list's storage back to its frame.
    pub(super) fn finish(self, s: &mut Searcher) {
        s.frames[self.ply].moves = self.moves;
    }
}

impl Searcher<'_> {
    /// True when `cell` (a table move) can be played here: empty, near a stone, and not
    /// forbidden (a key collision can bring a move from another position).
    fn is_playable(&mut self, cell: u16) -> bool {
        cell != NONE
            && self.state.is_empty(cell)
            && self.state.is_near(cell)
            && !self.state.is_forbidden(cell)
    }

    /// Fills `out` with the moves for `sit`, scored (the picker orders them).
    fn order(&mut self, sit: Situation, ply: usize, tt_move: u16, out: &mut Vec<ScoredMove>) {
        let mut cells = std::mem::take(&mut self.frames[ply].cells);
        generate(&mut self.state, sit, &mut cells, &mut self.scratch);
        let me = self.state.side_to_move();
        let killers = self.frames[ply].killers;
        out.clear();
        for &c in &cells {
            let mut score = self.state.order_score(c, me) + self.history.get(me, c);
            if c == tt_move {
                score += 1 << 24;
            } else if c == killers[0] {
                score += 300;
            } else if c == killers[1] {
                score += 200;
            }
            out.push(ScoredMove { cell: c, score });
        }
        self.frames[ply].cells = cells;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::clock::ManualClock;
    use crate::engine::strong::history::History;
    use crate::engine::strong::state::State;
    use crate::engine::strong::time::Stopper;
    use crate::engine::strong::tt::TransTable;
    use crate::engine::{Board, Pos, Rule};
    use std::sync::Arc;

    /// Every move once, in score order (the table move first), whether or not the table
    /// move went out before the rest were generated.
    #[test]
    fn hands_out_every_move_once_best_first() {
        let mut b = Board::square(15).expect("a legal size");
        for (x, y) in [(7, 7), (8, 8), (6, 8), (8, 6), (7, 9), (9, 7), (5, 7)] {
            b.play(Pos::new(x, y)).expect("a legal move");
        }
        let (tt, mut history) = (TransTable::new(1 << 16), History::default());
        let stop = Stopper::new(Arc::new(ManualClock::new()), None, None, None);
        let mut s = Searcher::new(
            State::from_board(&b, Rule::Freestyle),
            &tt,
            &mut history,
            stop,
        );
        let mut reference = Vec::new();
        s.order(Situation::Quiet, 1, NONE, &mut reference);
        reference.sort_by_key(|m| std::cmp::Reverse(m.score));
        assert!(reference.len() > 20);
        let tt_move = reference[reference.len() / 2].cell;
        for (ply, expect_first) in [(0, reference[0].cell), (1, tt_move)] {
            let table_move = if ply == 0 { NONE } else { tt_move };
            let mut picker = Picker::new(&mut s, Situation::Quiet, ply, table_move);
            assert_eq!(picker.early, ply == 1);
            let mut out = Vec::new();
            while let Some(c) = picker.next(&mut s) {
                out.push(c);
            }
            picker.finish(&mut s);
            assert_eq!(out[0], expect_first);
            let mut sorted = out.clone();
            sorted.sort_unstable();
            sorted.dedup();
            assert_eq!(out.len(), reference.len(), "every move exactly once");
            assert_eq!(sorted.len(), reference.len(), "every move exactly once");
            let score = |c: u16| reference.iter().find(|m| m.cell == c).map(|m| m.score);
            let rest: Vec<_> = out[1..].iter().map(|&c| score(c)).collect();
            assert!(
                rest.windows(2).all(|w| w[0] >= w[1]),
                "best first: {rest:?}"
            );
        }
    }
}
