//! Threat classes: a cell's four line patterns for one colour, combined into what a stone
//! there would threaten. Looked up from a table keyed by the four pattern codes.

use super::pattern::{Pattern, PATTERN_COUNT};
use std::sync::OnceLock;

/// What a stone of one colour on an empty cell would make, weakest first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Threat {
    #[default]
    None = 0,
    /// Not a legal move for this colour (renju's forbidden points).
    Forbidden,
    /// One open two.
    Flex2,
    /// One closed three (can make a four).
    Block3,
    /// Two or more open twos.
    Flex2x2,
    /// A closed three plus another three or open two.
    Block3Plus,
    /// One open three.
    Flex3,
    /// An open three plus a closed three or open two.
    Flex3Plus,
    /// Two or more open threes (three-three).
    Flex3x2,
    /// One four.
    Block4,
    /// A four plus a closed three or open two.
    Block4Plus,
    /// A four and an open three (four-three): wins unless answered by a four.
    Block4Flex3,
    /// An open four, or two fours: wins unless the opponent has a five.
    Flex4,
    /// A five.
    Five,
}

/// Number of [`Threat`] values.
pub const THREAT_COUNT: usize = 14;

impl Threat {
    pub const ALL: [Threat; THREAT_COUNT] = [
        Threat::None,
        Threat::Forbidden,
        Threat::Flex2,
        Threat::Block3,
        Threat::Flex2x2,
        Threat::Block3Plus,
        Threat::Flex3,
        Threat::Flex3Plus,
        Threat::Flex3x2,
        Threat::Block4,
        Threat::Block4Plus,
        Threat::Block4Flex3,
        Threat::Flex4,
        Threat::Five,
    ];

    #[inline]
    pub fn from_code(code: u8) -> Threat {
        Threat::ALL
            .get(code as usize)
            .copied()
            .unwrap_or(Threat::None)
    }

    /// A four or better: the opponent must answer at once.
    #[inline]
    pub fn is_four(self) -> bool {
        self >= Threat::Block4
    }
}

/// The threat of four line patterns for a colour that may play anywhere.
pub fn combine(patterns: [Pattern; 4]) -> Threat {
    combine_for(patterns, false)
}

/// The threat of four line patterns; `restricted` for Black in renju, where a move that
/// makes no five is forbidden if a line forbids it (overline, two fours on one line),
/// if it makes two fours, or (as far as lines can tell) two threes. Whether both threes
/// are real needs the whole board: the state checks those ([`super::state::State`]).
pub fn combine_for(patterns: [Pattern; 4], restricted: bool) -> Threat {
    let mut n = [0u8; PATTERN_COUNT];
    for p in patterns {
        n[p as usize] += 1;
    }
    let c = |p: Pattern| n[p as usize];
    let fours = c(Pattern::B4);
    let threes = c(Pattern::F3) + c(Pattern::F3S);
    let block3 = c(Pattern::B3);
    let flex2 = c(Pattern::F2) + c(Pattern::F2A) + c(Pattern::F2B);
    let forbidden =
        restricted && (c(Pattern::Overline) > 0 || c(Pattern::F4) + fours >= 2 || threes >= 2);
    match () {
        _ if c(Pattern::F5) > 0 => Threat::Five,
        _ if forbidden => Threat::Forbidden,
        _ if c(Pattern::F4) > 0 || fours >= 2 => Threat::Flex4,
        _ if fours == 1 && threes > 0 => Threat::Block4Flex3,
        _ if fours == 1 && block3 + flex2 > 0 => Threat::Block4Plus,
        _ if fours == 1 => Threat::Block4,
        _ if threes >= 2 => Threat::Flex3x2,
        _ if threes == 1 && block3 + flex2 > 0 => Threat::Flex3Plus,
        _ if threes == 1 => Threat::Flex3,
        _ if block3 >= 1 && block3 + flex2 >= 2 => Threat::Block3Plus,
        _ if flex2 >= 2 => Threat::Flex2x2,
        _ if block3 == 1 => Threat::Block3,
        _ if flex2 == 1 => Threat::Flex2,
        _ => Threat::None,
    }
}

/// Index of four pattern codes in the combination table.
#[inline]
pub fn combo_index(codes: [u8; 4]) -> usize {
    codes[0] as usize
        | (codes[1] as usize) << 4
        | (codes[2] as usize) << 8
        | (codes[3] as usize) << 12
}

/// [`combine_for`] of every combination of four codes, so the search pays one lookup.
pub fn threat_table(restricted: bool) -> &'static [u8] {
    static FREE: OnceLock<Vec<u8>> = OnceLock::new();
    static RESTRICTED: OnceLock<Vec<u8>> = OnceLock::new();
    let cell = if restricted { &RESTRICTED } else { &FREE };
    cell.get_or_init(|| {
        (0..1usize << 16)
            .map(|i| {
                let p = |k: usize| Pattern::from_code(((i >> (4 * k)) & 15) as u8);
                combine_for([p(0), p(1), p(2), p(3)], restricted) as u8
            })
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use Pattern::*;

    #[test]
    fn combinations() {
        assert_eq!(combine([B4, F3, Dead, Dead]), Threat::Block4Flex3);
        assert_eq!(combine([B4, B4, Dead, Dead]), Threat::Flex4);
        assert_eq!(combine([F3S, F3, Dead, B1]), Threat::Flex3x2);
        assert_eq!(combine([F5, F4, F4, F4]), Threat::Five);
        assert_eq!(combine([B3, F2, Dead, Dead]), Threat::Block3Plus);
        assert_eq!(combine([B3, Dead, B2, F1]), Threat::Block3);
        assert_eq!(combine([Dead; 4]), Threat::None);
    }

    #[test]
    fn restricted_combinations() {
        let r = |p| combine_for(p, true);
        assert_eq!(
            r([B4, F3, Dead, Dead]),
            Threat::Block4Flex3,
            "four-three is allowed"
        );
        assert_eq!(r([B4, B4, Dead, Dead]), Threat::Forbidden);
        assert_eq!(r([F4, B4, Dead, Dead]), Threat::Forbidden);
        assert_eq!(r([F3, F3S, Dead, Dead]), Threat::Forbidden);
        assert_eq!(r([Overline, B2, Dead, Dead]), Threat::Forbidden);
        assert_eq!(r([F5, Overline, B4, B4]), Threat::Five, "five comes first");
        assert_eq!(r([F4, F3, Dead, Dead]), Threat::Flex4);
    }

    #[test]
    fn the_table_agrees_with_combine_on_every_key() {
        let t = threat_table(false);
        for a in Pattern::ALL {
            for b in Pattern::ALL {
                for c in Pattern::ALL {
                    for d in Pattern::ALL {
                        let i = combo_index([a as u8, b as u8, c as u8, d as u8]);
                        assert_eq!(Threat::from_code(t[i]), combine([a, b, c, d]));
                    }
                }
            }
        }
    }
}
