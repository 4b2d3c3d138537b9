//! VCT: victory by continuous threats. The attacker plays only fours and open threes
//! (and three-threes, four-threes); the defender answers a four with its block and an
//! open three with any move that leaves no open-four point, or with fours of its own.
//! The attacker wins if every defence still loses. Iterative deepening on the number of
//! attacking moves, with a table of proven results, inside a node budget.

use super::movegen::{defences, fours, retain_legal, situation, Situation};
use super::state::{State, NONE};
use super::threat::Threat;
use super::time::Stopper;
use std::collections::HashMap;

/// Attacker moves in one line at most.
pub const MAX_THREATS: u32 = 12;

/// A proven outcome for a position and the attacker moves it was searched with.
#[derive(Clone, Copy)]
struct Proof {
    depth: u32,
    win: bool,
    mv: u16,
}

/// A VCT search; the attacker is the side to move at the start.
pub struct Vct<'a> {
    state: &'a mut State,
    stop: &'a mut Stopper,
    pub nodes: &'a mut u64,
    node_limit: u64,
    proofs: HashMap<u64, Proof>,
    scratch: Vec<u16>,
    exhausted: bool,
}

impl<'a> Vct<'a> {
    pub fn new(
        state: &'a mut State,
        stop: &'a mut Stopper,
        nodes: &'a mut u64,
        budget: u64,
    ) -> Vct<'a> {
        let node_limit = nodes.saturating_add(budget);
        Vct {
            state,
            stop,
            nodes,
            node_limit,
            proofs: HashMap::new(),
            scratch: Vec::with_capacity(256),
            exhausted: false,
        }
    }

    /// A winning line (attacker and defender alternating, the defender's choice being
    /// one of its best tries), or `None` if none was found within `max_threats` and the
    /// budget.
    pub fn solve(mut self, max_threats: u32) -> Option<Vec<u16>> {
        self.search(max_threats)
    }

    /// True when the search stopped for time or budget (a `None` is then not a proof).
    pub fn out_of_budget(&self) -> bool {
        self.exhausted
    }

    /// As [`Vct::solve`], keeping the search for [`Vct::out_of_budget`].
    pub fn search(&mut self, max_threats: u32) -> Option<Vec<u16>> {
        for depth in (2..=max_threats.min(MAX_THREATS)).step_by(2) {
            if self.attack(depth) {
                return Some(self.principal_line(depth));
            }
            if self.exhausted {
                break;
            }
        }
        None
    }

    fn budget_gone(&mut self) -> bool {
        if *self.nodes >= self.node_limit || self.stop.check(*self.nodes) {
            self.exhausted = true;
        }
        self.exhausted
    }

    /// Attacker to move, at most `depth` more attacking moves: does it win?
    fn attack(&mut self, depth: u32) -> bool {
        *self.nodes += 1;
        if self.budget_gone() {
            return false;
        }
        let sit = situation(self.state, &mut self.scratch);
        match sit {
            Situation::Win(_) | Situation::WinsInThree(_) | Situation::WinsInFive(_) => {
                return true
            }
            Situation::Lost => return false,
            _ => {}
        }
        if depth == 0 {
            return false;
        }
        let key = self.state.hash();
        if let Some(p) = self.proofs.get(&key) {
            if p.win && p.depth <= depth {
                return true;
            }
            if !p.win && p.depth >= depth {
                return false;
            }
        }
        let moves = self.attacking_moves(sit);
        let mut won = NONE;
        for c in moves {
            self.state.make(c);
            let w = self.defend(depth - 1);
            self.state.unmake();
            if w {
                won = c;
                break;
            }
            if self.exhausted {
                return false;
            }
        }
        let win = won != NONE;
        self.proofs.insert(
            key,
            Proof {
                depth,
                win,
                mv: won,
            },
        );
        win
    }

    /// The attacker's candidate threats, strongest first.
    fn attacking_moves(&mut self, sit: Situation) -> Vec<u16> {
        let me = self.state.side_to_move();
        let mut out = Vec::new();
        match sit {
            // The defender's four must be blocked; the block may keep the attack going.
            Situation::Forced(c) => out.push(c),
            // Against an open three or a four-three point a three of ours is a tempo too
            // slow, unless it also takes the opponent's threat away: fours, and threes
            // that defend.
            Situation::DefendFour | Situation::DefendFourThree => {
                fours(self.state, &mut out, &mut self.scratch);
                let level = if sit == Situation::DefendFour {
                    Threat::Flex4
                } else {
                    Threat::Block4Flex3
                };
                let mut blocks = Vec::new();
                defences(self.state, level, &mut blocks, &mut self.scratch);
                let s = &*self.state;
                out.extend(
                    blocks
                        .into_iter()
                        .filter(|&c| (Threat::Flex3..Threat::Block4).contains(&s.threat(c, me))),
                );
            }
            // A three-three point is slower than our open three: the three still forces.
            Situation::DefendThreeThree | Situation::Quiet => {
                self.scratch.clear();
                self.state.candidates(&mut self.scratch);
                out.extend(
                    self.scratch
                        .iter()
                        .copied()
                        .filter(|&c| self.state.threat(c, me) >= Threat::Flex3),
                );
            }
            Situation::Win(_)
            | Situation::WinsInThree(_)
            | Situation::WinsInFive(_)
            | Situation::Lost => {}
        }
        retain_legal(self.state, &mut out);
        let s = &*self.state;
        out.sort_by_key(|&c| std::cmp::Reverse(s.threat(c, me)));
        out
    }

    /// Defender to move after an attacking move: does the attacker win against every
    /// defence?
    fn defend(&mut self, depth: u32) -> bool {
        *self.nodes += 1;
        if self.budget_gone() {
            return false;
        }
        let sit = situation(self.state, &mut self.scratch);
        let mut moves = Vec::new();
        match sit {
            Situation::Win(_) | Situation::WinsInThree(_) | Situation::WinsInFive(_) => {
                return false
            }
            Situation::Lost => return true,
            Situation::Forced(c) => moves.push(c),
            Situation::DefendFour => {
                fours(self.state, &mut moves, &mut self.scratch);
                defences(self.state, Threat::Flex4, &mut moves, &mut self.scratch);
                retain_legal(self.state, &mut moves);
            }
            // The attacker's move made no threat the defender must answer.
            _ => return false,
        }
        if moves.is_empty() {
            return true;
        }
        for d in moves {
            self.state.make(d);
            let w = self.attack(depth);
            self.state.unmake();
            if !w {
                return false;
            }
        }
        true
    }

    /// Replays the proof from the root: at attacker nodes the proven move, at defender
    /// nodes the first defence (all of them lose).
    fn principal_line(&mut self, depth: u32) -> Vec<u16> {
        let mut line = Vec::new();
        let mut made = 0;
        loop {
            let sit = situation(self.state, &mut self.scratch);
            let attacker_move = match sit {
                Situation::Win(c) | Situation::WinsInThree(c) | Situation::WinsInFive(c) => {
                    line.push(c);
                    break;
                }
                _ => self
                    .proofs
                    .get(&self.state.hash())
                    .filter(|p| p.win)
                    .map(|p| p.mv),
            };
            let Some(a) = attacker_move.filter(|&m| m != NONE) else {
                break;
            };
            line.push(a);
            self.state.make(a);
            made += 1;
            let defence = self.first_defence();
            let Some(d) = defence else { break };
            line.push(d);
            self.state.make(d);
            made += 1;
            if made > 4 * depth as usize + 8 {
                break;
            }
        }
        for _ in 0..made {
            self.state.unmake();
        }
        line
    }

    fn first_defence(&mut self) -> Option<u16> {
        match situation(self.state, &mut self.scratch) {
            Situation::Forced(c) => Some(c),
            Situation::DefendFour => {
                let mut moves = Vec::new();
                defences(self.state, Threat::Flex4, &mut moves, &mut self.scratch);
                fours(self.state, &mut moves, &mut self.scratch);
                moves.first().copied()
            }
            _ => None,
        }
    }
}
