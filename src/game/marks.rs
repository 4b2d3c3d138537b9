//! Renju's forbidden points for the position on show, worked out once per position so
//! the board can mark them every frame without judging a single point.

use crate::engine::renju::forbidden_points;
use crate::engine::rules::outcome;
use crate::engine::{Board, Pos, Rule};

/// The points Black may not play in the position last followed, when Black is to move
/// under renju and the board has not decided the game; otherwise none.
#[derive(Clone, Debug, Default)]
pub struct ForbiddenMarks {
    /// The position the points are for.
    seen: Option<(Board, Rule)>,
    points: Vec<Pos>,
    /// How many times the points were worked out (tests check it is once a position).
    computed: u64,
}

impl ForbiddenMarks {
    /// Follows the position on show (`None`: no board, or no marks wanted). The points
    /// are worked out again only when the position differs from the last one followed.
    pub fn follow(&mut self, shown: Option<(&Board, Rule)>) {
        if self.follows(shown) {
            return;
        }
        self.seen = shown.map(|(b, r)| (b.clone(), r));
        self.points = match shown {
            Some((board, rule)) if marked(board, rule) => {
                self.computed += 1;
                forbidden_points(board)
                    .into_iter()
                    .map(|(p, _)| p)
                    .collect()
            }
            _ => Vec::new(),
        };
    }

    /// True when `shown` is the position last followed.
    pub fn follows(&self, shown: Option<(&Board, Rule)>) -> bool {
        match (&self.seen, shown) {
            (Some((b, r)), Some((board, rule))) => *r == rule && b == board,
            (None, None) => true,
            _ => false,
        }
    }

    /// The forbidden points of the position last followed.
    pub fn points(&self) -> &[Pos] {
        &self.points
    }

    /// How many positions the points were worked out for.
    pub fn computed(&self) -> u64 {
        self.computed
    }
}

/// True when Black is to move under renju in a position the board has not decided.
fn marked(board: &Board, rule: Rule) -> bool {
    rule.restricts(board.side_to_move()) && outcome(board, rule).is_none()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Black to move with a double four at (7,7): three stones west of it and three
    /// north, White's stones far away.
    fn double_four() -> Board {
        let mut b = Board::square(15).expect("size");
        let black = [(4, 7), (5, 7), (6, 7), (7, 4), (7, 5), (7, 6)];
        let white = [(0, 0), (14, 0), (0, 14), (14, 14), (0, 2), (14, 2)];
        for (&(bx, by), &(wx, wy)) in black.iter().zip(&white) {
            b.play(Pos::new(bx, by)).expect("empty point");
            b.play(Pos::new(wx, wy)).expect("empty point");
        }
        b
    }

    #[test]
    fn renju_black_to_move_is_marked_once_per_position() {
        let mut m = ForbiddenMarks::default();
        let board = double_four();
        m.follow(Some((&board, Rule::Renju)));
        assert!(m.points().contains(&Pos::new(7, 7)), "{:?}", m.points());
        m.follow(Some((&board, Rule::Renju)));
        m.follow(Some((&board.clone(), Rule::Renju)));
        assert_eq!(m.computed(), 1);
        let mut white = board.clone();
        white.play(Pos::new(1, 1)).expect("empty");
        m.follow(Some((&white, Rule::Renju)));
        assert!(m.points().is_empty(), "White is never restricted");
        m.follow(Some((&board, Rule::Renju)));
        assert_eq!(m.computed(), 2);
    }

    #[test]
    fn other_rules_and_no_board_have_no_marks() {
        let mut m = ForbiddenMarks::default();
        let board = double_four();
        for rule in [Rule::Freestyle, Rule::ExactFive] {
            m.follow(Some((&board, rule)));
            assert!(m.points().is_empty(), "{rule}");
        }
        m.follow(Some((&board, Rule::Renju)));
        m.follow(None);
        assert!(m.points().is_empty());
    }
}
