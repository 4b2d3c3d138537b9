//! The strong engine's position: stones on a padded grid and, for every empty cell, its
//! line patterns and threat class for both colours, all kept up to date on make/unmake.
//!
//! A stone changes the line keys (read from the stones along each line, [`Lines`]) of
//! the cells up to `half` steps away in the four directions; each of those (if empty)
//! gets its pattern re-read from the line table and its threat class from the threat
//! table. Counts of threat classes per colour and the evaluation sums follow the same
//! deltas, so "does the opponent have a four?" and the static evaluation are O(1); so
//! is a move's ordering score, kept per cell from the same table row.

use super::cellset::CellSet;
use super::eval::{cell_table, CellInfo, CellTable, CellValue};
use super::lines::Lines;
use super::nearby::Nearby;
use super::nnue::{Accumulator, Network};
use super::pattern::{line_table, slot_of, LineTable, Pattern, BLACK, WALL, WHITE};
use super::threat::{Threat, THREAT_COUNT};
use crate::engine::board::{Board, Pos, Stone};
use crate::engine::rules::Rule;
use std::sync::OnceLock;

/// Row length of the padded grid: 22 cells of board plus 5 of wall each side.
pub const STRIDE: usize = 32;
/// Wall cells before the board on each side.
pub const PAD: usize = 5;
/// Cells of the padded grid.
pub const CELLS: usize = STRIDE * STRIDE;
/// Index steps of the four directions: across, down, diagonal, anti-diagonal.
pub const STEPS: [isize; 4] = [1, STRIDE as isize, STRIDE as isize + 1, STRIDE as isize - 1];
/// A cell index that is no cell: "no move".
pub const NONE: u16 = u16::MAX;
/// How deep a renju double-three check follows threes through other threes.
pub const RENJU_DEPTH: u32 = 8;

/// Indices of [`State`]'s kept threat sets.
const THREES: usize = 0;
const FOURS: usize = 1;

/// Colour indices.
pub const B: usize = 0;
pub const W: usize = 1;

/// Zobrist keys per colour and cell, plus one for the side to move.
struct Zobrist {
    cells: [[u64; CELLS]; 2],
    white_to_move: u64,
}

fn zobrist() -> &'static Zobrist {
    static Z: OnceLock<Box<Zobrist>> = OnceLock::new();
    Z.get_or_init(|| {
        // splitmix64: a fixed sequence, so keys are the same in every run.
        let mut s: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = || {
            s = s.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = s;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        let mut z = Box::new(Zobrist {
            cells: [[0; CELLS]; 2],
            white_to_move: 0,
        });
        for colour in 0..2 {
            for c in 0..CELLS {
                z.cells[colour][c] = next();
            }
        }
        z.white_to_move = next();
        z
    })
}

/// Per-cell incremental data.
#[derive(Clone, Copy, Default)]
struct CellData {
    /// Byte `d` for direction `d`: Black's pattern code in its low nibble, White's in the
    /// high one. One word, written whole, so reading it back never stalls on a part-write.
    pats: u32,
    /// Threat class per colour.
    threat: [Threat; 2],
    /// Evaluation contribution per colour (valid for empty cells), to move and waiting:
    /// 16 bits each keep the cell data within 24 bytes (the totals are 32-bit).
    value: [[i16; 2]; 2],
    /// Move-ordering parts per colour: what a stone here is worth to that colour when
    /// it plays here, and when its opponent does (see [`super::movegen::order_parts`]).
    order: [[i16; 2]; 2],
}

impl CellData {
    /// Takes `colour`'s threat class, worth and ordering parts from its table row.
    #[inline]
    fn keep(&mut self, colour: usize, info: CellInfo) {
        self.threat[colour] = info.threat;
        self.value[colour] = [info.to_move, info.waiting];
        self.order[colour] = [info.attack, info.defend];
    }
}

/// A move in the history: the cell, or [`NONE`] for a pass, where its saved cells start
/// on the saved stack, and the totals and threat sets before it (unmake copies them back
/// instead of taking every changed cell out and putting it in again; the sets' 512 bytes
/// cost less than testing each changed cell's place in them).
#[derive(Clone, Copy)]
struct Undo {
    cell: u16,
    saved_from: u32,
    counts: [[u16; THREAT_COUNT]; 2],
    sums: [CellValue; 2],
    strong: [[CellSet; 2]; 2],
}

/// An empty cell's patterns, threats and values before a move changed them: unmake puts
/// them back instead of reading the tables again.
#[derive(Clone, Copy)]
struct Saved {
    cell: u16,
    data: CellData,
}

/// The incremental position.
#[derive(Clone)]
pub struct State {
    rule: Rule,
    width: usize,
    height: usize,
    half: usize,
    table: &'static LineTable,
    /// Per colour: threat class, worth and ordering parts per combination of four
    /// pattern codes.
    cells: [&'static CellTable; 2],
    stones: Box<[u8; CELLS]>,
    /// The stones again, by lines: each cell's line keys.
    lines: Lines,
    data: Box<[CellData; CELLS]>,
    /// Stones by rows: which empty cells are near one (the candidates).
    nearby: Nearby,
    /// Per colour: empty cells where it makes an open three or better ([`THREES`]), and
    /// a four or better ([`FOURS`]).
    strong: [[CellSet; 2]; 2],
    counts: [[u16; THREAT_COUNT]; 2],
    /// Sum of empty cells' values per colour.
    sums: [CellValue; 2],
    hash: u64,
    history: Vec<Undo>,
    saved: Vec<Saved>,
    side: usize,
    stone_count: usize,
    /// The evaluation network's running sums, when the position is evaluated by one.
    net: Option<Box<Accumulator>>,
}

impl State {
    /// An empty `width` x `height` board (sizes as [`Board`] allows), Black to move.
    pub fn new(width: usize, height: usize, rule: Rule) -> State {
        let table = line_table(rule);
        let mut s = State {
            rule,
            width,
            height,
            half: table.half(),
            table,
            cells: [cell_table(rule == Rule::Renju), cell_table(false)],
            stones: Box::new([WALL as u8; CELLS]),
            lines: Lines::walls(),
            data: Box::new([CellData::default(); CELLS]),
            nearby: Nearby::new(width, height),
            strong: [[CellSet::default(); 2]; 2],
            counts: [[0; THREAT_COUNT]; 2],
            sums: [CellValue::default(); 2],
            hash: 0,
            history: Vec::with_capacity(width * height + 64),
            saved: Vec::with_capacity(32 * 64),
            side: B,
            stone_count: 0,
            net: None,
        };
        for y in 0..height {
            for x in 0..width {
                s.stones[index(x, y)] = 0;
                s.lines.put(index(x, y), 0);
            }
        }
        // Walls are fixed stones: read every empty cell's patterns once.
        for c in s.empty_cells() {
            s.refresh_all(c);
            s.add_cell(c);
        }
        s
    }

    /// The position of `board` under `rule`, with its side to move.
    pub fn from_board(board: &Board, rule: Rule) -> State {
        let mut s = State::new(board.width(), board.height(), rule);
        for m in board.moves() {
            s.side = m.stone.index();
            s.make(index(m.pos.x, m.pos.y) as u16);
        }
        s.side = board.side_to_move().index();
        s
    }

    /// The same position evaluated by `net` (or by the pattern weights with `None`).
    pub fn with_network(mut self, net: Option<&'static Network>) -> State {
        self.net = net.map(|net| {
            let (lines, stones, half) = (&self.lines, &self.stones, self.half);
            let cells = self.board_cells().map(|c| c as usize);
            let keys = cells.map(|q| (q, lines.keys(q, half), stones[q] as u32));
            let mut acc = Accumulator::new(net, keys);
            // The sums start from this board: its history so far is already in them.
            let history = self.history.iter().map(|u| {
                let code = if u.cell == NONE {
                    0
                } else {
                    stones[u.cell as usize]
                };
                (u.cell, code)
            });
            acc.skip_history(history);
            Box::new(acc)
        });
        self
    }

    /// The network's sums brought up to this position, when it has a network.
    #[inline]
    pub fn network(&mut self) -> Option<&Accumulator> {
        let acc = self.net.as_mut()?;
        acc.sync(self.history.iter().map(|u| u.cell), &self.stones);
        Some(acc)
    }

    fn empty_cells(&self) -> Vec<usize> {
        (0..CELLS).filter(|&c| self.stones[c] == 0).collect()
    }

    pub fn rule(&self) -> Rule {
        self.rule
    }
    pub fn width(&self) -> usize {
        self.width
    }
    pub fn height(&self) -> usize {
        self.height
    }
    /// 0 Black, 1 White.
    #[inline]
    pub fn side_to_move(&self) -> usize {
        self.side
    }
    pub fn stone_count(&self) -> usize {
        self.stone_count
    }
    /// Plies made since the position was set up (passes included).
    pub fn ply(&self) -> usize {
        self.history.len()
    }
    /// True when no empty cell is left.
    pub fn is_full(&self) -> bool {
        self.stone_count == self.width * self.height
    }
    /// The Zobrist key of stones and side to move.
    #[inline]
    pub fn hash(&self) -> u64 {
        if self.side == W {
            self.hash ^ zobrist().white_to_move
        } else {
            self.hash
        }
    }
    /// The key [`State::hash`] would have after the side to move plays on `cell`, without
    /// playing it (threat searches look up children before choosing one to play).
    #[inline]
    pub fn hash_after(&self, cell: u16) -> u64 {
        let z = zobrist();
        let after = self.hash ^ z.cells[self.side][cell as usize];
        if self.side == B {
            after ^ z.white_to_move
        } else {
            after
        }
    }
    /// The stone code at `cell`: 0 empty, 1 Black, 2 White, 3 wall.
    #[inline]
    pub fn stone(&self, cell: u16) -> u8 {
        self.stones[cell as usize]
    }
    #[inline]
    pub fn is_empty(&self, cell: u16) -> bool {
        self.stones[cell as usize] == 0
    }
    /// The threat class a stone of `colour` would make at the empty `cell`.
    #[inline]
    pub fn threat(&self, cell: u16, colour: usize) -> Threat {
        self.data[cell as usize].threat[colour]
    }
    /// `colour`'s line pattern code at `cell` in direction `dir`.
    #[inline]
    pub fn pattern_code(&self, cell: u16, dir: usize, colour: usize) -> u8 {
        ((self.data[cell as usize].pats >> (8 * dir + 4 * colour)) & 15) as u8
    }
    /// The raw line key at `cell` in direction `dir`.
    #[inline]
    pub fn line_key(&self, cell: u16, dir: usize) -> u32 {
        self.lines.key(cell as usize, dir, self.half)
    }
    /// How good a move `me` plays on the empty `cell` looks before it is searched: what it
    /// makes for `me` plus what it takes from the opponent (the parts of
    /// [`super::movegen::order_parts`]), kept per cell as the patterns change.
    #[inline]
    pub fn order_score(&self, cell: u16, me: usize) -> i32 {
        let d = &self.data[cell as usize];
        d.order[me][0] as i32 + d.order[1 - me][1] as i32
    }

    /// How many empty cells give `colour` the threat `t`.
    #[inline]
    pub fn count(&self, colour: usize, t: Threat) -> u16 {
        self.counts[colour][t as usize]
    }
    /// How many empty cells give `colour` a threat of at least `t`.
    pub fn count_at_least(&self, colour: usize, t: Threat) -> u16 {
        self.counts[colour][t as usize..].iter().sum()
    }
    /// Sum of empty cells' values for `colour`.
    #[inline]
    pub fn value_sum(&self, colour: usize) -> CellValue {
        self.sums[colour]
    }
    /// The last move made (not a pass), if any since set-up.
    pub fn last_move(&self) -> Option<u16> {
        self.history.last().map(|u| u.cell).filter(|&c| c != NONE)
    }
    /// The move made `back` plies ago (0 = the last), [`NONE`] for a pass or none.
    pub fn move_back(&self, back: usize) -> u16 {
        let n = self.history.len();
        if back < n {
            self.history[n - 1 - back].cell
        } else {
            NONE
        }
    }
    /// True when a stone is near `cell` (it is a candidate if empty).
    #[inline]
    pub fn is_near(&self, cell: u16) -> bool {
        self.nearby.is_near(cell as usize)
    }

    /// True when `a` and `b` are within two cells of each other, or on one line at most
    /// `reach` apart.
    pub fn is_near_line(&self, a: u16, b: u16, reach: usize) -> bool {
        let (pa, pb) = (self.pos_of(a), self.pos_of(b));
        let (dx, dy) = (pa.x.abs_diff(pb.x), pa.y.abs_diff(pb.y));
        (dx <= 2 && dy <= 2) || ((dx == 0 || dy == 0 || dx == dy) && dx.max(dy) <= reach)
    }

    /// True when `cell` is near the side to move's previous stone (within two cells, or
    /// on one of its lines at most four away): where a continuous attack goes on.
    #[inline]
    pub fn beside_own_last(&self, cell: u16) -> bool {
        let own = self.move_back(1);
        own != NONE && self.is_near_line(cell, own, 4)
    }

    /// True when Black may not play on the empty `cell` (renju only; never otherwise).
    ///
    /// The threat tables mark a cell forbidden from its lines alone; an overline or two
    /// fours settle it, but a double three only counts threes that are real: one of the
    /// three's open-four points, with the move in place, must itself be playable. That is
    /// this same question one stone deeper, asked by placing the stone and reading the
    /// patterns again (as deep as [`RENJU_DEPTH`]; beyond it a three counts as real).
    pub fn is_forbidden(&mut self, cell: u16) -> bool {
        self.rule == Rule::Renju && self.forbidden_at(cell, RENJU_DEPTH)
    }

    fn forbidden_at(&mut self, cell: u16, depth: u32) -> bool {
        if !self.is_empty(cell) || self.threat(cell, B) != Threat::Forbidden {
            return false;
        }
        let codes = [0, 1, 2, 3].map(|d| Pattern::from_code(self.pattern_code(cell, d, B)));
        let fours = codes
            .iter()
            .filter(|&&p| p == Pattern::B4 || p == Pattern::F4)
            .count();
        if codes.contains(&Pattern::Overline) || fours >= 2 || depth == 0 {
            return true;
        }
        let side = self.side;
        self.side = B;
        self.make(cell);
        let mut real = 0;
        for dir in (0..4).filter(|&d| codes[d].is_three()) {
            let step = STEPS[dir];
            let open_four_points = (-4isize..=4)
                .map(|k| cell as isize + k * step)
                .filter(|&q| (0..CELLS as isize).contains(&q))
                .map(|q| q as u16)
                .filter(|&q| self.is_empty(q) && self.pattern_code(q, dir, B) == Pattern::F4 as u8)
                .collect::<Vec<_>>();
            if open_four_points
                .into_iter()
                .any(|q| !self.forbidden_at(q, depth - 1))
            {
                real += 1;
            }
        }
        self.unmake();
        self.side = side;
        real >= 2
    }

    /// Cell index of a board position.
    pub fn cell_of(&self, pos: Pos) -> u16 {
        index(pos.x, pos.y) as u16
    }
    /// Board position of a cell index.
    pub fn pos_of(&self, cell: u16) -> Pos {
        let c = cell as usize;
        Pos::new(c % STRIDE - PAD, c / STRIDE - PAD)
    }
    /// The centre cell.
    pub fn centre(&self) -> u16 {
        index(self.width / 2, self.height / 2) as u16
    }

    /// Every cell of the board (not the walls), row by row.
    pub fn board_cells(&self) -> impl Iterator<Item = u16> + '_ {
        (0..self.height).flat_map(move |y| (0..self.width).map(move |x| index(x, y) as u16))
    }

    /// Appends every empty candidate cell (near a stone) to `out`, row by row.
    pub fn candidates(&self, out: &mut Vec<u16>) {
        out.extend(self.nearby.candidates().into_cells());
    }

    /// The empty cells where `colour` makes a threat of at least `t`, row by row. From
    /// an open three up they come from the kept sets, below it from the candidates.
    pub fn cells_with(&self, colour: usize, t: Threat) -> impl Iterator<Item = u16> + '_ {
        let set = if t >= Threat::Block4 {
            self.strong[colour][FOURS]
        } else if t >= Threat::Flex3 {
            self.strong[colour][THREES]
        } else {
            self.nearby.candidates()
        };
        set.into_cells()
            .filter(move |&c| self.threat(c, colour) >= t)
    }

    /// Plays the side to move's stone on the empty `cell`.
    pub fn make(&mut self, cell: u16) {
        let c = cell as usize;
        debug_assert_eq!(self.stones[c], 0, "make on an occupied cell");
        let colour = self.side;
        self.push_undo(cell);
        self.remove_cell(c);
        let code = if colour == B { BLACK } else { WHITE };
        self.stones[c] = code as u8;
        self.hash ^= zobrist().cells[colour][c];
        self.stone_count += 1;
        self.nearby.put(c);
        self.lines.put(c, code);
        self.refresh_lines(c);
        self.side ^= 1;
    }

    /// Passes: the other side is to move, nothing placed.
    pub fn pass(&mut self) {
        self.push_undo(NONE);
        self.side ^= 1;
    }

    fn push_undo(&mut self, cell: u16) {
        self.history.push(Undo {
            cell,
            saved_from: self.saved.len() as u32,
            counts: self.counts,
            sums: self.sums,
            strong: self.strong,
        });
    }

    /// Takes back the last [`State::make`] or [`State::pass`].
    pub fn unmake(&mut self) {
        // Fields read in place: the record holds the threat sets, too big to copy out.
        let Some(&Undo {
            cell, saved_from, ..
        }) = self.history.last()
        else {
            return;
        };
        let ply = self.history.len() - 1;
        self.side ^= 1;
        if let Some(acc) = self.net.as_mut() {
            acc.truncate(ply);
        }
        if cell != NONE {
            let c = cell as usize;
            self.stones[c] = 0;
            self.hash ^= zobrist().cells[self.side][c];
            self.stone_count -= 1;
            self.nearby.take(c);
            self.lines.put(c, 0);
            let from = saved_from as usize;
            for sv in &self.saved[from..] {
                // Each cell is saved at most once per move (it lies on one line of it).
                self.data[sv.cell as usize] = sv.data;
            }
            self.saved.truncate(from);
            let undo = &self.history[ply];
            self.counts = undo.counts;
            self.sums = undo.sums;
            self.strong = undo.strong;
        }
        self.history.truncate(ply);
    }

    /// Re-reads the patterns of the empty cells that see the stone just put on `c`:
    /// `half` cells each way along its four lines (walls pad every board cell as deep).
    fn refresh_lines(&mut self, c: usize) {
        if self.half == 4 {
            self.refresh_lines_within::<4>(c);
        } else {
            self.refresh_lines_within::<5>(c);
        }
    }

    /// [`State::refresh_lines`] for a reach known when compiled: the loops unroll.
    #[inline(always)]
    fn refresh_lines_within<const HALF: usize>(&mut self, c: usize) {
        let half = HALF as isize;
        for (dir, &step) in STEPS.iter().enumerate() {
            let (word, pos) = self.lines.word(c, dir);
            for k in (-half..=half).filter(|&k| k != 0) {
                let q = (c as isize + k * step) as usize;
                if self.stones[q] == 0 {
                    let at = (pos as isize + k) as usize;
                    self.refresh_dir(q, dir, Lines::key_at(word, at, HALF));
                }
            }
        }
    }

    /// The threat `colour` would have at the empty cell `f` if the other colour had a
    /// stone on `q`, read from the tables without playing it. A stone only takes away
    /// from the other colour's shapes (outside renju, where it can also lift a
    /// forbidden point), so this is what a blocking move leaves of the threat at `f`.
    pub fn threat_if_blocked(&self, f: u16, colour: usize, q: u16) -> Threat {
        if f == q {
            return Threat::None;
        }
        let (fx, fy) = (f as isize % STRIDE as isize, f as isize / STRIDE as isize);
        let (qx, qy) = (q as isize % STRIDE as isize, q as isize / STRIDE as isize);
        let (dx, dy) = (qx - fx, qy - fy);
        let (dir, k) = match () {
            _ if dy == 0 => (0, dx),
            _ if dx == 0 => (1, dy),
            _ if dx == dy => (2, dx),
            _ if dx == -dy => (3, dy),
            _ => return self.threat(f, colour),
        };
        if k.unsigned_abs() > self.half {
            return self.threat(f, colour);
        }
        let d = &self.data[f as usize];
        let blocker = if colour == B { WHITE } else { BLACK };
        let shift = 2 * slot_of(k);
        let key = (self.line_key(f, dir) & !(3 << shift)) | blocker << shift;
        let byte = self.table.packed(key) as u32;
        let pats = (d.pats & !(0xFF << (8 * dir))) | byte << (8 * dir);
        self.cells[colour].get(gather(pats, colour)).threat
    }

    /// Re-reads one direction's pattern of the empty cell `q` from its line `key` and
    /// updates its threats, values, counts and sums (for a colour only when its pattern
    /// there changed).
    #[inline]
    fn refresh_dir(&mut self, q: usize, dir: usize, key: u32) {
        let byte = self.table.packed(key) as u32;
        let old = self.data[q].pats;
        let shift = 8 * dir;
        let changed = ((old >> shift) & 0xFF) ^ byte;
        if changed == 0 {
            return;
        }
        self.saved.push(Saved {
            cell: q as u16,
            data: self.data[q],
        });
        let pats = (old & !(0xFF << shift)) | byte << shift;
        self.data[q].pats = pats;
        for colour in 0..2 {
            if (changed >> (4 * colour)) & 15 != 0 {
                let info = self.cells[colour].get(gather(pats, colour));
                self.retally(q, colour, info);
            }
        }
    }

    /// Gives the empty cell `q` the threat, worth and ordering parts of `info` for
    /// `colour`, moving the totals and threat sets by the difference.
    #[inline]
    fn retally(&mut self, q: usize, colour: usize, info: CellInfo) {
        let d = &mut self.data[q];
        let (was, was_worth) = (d.threat[colour], worth_of(d.value[colour]));
        let threat = info.threat;
        d.keep(colour, info);
        self.counts[colour][was as usize] -= 1;
        self.counts[colour][threat as usize] += 1;
        self.sums[colour] += info.value();
        self.sums[colour] -= was_worth;
        if was >= Threat::Flex3 || threat >= Threat::Flex3 {
            self.mark_strong(q, colour, threat);
        }
    }

    /// Puts `q` in or out of `colour`'s threat sets as the threat `t` says.
    #[inline]
    fn mark_strong(&mut self, q: usize, colour: usize, t: Threat) {
        self.strong[colour][THREES].set(q, t >= Threat::Flex3);
        self.strong[colour][FOURS].set(q, t >= Threat::Block4);
    }

    /// Re-reads all four patterns of `q` (its counts must already be removed).
    fn refresh_all(&mut self, q: usize) {
        let keys = self.lines.keys(q, self.half);
        let pats = (0..4).fold(0u32, |acc, dir| {
            acc | (self.table.packed(keys[dir]) as u32) << (8 * dir)
        });
        self.data[q].pats = pats;
        self.rethreat(q, pats);
    }

    /// Threat classes and values of `q` from its patterns.
    #[inline]
    fn rethreat(&mut self, q: usize, packed: u32) {
        for colour in 0..2 {
            let info = self.cells[colour].get(gather(packed, colour));
            self.data[q].keep(colour, info);
        }
    }

    /// Takes the empty cell `q`'s threats and values out of the totals.
    #[inline]
    fn remove_cell(&mut self, q: usize) {
        for colour in 0..2 {
            let (t, worth) = (
                self.data[q].threat[colour],
                worth_of(self.data[q].value[colour]),
            );
            self.counts[colour][t as usize] -= 1;
            self.sums[colour] -= worth;
            if t >= Threat::Flex3 {
                self.mark_strong(q, colour, Threat::None);
            }
        }
    }

    /// Puts the empty cell `q`'s threats and values into the totals.
    #[inline]
    fn add_cell(&mut self, q: usize) {
        for colour in 0..2 {
            let (t, worth) = (
                self.data[q].threat[colour],
                worth_of(self.data[q].value[colour]),
            );
            self.counts[colour][t as usize] += 1;
            self.sums[colour] += worth;
        }
        self.put_in_strong_sets(q);
    }

    /// Puts the empty cell `q` into the threat sets its threats call for (it is in none).
    #[inline]
    fn put_in_strong_sets(&mut self, q: usize) {
        for colour in 0..2 {
            let t = self.data[q].threat[colour];
            if t >= Threat::Flex3 {
                self.mark_strong(q, colour, t);
            }
        }
    }

    /// The board this state shows (history since set-up is not kept, only stones).
    pub fn stone_at(&self, pos: Pos) -> Option<Stone> {
        match self.stones[index(pos.x, pos.y)] as u32 {
            BLACK => Some(Stone::Black),
            WHITE => Some(Stone::White),
            _ => None,
        }
    }
}

/// A cell's kept worth as the evaluation adds it up.
#[inline]
fn worth_of([to_move, waiting]: [i16; 2]) -> CellValue {
    CellValue {
        to_move: to_move as i32,
        waiting: waiting as i32,
    }
}

/// A colour's four pattern nibbles (one per byte of `packed`) gathered into the 16-bit
/// index of the cell tables.
#[inline]
fn gather(packed: u32, colour: usize) -> usize {
    let mut x = (packed >> (4 * colour)) & 0x0F0F_0F0F;
    x = (x | (x >> 4)) & 0x00FF_00FF;
    x = (x | (x >> 8)) & 0x0000_FFFF;
    x as usize
}

/// Cell index of board coordinates.
#[inline]
pub const fn index(x: usize, y: usize) -> usize {
    (y + PAD) * STRIDE + x + PAD
}
