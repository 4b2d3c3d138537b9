//! One-point evaluation: what a stone on an empty cell is worth, read from a table.
//!
//! A pattern through a cell spans at most 5 cells either side of it, so the change a stone
//! makes to the whole-board score depends only on those 10 neighbours per direction. Each
//! cell keeps, per direction, a 20-bit key of its neighbours (2 bits each: empty, black,
//! white, off-board), updated in O(1) per move; the table maps a key to the exact
//! score change for either colour, computed once with the same automaton as the lines.
//! This is what makes the seed's "score difference" ordering cheap enough for every node.

use super::patterns::{PatternTable, BLACK, EDGE, EMPTY, WHITE};
use std::sync::OnceLock;

/// Cells each side of the centre that a key covers.
pub const REACH: isize = 5;
/// Key value of an off-board neighbour.
pub const OFF_BOARD: u32 = 3;
/// Half-keys (5 neighbours) that can occur: an edge is followed only by more edge.
const HALVES: usize = 364;

/// Flag: Black placing here makes a row of five or more.
pub const BLACK_FIVE_OR_MORE: u8 = 1;
/// Flag: White placing here makes a row of five or more.
pub const WHITE_FIVE_OR_MORE: u8 = 2;
/// Flag: Black placing here makes a row of exactly five.
pub const BLACK_EXACT_FIVE: u8 = 4;
/// Flag: White placing here makes a row of exactly five.
pub const WHITE_EXACT_FIVE: u8 = 8;
/// Flag: Black placing here makes a four (five cells in a row holding four black stones
/// and one empty cell): a threat to win next move.
pub const BLACK_FOUR: u8 = 16;
/// Flag: White placing here makes a four.
pub const WHITE_FOUR: u8 = 32;
/// Flag: Black placing here makes an open four (`.XXXX.`): a win next move whatever
/// the opponent does, so the opponent must stop it beforehand.
pub const BLACK_OPEN_FOUR: u8 = 64;
/// Flag: White placing here makes an open four.
pub const WHITE_OPEN_FOUR: u8 = 128;

/// Bit position in a key of the neighbour at `offset` (-5..=5, not 0): each half runs
/// from the far cell to the near one, so both halves share one validity table.
pub const fn key_shift(offset: isize) -> u32 {
    if offset < 0 {
        (2 * (REACH + offset)) as u32
    } else {
        (10 + 2 * (REACH - offset)) as u32
    }
}

/// What a stone on the centre of one direction's window changes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PointEntry {
    /// Score change from the placer's own view, indexed by `Stone::index()`.
    pub gain: [i32; 2],
    /// `*_FIVE*` flags.
    pub flags: u8,
}

/// The key -> entry table, compressed to the keys that can occur.
pub struct PointTable {
    half_index: [u16; 1024],
    entries: Vec<PointEntry>,
}

impl PointTable {
    /// Built once per process (~130k windows scored by the automaton).
    pub fn get() -> &'static PointTable {
        static TABLE: OnceLock<PointTable> = OnceLock::new();
        TABLE.get_or_init(PointTable::build)
    }

    /// The entry for one direction's key.
    #[inline]
    pub fn entry(&self, key: u32) -> PointEntry {
        let left = self.half_index[(key & 0x3ff) as usize] as usize;
        let right = self.half_index[(key >> 10) as usize] as usize;
        self.entries[left * HALVES + right]
    }

    fn build() -> PointTable {
        let patterns = PatternTable::seed();
        let mut half_index = [0u16; 1024];
        let mut halves = Vec::with_capacity(HALVES);
        for half in 0..1024u32 {
            if half_is_possible(half) {
                half_index[half as usize] = halves.len() as u16;
                halves.push(half);
            }
        }
        debug_assert_eq!(halves.len(), HALVES);
        let mut entries = vec![PointEntry::default(); HALVES * HALVES];
        for (li, &left) in halves.iter().enumerate() {
            for (ri, &right) in halves.iter().enumerate() {
                let mut window = window_bytes(left | right << 10);
                let centre = REACH as usize;
                let base = patterns.score_line(&window);
                window[centre] = BLACK;
                let black = patterns.score_line(&window);
                let black_run = run_length(&window, BLACK);
                window[centre] = WHITE;
                let white = patterns.score_line(&window);
                let white_run = run_length(&window, WHITE);
                let mut flags = 0;
                if black_run >= 5 {
                    flags |= BLACK_FIVE_OR_MORE;
                }
                if black_run == 5 {
                    flags |= BLACK_EXACT_FIVE;
                }
                if white_run >= 5 {
                    flags |= WHITE_FIVE_OR_MORE;
                }
                if white_run == 5 {
                    flags |= WHITE_EXACT_FIVE;
                }
                if makes_four(&window, WHITE) {
                    flags |= WHITE_FOUR;
                }
                if makes_open_four(&window, WHITE) {
                    flags |= WHITE_OPEN_FOUR;
                }
                window[centre] = BLACK;
                if makes_four(&window, BLACK) {
                    flags |= BLACK_FOUR;
                }
                if makes_open_four(&window, BLACK) {
                    flags |= BLACK_OPEN_FOUR;
                }
                entries[li * HALVES + ri] = PointEntry {
                    gain: [black - base, base - white],
                    flags,
                };
            }
        }
        PointTable {
            half_index,
            entries,
        }
    }
}

/// A half-key is possible when every cell beyond an off-board cell is off-board too.
fn half_is_possible(half: u32) -> bool {
    // Slot 0 is the far cell, slot 4 the near one.
    let mut seen_on_board = false;
    for slot in 0..5 {
        let v = (half >> (2 * slot)) & 3;
        if v == OFF_BOARD && seen_on_board {
            return false;
        }
        seen_on_board |= v != OFF_BOARD;
    }
    true
}

/// The 11-cell window of a key, centre empty.
pub fn window_bytes(key: u32) -> [u8; 11] {
    let mut window = [EMPTY; 11];
    for offset in -REACH..=REACH {
        if offset == 0 {
            continue;
        }
        window[(offset + REACH) as usize] = match (key >> key_shift(offset)) & 3 {
            0 => EMPTY,
            1 => BLACK,
            2 => WHITE,
            _ => EDGE,
        };
    }
    window
}

/// True when some five-cell stretch through the (filled) centre holds four `stone`s and
/// one empty cell.
fn makes_four(window: &[u8; 11], stone: u8) -> bool {
    let c = REACH as usize;
    (c - 4..=c).any(|start| {
        let stretch = &window[start..start + 5];
        stretch.iter().filter(|&&b| b == stone).count() == 4 && stretch.contains(&EMPTY)
    })
}

/// True when the (filled) centre completes `.SSSS.`: four in a row, both ends empty.
fn makes_open_four(window: &[u8; 11], stone: u8) -> bool {
    let c = REACH as usize;
    (c - 4..=c - 1).any(|start| {
        let w = &window[start..start + 6];
        w[0] == EMPTY && w[5] == EMPTY && w[1..5].iter().all(|&b| b == stone)
    })
}

/// Length of the run of `stone` bytes through the centre.
fn run_length(window: &[u8; 11], stone: u8) -> usize {
    let c = REACH as usize;
    let left = window[..c]
        .iter()
        .rev()
        .take_while(|&&b| b == stone)
        .count();
    let right = window[c + 1..].iter().take_while(|&&b| b == stone).count();
    left + right + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_cover_twenty_bits_once() {
        let mut seen = 0u32;
        for o in (-REACH..0).chain(1..=REACH) {
            let bits = 3 << key_shift(o);
            assert_eq!(seen & bits, 0);
            seen |= bits;
        }
        assert_eq!(seen, (1 << 20) - 1);
    }

    #[test]
    fn open_four_needs_both_ends_empty() {
        // . X X [c] X . -> an open four for Black; a white stone at +2 closes it.
        let three = (1 << key_shift(-2)) | (1 << key_shift(-1)) | (1 << key_shift(1));
        let e = PointTable::get().entry(three);
        assert!(e.flags & BLACK_OPEN_FOUR != 0 && e.flags & BLACK_FOUR != 0);
        let closed = three | (2 << key_shift(2));
        let e = PointTable::get().entry(closed);
        assert!(e.flags & BLACK_OPEN_FOUR == 0 && e.flags & BLACK_FOUR != 0);
        let at_edge = three
            | (OFF_BOARD << key_shift(2))
            | (OFF_BOARD << key_shift(3))
            | (OFF_BOARD << key_shift(4))
            | (OFF_BOARD << key_shift(5));
        assert_eq!(PointTable::get().entry(at_edge).flags & BLACK_OPEN_FOUR, 0);
    }

    #[test]
    fn four_in_a_row_plus_centre_is_a_five() {
        let key =
            (1 << key_shift(-1)) | (1 << key_shift(-2)) | (1 << key_shift(1)) | (1 << key_shift(2));
        let e = PointTable::get().entry(key);
        assert!(e.flags & BLACK_FIVE_OR_MORE != 0 && e.flags & BLACK_EXACT_FIVE != 0);
        assert_eq!(e.flags & (WHITE_FIVE_OR_MORE | WHITE_EXACT_FIVE), 0);
        let six = key | (1 << key_shift(3));
        let e = PointTable::get().entry(six);
        assert!(e.flags & BLACK_FIVE_OR_MORE != 0 && e.flags & BLACK_EXACT_FIVE == 0);
    }
}
