//! The seed's pattern score table and the aho-corasick automaton built from it.
//!
//! A line is read as bytes: `b'0'` empty, `b'1'` black, `b'2'` white. Any other byte
//! (we use `b'3'` for "off the board") matches no pattern, so a board edge blocks a
//! shape exactly like an enemy stone does.

use aho_corasick::{AhoCorasick, AhoCorasickKind, MatchKind};
use std::sync::OnceLock;

/// The seed's table (董红安 2005), written for the side whose stones are `1`.
pub const SEED_PATTERNS: [(&str, i32); 16] = [
    ("11111", 50000),
    ("011110", 4320),
    ("011100", 720),
    ("001110", 720),
    ("011010", 720),
    ("010110", 720),
    ("11110", 720),
    ("01111", 720),
    ("11011", 720),
    ("10111", 720),
    ("11101", 720),
    ("001100", 120),
    ("001010", 120),
    ("010100", 120),
    ("000100", 20),
    ("001000", 20),
];

/// Byte for an empty cell in a line string.
pub const EMPTY: u8 = b'0';
/// Byte for a black stone.
pub const BLACK: u8 = b'1';
/// Byte for a white stone.
pub const WHITE: u8 = b'2';
/// Byte for a cell beyond the board edge: matches nothing, so it blocks.
pub const EDGE: u8 = b'3';

/// Both colours' patterns in one automaton; each match adds its signed score
/// (black's patterns positive, white's negative).
pub struct PatternTable {
    automaton: AhoCorasick,
    signed_scores: Vec<i32>,
    patterns: Vec<(Vec<u8>, i32)>,
}

impl PatternTable {
    /// The seed's table, built once per process: the automaton is immutable and shared.
    pub fn seed() -> &'static PatternTable {
        static TABLE: OnceLock<PatternTable> = OnceLock::new();
        TABLE.get_or_init(|| PatternTable::new(&SEED_PATTERNS))
    }

    /// Builds the automaton for `table`, mirrored for white.
    pub fn new(table: &[(&str, i32)]) -> PatternTable {
        let mut patterns = Vec::with_capacity(table.len() * 2);
        for &(text, score) in table {
            patterns.push((text.as_bytes().to_vec(), score));
            let white: Vec<u8> = text
                .bytes()
                .map(|b| if b == BLACK { WHITE } else { b })
                .collect();
            patterns.push((white, -score));
        }
        let automaton = AhoCorasick::builder()
            .match_kind(MatchKind::Standard)
            .kind(Some(AhoCorasickKind::DFA))
            .build(patterns.iter().map(|(p, _)| p))
            .expect("a fixed table of 32 short patterns always builds");
        let signed_scores = patterns.iter().map(|&(_, s)| s).collect();
        PatternTable {
            automaton,
            signed_scores,
            patterns,
        }
    }

    /// Black's score minus white's for one line, all overlapping matches summed.
    pub fn score_line(&self, line: &[u8]) -> i32 {
        self.automaton
            .find_overlapping_iter(line)
            .map(|m| self.signed_scores[m.pattern().as_usize()])
            .sum()
    }

    /// The same sum by plain substring comparison: the reference the automaton is tested against.
    pub fn score_line_naive(&self, line: &[u8]) -> i32 {
        let mut total = 0;
        for (pattern, score) in &self.patterns {
            if pattern.len() <= line.len() {
                total +=
                    line.windows(pattern.len()).filter(|w| w == pattern).count() as i32 * score;
            }
        }
        total
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overlapping_matches_are_all_counted() {
        let t = PatternTable::seed();
        // "011110" (4320) plus "11110" and "01111" (720 each) plus "001100"-free.
        assert_eq!(t.score_line(b"011110"), 4320 + 720 + 720);
        assert_eq!(t.score_line(b"022220"), -(4320 + 720 + 720));
        assert_eq!(t.score_line(b"0000000"), 0);
    }

    #[test]
    fn edges_and_enemies_block_alike() {
        let t = PatternTable::seed();
        assert_eq!(t.score_line(b"211110"), t.score_line(b"311110"));
        assert_eq!(t.score_line(b"11110"), 720);
    }

    #[test]
    fn automaton_agrees_with_naive_scan() {
        let t = PatternTable::seed();
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        for _ in 0..5000 {
            let len = 5 + (x % 18) as usize;
            let line: Vec<u8> = (0..len)
                .map(|_| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    [EMPTY, EMPTY, BLACK, WHITE][(x % 4) as usize]
                })
                .collect();
            assert_eq!(
                t.score_line(&line),
                t.score_line_naive(&line),
                "{}",
                String::from_utf8_lossy(&line)
            );
        }
    }
}
