//! Winning conditions, checked from the last move only (a five must pass through it).

use super::board::{Board, Pos, Stone};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The four line directions: horizontal, vertical, and both diagonals.
pub const DIRECTIONS: [(isize, isize); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// Which rows of stones win.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Rule {
    /// Five or more in a row wins (pbrain rule 0).
    #[default]
    Freestyle,
    /// Exactly five wins; six or more (an overline) does not (pbrain rule 1).
    ExactFive,
    /// Renju (RIF, pbrain rule 4): Black wins with exactly five and may not play a
    /// double three, a double four or an overline ([`crate::engine::renju`]); White wins
    /// with five or more and is never restricted.
    Renju,
}

impl Rule {
    /// Every rule, in the menu's order.
    pub const ALL: [Rule; 3] = [Rule::Freestyle, Rule::ExactFive, Rule::Renju];

    /// True when a run of `len` stones of `stone` wins under this rule.
    pub fn wins(self, stone: Stone, len: usize) -> bool {
        match (self, stone) {
            (Rule::Freestyle, _) | (Rule::Renju, Stone::White) => len >= 5,
            (Rule::ExactFive, _) | (Rule::Renju, Stone::Black) => len == 5,
        }
    }

    /// True when `stone` may not play where `renju` forbids (Black under renju).
    pub fn restricts(self, stone: Stone) -> bool {
        self == Rule::Renju && stone == Stone::Black
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Rule::Freestyle => "Freestyle",
            Rule::ExactFive => "Exact five",
            Rule::Renju => "Renju",
        })
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    /// `winner` made a winning row; `line` holds its stones in order along the row.
    Win { winner: Stone, line: Vec<Pos> },
    /// The board filled up with no winner.
    Draw,
}

/// Number of `stone`s in a row through `pos` along `dir`, counting `pos` itself as `stone`
/// (whether or not it is placed yet), and the run's two ends.
pub fn run_through(
    board: &Board,
    pos: Pos,
    dir: (isize, isize),
    stone: Stone,
) -> (usize, Pos, Pos) {
    let walk = |sign: isize| {
        let mut end = pos;
        let mut n = 0;
        loop {
            let next = board.pos_at(end.x as isize + sign * dir.0, end.y as isize + sign * dir.1);
            match next {
                Some(p) if board.get(p) == Some(stone) => {
                    end = p;
                    n += 1;
                }
                _ => return (n, end),
            }
        }
    };
    let (back, start) = walk(-1);
    let (fwd, end) = walk(1);
    (back + fwd + 1, start, end)
}

/// The winning row through `pos` made by the stone on it, if there is one.
pub fn winning_line(board: &Board, rule: Rule, pos: Pos) -> Option<Vec<Pos>> {
    let stone = board.get(pos)?;
    DIRECTIONS.iter().find_map(|&dir| {
        let (len, start, _) = run_through(board, pos, dir, stone);
        rule.wins(stone, len).then(|| {
            (0..len as isize)
                .map(|i| {
                    Pos::new(
                        (start.x as isize + i * dir.0) as usize,
                        (start.y as isize + i * dir.1) as usize,
                    )
                })
                .collect()
        })
    })
}

/// True when placing `stone` at the empty `pos` would win.
pub fn wins_if_placed(board: &Board, rule: Rule, pos: Pos, stone: Stone) -> bool {
    board.is_empty(pos)
        && DIRECTIONS
            .iter()
            .any(|&dir| rule.wins(stone, run_through(board, pos, dir, stone).0))
}

/// The result after the last move: a win through it beats a full board
/// (a five made with the very last stone is a win, not a draw). Under renju a board
/// whose every empty point is forbidden to Black, Black to move, is drawn too.
pub fn outcome(board: &Board, rule: Rule) -> Option<Outcome> {
    let last = board.last_move()?;
    if let Some(line) = winning_line(board, rule, last.pos) {
        return Some(Outcome::Win {
            winner: last.stone,
            line,
        });
    }
    (board.is_full() || black_cannot_move(board, rule)).then_some(Outcome::Draw)
}

/// Renju, Black to move, and no empty point Black may take. RIF lets Black pass there;
/// records and the protocol have no pass, so the game ends drawn, as a full board does
/// (even where White could still have made five after the pass). Stops at the first
/// point Black may take, nearly always the first empty one.
fn black_cannot_move(board: &Board, rule: Rule) -> bool {
    rule.restricts(board.side_to_move())
        && board
            .cells()
            .filter(|&p| board.is_empty(p))
            .all(|p| super::renju::forbidden(board, p).is_some())
}
