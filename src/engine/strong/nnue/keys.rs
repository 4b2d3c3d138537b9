//! The network's view of a line: an empty cell's four neighbours on each side along one
//! direction, two bits a cell, as the position's line keys already hold them.
//!
//! One table row serves every direction and both mirror images of a line (a shape is
//! worth the same read left to right or right to left), and each colour reads the board
//! as "mine" and "theirs" by swapping the stone codes.

use crate::engine::strong::pattern::{BLACK, WALL, WHITE};
use std::sync::OnceLock;

/// Net keys: eight neighbour slots (`pattern::SLOT_OFFSETS`' inner eight), two bits each.
pub const KEYS: usize = 1 << 16;

/// The net key of a line key: its inner eight neighbours.
#[inline]
pub fn net_key(line_key: u32) -> u32 {
    line_key & 0xFFFF
}

/// The same key seen by the other colour: Black and White codes swapped, empty and wall
/// kept (each two-bit code has its bits exchanged).
#[inline]
pub fn swap_colours(key: u32) -> u32 {
    const LOW: u32 = 0x5555;
    ((key & LOW) << 1) | ((key >> 1) & LOW)
}

/// The key of the line read the other way: neighbour slot `i` (offsets -4..-1, 1..4)
/// trades places with slot `7 - i`.
pub fn mirror(key: u32) -> u32 {
    let mut out = 0;
    for i in 0..8 {
        let code = (key >> (2 * i)) & 3;
        out |= code << (2 * (7 - i));
    }
    out
}

/// True when `key` can occur on a board cell: on each side the wall, once reached,
/// continuing outward.
pub fn is_valid(key: u32) -> bool {
    if key >= KEYS as u32 {
        return false;
    }
    // Slots 3, 2, 1, 0 go outward on the left (offsets -1..-4), 4..7 on the right.
    let side_ok = |slots: [u32; 4]| {
        let mut walled = false;
        slots.iter().all(|&s| {
            let wall = (key >> (2 * s)) & 3 == WALL;
            let ok = wall || !walled;
            walled |= wall;
            ok
        })
    };
    side_ok([3, 2, 1, 0]) && side_ok([4, 5, 6, 7])
}

/// Maps every net key to its table row: mirror images share a row; keys that cannot
/// occur go to row 0, which the network keeps at zero.
pub struct RowMap {
    rows: Box<[u16]>,
    /// The smaller key of each row's mirror pair (row 0: key 0, unused).
    keys: Vec<u32>,
}

impl RowMap {
    /// The map, built once: rows are numbered by the first (smallest) key of each pair.
    pub fn get() -> &'static RowMap {
        static MAP: OnceLock<RowMap> = OnceLock::new();
        MAP.get_or_init(|| {
            let mut rows = vec![0u16; KEYS].into_boxed_slice();
            let mut keys = vec![0];
            for key in 0..KEYS as u32 {
                if !is_valid(key) {
                    continue;
                }
                let m = mirror(key);
                if m < key {
                    rows[key as usize] = rows[m as usize];
                } else {
                    rows[key as usize] = keys.len() as u16;
                    keys.push(key);
                }
            }
            RowMap { rows, keys }
        })
    }

    /// The row of `key` (a net key below [`KEYS`]).
    #[inline]
    pub fn row(&self, key: u32) -> usize {
        self.rows[key as usize] as usize
    }

    /// Rows in use, row 0 included.
    pub fn count(&self) -> usize {
        self.keys.len()
    }

    /// A key of `row` (the smaller of its mirror pair).
    pub fn key_of(&self, row: usize) -> u32 {
        self.keys[row]
    }
}

/// The codes a cell can hold in a key, for tests and tools.
pub const CODES: [u32; 4] = [0, BLACK, WHITE, WALL];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn swapping_exchanges_black_and_white_only() {
        for key in [0u32, 0b01, 0b10, 0b11, 0x5A3C, 0xFFFF] {
            let back = swap_colours(swap_colours(key));
            assert_eq!(back, key);
            for slot in 0..8 {
                let (a, b) = (
                    (key >> (2 * slot)) & 3,
                    (swap_colours(key) >> (2 * slot)) & 3,
                );
                let expect = match a {
                    1 => 2,
                    2 => 1,
                    c => c,
                };
                assert_eq!(b, expect, "key {key:#x} slot {slot}");
            }
        }
    }

    #[test]
    fn mirror_is_an_involution() {
        for key in (0..KEYS as u32).step_by(7) {
            assert_eq!(mirror(mirror(key)), key);
        }
        // Offset -1 (slot 3) trades with offset +1 (slot 4).
        assert_eq!(mirror(0b01 << 6), 0b01 << 8);
    }

    #[test]
    fn valid_keys_count_walls_from_the_outside_in() {
        // Each side: 3^4 + 3^3 + 3^2 + 3 + 1 = 121 ways.
        let valid = (0..KEYS as u32).filter(|&k| is_valid(k)).count();
        assert_eq!(valid, 121 * 121);
        // A wall next to the centre with a stone beyond it cannot happen.
        assert!(!is_valid((WALL << 6) | (BLACK << 4)));
        assert!(is_valid((WALL << 6) | (WALL << 4) | (WALL << 2) | WALL));
    }

    #[test]
    fn mirror_images_share_a_row_and_others_do_not() {
        let map = RowMap::get();
        let mut seen = std::collections::HashMap::new();
        for key in (0..KEYS as u32).filter(|&k| is_valid(k)) {
            let row = map.row(key);
            assert!(row > 0);
            assert_eq!(row, map.row(mirror(key)));
            let canon = key.min(mirror(key));
            assert_eq!(*seen.entry(row).or_insert(canon), canon, "row {row}");
        }
        assert_eq!(seen.len() + 1, map.count());
    }
}
