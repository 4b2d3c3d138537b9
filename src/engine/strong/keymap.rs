//! Maps keyed by Zobrist keys. The keys are already uniformly random, so hashing them
//! again (std's SipHash) only costs time: the key is its own hash.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A hasher for `u64` keys that passes the key through.
#[derive(Default, Clone, Copy)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }

    /// Only `u64` keys are expected; any other bytes are folded in so the map still works.
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    #[inline]
    fn write_u64(&mut self, key: u64) {
        self.0 = key;
    }
}

/// A `HashMap` keyed by Zobrist keys.
pub type KeyMap<V> = HashMap<u64, V, BuildHasherDefault<KeyHasher>>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_by_key() {
        let mut m: KeyMap<u32> = KeyMap::default();
        for k in [0u64, 1, u64::MAX, 0x9E37_79B9_7F4A_7C15] {
            m.insert(k, k as u32);
        }
        assert_eq!(m.get(&u64::MAX), Some(&(u64::MAX as u32)));
        assert_eq!(m.get(&2), None);
        assert_eq!(m.len(), 4);
    }
}
