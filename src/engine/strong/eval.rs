//! Static evaluation from pattern codes: every empty cell is worth something to each
//! colour (its four line patterns plus its threat class), and the position is worth the
//! side to move's total minus the opponent's. Two weight sets: a threat is worth more to
//! the side that can play it next than to the side that must wait.
//!
//! The weights are fitted to temporal-difference labels of our own match positions and
//! kept by match results against Pela and Carbon (see [`WEIGHTS`] and `docs/tuning.md`);
//! a Texel fit to game results of our own self-play lost to the hand-set ones.

use super::pattern::PATTERN_COUNT;
use super::threat::{Threat, THREAT_COUNT};
use std::ops::{AddAssign, SubAssign};

/// A cell's worth to one colour: when that colour is to move, and when it waits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CellValue {
    pub to_move: i32,
    pub waiting: i32,
}

impl AddAssign for CellValue {
    #[inline]
    fn add_assign(&mut self, o: CellValue) {
        self.to_move += o.to_move;
        self.waiting += o.waiting;
    }
}

impl SubAssign for CellValue {
    #[inline]
    fn sub_assign(&mut self, o: CellValue) {
        self.to_move -= o.to_move;
        self.waiting -= o.waiting;
    }
}

/// Evaluation weights. Index 0 of each pair: the colour is to move; 1: it waits.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    pub line: [[i32; PATTERN_COUNT]; 2],
    pub threat: [[i32; THREAT_COUNT]; 2],
    /// Added for the side to move.
    pub tempo: i32,
    /// By [`situation_index`]: what the two sides' strongest threats are worth together.
    pub situation: [i32; SITUATIONS],
    /// A waiting cell's total is scaled to this many hundredths: how much the side to
    /// move fears what the opponent builds against what it builds itself.
    pub waiting_percent: i32,
}

/// Number of threat situations (see [`situation_index`]).
pub const SITUATIONS: usize = 64;

/// The strongest threats of both sides as a small index, for the side to move ("me"):
/// bit 0 I can make a four, bit 1 an open three, bit 2 a three-three;
/// bit 3 the opponent can make a four, bit 4 the opponent has an open-four point (an open
/// three on the board), bit 5 the opponent has a four-three or three-three point.
pub fn situation_index(state: &super::state::State) -> usize {
    let me = state.side_to_move();
    let opp = 1 - me;
    let has = |c: usize, t: Threat| state.count(c, t) > 0;
    let at_least = |c: usize, t: Threat| state.count_at_least(c, t) > 0;
    (at_least(me, Threat::Block4) as usize)
        | ((has(me, Threat::Flex3) || has(me, Threat::Flex3Plus)) as usize) << 1
        | (has(me, Threat::Flex3x2) as usize) << 2
        | (at_least(opp, Threat::Block4) as usize) << 3
        | (has(opp, Threat::Flex4) as usize) << 4
        | ((has(opp, Threat::Block4Flex3) || has(opp, Threat::Flex3x2)) as usize) << 5
}

/// The weights in use: `examples/tune.rs --keep-high` fitted to temporal-difference labels
/// (`tools/td_labels.py`: where our own searches a few moves on said each position went)
/// of 12 256 positions from our 300 ms games against Pela and Carbon; the threat classes
/// from a three-three up keep their hand-set values, the search's tactics lean on them.
/// Kept because it won: against Pela 91.3% at 300 ms over 320 games where the hand-set
/// weights scored 85.9% over 160 the same day; level or ahead against Carbon (docs/tuning.md).
/// A few weights of the waiting side are negative (the opponent's spare twos stand in for
/// the stage of the game); the fit held to non-negative weights lost 6.5 points to Carbon.
pub static WEIGHTS: Weights = Weights {
    // Dead, Overline, B1, F1, B2, F2, F2A, F2B, B3, F3, F3S, B4, F4, F5
    line: [
        [0, 0, 0, 0, 2, 4, 10, 16, 9, 10, 29, 21, 40, 0],
        [0, 0, 0, 0, 1, 3, 20, 17, 21, 13, 12, 35, -70, 0],
    ],
    // None, Forbidden, Flex2, Block3, Flex2x2, Block3Plus, Flex3, Flex3Plus, Flex3x2,
    // Block4, Block4Plus, Block4Flex3, Flex4, Five
    threat: [
        [0, 0, -2, 5, -2, 3, 26, 30, 140, 20, 45, 400, 500, 0],
        [0, 0, -15, -12, -15, -5, 17, 26, 77, 12, 26, 153, 187, 0],
    ],
    tempo: 11,
    situation: [0; SITUATIONS],
    // The fit scales both sides itself; the hand-set weights used 85 (docs/tuning.md).
    waiting_percent: 100,
};

impl Weights {
    pub fn get() -> &'static Weights {
        &WEIGHTS
    }

    /// The worth of a cell with these pattern codes and threat class.
    #[inline]
    pub fn cell_value(&self, codes: [u8; 4], threat: Threat) -> CellValue {
        let mut v = CellValue {
            to_move: self.threat[0][threat as usize],
            waiting: self.threat[1][threat as usize],
        };
        for c in codes {
            v.to_move += self.line[0][c as usize];
            v.waiting += self.line[1][c as usize];
        }
        v.waiting = v.waiting * self.waiting_percent / 100;
        v
    }
}

/// What one colour's four pattern codes at a cell come to: its threat class and worth,
/// looked up at once from a [`CellTable`].
#[derive(Clone, Copy, Debug, Default)]
#[repr(C)]
pub struct CellInfo {
    pub to_move: i16,
    pub waiting: i16,
    /// Move-ordering parts ([`super::movegen::order_parts`]): as the mover's cell, and
    /// as the cell the mover takes from this colour.
    pub attack: i16,
    pub defend: i16,
    pub threat: Threat,
}

impl CellInfo {
    #[inline]
    pub fn value(&self) -> CellValue {
        CellValue {
            to_move: self.to_move as i32,
            waiting: self.waiting as i32,
        }
    }
}

/// [`CellInfo`] for every combination of four pattern codes, keyed by the codes packed
/// as nibbles (`codes[k]` in bits `4k..4k+4`, as [`super::threat::combo_index`] packs
/// them): one load on the hot path. (Keyed by two unordered pairs of codes instead, the
/// table was six times smaller, and the search 5% slower for the second, dependent load.)
pub struct CellTable {
    infos: Vec<CellInfo>,
}

impl CellTable {
    #[inline]
    pub fn get(&self, nibbles: usize) -> CellInfo {
        self.infos[nibbles & 0xFFFF]
    }

    fn build(restricted: bool) -> CellTable {
        let threats = super::threat::threat_table(restricted);
        let infos = (0..1usize << 16)
            .map(|i| {
                let codes = [0, 1, 2, 3].map(|k| ((i >> (4 * k)) & 15) as u8);
                if codes.iter().any(|&c| c as usize >= PATTERN_COUNT) {
                    return CellInfo::default(); // no such pattern code
                }
                let threat = Threat::from_code(threats[i]);
                let v = WEIGHTS.cell_value(codes, threat);
                let [attack, defend] = super::movegen::order_parts(codes, threat).map(to_i16);
                CellInfo {
                    to_move: to_i16(v.to_move),
                    waiting: to_i16(v.waiting),
                    attack,
                    defend,
                    threat,
                }
            })
            .collect();
        CellTable { infos }
    }
}

fn to_i16(v: i32) -> i16 {
    v.clamp(i16::MIN as i32, i16::MAX as i32) as i16
}

/// The [`CellTable`] from the threat table and [`WEIGHTS`]; `restricted` for Black in
/// renju.
pub fn cell_table(restricted: bool) -> &'static CellTable {
    static FREE: std::sync::OnceLock<CellTable> = std::sync::OnceLock::new();
    static RESTRICTED: std::sync::OnceLock<CellTable> = std::sync::OnceLock::new();
    let cell = if restricted { &RESTRICTED } else { &FREE };
    cell.get_or_init(|| CellTable::build(restricted))
}

/// How many empty cells show each line pattern and threat class for one colour: the
/// evaluation is linear in these, which is what the tuner fits (`examples/tune.rs`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Features {
    pub line: [u32; PATTERN_COUNT],
    pub threat: [u32; THREAT_COUNT],
}

/// The features of `colour` in `state`, counted from scratch.
pub fn features(state: &super::state::State, colour: usize) -> Features {
    let mut f = Features::default();
    for cell in state.board_cells().filter(|&c| state.is_empty(c)) {
        f.threat[state.threat(cell, colour) as usize] += 1;
        for dir in 0..4 {
            f.line[state.pattern_code(cell, dir, colour) as usize] += 1;
        }
    }
    f
}

/// The static value of `state` for the side to move: the pattern weights', plus the
/// network's correction when the position has one.
#[inline]
pub fn evaluate(state: &mut super::state::State) -> i32 {
    let w = &WEIGHTS;
    let me = state.side_to_move();
    let patterns = state.value_sum(me).to_move - state.value_sum(1 - me).waiting
        + w.tempo
        + w.situation[situation_index(state)];
    match state.network() {
        Some(net) => patterns + net.evaluate(me),
        None => patterns,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::strong::pattern::Pattern;
    use crate::engine::strong::threat::{combine_for, combo_index};

    #[test]
    fn the_cell_table_agrees_with_the_weights_and_ordering_on_every_ordered_key() {
        for restricted in [false, true] {
            let table = cell_table(restricted);
            for i in 0..1usize << 16 {
                let codes = [0, 1, 2, 3].map(|k| ((i >> (4 * k)) & 15) as u8);
                if codes.iter().any(|&c| c as usize >= PATTERN_COUNT) {
                    continue;
                }
                let threat = combine_for(codes.map(Pattern::from_code), restricted);
                let want = WEIGHTS.cell_value(codes, threat);
                let got = table.get(combo_index(codes));
                assert_eq!((got.threat, got.value()), (threat, want), "codes {codes:?}");
                // The ordering parts fit their 16 bits: none is clamped.
                let order = crate::engine::strong::movegen::order_parts(codes, threat);
                assert_eq!([got.attack as i32, got.defend as i32], order, "{codes:?}");
            }
        }
    }
}
