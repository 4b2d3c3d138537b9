//! VCF: victory by continuous fours. The attacker plays only fours, the defender only
//! the forced block; the attacker wins if a line of them ends in a five (or an open
//! four the defender cannot stop). Depth-first, strongest fours first, with a table of
//! positions already proven to fail so transpositions are searched once.

use super::keymap::KeyMap;
use super::movegen::{situation, Situation};
use super::state::State;
use super::threat::Threat;
use super::time::Stopper;

/// Fours in one line at most.
pub const MAX_FOURS: u32 = 40;

/// A VCF search over a position; the attacker is the side to move.
pub struct Vcf<'a> {
    state: &'a mut State,
    stop: &'a mut Stopper,
    /// Node counter shared with the caller (for the stop rule and statistics).
    pub nodes: &'a mut u64,
    node_budget: u64,
    /// Positions (attacker to move) proven to fail with at most this many fours left.
    failed: KeyMap<u32>,
    line: Vec<u16>,
    exhausted: bool,
    max_fours: u32,
}

impl<'a> Vcf<'a> {
    pub fn new(
        state: &'a mut State,
        stop: &'a mut Stopper,
        nodes: &'a mut u64,
        node_budget: u64,
    ) -> Vcf<'a> {
        Vcf {
            state,
            stop,
            nodes,
            node_budget,
            failed: KeyMap::default(),
            line: Vec::new(),
            exhausted: false,
            max_fours: MAX_FOURS,
        }
    }

    /// Looks only for lines of at most `fours` fours.
    pub fn with_max_fours(mut self, fours: u32) -> Vcf<'a> {
        self.max_fours = fours.min(MAX_FOURS);
        self
    }

    /// The winning line (attacker's and defender's moves alternating, ending with the
    /// attacker's five or open four), or `None` when none was found within the budget.
    pub fn solve(mut self) -> Option<Vec<u16>> {
        self.search()
    }

    /// As [`Vcf::solve`], keeping the search for [`Vcf::out_of_budget`].
    pub fn search(&mut self) -> Option<Vec<u16>> {
        let start = *self.nodes;
        self.node_budget = start.saturating_add(self.node_budget);
        // Deepening on the number of fours: short wins are found before the search
        // dives into long dead ends, and each round's failures carry over.
        for max in [2, 4, 6, 9, 13, 20, MAX_FOURS] {
            let max = max.min(self.max_fours);
            self.line.clear();
            if self.attack(max) {
                return Some(std::mem::take(&mut self.line));
            }
            if self.exhausted || max == self.max_fours {
                break;
            }
        }
        None
    }

    /// True when the search stopped for time or budget (a `None` is then not a proof).
    pub fn out_of_budget(&self) -> bool {
        self.exhausted
    }

    fn budget_gone(&mut self) -> bool {
        if *self.nodes >= self.node_budget || self.stop.check(*self.nodes) {
            self.exhausted = true;
        }
        self.exhausted
    }

    /// The attacker to move: true (with the line from here in `self.line`) on a win.
    fn attack(&mut self, fours_left: u32) -> bool {
        *self.nodes += 1;
        if self.budget_gone() {
            return false;
        }
        let me = self.state.side_to_move();
        match situation(self.state) {
            Situation::Win(c) => {
                self.line.push(c);
                return true;
            }
            // An open four (or double four) is one more four: it counts.
            Situation::WinsInThree(c) if fours_left > 0 => {
                self.line.push(c);
                return true;
            }
            Situation::WinsInThree(_) => return false,
            Situation::Lost => return false,
            // The defender's block made a four: ours must block it with a four of ours.
            Situation::Forced(c) => {
                if !self.state.threat(c, me).is_four() || fours_left == 0 {
                    return false;
                }
                return self.try_four(c, fours_left);
            }
            _ => {}
        }
        if fours_left == 0 {
            return false;
        }
        let key = self.state.hash();
        if self.failed.get(&key).is_some_and(|&d| d >= fours_left) {
            return false;
        }
        let mut fours: Vec<(i32, u16)> = self
            .state
            .cells_with(me, Threat::Block4)
            .map(|c| {
                let near = self.state.beside_own_last(c);
                (self.state.threat(c, me) as i32 * 2 + near as i32, c)
            })
            .collect();
        fours.sort_unstable_by_key(|f| std::cmp::Reverse(f.0));
        for (_, c) in fours {
            if self.try_four(c, fours_left) {
                return true;
            }
            if self.exhausted {
                return false;
            }
        }
        self.failed.insert(key, fours_left);
        false
    }

    /// Plays the attacker's four at `c` and the defender's forced answer, then attacks on.
    fn try_four(&mut self, c: u16, fours_left: u32) -> bool {
        self.state.make(c);
        *self.nodes += 1;
        let won = match situation(self.state) {
            // The defender has a five of its own: this four comes too late.
            Situation::Win(_) => false,
            // Two five points: the four was open (or a double four).
            Situation::Lost => {
                self.line.push(c);
                self.state.unmake();
                return true;
            }
            Situation::Forced(block) => {
                self.state.make(block);
                let won = self.attack(fours_left - 1);
                self.state.unmake();
                if won {
                    self.line.insert(0, block);
                }
                won
            }
            // Not a four after all (cannot happen for a four cell); no forced reply.
            _ => false,
        };
        self.state.unmake();
        if won {
            self.line.insert(0, c);
        }
        won
    }
}

/// Whether `t` lets the side to move start a VCF (it has at least one four to play).
pub fn has_fours(state: &State) -> bool {
    state.count_at_least(state.side_to_move(), Threat::Block4) > 0
}
