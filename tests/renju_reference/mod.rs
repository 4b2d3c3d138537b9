//! A brute-force forbidden-point oracle, written from the RIF definitions applied
//! literally and sharing no code with `engine::renju`: every line is walked to the board
//! edge, fours are counted as distinct sets of four stones completed by some empty cell,
//! and a three is any empty cell that turns the line into a straight four (a four with
//! two different completing cells) that is not itself forbidden, judged recursively with
//! no depth limit. Slow, but obviously right.

use gomoku::engine::renju::Forbidden;
use gomoku::engine::rules::DIRECTIONS;
use gomoku::engine::{Board, Pos, Stone};
use std::collections::BTreeSet;

type Cellxy = (isize, isize);
/// A completing cell and the four stones it completes into a five.
type Completion = (Cellxy, BTreeSet<Cellxy>);

#[derive(Clone, Copy, PartialEq, Eq)]
enum Cell {
    Empty,
    Black,
    White,
}

/// The board as a plain grid, mutated in place while judging.
pub struct Grid {
    w: isize,
    h: isize,
    cells: Vec<Cell>,
    /// Deepest recursion the last judgements needed (0: no extension cell was judged).
    pub max_depth: usize,
}

impl Grid {
    pub fn from_board(board: &Board) -> Grid {
        let cells = board
            .cells()
            .map(|p| match board.get(p) {
                None => Cell::Empty,
                Some(Stone::Black) => Cell::Black,
                Some(Stone::White) => Cell::White,
            })
            .collect();
        Grid {
            w: board.width() as isize,
            h: board.height() as isize,
            cells,
            max_depth: 0,
        }
    }

    fn at(&self, x: isize, y: isize) -> Option<Cell> {
        (x >= 0 && y >= 0 && x < self.w && y < self.h)
            .then(|| self.cells[(y * self.w + x) as usize])
    }

    fn set(&mut self, (x, y): (isize, isize), c: Cell) {
        self.cells[(y * self.w + x) as usize] = c;
    }

    /// Every cell of the whole line through `p` along `d`, from one edge to the other.
    fn line(&self, (px, py): (isize, isize), (dx, dy): (isize, isize)) -> Vec<(isize, isize)> {
        let (mut x, mut y) = (px, py);
        while self.at(x - dx, y - dy).is_some() {
            x -= dx;
            y -= dy;
        }
        let mut out = Vec::new();
        while self.at(x, y).is_some() {
            out.push((x, y));
            x += dx;
            y += dy;
        }
        out
    }

    /// The unbroken black run through the black stone at `p` along `d`.
    fn run(&self, p: (isize, isize), d: (isize, isize)) -> Vec<(isize, isize)> {
        let line = self.line(p, d);
        let i = line.iter().position(|&c| c == p).unwrap();
        let black = |j: usize| self.at(line[j].0, line[j].1) == Some(Cell::Black);
        let mut lo = i;
        while lo > 0 && black(lo - 1) {
            lo -= 1;
        }
        let mut hi = i;
        while hi + 1 < line.len() && black(hi + 1) {
            hi += 1;
        }
        line[lo..=hi].to_vec()
    }

    /// With `p` black: each empty cell on the line that makes a five (exactly five, holding
    /// both `p` and that cell), with the four stones it completes.
    fn completions(&mut self, p: (isize, isize), d: (isize, isize)) -> Vec<Completion> {
        let mut out = Vec::new();
        for q in self.line(p, d) {
            if self.at(q.0, q.1) != Some(Cell::Empty) {
                continue;
            }
            self.set(q, Cell::Black);
            let run = self.run(p, d);
            if run.len() == 5 && run.contains(&q) {
                out.push((q, run.into_iter().filter(|&c| c != q).collect()));
            }
            self.set(q, Cell::Empty);
        }
        out
    }

    fn fours(&mut self, p: (isize, isize), d: (isize, isize)) -> usize {
        let sets: BTreeSet<_> = self.completions(p, d).into_iter().map(|(_, s)| s).collect();
        sets.len()
    }

    /// With `p` black: the empty cells on the line after which some four containing both
    /// `p` and that cell has two different completing cells (a straight four).
    fn straight_four_cells(&mut self, p: (isize, isize), d: (isize, isize)) -> Vec<(isize, isize)> {
        let mut out = Vec::new();
        for q in self.line(p, d) {
            if self.at(q.0, q.1) != Some(Cell::Empty) {
                continue;
            }
            self.set(q, Cell::Black);
            let comps = self.completions(p, d);
            let straight = comps.iter().any(|(c1, s1)| {
                s1.contains(&q) && comps.iter().any(|(c2, s2)| c2 != c1 && s2 == s1)
            });
            self.set(q, Cell::Empty);
            if straight {
                out.push(q);
            }
        }
        out
    }

    /// The oracle's verdict for Black on the empty cell `p` (same precedence as the module:
    /// five, then overline, then double four, then double three).
    pub fn forbidden(&mut self, p: Pos) -> Option<Forbidden> {
        self.judge((p.x as isize, p.y as isize), 0)
    }

    fn judge(&mut self, p: (isize, isize), depth: usize) -> Option<Forbidden> {
        if self.at(p.0, p.1) != Some(Cell::Empty) {
            return None;
        }
        self.max_depth = self.max_depth.max(depth);
        self.set(p, Cell::Black);
        let verdict = self.judge_placed(p, depth);
        self.set(p, Cell::Empty);
        verdict
    }

    fn judge_placed(&mut self, p: (isize, isize), depth: usize) -> Option<Forbidden> {
        let runs: Vec<usize> = DIRECTIONS.iter().map(|&d| self.run(p, d).len()).collect();
        if runs.contains(&5) {
            return None;
        }
        if runs.iter().any(|&n| n >= 6) {
            return Some(Forbidden::Overline);
        }
        let fours: usize = DIRECTIONS.iter().map(|&d| self.fours(p, d)).sum();
        if fours >= 2 {
            return Some(Forbidden::DoubleFour);
        }
        let candidates: Vec<Vec<(isize, isize)>> = DIRECTIONS
            .iter()
            .map(|&d| self.straight_four_cells(p, d))
            .filter(|cells| !cells.is_empty())
            .collect();
        if candidates.len() < 2 {
            return None; // fewer than two threes even before judging their cells
        }
        let real = candidates
            .iter()
            .filter(|cells| cells.iter().any(|&q| self.judge(q, depth + 1).is_none()))
            .count();
        (real >= 2).then_some(Forbidden::DoubleThree)
    }
}

/// The oracle's verdict on every empty cell, in `Board::cells` order.
pub fn forbidden_points(board: &Board) -> (Vec<(Pos, Forbidden)>, usize) {
    let mut grid = Grid::from_board(board);
    let out = board
        .cells()
        .filter(|&p| board.is_empty(p))
        .filter_map(|p| grid.forbidden(p).map(|f| (p, f)))
        .collect();
    (out, grid.max_depth)
}
