//! Threat-aware move generation. What a node may play depends on the threats on the
//! board, strongest first:
//! - the opponent can make five: only the block (two such cells: lost);
//! - we can make a four-three or a three-three and the opponent cannot make a four: that
//!   move alone, a win in five plies;
//! - the opponent can make an open four (an open three, or a double-four point): only our
//!   own fours and the moves that leave the opponent no open-four point;
//! - the opponent has a four-three or a three-three point: the moves that take it away
//!   (if none does, everything), our fours and our open threes: against a three-three
//!   our open four comes first, against a four-three the block of its four may turn
//!   our three into a four or an open four;
//! - otherwise every candidate, ordered by what it makes for us and what it takes from the
//!   opponent, with the transposition-table move, killers and history in front.

use super::state::{State, B, STEPS};
use super::threat::Threat;
use crate::engine::Rule;

/// A move and its ordering score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScoredMove {
    pub cell: u16,
    pub score: i32,
}

/// Ordering value of what a move makes for the mover, by threat class. Kept per cell in
/// 16 bits with the line values, so a five is 30 000 (above everything else a cell can
/// add up to, as the block of the opponent's five is).
const ATTACK: [i32; 14] = [
    0, -1000, 20, 24, 60, 70, 150, 200, 900, 120, 220, 2500, 5000, 30_000,
];
/// Ordering value of what a move takes from the opponent, by their threat class there.
const DEFEND: [i32; 14] = [
    0, 0, 10, 12, 30, 35, 80, 100, 450, 60, 100, 1200, 2500, 15_000,
];
/// Ordering value of line patterns (mine, theirs), by pattern code.
const LINE: [i32; 14] = [0, 0, 1, 2, 2, 4, 5, 6, 6, 10, 12, 10, 16, 0];

/// One colour's ordering parts at a cell with these four pattern codes and threat
/// class: what the cell is worth to a mover of that colour, and what taking it from
/// that colour is worth to the opponent.
pub fn order_parts(codes: [u8; 4], threat: Threat) -> [i32; 2] {
    let line = |c: u8| LINE.get(c as usize).copied().unwrap_or(0);
    let attack = ATTACK[threat as usize] + codes.iter().map(|&c| line(c)).sum::<i32>();
    let defend = DEFEND[threat as usize] + codes.iter().map(|&c| line(c) / 2).sum::<i32>();
    [attack, defend]
}

/// What the threats on the board leave to the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Situation {
    /// The side to move makes five at this cell.
    Win(u16),
    /// The opponent has two five points: one block is not enough.
    Lost,
    /// The opponent has exactly one five point: it must be blocked here.
    Forced(u16),
    /// The side to move makes an open four (or double four): it wins in three plies.
    WinsInThree(u16),
    /// The side to move makes a four-three or a three-three and the opponent cannot make
    /// a four: one three is left open after the reply, and it becomes an open four.
    WinsInFive(u16),
    /// The opponent threatens an open four: defend or counter with fours.
    DefendFour,
    /// The opponent has a four-three point.
    DefendFourThree,
    /// The opponent has a three-three point.
    DefendThreeThree,
    /// Nothing urgent.
    Quiet,
}

/// Plies from an open four (or double four) to the five: the reply, then the five.
const AFTER_OPEN_FOUR: usize = 2;
/// Plies from a four-three or three-three the opponent cannot answer with a four to the
/// five: the reply, the open four, the reply, the five.
const AFTER_DOUBLE_THREAT: usize = 4;

/// Plies after the side to move's deciding move with threat class `t` until its five.
fn plies_after(t: Threat) -> usize {
    match t {
        Threat::Flex4 => AFTER_OPEN_FOUR,
        Threat::Block4Flex3 | Threat::Flex3x2 => AFTER_DOUBLE_THREAT,
        _ => 0,
    }
}

impl Situation {
    /// The deciding move of a situation the side to move has won, and the plies from it
    /// to the five (the move itself counted).
    #[inline]
    pub fn wins(self) -> Option<(u16, usize)> {
        match self {
            Situation::Win(c) => Some((c, 1)),
            Situation::WinsInThree(c) => Some((c, 1 + AFTER_OPEN_FOUR)),
            Situation::WinsInFive(c) => Some((c, 1 + AFTER_DOUBLE_THREAT)),
            _ => None,
        }
    }
}

/// The first empty cell where `colour` has a threat of at least `t`.
pub fn find_threat(s: &State, colour: usize, t: Threat) -> Option<u16> {
    s.cells_with(colour, t).next()
}

/// Classifies the node for the side to move.
pub fn situation(s: &mut State) -> Situation {
    let me = s.side_to_move();
    let opp = 1 - me;
    if s.count(me, Threat::Five) > 0 {
        if let Some(c) = find_threat(s, me, Threat::Five) {
            return Situation::Win(c);
        }
    }
    match s.count(opp, Threat::Five) {
        0 => {}
        1 => {
            if let Some(c) = find_threat(s, opp, Threat::Five) {
                // In renju Black cannot block on a forbidden point: the five comes.
                if me == B && s.is_forbidden(c) {
                    return Situation::Lost;
                }
                return Situation::Forced(c);
            }
        }
        _ => return Situation::Lost,
    }
    if s.count(me, Threat::Flex4) > 0 {
        if let Some(c) = find_threat(s, me, Threat::Flex4) {
            return Situation::WinsInThree(c);
        }
    }
    if s.count(opp, Threat::Flex4) > 0 {
        return Situation::DefendFour;
    }
    // In renju Black's follow-up open four may land on a forbidden point: not decided.
    let sure = s.rule() != Rule::Renju || me != B;
    if sure
        && s.count_at_least(opp, Threat::Block4) == 0
        && (s.count(me, Threat::Block4Flex3) > 0 || s.count(me, Threat::Flex3x2) > 0)
    {
        let found = s
            .cells_with(me, Threat::Flex3x2)
            .find(|&c| matches!(s.threat(c, me), Threat::Block4Flex3 | Threat::Flex3x2));
        if let Some(c) = found {
            return Situation::WinsInFive(c);
        }
    }
    if s.count(opp, Threat::Block4Flex3) > 0 {
        return Situation::DefendFourThree;
    }
    if s.count(opp, Threat::Flex3x2) > 0 {
        return Situation::DefendThreeThree;
    }
    Situation::Quiet
}

/// Plies from the start of a winning `line` (the attacker's and the defender's moves in
/// turn, as the VCF and VCT give them) to the five. Such a line ends with the attacker's
/// deciding move, which need not be the five: after an open four the five comes two
/// plies later, after a four-three or three-three four plies later.
pub fn plies_to_five(s: &mut State, line: &[u16]) -> usize {
    let Some((&last, before)) = line.split_last() else {
        return 0;
    };
    for &c in before {
        s.make(c);
    }
    let rest = plies_after(s.threat(last, s.side_to_move()));
    for _ in before {
        s.unmake();
    }
    line.len() + rest
}

/// Whether `opp` has no cell of threat `level` or above left (for `Flex3x2`: no
/// three-three and nothing from four-three up): what a defence must achieve.
fn threat_gone(s: &State, opp: usize, level: Threat) -> bool {
    if level == Threat::Flex3x2 {
        s.count(opp, Threat::Flex3x2) == 0 && s.count_at_least(opp, Threat::Block4Flex3) == 0
    } else {
        s.count_at_least(opp, level) == 0
    }
}

/// Appends the moves that leave the opponent no cell of threat `level` or above (for
/// `Flex3x2`: no three-three and nothing from four-three up), found among the cells on
/// the lines that make one such cell's threat.
pub fn defences(s: &mut State, level: Threat, out: &mut Vec<u16>, scratch: &mut Vec<u16>) {
    let me = s.side_to_move();
    let opp = 1 - me;
    // The threats this defends against. A plain four of the opponent's (stronger than a
    // three-three in the ordering) is not one: the lines through it would miss the real
    // defences.
    let aimed = |t: Threat| match level {
        Threat::Flex3x2 => t == Threat::Flex3x2 || t >= Threat::Block4Flex3,
        _ => t >= level,
    };
    let threatened: Vec<u16> = s
        .cells_with(opp, level.min(Threat::Flex3x2))
        .filter(|&c| aimed(s.threat(c, opp)))
        .collect();
    let Some(&f) = threatened.first() else {
        return;
    };
    scratch.clear();
    scratch.push(f);
    let reach = if s.rule() == crate::engine::Rule::Freestyle {
        4
    } else {
        5
    };
    for (dir, &step) in STEPS.iter().enumerate() {
        // Only lines with at least a closed three can be part of the threat.
        if s.pattern_code(f, dir, opp) < super::pattern::Pattern::B3 as u8 {
            continue;
        }
        for k in 1..=reach {
            for sign in [-1isize, 1] {
                let q = f as isize + sign * k * step;
                if (0..super::state::CELLS as isize).contains(&q) && s.is_empty(q as u16) {
                    scratch.push(q as u16);
                }
            }
        }
    }
    // In renju a White stone can lift one of Black's forbidden points and make a new
    // threat there: play it to see. Elsewhere a stone only takes away, so the threats
    // already on the board are all there is to look at.
    let lifts_forbidden = s.rule() == Rule::Renju && opp == B;
    for &c in scratch.iter() {
        let holds = if lifts_forbidden {
            s.make(c);
            let gone = threat_gone(s, opp, level);
            s.unmake();
            gone
        } else {
            threatened
                .iter()
                .all(|&t| !aimed(s.threat_if_blocked(t, opp, c)))
        };
        if holds && !out.contains(&c) {
            out.push(c);
        }
    }
}

/// Appends every cell where the side to move makes a four or better.
pub fn fours(s: &State, out: &mut Vec<u16>) {
    let me = s.side_to_move();
    for c in s.cells_with(me, Threat::Block4) {
        if !out.contains(&c) {
            out.push(c);
        }
    }
}

/// Appends every cell where the side to move makes an open three or better.
pub fn threes_and_fours(s: &State, out: &mut Vec<u16>) {
    let me = s.side_to_move();
    for c in s.cells_with(me, Threat::Flex3) {
        if !out.contains(&c) {
            out.push(c);
        }
    }
}

/// Drops the moves the side to move may not play (Black's forbidden points in renju).
pub fn retain_legal(s: &mut State, moves: &mut Vec<u16>) {
    if s.rule() == Rule::Renju && s.side_to_move() == B {
        moves.retain(|&c| !s.is_forbidden(c));
    }
}

/// The moves of a node in `situation`, unsorted (scores to be added by the caller).
/// Empty when the side to move has no move that does not lose at once.
pub fn generate(s: &mut State, situation: Situation, out: &mut Vec<u16>, scratch: &mut Vec<u16>) {
    generate_any(s, situation, out, scratch);
    retain_legal(s, out);
}

fn generate_any(s: &mut State, situation: Situation, out: &mut Vec<u16>, scratch: &mut Vec<u16>) {
    out.clear();
    match situation {
        Situation::Win(c)
        | Situation::Forced(c)
        | Situation::WinsInThree(c)
        | Situation::WinsInFive(c) => out.push(c),
        Situation::Lost => {}
        Situation::DefendFour => {
            fours(s, out);
            defences(s, Threat::Flex4, out, scratch);
        }
        Situation::DefendFourThree | Situation::DefendThreeThree => {
            let level = if situation == Situation::DefendFourThree {
                Threat::Block4Flex3
            } else {
                Threat::Flex3x2
            };
            defences(s, level, out, scratch);
            if out.is_empty() {
                s.candidates(out);
            } else {
                threes_and_fours(s, out);
            }
        }
        Situation::Quiet => s.candidates(out),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::strong::state::W;
    use crate::engine::{Board, Pos};

    /// The state after `moves` (`x,y` each, Black first) on 15x15.
    fn state(moves: &str) -> State {
        let mut b = Board::square(15).expect("15 is a legal size");
        for m in moves.split_whitespace() {
            let (x, y) = m.split_once(',').expect("x,y");
            let pos = Pos::new(x.parse().expect("x"), y.parse().expect("y"));
            b.play(pos).expect("a legal move");
        }
        State::from_board(&b, Rule::Freestyle)
    }

    /// The node's situation and the moves generated for it.
    fn situation_and_moves(s: &mut State) -> (Situation, Vec<u16>) {
        let sit = situation(s);
        let (mut moves, mut scratch) = (Vec::new(), Vec::new());
        generate(s, sit, &mut moves, &mut scratch);
        (sit, moves)
    }

    /// From a game against Carbon: White's 6,10 would be a four (column 6) and an open
    /// three (row 10). Black's 7,9 does not take that point away, but makes a split three
    /// on row 9 whose gap, 6,9, is where White's four must be blocked: the block becomes
    /// Black's open four. The search left 7,9 out, "proved" a win for White in 15 and
    /// lost the game to it.
    #[test]
    fn a_three_whose_gap_blocks_the_coming_four_answers_a_four_three() {
        let mut s = state("7,7 6,7 7,5 6,8 5,9 7,8 8,8 6,6 6,5 5,6 4,5 5,5 7,6 9,10 8,9 8,10");
        let (sit, moves) = situation_and_moves(&mut s);
        assert_eq!(sit, Situation::DefendFourThree);
        let counter = s.cell_of(Pos::new(7, 9));
        assert!(moves.contains(&counter), "7,9 missing from {moves:?}");
        // And it holds: White's four-three is answered by Black's open four.
        s.make(counter);
        s.make(s.cell_of(Pos::new(6, 10)));
        s.make(s.cell_of(Pos::new(6, 9)));
        assert!(s.count(B, Threat::Five) >= 2, "no open four for Black");
    }

    /// From a lost game: White can make a four at 8,3 / 8,4 (stronger than a three-three
    /// in the threat order) and a three-three at 5,5. Taking the three-three point is the
    /// plain defence; looking for it along the four's lines missed it, and the search
    /// "proved" a win for White that Pela refuted with 5,5.
    #[test]
    fn the_three_three_point_is_among_its_defences() {
        let mut s =
            state("7,7 8,7 8,10 6,6 6,5 7,8 9,6 5,6 3,6 5,8 4,8 8,5 6,7 8,6 8,8 4,6 7,6 7,3");
        let (sit, moves) = situation_and_moves(&mut s);
        assert_eq!(sit, Situation::DefendThreeThree);
        let mut scratch = Vec::new();
        let point = s.cell_of(Pos::new(5, 5));
        assert!(moves.contains(&point), "5,5 missing from {moves:?}");
        // Every generated defence leaves White no three-three and no four-three.
        let defences: Vec<u16> = {
            let mut d = Vec::new();
            defences(&mut s, Threat::Flex3x2, &mut d, &mut scratch);
            d
        };
        assert!(!defences.is_empty());
        for c in defences {
            s.make(c);
            assert_eq!(s.count(W, Threat::Flex3x2), 0);
            assert_eq!(s.count_at_least(W, Threat::Block4Flex3), 0);
            s.unmake();
        }
    }
}

#[cfg(test)]
mod defence_tests {
    use super::*;
    use crate::engine::strong::state::W;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    /// The defences found by playing every cell near the stones and counting what is
    /// left: slow, and independent of the blocked-line reading `defences` uses.
    fn by_playing(s: &mut State, level: Threat) -> Vec<u16> {
        let opp = 1 - s.side_to_move();
        let mut cells = Vec::new();
        s.candidates(&mut cells);
        cells
            .into_iter()
            .filter(|&c| {
                s.make(c);
                let gone = threat_gone(s, opp, level);
                s.unmake();
                gone
            })
            .collect()
    }

    #[test]
    fn blocked_line_reading_agrees_with_playing_the_move() {
        let mut rng = SmallRng::seed_from_u64(11);
        let mut checked = 0;
        for game in 0..300 {
            let rule = if game % 3 == 0 {
                Rule::ExactFive
            } else {
                Rule::Freestyle
            };
            let mut s = State::new(15, 15, rule);
            s.make(s.centre());
            for _ in 0..40 {
                let mut cells = Vec::new();
                s.candidates(&mut cells);
                // Mostly shapes near each other: pick among the better-ordered cells.
                let me = s.side_to_move();
                cells.sort_by_key(|&c| std::cmp::Reverse(s.order_score(c, me)));
                cells.truncate(8);
                let c = cells[rng.random_range(0..cells.len())];
                s.make(c);
                if s.count_at_least(B, Threat::Five) + s.count_at_least(W, Threat::Five) > 0 {
                    break;
                }
                for level in [Threat::Flex4, Threat::Block4Flex3, Threat::Flex3x2] {
                    let opp = 1 - s.side_to_move();
                    if s.count_at_least(opp, level) == 0 {
                        continue;
                    }
                    let (mut fast, mut scratch) = (Vec::new(), Vec::new());
                    defences(&mut s, level, &mut fast, &mut scratch);
                    let all = by_playing(&mut s, level);
                    // Every defence found is one; every real one on the threat's lines
                    // is found (one far away cannot change the threat's cell).
                    for c in &fast {
                        assert!(all.contains(c), "{level:?}: {c} is no defence");
                    }
                    let lines: Vec<u16> = {
                        let mut l = Vec::new();
                        defences_candidates(&s, level, &mut l);
                        l
                    };
                    for c in all.iter().filter(|c| lines.contains(c)) {
                        assert!(fast.contains(c), "{level:?}: defence {c} missed");
                    }
                    checked += 1;
                }
            }
        }
        assert!(checked > 200, "only {checked} positions with threats");
    }

    /// The cells `defences` considers (the lines through its first threatened cell).
    fn defences_candidates(s: &State, level: Threat, out: &mut Vec<u16>) {
        let opp = 1 - s.side_to_move();
        let Some(f) = s
            .cells_with(opp, level.min(Threat::Flex3x2))
            .find(|&c| match level {
                Threat::Flex3x2 => {
                    s.threat(c, opp) == Threat::Flex3x2 || s.threat(c, opp) >= Threat::Block4Flex3
                }
                _ => s.threat(c, opp) >= level,
            })
        else {
            return;
        };
        out.push(f);
        for (dir, &step) in STEPS.iter().enumerate() {
            if s.pattern_code(f, dir, opp) < super::super::pattern::Pattern::B3 as u8 {
                continue;
            }
            for k in -5isize..=5 {
                let q = f as isize + k * step;
                if k != 0 && (0..super::super::state::CELLS as isize).contains(&q) {
                    out.push(q as u16);
                }
            }
        }
    }
}
