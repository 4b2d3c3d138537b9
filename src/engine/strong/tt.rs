//! Transposition table: what earlier searches learned about a position (bound, depth,
//! best move, static evaluation), in buckets of four 16-byte entries (one cache line).
//! Sized from a byte budget and never larger; shared without locks by the threads of a
//! parallel search.

use super::state::NONE;
use std::sync::atomic::{AtomicU64, Ordering};

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

/// One entry: two words written and read with relaxed atomics, so threads of a
/// parallel search share the table without locks. The first word holds the key check
/// and the score XORed with the second word: an entry torn by two threads writing at
/// once fails its check and reads as absent (the lockless scheme of Hyatt and Mann).
#[derive(Default)]
struct Slot {
    keyed: AtomicU64,
    data: AtomicU64,
}

/// An entry's fields, unpacked.
#[derive(Clone, Copy, Default)]
struct Entry {
    check: u32,
    score: i32,
    eval: i16,
    mv: u16,
    depth: i8,
    /// Bound in bits 0-1, [`USED`] in bit 2, the generation in bits 3-7.
    meta: u8,
}

impl Entry {
    fn data(&self) -> u64 {
        (self.eval as u16 as u64)
            | (self.mv as u64) << 16
            | (self.depth as u8 as u64) << 32
            | (self.meta as u64) << 40
    }
}

impl Slot {
    #[inline]
    fn load(&self) -> Entry {
        let data = self.data.load(Ordering::Relaxed);
        let keyed = self.keyed.load(Ordering::Relaxed) ^ data;
        Entry {
            check: (keyed >> 32) as u32,
            score: keyed as u32 as i32,
            eval: data as u16 as i16,
            mv: (data >> 16) as u16,
            depth: (data >> 32) as u8 as i8,
            meta: (data >> 40) as u8,
        }
    }

    #[inline]
    fn save(&self, e: &Entry) {
        let data = e.data();
        let keyed = ((e.check as u64) << 32) | e.score as u32 as u64;
        self.keyed.store(keyed ^ data, Ordering::Relaxed);
        self.data.store(data, Ordering::Relaxed);
    }
}

const BUCKET: usize = 4;
/// Set in every written entry's meta byte.
const USED: u8 = 4;
const GENERATIONS: u8 = 32;

/// Bytes of a bucket: its slots fill one cache line.
const BUCKET_BYTES: usize = BUCKET * std::mem::size_of::<Slot>();

/// The table. Probes and stores take `&self`: the threads of one search share it.
pub struct TransTable {
    /// The buckets' slots, [`BUCKET`] a bucket, from `first` on; the slots before
    /// `first` (at most three) only align the buckets to cache lines.
    slots: Box<[Slot]>,
    first: usize,
    mask: usize,
    generation: u8,
}

/// `count` empty slots, zeroed by the allocator: fresh pages from the system, mapped only
/// when first written, so a 128 MB table costs nothing until the search uses it.
/// Writing every entry at allocation took 60–110 ms, which a manager sending
/// `INFO max_memory` right before a move command counts in that move (first replies at
/// 301–364 ms on a 300 ms turn). The first searches pay for the mapping instead, a
/// fault per page: why turns up to 1.5 s get a small table (`Settings::table_bytes`). What
/// was tried instead is in docs/tuning.md.
fn zeroed_slots(count: usize) -> Box<[Slot]> {
    let zeroed = Box::<[Slot]>::new_zeroed_slice(count);
    // SAFETY: a `Slot` is two `AtomicU64`, which have the in-memory representation of
    // `u64`, so all-zero bytes are a valid slot (the empty one `Slot::default` makes).
    unsafe { zeroed.assume_init() }
}

/// Depth stored for entries that carry only an evaluation.
pub const DEPTH_NONE: i32 = -100;

impl TransTable {
    /// The smallest table: one bucket.
    pub const MIN_BYTES: usize = BUCKET_BYTES;

    /// The largest table (a power of two buckets) within `bytes`; at least one bucket.
    pub fn new(bytes: usize) -> TransTable {
        let count = Self::buckets_within(bytes);
        // Up to three slots more, so that the buckets can start on a cache line (the
        // allocator aligns to 16 bytes; asking it for 64 would make it write every page).
        let slots = zeroed_slots(count * BUCKET + BUCKET - 1);
        let misaligned = slots.as_ptr() as usize % BUCKET_BYTES;
        let first = (BUCKET_BYTES - misaligned) % BUCKET_BYTES / std::mem::size_of::<Slot>();
        TransTable {
            slots,
            first,
            mask: count - 1,
            generation: 0,
        }
    }

    /// Bytes the table's buckets occupy.
    pub fn bytes(&self) -> usize {
        (self.mask + 1) * BUCKET_BYTES
    }

    /// Bytes the buckets of `TransTable::new(bytes)` would occupy, without making it.
    pub fn bytes_within(bytes: usize) -> usize {
        Self::buckets_within(bytes) * BUCKET_BYTES
    }

    /// The largest power of two buckets within `bytes`; at least one.
    fn buckets_within(bytes: usize) -> usize {
        let wanted = (bytes / BUCKET_BYTES).max(1);
        if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        }
    }

    /// Forgets everything (a new game): fresh zeroed memory, the old given back first.
    pub fn clear(&mut self) {
        let bytes = self.bytes();
        self.slots = Box::new([]);
        *self = TransTable::new(bytes);
    }

    /// The slots of bucket `i` (below the bucket count).
    #[inline]
    fn bucket(&self, i: usize) -> &[Slot] {
        let start = self.first + i * BUCKET;
        &self.slots[start..start + BUCKET]
    }

    /// Starts a new search: older entries become the first to be replaced.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) % GENERATIONS;
    }

    #[inline]
    fn slot(&self, key: u64) -> (usize, u32) {
        ((key as usize) & self.mask, (key >> 32) as u32)
    }

    /// Asks the processor to start loading `key`'s bucket: the search calls it before
    /// making a move, so the table's memory arrives while make updates the patterns
    /// (a table probe is a cache miss, about a tenth of the search's time otherwise).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        let bucket: *const Slot = self.bucket(self.slot(key).0).as_ptr();
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch is only a hint: it never faults and changes no memory, and
        // the pointer is to a live bucket of this table anyway.
        unsafe {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            _mm_prefetch::<_MM_HINT_T0>(bucket.cast());
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = bucket;
    }

    /// The entry for `key`, scores already made relative to `ply`.
    #[inline]
    pub fn probe(&self, key: u64, ply: usize) -> Option<Hit> {
        let (i, check) = self.slot(key);
        let e = self
            .bucket(i)
            .iter()
            .map(Slot::load)
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
        &self,
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
        let bucket = self.bucket(i);
        let entries: [Entry; BUCKET] = std::array::from_fn(|j| bucket[j].load());
        let victim = match entries.iter().position(|e| e.check == check && e.meta != 0) {
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
                (0..BUCKET).min_by_key(|&j| worth(&entries[j])).unwrap_or(0)
            }
        };
        let e = &entries[victim];
        let same = e.check == check && e.meta != 0;
        // A shallower result for the same position does not replace a deeper exact one.
        if same && bound != Bound::Exact && (e.depth as i32) > depth + 2 && e.meta & 3 == 3 {
            return;
        }
        let keep_move = if mv == NONE && same { e.mv } else { mv };
        bucket[victim].save(&Entry {
            check,
            score: to_tt(score, ply),
            eval: eval.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            mv: keep_move,
            depth: depth.clamp(-100, 127) as i8,
            meta: (generation << 3) | USED | bound as u8,
        });
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
        let t = TransTable::new(1 << 12);
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

    #[test]
    fn buckets_start_on_cache_lines() {
        for bytes in [64, 1 << 12, 1 << 20, 3 << 20] {
            let t = TransTable::new(bytes);
            assert!(t.bytes() <= bytes.max(BUCKET_BYTES));
            for i in [0, t.mask] {
                assert_eq!(
                    t.bucket(i).as_ptr() as usize % 64,
                    0,
                    "{bytes} bytes, bucket {i}"
                );
            }
            // The allocator's zeroes read as empty slots.
            let key = |k: u64| k.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            assert!((0..1000).all(|k| t.probe(key(k), 0).is_none()));
        }
    }

    #[test]
    fn clear_forgets_every_entry() {
        let mut t = TransTable::new(1 << 12);
        for key in 0..200u64 {
            t.store(
                key.wrapping_mul(0x9E37_79B9_7F4A_7C15),
                0,
                1,
                2,
                3,
                Bound::Exact,
                5,
            );
        }
        t.new_search();
        t.clear();
        assert!((0..200u64).all(|k| t.probe(k.wrapping_mul(0x9E37_79B9_7F4A_7C15), 0).is_none()));
        assert_eq!(t.generation, 0);
    }

    #[test]
    fn the_size_within_is_the_size_made() {
        for bytes in [0, 64, 100, 4096, 5000, 3 << 20, 367001600 / 2] {
            assert_eq!(
                TransTable::bytes_within(bytes),
                TransTable::new(bytes).bytes()
            );
        }
    }

    #[test]
    fn a_torn_entry_reads_as_absent() {
        let t = TransTable::new(1 << 12);
        t.store(42, 0, 17, 5, 6, Bound::Lower, 300);
        t.store(43 << 32 | 42, 0, -3, 9, 2, Bound::Upper, 200);
        // Another thread's write half done: the second word of one entry under the
        // first word of the other.
        let bucket = t.bucket(42 & t.mask);
        let other = bucket[1].data.load(Ordering::Relaxed);
        bucket[0].data.store(other, Ordering::Relaxed);
        assert_eq!(t.probe(42, 0), None);
        assert_eq!(t.probe(43 << 32 | 42, 0).map(|h| h.mv), Some(200));
    }

    #[test]
    fn threads_storing_into_the_same_buckets_never_read_a_mixed_entry() {
        // One bucket, so the threads fight over its four entries.
        let t = TransTable::new(64);
        let fields = |key: u64| ((key % 1000) as i32, (key % 77) as i32, (key % 13) as u16);
        std::thread::scope(|scope| {
            for thread in 0..4u64 {
                let t = &t;
                scope.spawn(move || {
                    for n in 0..100_000u64 {
                        let key_of = |n: u64| (n * 4 + thread).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                        let key = key_of(n);
                        let (score, eval, mv) = fields(key);
                        t.store(key, 0, score, eval, 3, Bound::Exact, mv);
                        // The key this thread stored before: others may have replaced it.
                        let back = key_of(n.saturating_sub(1));
                        if let Some(h) = t.probe(back, 0) {
                            assert_eq!((h.score, h.eval, h.mv), fields(back), "{back:x}");
                        }
                    }
                });
            }
        });
    }
}
