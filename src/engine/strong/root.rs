//! The strong engine's entry point: immediate answers, a VCF at the root, then iterative
//! deepening with aspiration windows until the depth, node or time limit.

use super::best_so_far::BestSoFar;
use super::guard::{self, Judgement, Verdict};
use super::history::History;
use super::movegen::{plies_to_five, situation, Situation};
use super::nnue::Network;
use super::search::{Searcher, INF, MATE_BOUND, WIN};
use super::state::{State, NONE};
use super::time::{Stopper, TimeBudget};
use super::tt::TransTable;
use super::vcf::Vcf;
use super::vct::{self, Vct};
use crate::engine::clock::{Clock, MonotonicClock};
use crate::engine::search::{SearchResult, SearchStats};
use crate::engine::{Board, Rule};
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::sync::Arc;

/// Default transposition table size.
pub const DEFAULT_TT_BYTES: usize = 64 << 20;
/// Deepest iteration.
pub const MAX_DEPTH: u32 = 60;

/// How far one search may go.
#[derive(Clone)]
pub struct StrongLimits {
    pub max_depth: u32,
    /// Stop after about this many nodes (repeatable: tests and the lower levels).
    pub nodes: Option<u64>,
    pub time: Option<TimeBudget>,
    pub stop: Option<Arc<AtomicBool>>,
    pub clock: Arc<dyn Clock>,
    /// Where the search writes the move it would play if it had to answer now.
    pub best_so_far: Option<Arc<BestSoFar>>,
}

impl StrongLimits {
    /// Unlimited but for the depth; the real clock.
    pub fn depth(max_depth: u32) -> StrongLimits {
        StrongLimits {
            max_depth: max_depth.clamp(1, MAX_DEPTH),
            nodes: None,
            time: None,
            stop: None,
            clock: Arc::new(MonotonicClock::new()),
            best_so_far: None,
        }
    }

    pub fn with_nodes(mut self, nodes: u64) -> StrongLimits {
        self.nodes = Some(nodes);
        self
    }

    pub fn with_time(mut self, budget: TimeBudget) -> StrongLimits {
        self.time = Some(budget);
        self
    }

    pub fn with_stop(mut self, stop: Arc<AtomicBool>) -> StrongLimits {
        self.stop = Some(stop);
        self
    }

    pub fn with_clock(mut self, clock: Arc<dyn Clock>) -> StrongLimits {
        self.clock = clock;
        self
    }

    /// Keeps `slot` up to date with the move the search would play now: each finished
    /// iteration's choice, and the guard's.
    pub fn with_best_so_far(mut self, slot: Arc<BestSoFar>) -> StrongLimits {
        self.best_so_far = Some(slot);
        self
    }
}

/// Most threads one search runs (`INFO thread_num` asks; more is clamped to this).
pub const MAX_THREADS: usize = 64;

/// The engine: its transposition table and move history live between searches.
pub struct StrongEngine {
    tt: TransTable,
    history: History,
    /// Threads a time-limited search runs (1: no helpers).
    threads: usize,
    /// The evaluation network for freestyle (other rules, or `None`: the pattern
    /// weights).
    network: Option<&'static Network>,
}

impl Default for StrongEngine {
    fn default() -> Self {
        StrongEngine::new(DEFAULT_TT_BYTES)
    }
}

impl StrongEngine {
    /// An engine whose transposition table takes at most `tt_bytes`.
    pub fn new(tt_bytes: usize) -> StrongEngine {
        StrongEngine {
            tt: TransTable::new(tt_bytes),
            history: History::default(),
            threads: 1,
            network: None,
        }
    }

    /// Evaluates freestyle positions with `network` (`None`: the pattern weights).
    pub fn set_network(&mut self, network: Option<&'static Network>) {
        self.network = network;
    }

    /// The network a search under `rule` evaluates with.
    fn network_for(&self, rule: Rule) -> Option<&'static Network> {
        self.network.filter(|_| rule == Rule::Freestyle)
    }

    /// Runs searches on `threads` threads (clamped to 1..=[`MAX_THREADS`]): the main
    /// search and helpers that share its transposition table (Lazy SMP). Only searches
    /// without a node budget use helpers: a node-limited search stays repeatable.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.clamp(1, MAX_THREADS);
    }

    /// Threads a time-limited search runs.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Resizes the transposition table (it is cleared), unless its size would not change:
    /// a manager may repeat `INFO max_memory` or `INFO timeout_turn` in a game.
    pub fn set_tt_bytes(&mut self, bytes: usize) {
        if TransTable::MIN_BYTES <= bytes && TransTable::bytes_within(bytes) != self.tt.bytes() {
            self.tt = TransTable::new(bytes);
        }
    }

    /// Bytes the transposition table takes.
    pub fn tt_bytes(&self) -> usize {
        self.tt.bytes()
    }

    /// The tables a search works with.
    pub(crate) fn tables(&mut self) -> (&mut TransTable, &mut History) {
        (&mut self.tt, &mut self.history)
    }

    /// Forgets everything learnt (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.history.clear();
    }

    /// Best move for the side to move on `board` under `rule`.
    pub fn search(&mut self, board: &Board, rule: Rule, limits: &StrongLimits) -> SearchResult {
        crate::profile_function!();
        let stop = Stopper::new(
            Arc::clone(&limits.clock),
            limits.time,
            limits.nodes,
            limits.stop.clone(),
        );
        let state = State::from_board(board, rule).with_network(self.network_for(rule));
        self.tt.new_search();
        self.history.age();
        let helpers = if limits.nodes.is_none() {
            self.threads - 1
        } else {
            0
        };
        let (tt, history) = (&self.tt, &mut self.history);
        let helpers_stop = Arc::new(AtomicBool::new(false));
        let iteration = Arc::new(AtomicI32::new(0));
        std::thread::scope(|scope| {
            let running: Vec<_> = (1..=helpers)
                .filter_map(|id| {
                    let helper = Helper {
                        state: state.clone(),
                        history: history.clone(),
                        clock: Arc::clone(&limits.clock),
                        stop: Arc::clone(&helpers_stop),
                        main_iteration: Arc::clone(&iteration),
                        id,
                    };
                    helper.spawn(scope, tt, limits.max_depth)
                })
                .collect();
            let mut s = Searcher::new(state, tt, history, stop);
            s.iteration = (helpers > 0).then_some(iteration);
            s.best_so_far = limits.best_so_far.clone();
            let mut result = SearchResult::default();
            let cells = think(&mut s, limits.max_depth, &mut result);
            helpers_stop.store(true, Ordering::Relaxed);
            let helper_nodes: u64 = running.into_iter().filter_map(|h| h.join().ok()).sum();
            finish(&s, &cells, helper_nodes, &mut result);
            result
        })
    }
}

/// Fills `result` from the main search `s`: its line `cells` and the work of all threads.
fn finish(s: &Searcher, cells: &[u16], helper_nodes: u64, result: &mut SearchResult) {
    result.pv = cells.iter().map(|&c| s.state.pos_of(c)).collect();
    result.best_move = result.pv.first().copied();
    result.stats = SearchStats {
        nodes: s.counters.nodes + helper_nodes,
        evaluations: s.counters.evaluations,
        elapsed: s.stop.elapsed(),
    };
    crate::profiler::counter("nodes", result.stats.nodes as f64);
}

/// A helper thread of a parallel search (Lazy SMP): it deepens the same position on its
/// own copy, and what it stores in the shared transposition table (bounds, best moves,
/// evaluations) steers and shortens the main search. Its own result is not used. Each
/// helper keeps a ply or two ahead of the main search's iteration (odd ones two), so
/// what it stores is deeper than what the main search has, and the threads are not all
/// on the same iteration.
struct Helper {
    state: State,
    history: History,
    clock: Arc<dyn Clock>,
    stop: Arc<AtomicBool>,
    main_iteration: Arc<AtomicI32>,
    id: usize,
}

impl Helper {
    /// Starts the helper on a thread of `scope`; `None` (logged) when the system has no
    /// thread to give: without a helper the search is only slower.
    fn spawn<'scope>(
        self,
        scope: &'scope std::thread::Scope<'scope, '_>,
        tt: &'scope TransTable,
        max_depth: u32,
    ) -> Option<std::thread::ScopedJoinHandle<'scope, u64>> {
        let id = self.id;
        std::thread::Builder::new()
            .name(format!("helper {id}"))
            .spawn_scoped(scope, move || self.run(tt, max_depth))
            .map_err(|e| log::warn!("cannot start search helper {id}: {e}"))
            .ok()
    }

    /// Deepens until told to stop or `max_depth` is done; returns its node count.
    fn run(mut self, tt: &TransTable, max_depth: u32) -> u64 {
        let stop = Stopper::new(self.clock, None, None, Some(self.stop));
        let mut s = Searcher::new(self.state, tt, &mut self.history, stop);
        let ahead = 1 + (self.id % 2) as i32;
        let (mut depth, mut score) = (ahead, 0);
        while depth <= max_depth as i32 {
            let (v, _) = aspiration(&mut s, depth, score);
            if s.stop.stopped() {
                break;
            }
            score = v;
            depth = (depth + 1).max(self.main_iteration.load(Ordering::Relaxed) + ahead);
        }
        s.counters.nodes
    }
}

/// The reply `c` of a position its threats decide, `plies` from the five.
fn settled(result: &mut SearchResult, c: u16, plies: usize) -> Vec<u16> {
    result.score = WIN - plies as i32;
    result.depth = 1;
    vec![c]
}

/// Runs the search; returns the principal variation and fills score and depth.
fn think(s: &mut Searcher, max_depth: u32, result: &mut SearchResult) -> Vec<u16> {
    if s.state.stone_count() == 0 {
        return vec![s.state.centre()];
    }
    let sit = situation(&mut s.state);
    // A four-three or three-three the opponent cannot answer with a four wins in five
    // plies; a win by fours, if there is one, comes first (every reply to it is forced).
    let won = sit.wins();
    if let Some((c, plies)) = won.filter(|_| !matches!(sit, Situation::WinsInFive(_))) {
        return settled(result, c, plies);
    }
    // The only move; with more depth allowed, search on for its score and line.
    if let (Situation::Forced(c), true) = (sit, max_depth <= 1) {
        return vec![c];
    }
    let vcf = root_vcf(s);
    // Only a win in five is left undecided above.
    if let (None, Some((c, plies))) = (&vcf, won) {
        return settled(result, c, plies);
    }
    if let Some(line) = vcf.or_else(|| root_vct(s)) {
        let plies = plies_to_five(&mut s.state, &line);
        result.score = WIN - plies as i32;
        result.depth = plies as u32;
        return line;
    }
    let reserve = s
        .stop
        .hold_back(check_share(s.state.stone_count()), s.counters.nodes);
    let mut pv = deepen(s, 1..=max_depth as i32, Vec::new(), result);
    let cut_off = s.stop.stopped();
    s.stop.release(reserve);
    let stands = avoid_threat_wins(s, max_depth, &mut pv, result);
    if let (Some(proven), true) = (stands, cut_off) {
        resume(s, max_depth, proven, &mut pv, result);
    }
    pv
}

/// Share of the time and nodes kept back from the deepening for [`avoid_threat_wins`]:
/// the deepening often runs to its limit, and a move that loses to a VCT the check would
/// find in a few thousand nodes must not be played for want of time to look. Matched at
/// 300 ms (80 games): 30% scored 70.0% against Pela and 74.4% against Carbon, 10% 71.9%
/// and 76.9%, with the median reply 231 ms instead of 181. Since the guard acts only on
/// a finished check, and turns time into nodes at the search's own rate: 20% (with the
/// first check's share at 70%) 85.6% against Carbon over 160 games and 84.4% against
/// Pela, 10% 84.1% and 82.5% in the same session (docs/tuning-sessions-early.md).
/// Since what the guard does not use goes back to the deepening ([`resume`]), 30%: the
/// deepening now runs to the end of the turn, and 20% of it left the first check too
/// little to see a 25-ply VCT on a 300 ms move's budget (`tests/strong_vct.rs`).
const THREAT_CHECK_SHARE: f64 = 0.3;

/// Up to this many stones on the board, the deepening keeps back only
/// [`OPENING_CHECK_SHARE`] for the guard: the lost White games are decided in the first
/// moves, by a ply of depth more than by threats (opening 5: depth 7 plays 8,6, after
/// which White's safe moves run out by ply 13; depth 8 plays 8,7), and a threat win is
/// rarely there to guard against. Matched beside main's runs of the same hours, the gain
/// in the White games: against Carbon +3.3 ± 4.2 points at 300 ms over 320 games and
/// +2.7 ± 6.5 and +3.8 ± 7.3 at 1 s over 80 each, against Pela +3.8 ± 5.6 at 300 ms
/// over 160 (docs/tuning-sessions-from-stop-48.md).
const OPENING_STONES: usize = 10;
const OPENING_CHECK_SHARE: f64 = 0.1;

/// The share of the time kept back from the deepening for the guard, by the stones on
/// the board.
fn check_share(stones: usize) -> f64 {
    if stones <= OPENING_STONES {
        OPENING_CHECK_SHARE
    } else {
        THREAT_CHECK_SHARE
    }
}

/// The chosen move must not let the opponent win by continuous threats: if it does,
/// the main search chooses again among the moves the guard proves safe, deepening in
/// all that is left of the time. `Some` when the move stands, with whether it was
/// proven safe; `None` when it was replaced or needs no check.
fn avoid_threat_wins(
    s: &mut Searcher,
    max_depth: u32,
    pv: &mut Vec<u16>,
    result: &mut SearchResult,
) -> Option<bool> {
    crate::profile_function!();
    let &mv = pv.first()?;
    if result.score.abs() >= MATE_BOUND || s.stop.stopped() {
        return None;
    }
    let safe = match guard::judge(s, mv) {
        Judgement::Safe => return Some(true),
        Judgement::Unproven => return Some(false),
        Judgement::Refuted(safe) => safe,
    };
    let &first = safe.first()?;
    *pv = vec![first];
    s.publish(first);
    if safe.len() == 1 || s.stop.stopped() {
        return None;
    }
    s.root_only = safe;
    let reserve = s.stop.deepen_to_hard();
    let from = (result.depth as i32 - 2).clamp(1, 6);
    let mut among_safe = SearchResult {
        score: result.score,
        ..SearchResult::default()
    };
    let line = deepen(s, from..=max_depth as i32, pv.clone(), &mut among_safe);
    s.stop.release(reserve);
    if line.first().is_some_and(|c| s.root_only.contains(c)) {
        *pv = line;
        result.score = among_safe.score;
    }
    s.root_only.clear();
    None
}

/// Share of what is left after the guard's check that is kept back again, to check a
/// move the resumed deepening comes to prefer.
const RECHECK_SHARE: f64 = 0.3;

/// What the guard left of the time goes back to the deepening when the hold-back cut an
/// iteration off. The guard usually settles the chosen move in a few thousand nodes, and
/// the time it kept back (three tenths of what was left) was idle: the iteration is searched again
/// (the table keeps what it found) to the hard limit, less a share to check a new
/// choice. A new choice is played when the check proves it safe, or when it cannot tell
/// and the old choice was not proven safe either (`proven`): a move the threat searches
/// cannot settle is where a long VCT hides, and a proven move is not given up for it.
fn resume(
    s: &mut Searcher,
    max_depth: u32,
    proven: bool,
    pv: &mut Vec<u16>,
    result: &mut SearchResult,
) {
    crate::profile_function!();
    let first = result.depth as i32 + 1;
    if s.stop.check(s.counters.nodes) || first > max_depth as i32 {
        return;
    }
    let reserve = s.stop.hold_back(RECHECK_SHARE, s.counters.nodes);
    let mut resumed = SearchResult {
        depth: result.depth,
        score: result.score,
        ..SearchResult::default()
    };
    // Its choice is not the move until the guard has checked it.
    let slot = s.best_so_far.take();
    let line = deepen(s, first..=max_depth as i32, pv.clone(), &mut resumed);
    s.best_so_far = slot;
    s.stop.release(reserve);
    let Some(&mv) = line.first() else { return };
    if pv.first() != Some(&mv) {
        let nodes = s.stop.node_share(1.0, s.counters.nodes);
        match guard::check(s, mv, nodes) {
            Verdict::Safe => {}
            Verdict::Unknown if !proven => {}
            Verdict::Unknown | Verdict::Refuted(_) => return,
        }
    }
    s.publish(mv);
    *pv = line;
    result.depth = resumed.depth;
    result.score = resumed.score;
}

/// A win by continuous fours for the side to move, within a share of the budget.
fn root_vcf(s: &mut Searcher) -> Option<Vec<u16>> {
    crate::profile_function!();
    // Up to half: a search that finds nothing ends long before (fours run out fast),
    // and one that finds a win ends the move.
    let budget = s.stop.node_share(0.5, s.counters.nodes);
    let mut nodes = s.counters.nodes;
    let line = Vcf::new(&mut s.state, &mut s.stop, &mut nodes, budget).solve();
    s.counters.nodes = nodes;
    line
}

/// Share of the budget for the VCT at the root. A VCT node costs about three search
/// nodes (each defence is tried on the board): 5% of the nodes is some 15% of the time.
/// Matched at 300 ms against Carbon (80 games): 15% scored 68.8%, 5% 79.7%.
const ROOT_VCT_SHARE: f64 = 0.05;

/// A win by continuous threats (threes and fours) within its own share of the budget.
/// Threes and fours only, as in the guard ([`super::guard::check`] says why).
fn root_vct(s: &mut Searcher) -> Option<Vec<u16>> {
    crate::profile_function!();
    let budget = s.stop.node_share(ROOT_VCT_SHARE, s.counters.nodes);
    let mut nodes = s.counters.nodes;
    let line = Vct::new(&mut s.state, &mut s.stop, &mut nodes, budget)
        .threes_and_fours_only()
        .solve(vct::MAX_THREATS)
        .filter(|line| !line.is_empty());
    s.counters.nodes = nodes;
    line
}

/// Iterative deepening with aspiration windows over `depths`, from the line `pv` and
/// the score in `result` found before them (none at first).
fn deepen(
    s: &mut Searcher,
    depths: std::ops::RangeInclusive<i32>,
    mut pv: Vec<u16>,
    result: &mut SearchResult,
) -> Vec<u16> {
    let mut score = result.score;
    for depth in depths {
        let _scope = crate::profiler::Scope::new("iteration");
        if let Some(started) = &s.iteration {
            started.store(depth, Ordering::Relaxed);
        }
        let (v, line) = aspiration(s, depth, score);
        if s.stop.stopped() {
            // An unfinished iteration counts only if a move finished in it and beat the
            // previous best (the first move searched is that best move).
            if line.first().is_some_and(|f| pv.first() != Some(f)) && s.root_score > score {
                pv = line;
                score = s.root_score;
            }
            let _ = v;
            break;
        }
        score = v;
        if let Some(&best) = line.first() {
            s.publish(best);
            pv = line;
        }
        result.depth = depth as u32;
        result.score = score;
        let proven_at = WIN - score.abs();
        if score.abs() >= MATE_BOUND && depth > proven_at + 1 {
            break;
        }
        if !s.stop.may_deepen(s.counters.nodes) {
            break;
        }
    }
    result.score = score;
    if pv.is_empty() {
        pv = fallback(s);
    }
    pv
}

/// One iteration: a narrow window around the last score, widened on failure.
pub(crate) fn aspiration(s: &mut Searcher, depth: i32, last: i32) -> (i32, Vec<u16>) {
    let mut delta = 40;
    let (mut alpha, mut beta) = if depth >= 4 && last.abs() < MATE_BOUND {
        (last - delta, last + delta)
    } else {
        (-INF, INF)
    };
    loop {
        let v = s.search(depth, alpha, beta, 0, true, false);
        let line = s.root_pv();
        if s.stop.stopped() {
            return (v, line);
        }
        if v <= alpha && alpha > -INF {
            alpha = if v.abs() >= MATE_BOUND {
                -INF
            } else {
                (v - delta).max(-INF)
            };
        } else if v >= beta && beta < INF {
            beta = if v.abs() >= MATE_BOUND {
                INF
            } else {
                (v + delta).min(INF)
            };
        } else {
            return (v, line);
        }
        delta *= 3;
    }
}

/// The best-ordered legal move: the answer when not even depth 1 finished.
fn fallback(s: &mut Searcher) -> Vec<u16> {
    let mut cells = Vec::new();
    s.state.candidates(&mut cells);
    super::movegen::retain_legal(&mut s.state, &mut cells);
    let me = s.state.side_to_move();
    let st = &s.state;
    let best = cells.iter().copied().max_by_key(|&c| st.order_score(c, me));
    match best {
        Some(c) => vec![c],
        None => (0..super::state::CELLS as u16)
            .find(|&c| st.is_empty(c))
            .filter(|&c| c != NONE)
            .into_iter()
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::strong::tt::Bound;

    #[test]
    fn the_opening_keeps_less_back_for_the_guard_than_later() {
        // A three-stone opening and White's third stone still count as the opening.
        assert_eq!(check_share(3), OPENING_CHECK_SHARE);
        assert_eq!(check_share(OPENING_STONES), OPENING_CHECK_SHARE);
        assert_eq!(check_share(OPENING_STONES + 1), THREAT_CHECK_SHARE);
        const { assert!(OPENING_CHECK_SHARE < THREAT_CHECK_SHARE) };
    }

    #[test]
    fn a_size_that_changes_nothing_keeps_the_table() {
        let bytes = 5 << 20; // not a power of two: the table takes 4 MB of it
        let mut engine = StrongEngine::new(bytes);
        engine.tt.store(42, 0, 17, 5, 6, Bound::Exact, 300);
        engine.set_tt_bytes(bytes);
        assert_eq!(engine.tt.probe(42, 0).map(|h| h.mv), Some(300), "kept");
        engine.set_tt_bytes(8 << 20);
        assert_eq!(engine.tt_bytes(), 8 << 20);
        assert_eq!(engine.tt.probe(42, 0), None, "a new size starts empty");
    }
}
