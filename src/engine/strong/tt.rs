//! Transposition table: what earlier searches learned about a position (bound, depth,
//! best move, static evaluation), in buckets of four 16-byte entries (one cache line).
//! Sized from a byte budget and never larger.

use super::state::NONE;

/// What a stored score means relative to the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// No score stored (only a move or an evaluation).
    None = 0,
    /// The true value is at most the score (the search failed low).
    Upper = 1,
    /// The true value is at least the score (the search failed high).
    Lower = 2,
    Exact = 3,
}

/// One probe's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    pub score: i32,
    pub eval: i32,
    pub depth: i32,
    pub bound: Bound,
    pub mv: u16,
}

#[derive(Clone, Copy, Default)]
#[repr(C)]
struct Entry {
    check: u32,
    score: i32,
    eval: i16,
    mv: u16,
    depth: i8,
    /// Bound in bits 0-1, [`USED`] in bit 2, the generation in bits 3-7.
    meta: u8,
}

const BUCKET: usize = 4;
/// Set in every written entry's meta byte.
const USED: u8 = 4;
const GENERATIONS: u8 = 32;

#[derive(Clone, Copy, Default)]
#[repr(C, align(64))]
struct Bucket([Entry; BUCKET]);

/// The table.
pub struct TransTable {
    buckets: Vec<Bucket>,
    mask: usize,
    generation: u8,
}

/// Depth stored for entries that carry only an evaluation.
pub const DEPTH_NONE: i32 = -100;

impl TransTable {
    /// The largest table (a power of two buckets) within `bytes`; at least one bucket.
    pub fn new(bytes: usize) -> TransTable {
        let wanted = (bytes / std::mem::size_of::<Bucket>()).max(1);
        let count = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        TransTable {
            buckets: vec![Bucket::default(); count],
            mask: count - 1,
            generation: 0,
        }
    }

    /// Bytes the table occupies.
    pub fn bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket>()
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.buckets.fill(Bucket::default());
        self.generation = 0;
    }

    /// Starts a new search: older entries become the first to be replaced.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) % GENERATIONS;
    }

    #[inline]
    fn slot(&self, key: u64) -> (usize, u32) {
        ((key as usize) & self.mask, (key >> 32) as u32)
    }

    /// The entry for `key`, scores already made relative to `ply`.
    #[inline]
    pub fn probe(&self, key: u64, ply: usize) -> Option<Hit> {
        let (i, check) = self.slot(key);
        let e = self.buckets[i]
            .0
            .iter()
            .find(|e| e.check == check && e.meta != 0)?;
        Some(Hit {
            score: from_tt(e.score, ply),
            eval: e.eval as i32,
            depth: e.depth as i32,
            bound: match e.meta & 3 {
                1 => Bound::Upper,
                2 => Bound::Lower,
                3 => Bound::Exact,
                _ => Bound::None,
            },
            mv: e.mv,
        })
    }

    /// Stores a result; keeps an older best move if this store has none.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub fn store(
        &mut self,
        key: u64,
        ply: usize,
        score: i32,
        eval: i32,
        depth: i32,
        bound: Bound,
        mv: u16,
    ) {
        let (i, check) = self.slot(key);
        let generation = self.generation;
        let bucket = &mut self.buckets[i].0;
        let victim = match bucket.iter().position(|e| e.check == check && e.meta != 0) {
            Some(j) => j,
            None => {
                // Replace the entry worth least: shallow and old.
                let worth = |e: &Entry| {
                    if e.meta == 0 {
                        return i32::MIN;
                    }
                    let age = (generation.wrapping_sub(e.meta >> 3) % GENERATIONS) as i32;
                    e.depth as i32 - 4 * age
                };
                (0..BUCKET).min_by_key(|&j| worth(&bucket[j])).unwrap_or(0)
            }
        };
        let e = &mut bucket[victim];
        let same = e.check == check && e.meta != 0;
        // A shallower result for the same position does not replace a deeper exact one.
        if same && bound != Bound::Exact && (e.depth as i32) > depth + 2 && e.meta & 3 == 3 {
            return;
        }
        let keep_move = if mv == NONE && same { e.mv } else { mv };
        *e = Entry {
            check,
            score: to_tt(score, ply),
            eval: eval.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            mv: keep_move,
            depth: depth.clamp(-100, 127) as i8,
            meta: (generation << 3) | USED | bound as u8,
        };
    }
}

/// Win scores are stored as distance from this node, not from the root.
#[inline]
fn to_tt(score: i32, ply: usize) -> i32 {
    use super::search::MATE_BOUND;
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

#[inline]
fn from_tt(score: i32, ply: usize) -> i32 {
    use super::search::MATE_BOUND;
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sized_within_the_budget() {
        for bytes in [1, 1000, 64 << 20, (64 << 20) + 1, 100_000_000] {
            let t = TransTable::new(bytes);
            assert!(t.bytes() <= bytes.max(64), "{bytes}");
            assert!(t.bytes() * 2 > bytes.min(t.bytes() * 2 - 1));
        }
    }

    #[test]
    fn stores_probes_and_replaces() {
        let mut t = TransTable::new(1 << 12);
        assert_eq!(t.probe(42, 0), None);
        t.store(42, 0, 17, 5, 6, Bound::Lower, 300);
        let h = t.probe(42, 0).unwrap();
        assert_eq!(
            (h.score, h.eval, h.depth, h.bound, h.mv),
            (17, 5, 6, Bound::Lower, 300)
        );
        // A store without a move keeps the old move.
        t.store(42, 0, 20, 5, 8, Bound::Exact, NONE);
        assert_eq!(t.probe(42, 0).unwrap().mv, 300);
        // Only an evaluation: still found.
        t.store(7, 0, 0, -9, DEPTH_NONE, Bound::None, NONE);
        let h = t.probe(7, 0).unwrap();
        assert_eq!((h.eval, h.bound), (-9, Bound::None));
    }
}
