//! VCT: victory by continuous threats. The attacker plays only fours and open threes
//! (and three-threes, four-threes); the defender answers a four with its block and an
//! open three with any move that leaves no open-four point, or with fours of its own.
//! The attacker wins if every defence still loses. A second pass, when threes and
//! fours prove nothing, also lets the attacker play a quiet threat: a closed three with
//! more, after which it would win by fours if the defender passed. The defender then
//! answers on that line of fours, with its own fours, or with a stone that breaks the
//! line from beside it (each such stone is tried on the line before it counts).
//!
//! Searched by proof numbers, depth first (df-pn): every position carries how many
//! leaves must still be proven (pn) or refuted (dn) to settle it, and the search goes
//! down the line that is cheapest to settle, coming back up only when a sibling has
//! become cheaper. Attacks with one answer (fours) are followed to the end before wide
//! ones, however deep they go; a three with three answers costs three. Results are kept
//! per position, so a transposition is settled once.

use super::cellset::CellSet;
use super::keymap::KeyMap;
use super::movegen::{defences, fours, retain_legal, situation, Situation};
use super::state::{State, NONE, STEPS};
use super::threat::Threat;
use super::time::Stopper;
use super::vcf::Vcf;
use crate::engine::Rule;

/// Attacker moves in one line at most.
pub const MAX_THREATS: u32 = 12;

/// Nodes a defender node may spend looking for the attacker's VCF after a quiet
/// attacking move (a closed three with more), as if the defender passed.
const VCF_THREAT_NODES: u64 = 100;
/// Fours in such a VCF at most.
const VCF_THREAT_FOURS: u32 = 6;

/// Proof and disproof numbers at or beyond this are infinite: settled.
const INF: u32 = 1 << 28;

/// What is known of a position: its proof and disproof numbers, and how many attacker
/// moves were left when they were found (a refutation with fewer moves left says
/// nothing of a search with more; a proof with more left, nothing of one with fewer).
#[derive(Clone, Copy)]
struct Entry {
    pn: u32,
    dn: u32,
    threats: u32,
    /// At a proven attacker node, the move that wins.
    mv: u16,
}

/// A move of a node being searched, with its child's numbers.
#[derive(Clone, Copy)]
struct Child {
    cell: u16,
    pn: u32,
    dn: u32,
}

/// A VCT search; the attacker is the side to move at the start.
pub struct Vct<'a> {
    state: &'a mut State,
    stop: &'a mut Stopper,
    pub nodes: &'a mut u64,
    node_limit: u64,
    table: KeyMap<Entry>,
    scratch: Vec<u16>,
    exhausted: bool,
    /// The attacker may also play a closed three with more when it threatens a win by
    /// fours (the second pass of [`Vct::search`]).
    quiet_threats: bool,
    /// Whether [`Vct::search`] makes that second pass.
    second_pass: bool,
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
            table: KeyMap::default(),
            scratch: Vec::with_capacity(256),
            exhausted: false,
            quiet_threats: false,
            second_pass: true,
        }
    }

    /// Threes and fours only: no second pass with quiet threats.
    pub fn threes_and_fours_only(mut self) -> Vct<'a> {
        self.second_pass = false;
        self
    }

    /// A winning line (attacker and defender alternating, the defender's choice being
    /// one of its tries), or `None` if none was found within `max_threats` attacker
    /// moves and the budget.
    pub fn solve(mut self, max_threats: u32) -> Option<Vec<u16>> {
        self.search(max_threats)
    }

    /// True when the search stopped for time or budget (a `None` is then not a proof).
    pub fn out_of_budget(&self) -> bool {
        self.exhausted
    }

    /// As [`Vct::solve`], keeping the search for [`Vct::out_of_budget`].
    ///
    /// Two passes: threes and fours only, and when that proves there is no such win, the
    /// rest of the budget with quiet threats too (closed threes with more, answered by
    /// breaking the win by fours they threaten). The first pass settles most positions
    /// at its lower cost; the second finds the wins that need a quiet threat on the way.
    pub fn search(&mut self, max_threats: u32) -> Option<Vec<u16>> {
        let threats = max_threats.min(MAX_THREATS);
        if let Some(line) = self.pass_of(threats) {
            return Some(line);
        }
        if self.exhausted || !self.second_pass || self.state.rule() == Rule::Renju {
            return None;
        }
        // The first pass's refutations do not hold once the attacker has more moves.
        self.table = KeyMap::default();
        self.quiet_threats = true;
        self.pass_of(threats)
    }

    /// One df-pn pass from the root with the attacker's moves as `quiet_threats` says.
    fn pass_of(&mut self, threats: u32) -> Option<Vec<u16>> {
        let (pn, _) = self.attack(INF, INF, threats);
        (pn == 0 && !self.exhausted).then(|| self.principal_line())
    }

    fn budget_gone(&mut self) -> bool {
        if *self.nodes >= self.node_limit || self.stop.check(*self.nodes) {
            self.exhausted = true;
        }
        self.exhausted
    }

    /// The numbers stored for `key`, if they hold with `threats` attacker moves left.
    fn lookup(&self, key: u64, threats: u32) -> Option<(u32, u32)> {
        let e = self.table.get(&key)?;
        let holds = match (e.pn, e.dn) {
            (0, _) => threats >= e.threats,
            (_, 0) => threats <= e.threats,
            _ => true,
        };
        holds.then_some((e.pn, e.dn))
    }

    /// Keeps what was learnt of `key`; a proof is never replaced by anything weaker.
    fn store(&mut self, key: u64, (pn, dn): (u32, u32), threats: u32, mv: u16) {
        if let Some(old) = self.table.get(&key) {
            if old.pn == 0 && (pn != 0 || old.threats <= threats) {
                return;
            }
        }
        self.table.insert(
            key,
            Entry {
                pn,
                dn,
                threats,
                mv,
            },
        );
    }

    /// Attacker to move, at most `threats` more attacking moves: searches until its
    /// numbers reach a threshold, returns them (pn 0: a win).
    fn attack(&mut self, th_pn: u32, th_dn: u32, threats: u32) -> (u32, u32) {
        *self.nodes += 1;
        if self.budget_gone() {
            return (1, 1);
        }
        let sit = situation(self.state);
        match sit {
            Situation::Win(_) | Situation::WinsInThree(_) | Situation::WinsInFive(_) => {
                return (0, INF)
            }
            Situation::Lost => return (INF, 0),
            _ if threats == 0 => return (INF, 0),
            _ => {}
        }
        let key = self.state.hash();
        let me = self.state.side_to_move();
        let mut kids: Vec<Child> = self
            .attacking_moves(sit)
            .into_iter()
            .map(|cell| {
                // One answer to a four, about three to a three, more to a quiet threat.
                let guess = match self.state.threat(cell, me) {
                    t if t.is_four() => (1, 1),
                    Threat::Block3Plus if self.quiet_threats => (6, 1),
                    _ => (3, 1),
                };
                let (pn, dn) = self
                    .lookup(self.state.hash_after(cell), threats - 1)
                    .unwrap_or(guess);
                Child { cell, pn, dn }
            })
            .collect();
        loop {
            let pn = kids.iter().map(|k| k.pn).min().unwrap_or(INF);
            let dn = kids
                .iter()
                .fold(0u32, |s, k| s.saturating_add(k.dn))
                .min(INF);
            if pn >= th_pn || dn >= th_dn || self.exhausted {
                let won = kids.iter().find(|k| k.pn == 0).map_or(NONE, |k| k.cell);
                self.store(key, (pn, dn), threats, won);
                return (pn, dn);
            }
            let (best, second) = cheapest(&kids, |k| k.pn);
            let child_th_pn = th_pn.min(beyond(second));
            let child_th_dn = (th_dn - dn).saturating_add(kids[best].dn).min(INF);
            self.state.make(kids[best].cell);
            let (cp, cd) = self.defend(child_th_pn, child_th_dn, threats - 1);
            self.state.unmake();
            kids[best].pn = cp;
            kids[best].dn = cd;
        }
    }

    /// Defender to move after an attacking move: searches until its numbers reach a
    /// threshold, returns them (pn 0: every defence loses).
    fn defend(&mut self, th_pn: u32, th_dn: u32, threats: u32) -> (u32, u32) {
        *self.nodes += 1;
        if self.budget_gone() {
            return (1, 1);
        }
        let sit = situation(self.state);
        let Some(moves) = self.defending_moves(sit) else {
            return (INF, 0);
        };
        if moves.is_empty() {
            return (0, INF);
        }
        let key = self.state.hash();
        let mut kids: Vec<Child> = moves
            .into_iter()
            .map(|cell| {
                let (pn, dn) = self
                    .lookup(self.state.hash_after(cell), threats)
                    .unwrap_or((1, 1));
                Child { cell, pn, dn }
            })
            .collect();
        loop {
            let pn = kids
                .iter()
                .fold(0u32, |s, k| s.saturating_add(k.pn))
                .min(INF);
            let dn = kids.iter().map(|k| k.dn).min().unwrap_or(INF);
            if pn >= th_pn || dn >= th_dn || self.exhausted {
                self.store(key, (pn, dn), threats, NONE);
                return (pn, dn);
            }
            let (best, second) = cheapest(&kids, |k| k.dn);
            let child_th_dn = th_dn.min(beyond(second));
            let child_th_pn = (th_pn - pn).saturating_add(kids[best].pn).min(INF);
            self.state.make(kids[best].cell);
            let (cp, cd) = self.attack(child_th_pn, child_th_dn, threats);
            self.state.unmake();
            kids[best].pn = cp;
            kids[best].dn = cd;
        }
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
                fours(self.state, &mut out);
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
                out.extend(self.state.cells_with(me, Threat::Flex3));
                if self.quiet_threats {
                    // A closed three with more threatens a win by fours: it forces too.
                    let s = &*self.state;
                    out.extend(
                        s.cells_with(me, Threat::Block3)
                            .filter(|&c| s.threat(c, me) == Threat::Block3Plus),
                    );
                }
            }
            Situation::Win(_)
            | Situation::WinsInThree(_)
            | Situation::WinsInFive(_)
            | Situation::Lost => {}
        }
        retain_legal(self.state, &mut out);
        // Strongest first; among equals, threes that go on from the attacker's last stone,
        // then those near the defender's last one: where a continuous attack and its
        // answer are. The order breaks df-pn's ties (all threes start at the same cost).
        let s = &*self.state;
        let theirs = s.move_back(0);
        // Each key read once; equal keys keep the order they came in.
        out.sort_by_cached_key(|&c| {
            let near_theirs = theirs != NONE && s.is_near_line(c, theirs, 4);
            (
                std::cmp::Reverse(s.threat(c, me)),
                !s.beside_own_last(c),
                !near_theirs,
            )
        });
        out
    }

    /// The defender's answers to the attacker's last move; `None` when that move made no
    /// threat the defender must answer (or the defender wins first), empty when nothing
    /// answers it.
    fn defending_moves(&mut self, sit: Situation) -> Option<Vec<u16>> {
        let mut moves = Vec::new();
        match sit {
            Situation::Lost => {}
            Situation::Forced(c) => moves.push(c),
            Situation::DefendFour => {
                fours(self.state, &mut moves);
                defences(self.state, Threat::Flex4, &mut moves, &mut self.scratch);
                retain_legal(self.state, &mut moves);
            }
            Situation::Quiet | Situation::DefendFourThree | Situation::DefendThreeThree => {
                return self.vcf_threat_defences();
            }
            _ => return None,
        }
        Some(moves)
    }

    /// After a quiet attacking move: when the attacker would win by fours if the
    /// defender passed, the defender's answers are the cells of that line (each breaks
    /// it), the defender's own fours, and the stones elsewhere that break it too (they
    /// close its open four, or with its blocks make a four or a five of the defender's);
    /// `None` when there is no such line.
    fn vcf_threat_defences(&mut self) -> Option<Vec<u16>> {
        if !self.quiet_threats {
            return None;
        }
        self.state.pass();
        let line = Vcf::new(self.state, self.stop, self.nodes, VCF_THREAT_NODES)
            .with_max_fours(VCF_THREAT_FOURS)
            .solve();
        self.state.unmake();
        let line = line?;
        let mut moves = Vec::with_capacity(line.len() + 8);
        fours(self.state, &mut moves);
        for &c in &line {
            if !moves.contains(&c) {
                moves.push(c);
            }
        }
        // Off the line, a stone changes it only as a five point of its last move (an
        // open four) or in a five with one of its blocks (a four of the defender's).
        let mut near = CellSet::default();
        let ends = line.iter().skip(1).step_by(2).chain(line.last());
        for &c in ends {
            for step in STEPS {
                for k in (-4..=4).filter(|&k| k != 0) {
                    let q = (c as isize + k * step) as u16;
                    if self.state.is_empty(q) && !moves.contains(&q) {
                        near.set(q as usize, true);
                    }
                }
            }
        }
        for x in near.into_cells() {
            if self.breaks(x, &line) {
                moves.push(x);
            }
        }
        retain_legal(self.state, &mut moves);
        Some(moves)
    }

    /// Whether the line of fours `line` (the attacker's fours and the defender's blocks,
    /// alternating, ending with a five or an open four) fails once the defender, to
    /// move, has put a stone on `x`: a four no longer forces the line's block, a block
    /// makes a four or a five of the defender's, or the last move no longer wins.
    fn breaks(&mut self, x: u16, line: &[u16]) -> bool {
        let attacker = 1 - self.state.side_to_move();
        self.state.make(x);
        let mut made = 1;
        // With the attacker to move: a four of the defender's must be the one the line
        // blocks next (with a four of its own), and two of them lose.
        let mut broken = match situation(self.state) {
            Situation::Lost => true,
            Situation::Forced(b) => b != line[0],
            _ => false,
        };
        for (i, &c) in line.iter().enumerate() {
            let next = line.get(i + 1).copied();
            if broken {
                break;
            }
            if i % 2 == 0 && next.is_none() {
                // The last move must still win: a five, or an open four.
                broken = self.state.threat(c, attacker) < Threat::Flex4;
                break;
            }
            self.state.make(c);
            made += 1;
            let sit = situation(self.state);
            broken = if i % 2 == 0 {
                // The defender must answer the four with the line's block, and only
                // with it; a five of its own (`Win`) breaks the line.
                match sit {
                    Situation::Lost => break,
                    Situation::Forced(b) => Some(b) != next,
                    _ => true,
                }
            } else {
                match sit {
                    Situation::Lost => true,
                    Situation::Forced(b) => Some(b) != next,
                    _ => false,
                }
            };
        }
        for _ in 0..made {
            self.state.unmake();
        }
        *self.nodes += made;
        broken
    }

    /// Replays the proof from the root: at attacker nodes the proven move, at defender
    /// nodes the first defence (all of them lose).
    fn principal_line(&mut self) -> Vec<u16> {
        let mut line = Vec::new();
        let mut made = 0;
        // Every attacker move uses up a threat, so the line ends; the bound is a guard.
        while made < 4 * MAX_THREATS as usize + 8 {
            let sit = situation(self.state);
            if let Situation::Win(c) | Situation::WinsInThree(c) | Situation::WinsInFive(c) = sit {
                line.push(c);
                break;
            }
            let proven = self.table.get(&self.state.hash()).filter(|e| e.pn == 0);
            let Some(a) = proven.map(|e| e.mv).filter(|&m| m != NONE) else {
                break;
            };
            line.push(a);
            self.state.make(a);
            made += 1;
            let sit = situation(self.state);
            let Some(&d) = self
                .defending_moves(sit)
                .as_deref()
                .and_then(<[u16]>::first)
            else {
                break;
            };
            line.push(d);
            self.state.make(d);
            made += 1;
        }
        for _ in 0..made {
            self.state.unmake();
        }
        line
    }
}

/// How far past the runner-up `second` the chosen child is searched before the search
/// comes back up to compare: half as far again, not one past it (the "1+ε" of df-pn,
/// ε = ½). With one past, two siblings of nearly equal cost make the search switch
/// between them at every step and rebuild their subtrees each time. Of the 1 512
/// positions from our match games that 300 000 nodes settle (`examples/vct_bench.rs` on
/// `tools/vct-positions.txt`), at the root guard's budgets of 5 000 and 20 000 nodes
/// 217 and 108 stay unsettled where 256 and 147 did (with the attacker's move order
/// below); ε = 1 settled a few more refutations and found fewer wins.
#[inline]
fn beyond(second: u32) -> u32 {
    second.saturating_add(second / 2 + 1)
}

/// The index of the child with the least `key`, and the second least value.
fn cheapest(kids: &[Child], key: impl Fn(&Child) -> u32) -> (usize, u32) {
    let mut best = 0;
    let mut first = INF + 1;
    let mut second = INF;
    for (i, k) in kids.iter().enumerate() {
        let v = key(k);
        if v < first {
            second = first.min(INF);
            first = v;
            best = i;
        } else if v < second {
            second = v;
        }
    }
    (best, second)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kid(pn: u32, dn: u32) -> Child {
        Child { cell: 0, pn, dn }
    }

    #[test]
    fn a_chosen_child_is_searched_half_again_past_its_runner_up() {
        assert_eq!(beyond(0), 1);
        assert_eq!(beyond(1), 2);
        assert_eq!(beyond(4), 7);
        // An only child (no runner-up) goes as far as its parent's threshold allows.
        assert!(beyond(INF) >= INF);
        assert_eq!(beyond(u32::MAX), u32::MAX);
    }

    #[test]
    fn cheapest_finds_the_least_and_the_runner_up() {
        let kids = [kid(5, 1), kid(2, 9), kid(3, 4)];
        assert_eq!(cheapest(&kids, |k| k.pn), (1, 3));
        assert_eq!(cheapest(&kids, |k| k.dn), (0, 4));
        assert_eq!(cheapest(&[kid(7, 7)], |k| k.pn), (0, INF));
    }
}
