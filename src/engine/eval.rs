//! Whole-board evaluation, kept incrementally: every line of the board (rows, columns,
//! both diagonals of length >= 5) is held as a byte string with its cached score, and a
//! changed cell re-scores only the (at most) 4 lines through it.

use super::board::{Board, Pos, Stone};
use super::patterns::{PatternTable, BLACK, EMPTY, WHITE};
use super::rules::DIRECTIONS;

/// Marks "this cell lies on no scored line in this direction" (a diagonal shorter than 5).
const NO_LINE: u32 = u32::MAX;

/// One line's place in the shared byte buffer.
#[derive(Clone, Copy, Debug)]
struct LineSpan {
    start: u32,
    len: u32,
}

/// The per-line cache. Scores are black's minus white's.
#[derive(Clone)]
pub struct LineCache {
    table: &'static PatternTable,
    bytes: Vec<u8>,
    spans: Vec<LineSpan>,
    scores: Vec<i32>,
    /// Per cell, per direction: (line index, byte offset) or `NO_LINE`.
    cell_lines: Vec<[(u32, u32); 4]>,
    total: i32,
}

/// The cells of every scored line, in order, for a `width` x `height` board.
pub fn board_lines(width: usize, height: usize) -> Vec<(usize, Vec<Pos>)> {
    let on = |x: isize, y: isize| x >= 0 && y >= 0 && (x as usize) < width && (y as usize) < height;
    let mut out = Vec::new();
    for (d, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
        for y in 0..height as isize {
            for x in 0..width as isize {
                if on(x - dx, y - dy) {
                    continue; // not the first cell of its line
                }
                let mut cells = Vec::new();
                let (mut cx, mut cy) = (x, y);
                while on(cx, cy) {
                    cells.push(Pos::new(cx as usize, cy as usize));
                    cx += dx;
                    cy += dy;
                }
                if cells.len() >= 5 {
                    out.push((d, cells));
                }
            }
        }
    }
    out
}

/// The line byte for a cell's content.
pub fn stone_byte(stone: Option<Stone>) -> u8 {
    match stone {
        None => EMPTY,
        Some(Stone::Black) => BLACK,
        Some(Stone::White) => WHITE,
    }
}

impl LineCache {
    /// The cache of an empty `width` x `height` board (every line scores 0).
    pub fn new(width: usize, height: usize) -> LineCache {
        let mut cache = LineCache {
            table: PatternTable::seed(),
            bytes: Vec::new(),
            spans: Vec::new(),
            scores: Vec::new(),
            cell_lines: vec![[(NO_LINE, 0); 4]; width * height],
            total: 0,
        };
        for (d, cells) in board_lines(width, height) {
            let line = cache.spans.len() as u32;
            let start = cache.bytes.len() as u32;
            for (i, p) in cells.iter().enumerate() {
                cache.cell_lines[p.y * width + p.x][d] = (line, start + i as u32);
            }
            cache.bytes.extend(std::iter::repeat_n(EMPTY, cells.len()));
            cache.spans.push(LineSpan {
                start,
                len: cells.len() as u32,
            });
            cache.scores.push(0);
        }
        cache
    }

    /// The cache for the stones on `board`.
    pub fn from_board(board: &Board) -> LineCache {
        let mut cache = LineCache::new(board.width(), board.height());
        for m in board.moves() {
            cache.set(m.pos.y * board.width() + m.pos.x, stone_byte(Some(m.stone)));
        }
        cache
    }

    /// Changes one cell (row-major index) and re-scores the lines through it.
    pub fn set(&mut self, cell: usize, byte: u8) {
        crate::profile_scope!("eval::update_lines");
        for &(line, offset) in &self.cell_lines[cell] {
            if line == NO_LINE {
                continue;
            }
            self.bytes[offset as usize] = byte;
            let span = self.spans[line as usize];
            let text = &self.bytes[span.start as usize..(span.start + span.len) as usize];
            let score = self.table.score_line(text);
            let slot = &mut self.scores[line as usize];
            self.total += score - *slot;
            *slot = score;
        }
    }

    /// Black's pattern total minus white's.
    pub fn total(&self) -> i32 {
        self.total
    }

    /// The total from `stone`'s point of view.
    pub fn score_for(&self, stone: Stone) -> i32 {
        match stone {
            Stone::Black => self.total,
            Stone::White => -self.total,
        }
    }
}

/// Evaluates `board` from scratch with the plain substring scan: the reference
/// the incremental cache and the automaton are checked against.
pub fn evaluate_naive(board: &Board) -> i32 {
    let table = PatternTable::seed();
    board_lines(board.width(), board.height())
        .into_iter()
        .map(|(_, cells)| {
            let text: Vec<u8> = cells.iter().map(|&p| stone_byte(board.get(p))).collect();
            table.score_line_naive(&text)
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_15x15_board_has_the_expected_lines() {
        // 15 rows + 15 columns + 2 * (2 * 11 - 1) diagonals of length >= 5.
        assert_eq!(board_lines(15, 15).len(), 15 + 15 + 21 + 21);
    }

    #[test]
    fn rectangles_and_tiny_boards_work() {
        assert_eq!(board_lines(5, 5).len(), 5 + 5 + 1 + 1);
        let mut b = Board::new(7, 5).unwrap();
        for (x, y) in [(0, 0), (1, 1), (6, 4), (3, 2)] {
            b.play(Pos::new(x, y)).unwrap();
        }
        assert_eq!(LineCache::from_board(&b).total(), evaluate_naive(&b));
    }
}
