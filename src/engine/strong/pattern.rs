//! Line patterns: what a stone of one colour on a cell makes along one line.
//!
//! A cell's neighbourhood along a line (up to five cells each side) is packed into a key of
//! two bits per cell. A table built once per rule maps every key to the pattern each
//! colour would have there, so the search never scans a line: it looks the answer up.
//!
//! The definitions, for the colour "me" with a stone assumed on the centre cell:
//! - **F5** five: the centre completes a winning row (the rule decides what wins).
//! - **Overline**: the centre makes a row too long to win under the rule (for Black in
//!   renju also: two fours on this one line; either way the line forbids the move).
//! - **F4** (open four): at least two empty cells each complete a five through the centre.
//! - **B4** (four): exactly one such cell.
//! - **F3S / F3**: one more stone can make an F4, at two or more cells / at one cell.
//! - **B3**: one more stone can make a B4, but none makes an F4.
//! - **F2B / F2A / F2**: one more stone can make a three (F3 or F3S) at three or more, two,
//!   or one cell.
//! - **B2**: one more stone can make a B3 (and none a three).
//! - **F1**: one more stone can make some F2; **B1**: one more can make a B2.
//! - **Dead**: no five through the centre is possible in this line any more.

use crate::engine::rules::Rule;
use std::sync::OnceLock;

/// One line's pattern for one colour, weakest first (the order is used in comparisons).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Pattern {
    Dead = 0,
    Overline,
    B1,
    F1,
    B2,
    F2,
    F2A,
    F2B,
    B3,
    F3,
    F3S,
    B4,
    F4,
    F5,
}

/// Number of [`Pattern`] values; codes fit in four bits.
pub const PATTERN_COUNT: usize = 14;

impl Pattern {
    pub const ALL: [Pattern; PATTERN_COUNT] = [
        Pattern::Dead,
        Pattern::Overline,
        Pattern::B1,
        Pattern::F1,
        Pattern::B2,
        Pattern::F2,
        Pattern::F2A,
        Pattern::F2B,
        Pattern::B3,
        Pattern::F3,
        Pattern::F3S,
        Pattern::B4,
        Pattern::F4,
        Pattern::F5,
    ];

    /// The pattern with code `code` (codes out of range read as `Dead`).
    #[inline]
    pub fn from_code(code: u8) -> Pattern {
        Pattern::ALL
            .get(code as usize)
            .copied()
            .unwrap_or(Pattern::Dead)
    }

    /// Any open or closed three.
    pub fn is_three(self) -> bool {
        matches!(self, Pattern::F3 | Pattern::F3S)
    }

    /// Any open two.
    pub fn is_flex_two(self) -> bool {
        matches!(self, Pattern::F2 | Pattern::F2A | Pattern::F2B)
    }
}

/// What a row of a colour's stones through the centre wins under a rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FiveRule {
    /// Five or more in a row wins (freestyle; White in renju).
    AtLeastFive,
    /// Exactly five wins; six or more is an overline (exact five).
    ExactlyFive,
    /// Black in renju: exactly five wins, and an overline or two fours on one line are
    /// forbidden (both read as [`Pattern::Overline`]: "this line forbids the move").
    RenjuBlack,
}

/// Cells on each side of the centre that a rule needs to see.
pub fn half_len(rule: Rule) -> usize {
    match rule {
        Rule::Freestyle => 4,
        Rule::ExactFive | Rule::Renju => 5,
    }
}

/// The five rule of each colour (Black, White) under `rule`.
pub fn five_rules(rule: Rule) -> [FiveRule; 2] {
    match rule {
        Rule::Freestyle => [FiveRule::AtLeastFive; 2],
        Rule::ExactFive => [FiveRule::ExactlyFive; 2],
        Rule::Renju => [FiveRule::RenjuBlack, FiveRule::AtLeastFive],
    }
}

/// Offsets from the centre of each two-bit slot of a line key, slot 0 first. The inner
/// eight come first so a freestyle key is just the low 16 bits of a full key.
pub const SLOT_OFFSETS: [isize; 10] = [-4, -3, -2, -1, 1, 2, 3, 4, -5, 5];

/// The slot of the cell `offset` away from the centre (`offset` in -5..=5, not 0).
#[inline]
pub const fn slot_of(offset: isize) -> usize {
    match offset {
        -5 => 8,
        5 => 9,
        o if o < 0 => (o + 4) as usize,
        o => (o + 3) as usize,
    }
}

/// Two-bit cell codes inside line keys.
pub const EMPTY: u32 = 0;
pub const BLACK: u32 = 1;
pub const WHITE: u32 = 2;
pub const WALL: u32 = 3;

/// A line seen by one colour: 11 cells, centre at index 5.
pub(crate) type Window = [Seen; 11];

/// A cell of a [`Window`] from one colour's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Seen {
    Empty,
    Mine,
    /// The opponent's stone or the board's edge.
    Blocked,
}

/// The window a colour (`BLACK` or `WHITE` code) sees in a raw key; the centre is its own.
pub(crate) fn window_of(key: u32, colour: u32) -> Window {
    let mut w = [Seen::Blocked; 11];
    w[5] = Seen::Mine;
    for (slot, &off) in SLOT_OFFSETS.iter().enumerate() {
        let code = (key >> (2 * slot)) & 3;
        w[(5 + off) as usize] = match code {
            EMPTY => Seen::Empty,
            c if c == colour => Seen::Mine,
            _ => Seen::Blocked,
        };
    }
    w
}

/// Index of a window among the 3^10 windows (base 3 over the slots).
fn window_index(w: &Window) -> usize {
    SLOT_OFFSETS.iter().rev().fold(0, |acc, &off| {
        acc * 3
            + match w[(5 + off) as usize] {
                Seen::Empty => 0,
                Seen::Mine => 1,
                Seen::Blocked => 2,
            }
    })
}

/// The window with index `index` (inverse of [`window_index`]).
fn window_at(mut index: usize) -> Window {
    let mut w = [Seen::Blocked; 11];
    w[5] = Seen::Mine;
    for &off in SLOT_OFFSETS.iter() {
        w[(5 + off) as usize] = match index % 3 {
            0 => Seen::Empty,
            1 => Seen::Mine,
            _ => Seen::Blocked,
        };
        index /= 3;
    }
    w
}

/// Whether the centre's row is a five, an overline, or neither.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Row {
    Five,
    Overline,
    Short,
}

/// The row of `Mine` cells through the centre, judged by `five`.
pub(crate) fn row(w: &Window, five: FiveRule) -> Row {
    let left = (0..5).rev().take_while(|&i| w[i] == Seen::Mine).count();
    let right = (6..11).take_while(|&i| w[i] == Seen::Mine).count();
    let run = 1 + left + right;
    match five {
        FiveRule::AtLeastFive if run >= 5 => Row::Five,
        FiveRule::ExactlyFive | FiveRule::RenjuBlack if run == 5 => Row::Five,
        FiveRule::ExactlyFive | FiveRule::RenjuBlack if run > 5 => Row::Overline,
        _ => Row::Short,
    }
}

/// The empty cells a further stone may go on: within four of the centre (a five through
/// the centre never reaches further).
pub(crate) fn extension_cells(w: &Window) -> impl Iterator<Item = usize> + '_ {
    (1..10).filter(move |&i| i != 5 && w[i] == Seen::Empty)
}

/// The pattern of a window from what its one-stone extensions are (already known).
pub(crate) fn pattern_from_extensions(
    w: &Window,
    five: FiveRule,
    mut child: impl FnMut(&Window) -> Pattern,
) -> Pattern {
    match row(w, five) {
        Row::Five => return Pattern::F5,
        Row::Overline => return Pattern::Overline,
        Row::Short => {}
    }
    let mut count = [0u8; PATTERN_COUNT];
    let mut five_points = Vec::new();
    for i in extension_cells(w) {
        let mut next = *w;
        next[i] = Seen::Mine;
        let p = child(&next);
        if p == Pattern::F5 {
            five_points.push(i);
        }
        count[p as usize] += 1;
    }
    // Two five points complete one straight four only when five cells apart; any other
    // pair completes two different fours on this line.
    let one_four = matches!(five_points.as_slice(), [a, b] if b - a == 5);
    if five == FiveRule::RenjuBlack && five_points.len() >= 2 && !one_four {
        return Pattern::Overline;
    }
    let n = |p: Pattern| count[p as usize];
    let threes = n(Pattern::F3) + n(Pattern::F3S);
    let flex_twos = n(Pattern::F2) + n(Pattern::F2A) + n(Pattern::F2B);
    match () {
        _ if n(Pattern::F5) >= 2 => Pattern::F4,
        _ if n(Pattern::F5) == 1 => Pattern::B4,
        _ if n(Pattern::F4) >= 2 => Pattern::F3S,
        _ if n(Pattern::F4) == 1 => Pattern::F3,
        _ if n(Pattern::B4) >= 1 => Pattern::B3,
        _ if threes >= 3 => Pattern::F2B,
        _ if threes == 2 => Pattern::F2A,
        _ if threes == 1 => Pattern::F2,
        _ if n(Pattern::B3) >= 1 => Pattern::B2,
        _ if flex_twos >= 1 => Pattern::F1,
        _ if n(Pattern::B2) >= 1 => Pattern::B1,
        _ => Pattern::Dead,
    }
}

/// Pattern of every window under `five`, memoised over the 3^10 window indices.
fn classify_windows(five: FiveRule) -> Vec<Pattern> {
    const UNKNOWN: u8 = u8::MAX;
    fn go(index: usize, five: FiveRule, memo: &mut [u8]) -> Pattern {
        if memo[index] != UNKNOWN {
            return Pattern::from_code(memo[index]);
        }
        let w = window_at(index);
        let p = pattern_from_extensions(&w, five, |next| go(window_index(next), five, memo));
        memo[index] = p as u8;
        p
    }
    let mut memo = vec![UNKNOWN; 3usize.pow(10)];
    (0..memo.len()).map(|i| go(i, five, &mut memo)).collect()
}

/// The per-rule lookup tables.
pub struct LineTable {
    half: usize,
    mask: u32,
    /// Per key: Black's pattern in the low nibble, White's in the high one.
    packed: Vec<u8>,
}

impl LineTable {
    fn build(rule: Rule) -> LineTable {
        let half = half_len(rule);
        let bits = 4 * half;
        let [black_rule, white_rule] = five_rules(rule);
        let black = classify_windows(black_rule);
        let white = if white_rule == black_rule {
            None
        } else {
            Some(classify_windows(white_rule))
        };
        let packed = (0..1u32 << bits)
            .map(|key| {
                let b = black[window_index(&window_of(key, BLACK))];
                let ww = window_index(&window_of(key, WHITE));
                let w = white.as_ref().map_or(black[ww], |t| t[ww]);
                b as u8 | (w as u8) << 4
            })
            .collect();
        LineTable {
            half,
            mask: (1u32 << bits) - 1,
            packed,
        }
    }

    /// Cells each side of the centre this rule looks at.
    pub fn half(&self) -> usize {
        self.half
    }

    /// Both colours' patterns for a raw key (bits past the rule's reach are ignored),
    /// packed: Black's code in the low nibble, White's in the high one.
    #[inline]
    pub fn packed(&self, key: u32) -> u8 {
        // The mask keeps the index inside the table, so this never goes out of bounds.
        self.packed[(key & self.mask) as usize]
    }

    /// One colour's pattern for a raw key (`colour` 0 Black, 1 White).
    #[inline]
    pub fn get(&self, key: u32, colour: usize) -> Pattern {
        Pattern::from_code((self.packed(key) >> (4 * colour)) & 15)
    }
}

/// The line table of `rule`, built on first use.
pub fn line_table(rule: Rule) -> &'static LineTable {
    static FREESTYLE: OnceLock<LineTable> = OnceLock::new();
    static EXACT: OnceLock<LineTable> = OnceLock::new();
    static RENJU: OnceLock<LineTable> = OnceLock::new();
    let cell = match rule {
        Rule::Freestyle => &FREESTYLE,
        Rule::ExactFive => &EXACT,
        Rule::Renju => &RENJU,
    };
    cell.get_or_init(|| LineTable::build(rule))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The key of a line written as 11 characters (`x` black, `o` white, `#` edge, `.`
    /// empty); the centre character is ignored.
    fn key(line: &str) -> u32 {
        let chars: Vec<char> = line.chars().collect();
        assert_eq!(chars.len(), 11);
        SLOT_OFFSETS
            .iter()
            .enumerate()
            .map(|(slot, &off)| {
                let code = match chars[(5 + off) as usize] {
                    'x' => BLACK,
                    'o' => WHITE,
                    '#' => WALL,
                    _ => EMPTY,
                };
                code << (2 * slot)
            })
            .sum()
    }

    #[test]
    fn slots_round_trip() {
        for (slot, &off) in SLOT_OFFSETS.iter().enumerate() {
            assert_eq!(slot_of(off), slot);
        }
    }

    #[test]
    fn familiar_shapes() {
        let t = line_table(Rule::Freestyle);
        let black = |s: &str| t.get(key(s), 0);
        assert_eq!(black(".xxxx*....."), Pattern::F5);
        assert_eq!(black("..xxx*....."), Pattern::F4);
        assert_eq!(black("..oxx*x...."), Pattern::B4);
        assert_eq!(black(".oxxx*....."), Pattern::B4);
        assert_eq!(black("...xx*....."), Pattern::F3S);
        assert_eq!(black("...x.*x...."), Pattern::F3);
        assert_eq!(black("..oxx*....."), Pattern::B3);
        assert_eq!(black("....x*....."), Pattern::F2B);
        assert_eq!(black("..#xx*..o.."), Pattern::B3);
        assert_eq!(black("...o.*.o..."), Pattern::Dead);
        assert_eq!(black("..o..*..o.."), Pattern::B1);
        assert_eq!(black("..o..*x.o.."), Pattern::B2);
        assert_eq!(black("oo...*x.o.."), Pattern::F2A);
        // White sees the same line with its own eyes.
        assert_eq!(t.get(key("..ooo*....."), 1), Pattern::F4);
        assert_eq!(t.get(key("..ooo*....."), 0), Pattern::B1);
    }

    #[test]
    fn exact_five_sees_overlines() {
        let t = line_table(Rule::ExactFive);
        assert_eq!(t.get(key("xxxxx*....."), 0), Pattern::Overline);
        assert_eq!(t.get(key(".xxxx*....."), 0), Pattern::F5);
        assert_eq!(t.get(key(".xxxx*x...."), 0), Pattern::Overline);
        // The only five point would make six: not a four.
        assert_eq!(t.get(key("x.xxx*....."), 0), Pattern::B4);
        // Every five through the centre would touch the stone at -5: dead.
        assert_eq!(t.get(key("xx.xx*o...."), 0), Pattern::Dead);
        assert_eq!(
            line_table(Rule::Freestyle).get(key("xx.xx*o...."), 0),
            Pattern::B4
        );
        assert_eq!(t.get(key("x.xx.*x...."), 0), Pattern::B4);
        let free = line_table(Rule::Freestyle);
        assert_eq!(free.get(key("xxxxx*....."), 0), Pattern::F5);
    }
}
