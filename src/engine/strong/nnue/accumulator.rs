//! The network's running sums: per empty board cell and colour the sum of its four
//! rows, and per colour the board's sum of those, clamped. A stone changes one key of
//! each cell on its four lines within four steps; each change moves that cell's sum by
//! the new row less the old (while the cell is empty), and the colour's total by the
//! clamped difference. The stone's own cell leaves the total, and comes back, its sum
//! read afresh, when the stone is taken off.
//!
//! The sums follow the position lazily: the threat searches make and unmake many moves
//! that are never evaluated, so the position only tells the accumulator how far back
//! its history still agrees ([`Accumulator::truncate`]), and the stones are put on or
//! taken off when an evaluation asks ([`Accumulator::sync`]). Integer arithmetic makes
//! taking a stone off the exact reverse of putting it on.

use super::keys::net_key;
use super::network::{Network, Pair, CHANNELS, QA};
use crate::engine::strong::pattern::slot_of;
use crate::engine::strong::state::{CELLS, NONE, STEPS};

/// Per colour (Black, White, each reading its own stones as "mine", side by side in one
/// array): every empty cell's row sum, and the board's clamped total; and the board they
/// were summed for.
#[derive(Clone)]
pub struct Accumulator {
    net: &'static Network,
    /// Net keys (Black's reading) of every board cell as the sums last saw them.
    keys: Box<[[u32; 4]; CELLS]>,
    /// Per cell: 0 empty, a stone code, or 3 off the board (never summed).
    occupant: Box<[u8; CELLS]>,
    /// Per cell: Black's channels, then White's.
    cells: Box<[Pair; CELLS]>,
    /// Black's totals, then White's.
    pooled: Pair,
    /// The stones put on since the sums were made, in order (cell and stone code;
    /// [`NONE`] for a pass), mirroring the position's history.
    applied: Vec<(u16, u8)>,
    /// How many entries of `applied` still agree with the position's history.
    valid: usize,
}

impl Accumulator {
    /// Sums for the board cells whose line keys and stone codes `cells` gives.
    pub fn new(
        net: &'static Network,
        cells: impl Iterator<Item = (usize, [u32; 4], u32)>,
    ) -> Accumulator {
        let mut acc = Accumulator {
            net,
            keys: Box::new([[0; 4]; CELLS]),
            occupant: Box::new([3; CELLS]),
            cells: Box::new([[0; 2 * CHANNELS]; CELLS]),
            pooled: [0; 2 * CHANNELS],
            applied: Vec::with_capacity(512),
            valid: 0,
        };
        for (q, line_keys, occupant) in cells {
            acc.occupant[q] = occupant as u8;
            acc.keys[q] = line_keys.map(net_key);
            if occupant == 0 {
                acc.enter(q);
            }
        }
        acc
    }

    /// The empty cell `q` joins the totals: its sums read afresh from its keys.
    #[inline(always)]
    fn enter(&mut self, q: usize) {
        let mut sum = [0i16; 2 * CHANNELS];
        for key in self.keys[q] {
            let pair = self.net.pair(key);
            for i in 0..2 * CHANNELS {
                sum[i] = sum[i].wrapping_add(pair[i]);
            }
        }
        for (p, &v) in self.pooled.iter_mut().zip(&sum) {
            *p = p.wrapping_add(clamp(v));
        }
        self.cells[q] = sum;
    }

    /// The cell `q` takes a stone: it leaves the totals.
    #[inline(always)]
    fn leave(&mut self, q: usize) {
        for (p, &v) in self.pooled.iter_mut().zip(&self.cells[q]) {
            *p = p.wrapping_sub(clamp(v));
        }
    }

    /// Records `history` as already summed (the board the sums were made from).
    pub fn skip_history(&mut self, history: impl Iterator<Item = (u16, u8)>) {
        self.applied.clear();
        self.applied.extend(history);
        self.valid = self.applied.len();
    }

    /// The position's history is now `len` entries long: entries past it are stale.
    #[inline]
    pub fn truncate(&mut self, len: usize) {
        self.valid = self.valid.min(len);
    }

    /// Brings the sums to the position whose history (cells, [`NONE`] for a pass) is
    /// `history`, with `stones` its stone codes.
    pub fn sync(&mut self, history: impl ExactSizeIterator<Item = u16>, stones: &[u8; CELLS]) {
        #[cfg(target_arch = "x86_64")]
        if std::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU was just found to have AVX2, all `sync_avx2` asks for.
            unsafe { self.sync_avx2(history, stones) };
            return;
        }
        self.sync_portable(history, stones);
    }

    /// [`Accumulator::sync`] compiled for AVX2: the row loops run 16 channels at a time.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn sync_avx2(
        &mut self,
        history: impl ExactSizeIterator<Item = u16>,
        stones: &[u8; CELLS],
    ) {
        self.sync_portable(history, stones);
    }

    #[inline(always)]
    fn sync_portable(&mut self, history: impl ExactSizeIterator<Item = u16>, stones: &[u8; CELLS]) {
        while self.applied.len() > self.valid {
            if let Some((cell, code)) = self.applied.pop() {
                if cell != NONE {
                    self.place(cell as usize, code as u32, 0);
                }
            }
        }
        for cell in history.skip(self.valid) {
            let code = if cell == NONE {
                0
            } else {
                stones[cell as usize]
            };
            if cell != NONE {
                self.place(cell as usize, 0, code as u32);
            }
            self.applied.push((cell, code));
        }
        self.valid = self.applied.len();
    }

    /// The cell `c` goes from stone code `old` to `new` (one of them empty): it leaves
    /// or joins the totals, and one key of every board cell that sees it changes.
    #[inline(always)]
    fn place(&mut self, c: usize, old: u32, new: u32) {
        debug_assert_eq!(self.occupant[c] as u32, old);
        if new != 0 {
            self.leave(c);
        }
        self.occupant[c] = new as u8;
        for w in &WATCHERS {
            let q = c as isize + w.offset as isize;
            if !(0..CELLS as isize).contains(&q) {
                continue;
            }
            let q = q as usize;
            let occupant = self.occupant[q];
            if occupant == 3 {
                continue;
            }
            let dir = w.dir as usize;
            let key = self.keys[q][dir];
            let changed = (key & !(3 << w.shift)) | new << w.shift;
            self.keys[q][dir] = changed;
            if occupant == 0 {
                self.change(q, key, changed);
            }
        }
        if new == 0 {
            self.enter(c);
        }
    }

    /// One net key of the board cell `q` (Black's reading) changes from `old` to `new`.
    #[inline(always)]
    fn change(&mut self, q: usize, old: u32, new: u32) {
        let net = self.net;
        apply(
            &mut self.cells[q],
            &mut self.pooled,
            net.pair(old),
            net.pair(new),
        );
    }

    /// The evaluation for `side` to move, in the search's units (call [`Self::sync`]
    /// first).
    pub fn evaluate(&self, side: usize) -> i32 {
        debug_assert_eq!(self.valid, self.applied.len());
        let (black, white) = self.pooled.split_at(CHANNELS);
        let (black, white): (&[i16; CHANNELS], &[i16; CHANNELS]) = (
            black.try_into().expect("half of a pair"),
            white.try_into().expect("half of a pair"),
        );
        let logit = if side == 0 {
            self.net.logit(black, white)
        } else {
            self.net.logit(white, black)
        };
        (logit * self.net.scale()).clamp(-50_000.0, 50_000.0) as i32
    }

    /// Both colours' pooled sums, Black's first (tests compare them with a fresh count).
    pub fn pooled(&self) -> &Pair {
        &self.pooled
    }
}

#[inline(always)]
fn clamp(v: i16) -> i16 {
    v.clamp(0, QA)
}

/// Moves a cell's sums from rows `sub` to rows `add`, and the pooled totals with them.
#[inline(always)]
fn apply(cell: &mut Pair, pooled: &mut Pair, sub: &Pair, add: &Pair) {
    for i in 0..2 * CHANNELS {
        let before = clamp(cell[i]);
        cell[i] = cell[i].wrapping_sub(sub[i]).wrapping_add(add[i]);
        pooled[i] = pooled[i].wrapping_add(clamp(cell[i]).wrapping_sub(before));
    }
}

/// A cell that sees a stone in one of its line keys: in direction `dir`, `offset` away
/// from the stone, in the key's bits at `shift`.
#[derive(Clone, Copy)]
struct Watcher {
    dir: u8,
    offset: i16,
    shift: u8,
}

/// Every cell within four steps along the four lines of a stone: those whose net keys
/// it is in (the network's keys reach four steps each side).
const WATCHERS: [Watcher; 32] = {
    let mut out = [Watcher {
        dir: 0,
        offset: 0,
        shift: 0,
    }; 32];
    let mut n = 0;
    let mut k = 1;
    while k <= 4 {
        let mut dir = 0;
        while dir < 4 {
            let step = STEPS[dir];
            // The cell `k` steps before the stone sees it `k` ahead, and the other way.
            let sides = [(-1isize, k), (1, -k)];
            let mut i = 0;
            while i < 2 {
                let (sign, seen_at) = sides[i];
                out[n] = Watcher {
                    dir: dir as u8,
                    offset: (sign * k * step) as i16,
                    shift: (2 * slot_of(seen_at)) as u8,
                };
                n += 1;
                i += 1;
            }
            dir += 1;
        }
        k += 1;
    }
    out
};

#[cfg(test)]
mod tests {
    use super::*;

    /// The network's keys hold four steps each side: the watchers it uses are exactly
    /// those, each reading the stone from the mirrored slot.
    #[test]
    fn watchers_see_the_stone_from_the_mirrored_slot() {
        for w in &WATCHERS {
            let step = STEPS[w.dir as usize] as i16;
            let k = w.offset / step;
            assert!((1..=4).contains(&k.abs()));
            assert_eq!(w.shift as usize, 2 * slot_of(-(k as isize)));
        }
    }
}
