//! Threat-space search: victory by continuous fours (VCF).
//!
//! The attacker plays only fours; each four leaves the defender exactly one cell to
//! block (two cells means an open four: a win). A sequence that ends in a five or an
//! open four is a forced win whatever the defender does, so it can be found far deeper
//! than the full-width search reaches. The defender's own fours made while blocking are
//! honoured: the attacker must then block with a four of its own or give up the line.

use super::position::{four_flag, Position};
use super::rules::Rule;
use std::time::Instant;

/// Limits of one VCF search.
#[derive(Clone, Copy, Debug)]
pub struct VcfLimits {
    /// Most attacker fours in one sequence.
    pub max_fours: u32,
    /// Nodes (attacker moves tried) before giving up.
    pub node_budget: u64,
    /// Wall-clock limit.
    pub deadline: Option<Instant>,
}

impl Default for VcfLimits {
    fn default() -> Self {
        VcfLimits {
            max_fours: 14,
            node_budget: 40_000,
            deadline: None,
        }
    }
}

/// A VCF search over a borrowed position (left exactly as it was found).
struct Vcf<'a> {
    pos: &'a mut Position,
    rule: Rule,
    limits: VcfLimits,
    nodes: u64,
    /// One scratch buffer per depth, so the recursion does not allocate.
    scratch: Vec<Vec<u16>>,
}

/// A forced win by fours for the side to move: the cells of both sides' moves in order
/// (attacker, defender, attacker, ...), ending with an open four's winning cell (the
/// defender's futile reply to it omitted) or a five. `None` when none
/// was found within `limits`. The second value is the number of nodes searched.
pub fn find_vcf(pos: &mut Position, rule: Rule, limits: VcfLimits) -> (Option<Vec<u16>>, u64) {
    crate::profile_function!();
    let me = pos.side_to_move();
    let mut buf = Vec::new();
    pos.wins_anywhere(me, rule, &mut buf);
    if let Some(&win) = buf.first() {
        return (Some(vec![win]), 1);
    }
    pos.wins_anywhere(me.opponent(), rule, &mut buf);
    let mut search = Vcf {
        pos,
        rule,
        limits,
        nodes: 0,
        scratch: vec![Vec::new(); limits.max_fours as usize + 2],
    };
    let mut line = Vec::new();
    let found = search.attack(0, &buf, &mut line);
    (found.then_some(line), search.nodes)
}

impl Vcf<'_> {
    /// True when the side to move wins by fours; `line` then holds the sequence.
    fn attack(&mut self, depth: usize, their_fives: &[u16], line: &mut Vec<u16>) -> bool {
        if depth as u32 >= self.limits.max_fours || their_fives.len() >= 2 || self.exhausted() {
            return false;
        }
        let me = self.pos.side_to_move();
        let my_four = four_flag(me);
        let mut moves = std::mem::take(&mut self.scratch[depth]);
        moves.clear();
        if let Some(&must) = their_fives.first() {
            // Their five must be blocked, and the block must itself be a four.
            if self.pos.cell_flags(must as usize) & my_four != 0 {
                moves.push(must);
            }
        } else {
            for cell in 0..self.pos.cell_count() {
                if self.pos.is_near_empty(cell) && self.pos.cell_flags(cell) & my_four != 0 {
                    moves.push(cell as u16);
                }
            }
            moves.sort_by_cached_key(|&c| std::cmp::Reverse(self.pos.gain(c as usize, me)));
        }
        let mut found = false;
        let mut fives = Vec::with_capacity(4);
        for &m in &moves {
            self.nodes += 1;
            self.pos.make(m);
            line.push(m);
            self.pos.wins_near(m as usize, me, self.rule, &mut fives);
            match fives.len() {
                0 => {} // a "four" that cannot become a legal five under this rule
                1 => {
                    let block = fives[0];
                    self.pos.make(block);
                    line.push(block);
                    let mut theirs = Vec::new();
                    self.pos
                        .wins_near(block as usize, me.opponent(), self.rule, &mut theirs);
                    found = self.attack(depth + 1, &theirs, line);
                    self.pos.unmake();
                    if !found {
                        line.pop();
                    }
                }
                _ => {
                    // An open four (or two fours): the defender cannot block both.
                    line.push(fives[0]);
                    found = true;
                }
            }
            self.pos.unmake();
            if found {
                break;
            }
            line.pop();
        }
        self.scratch[depth] = moves;
        found
    }

    fn exhausted(&self) -> bool {
        self.nodes >= self.limits.node_budget
            || (self.nodes & 255 == 0 && self.limits.deadline.is_some_and(|d| Instant::now() >= d))
    }
}
