//! Principal-variation search with a transposition table, null-move and futility
//! pruning, late-move reductions (half for threes and their blocks off the principal
//! variation), a ply less at expected cut nodes far above beta, extensions for the
//! reply to a four and the defence against an open three, and a quiescence search of
//! continuous fours (a VCF search) at the horizon.

use super::eval::evaluate;
use super::history::History;
use super::movegen::{situation, ScoredMove, Situation};
use super::state::{State, NONE};
use super::threat::Threat;
use super::time::Stopper;
use super::tt::{Bound, TransTable, DEPTH_NONE};
use picker::Picker;
use std::ops::ControlFlow;
use std::sync::atomic::AtomicI32;
use std::sync::Arc;

mod picker;

/// Score of a five made at the root; a win `n` plies away scores `WIN - n`.
pub const WIN: i32 = crate::engine::search::WIN;
/// Deepest ply any line may reach (main search, extensions and fours included).
pub const MAX_PLY: usize = 120;
/// Scores at or beyond this (in absolute value) are proven wins or losses.
pub const MATE_BOUND: i32 = WIN - 2 * MAX_PLY as i32;
/// Wider than any score.
pub const INF: i32 = WIN + 1;
/// Late-move pruning applies up to this depth.
const LMP_DEPTH: i32 = 4;

/// Whether a move carries on an attack, so it is reduced a ply less: the mover's move
/// two plies up made an open three or better (`before`), and this one (`mine`) does
/// too, or makes two twos on a line within reach of that stone (`near_before`, asked
/// only then). An idea read in Rapfi. Against Pela and Carbon it scored about 3 points
/// more at 1 s a move and about 1 less at 300 ms, 576 games at each
/// (`docs/tuning-sessions.md`): the tree grows in tactical positions, which a deeper
/// search can afford.
fn continues_attack(before: Threat, mine: Threat, near_before: impl FnOnce() -> bool) -> bool {
    before >= Threat::Flex3 && (mine >= Threat::Flex3 || (mine >= Threat::Flex2x2 && near_before()))
}

/// Quiet moves searched at `depth` before late-move pruning starts.
#[inline]
fn lmp_limit(depth: i32) -> usize {
    (3 + depth * depth) as usize
}

/// Late-move reductions grow with ln(depth) * ln(move number) / this. Matched against
/// Carbon at 300 ms (80 games): 2.2 scored 56.9%, 1.2 with the not-improving step below
/// 63.8%; at 100 ms 38.8% against 50.3% (160 games).
const LMR_DIVISOR: f64 = 1.2;

/// Fail-high reduction: at an expected cut node whose static value is this much per ply
/// of depth above beta, every move but our fours is searched a ply shallower.
const FAIL_HIGH_MARGIN: i32 = 60;

/// Nodes between two looks at whether an analysis progress report is due.
const PROGRESS_NODES: u64 = 4096;

/// Fours tried in a row by the quiescence search.
const QUIESCENCE_FOURS: u32 = 10;
/// Past this many fours in a row the quiescence search plays only fours that make more
/// than a four (a plain four each ply let positions full of fours explode: a
/// depth-1 search of 160k nodes in one match position).
const PLAIN_FOURS: u32 = 3;

/// What a move does to the threats on its lines, for the late-move reductions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum MoveKind {
    /// An open three or better for either side: ours, or a block of theirs.
    Tactical,
    /// Two twos, or a closed three with more, for either side (no open three yet):
    /// where the next move makes a double threat.
    Shaping,
    Quiet,
}

impl MoveKind {
    /// The kind of a move from the threat classes it has for the mover (`mine`) and for
    /// the opponent on the same cell (`theirs`, what the move takes away).
    fn of(mine: Threat, theirs: Threat) -> MoveKind {
        if mine >= Threat::Flex3 || theirs >= Threat::Flex3 {
            MoveKind::Tactical
        } else if mine >= Threat::Flex2x2 || theirs >= Threat::Flex2x2 {
            MoveKind::Shaping
        } else {
            MoveKind::Quiet
        }
    }
}

/// Late-move reductions by depth and move number.
fn reduction_table() -> Box<[[u8; 64]; 64]> {
    let mut table = Box::new([[0u8; 64]; 64]);
    for (d, row) in table.iter_mut().enumerate().skip(1) {
        for (m, r) in row.iter_mut().enumerate().skip(1) {
            *r = (0.4 + (d as f64).ln() * (m as f64).ln() / LMR_DIVISOR) as u8;
        }
    }
    table
}

/// Late-move reduction of the `i`th move (from 0) of `node`, from the `table` by depth
/// and move number: none for the first two moves or near the horizon; a tactical move
/// is reduced half as much, and not at all on the principal variation; a shaping move
/// a ply less than a quiet one (matched at 300 ms: 87.5% against Pela over 160 games and
/// 76.9% against Carbon over 240, where reducing it as a quiet move scored 82.5% and
/// 75.6%); at an expected cut node a non-tactical move that is reduced at all, a ply
/// more (80.2% against Carbon and 80.2% against Pela over 240 games each, where the
/// same build without it scored 76.3% and 80.6% over 80 in the same hours). See
/// `docs/tuning-sessions-early.md`.
fn reduction(table: &[[u8; 64]; 64], node: &Node, i: usize, kind: MoveKind) -> i32 {
    let tactical = kind == MoveKind::Tactical;
    if node.depth < 3 || i < 2 || (tactical && node.pv) {
        return 0;
    }
    let mut r = table[node.depth.min(63) as usize][i.min(63)] as i32;
    if node.pv {
        r -= 1;
    } else if !node.improving && r > 1 {
        r += 1;
    }
    let r = match kind {
        MoveKind::Tactical => return r / 2,
        MoveKind::Shaping => r - 1,
        MoveKind::Quiet => r,
    };
    if node.cut && r > 0 {
        r + 1
    } else {
        r
    }
}

#[inline]
pub fn mate_in(ply: usize) -> i32 {
    WIN - ply as i32
}
#[inline]
pub fn mated_in(ply: usize) -> i32 {
    -(WIN - ply as i32)
}

/// Per-ply scratch space, reused so the search loop does not allocate.
#[derive(Clone, Default)]
struct Frame {
    cells: Vec<u16>,
    moves: Vec<ScoredMove>,
    killers: [u16; 2],
    eval: i32,
    /// This node's moves cost no depth (its children read it: see `search_moves`).
    extended: bool,
    /// The threat class the move being searched here makes for its mover.
    made: Threat,
}

/// A node's search window.
#[derive(Clone, Copy)]
struct Window {
    alpha: i32,
    beta: i32,
}

/// What the move loop and static pruning need to know of a node.
#[derive(Clone, Copy)]
struct Node {
    ply: usize,
    /// Plies left to search.
    depth: i32,
    /// On the principal variation (full window).
    pv: bool,
    /// Expected to fail high (a null-window search of a late move).
    cut: bool,
    sit: Situation,
    /// Static value for the side to move.
    eval: i32,
    /// The side to move's evaluation rose since its previous move: reduce less.
    improving: bool,
}

/// What the move loop of a node decides once for all its moves.
struct Plan {
    /// The node answers a four: every move is the only block.
    forced: bool,
    /// Moves cost no depth here (see [`Searcher::plan`]).
    extended: bool,
    /// An expected cut node far above beta: every move but a four a ply shallower.
    likely_fail_high: bool,
}

/// Late quiet moves near the horizon: once a few have been tried, the rest (ordered
/// worse) are unlikely to matter. A double two or a three with a two (tomorrow's double
/// threat) is kept, and so is every move until one has escaped a proven loss.
#[inline]
fn late_move_pruned(
    node: &Node,
    mine: Threat,
    kind: MoveKind,
    best: i32,
    quiets_searched: usize,
) -> bool {
    !node.pv
        && kind != MoveKind::Tactical
        && mine < Threat::Flex2x2
        && node.sit == Situation::Quiet
        && best > -MATE_BOUND
        && node.depth <= LMP_DEPTH
        && quiets_searched >= lmp_limit(node.depth)
}

/// Work counters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    pub nodes: u64,
    pub evaluations: u64,
    /// Deepest ply reached (selective depth).
    pub sel_depth: usize,
}

/// One search in progress: the position and everything the recursion shares.
pub struct Searcher<'a> {
    pub state: State,
    tt: &'a TransTable,
    history: &'a mut History,
    pub stop: Stopper,
    pub counters: Counters,
    frames: Vec<Frame>,
    scratch: Vec<u16>,
    pv: Box<[[u16; MAX_PLY]; MAX_PLY]>,
    pv_len: [usize; MAX_PLY],
    /// LMR reductions by depth and move number.
    reductions: Box<[[u8; 64]; 64]>,
    /// The value of the last root move that raised alpha (its line is `root_pv`).
    pub root_score: i32,
    /// Root moves not to search (multi-PV: the lines already found this iteration).
    pub root_exclude: Vec<u16>,
    /// When not empty, the only root moves to search (the threat guard's safe moves).
    pub root_only: Vec<u16>,
    /// When present, where the deepening tells a parallel search's helpers which
    /// iteration it has started (they keep a ply ahead of it).
    pub iteration: Option<Arc<AtomicI32>>,
    /// When present, how many times the search played each cell (analysis heatmap).
    pub heat: Option<Box<[u32; super::state::CELLS]>>,
    /// When present, where each finished iteration's choice is written (the brain's
    /// watchdog answers with it if the search thread is late).
    pub best_so_far: Option<Arc<super::best_so_far::BestSoFar>>,
    /// Analysis only: reports progress every so often while the search runs.
    pub reporter: Option<super::analysis::Reporter<'a>>,
    /// Node count at which the reporter is next asked whether progress is due (a
    /// threshold, not a multiple: threat searches add their nodes in bulk).
    progress_at: u64,
}

impl<'a> Searcher<'a> {
    pub fn new(
        state: State,
        tt: &'a TransTable,
        history: &'a mut History,
        stop: Stopper,
    ) -> Searcher<'a> {
        Searcher {
            state,
            tt,
            history,
            stop,
            counters: Counters::default(),
            frames: vec![Frame::default(); MAX_PLY + 1],
            scratch: Vec::with_capacity(512),
            pv: Box::new([[NONE; MAX_PLY]; MAX_PLY]),
            pv_len: [0; MAX_PLY],
            reductions: reduction_table(),
            root_score: 0,
            root_exclude: Vec::new(),
            root_only: Vec::new(),
            iteration: None,
            heat: None,
            best_so_far: None,
            reporter: None,
            progress_at: PROGRESS_NODES,
        }
    }

    /// The principal variation found by the last search from ply 0.
    pub fn root_pv(&self) -> Vec<u16> {
        self.pv[0][..self.pv_len[0]].to_vec()
    }

    /// Writes `cell` as the move the search would play now, if anyone reads it.
    pub fn publish(&self, cell: u16) {
        if let Some(slot) = &self.best_so_far {
            slot.set(self.state.pos_of(cell));
        }
    }

    /// Static evaluation for the side to move.
    #[inline]
    pub fn evaluate(&mut self) -> i32 {
        self.counters.evaluations += 1;
        evaluate(&mut self.state)
    }

    /// Makes a move of the search (counted in the heatmap when there is one).
    #[inline]
    fn play(&mut self, cell: u16) {
        if let Some(h) = self.heat.as_mut() {
            h[cell as usize] += 1;
        }
        self.state.make(cell);
    }

    #[inline]
    fn enter(&mut self, ply: usize) -> bool {
        self.pv_len[ply] = ply;
        self.counters.nodes += 1;
        self.counters.sel_depth = self.counters.sel_depth.max(ply);
        if self.counters.nodes >= self.progress_at && self.reporter.is_some() {
            self.progress_at = self.counters.nodes + PROGRESS_NODES;
            super::analysis::progress(self);
        }
        self.stop.check(self.counters.nodes)
    }

    /// Records `cell` as the best move at `ply`, followed by the child's line.
    fn set_pv(&mut self, ply: usize, cell: u16) {
        self.pv[ply][ply] = cell;
        let end = if ply + 1 < MAX_PLY {
            self.pv_len[ply + 1].max(ply + 1)
        } else {
            ply + 1
        };
        for i in ply + 1..end {
            self.pv[ply][i] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = end;
    }

    /// A line that ends here: `cell` wins (or is the only move) and nothing follows.
    fn set_pv_leaf(&mut self, ply: usize, cell: u16) {
        self.pv[ply][ply] = cell;
        self.pv_len[ply] = ply + 1;
    }

    /// The value of the immediate threats, if they decide the node.
    #[inline]
    fn decided(&mut self, sit: Situation, ply: usize) -> Option<i32> {
        if sit == Situation::Lost {
            return Some(mated_in(ply + 2));
        }
        let (c, plies) = sit.wins()?;
        self.set_pv_leaf(ply, c);
        Some(mate_in(ply + plies))
    }

    /// Negamax value of the position for the side to move, searched `depth` plies deep.
    /// `cut_node`: a zero-window node expected to fail high (its parent's late move).
    pub fn search(
        &mut self,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        pv_node: bool,
        cut_node: bool,
    ) -> i32 {
        if self.enter(ply) {
            return 0;
        }
        let sit = situation(&mut self.state);
        let mut window = Window { alpha, beta };
        if let Some(v) = self.without_moves(sit, depth, &mut window, ply) {
            return v;
        }
        let key = self.state.hash();
        let (tt_move, eval) = match self.probe(key, sit, depth, window, ply, pv_node) {
            ControlFlow::Break(v) => return v,
            ControlFlow::Continue(found) => found,
        };
        self.frames[ply].eval = eval;
        // Until the move loop sets it: a null move's grandchildren read it.
        self.frames[ply].made = Threat::None;
        // Until `search_moves` sets it: the null move's child (from `prune`) reads it first.
        self.frames[ply].extended = false;
        let node = Node {
            ply,
            depth,
            pv: pv_node,
            cut: cut_node,
            sit,
            eval,
            improving: ply < 2 || eval > self.frames[ply - 2].eval,
        };
        if let Some(v) = self.prune(node, window) {
            return v;
        }
        let mut picker = Picker::new(self, sit, ply, tt_move);
        if picker.is_empty() {
            picker.finish(self);
            // No move stops the opponent's open four: it comes, then its five.
            return mated_in(ply + 4);
        }
        let outcome = self.search_moves(&mut picker, node, window);
        picker.finish(self);
        let Some((best, best_move)) = outcome else {
            return 0;
        };
        if best == -INF {
            // Every root move was excluded (multi-PV asked for more lines than exist).
            return -INF;
        }
        let bound = if best >= window.beta {
            Bound::Lower
        } else if pv_node && best > window.alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(key, ply, best, eval, depth, bound, best_move);
        best
    }

    /// The node's value when it needs no move loop: decided by the threats, a full board,
    /// the ply limit, the horizon (quiescence), or a window the mate distances close.
    /// Narrows `window` to those distances.
    #[inline]
    fn without_moves(
        &mut self,
        sit: Situation,
        depth: i32,
        window: &mut Window,
        ply: usize,
    ) -> Option<i32> {
        if let Some(v) = self.decided(sit, ply) {
            return Some(v);
        }
        if self.state.is_full() {
            return Some(0);
        }
        if ply >= MAX_PLY - 4 {
            return Some(self.evaluate());
        }
        if depth <= 0 {
            return Some(self.quiescence(window.alpha, window.beta, ply, 0));
        }
        window.alpha = window.alpha.max(mated_in(ply));
        window.beta = window.beta.min(mate_in(ply + 1));
        (window.alpha >= window.beta).then_some(window.alpha)
    }

    /// What the transposition table knows of the node: `Break` with its value when an
    /// entry settles it, else the table's move (or [`NONE`]) and the static value (read
    /// from the entry, or evaluated and stored for next time).
    fn probe(
        &mut self,
        key: u64,
        sit: Situation,
        depth: i32,
        window: Window,
        ply: usize,
        pv_node: bool,
    ) -> ControlFlow<i32, (u16, i32)> {
        let hit = self.tt.probe(key, ply);
        if let Some(h) = hit {
            let usable = match h.bound {
                Bound::Exact => true,
                Bound::Lower => h.score >= window.beta,
                Bound::Upper => h.score <= window.alpha,
                Bound::None => false,
            };
            if !pv_node && usable && h.depth >= depth {
                return ControlFlow::Break(h.score);
            }
        }
        let tt_move = hit.map_or(NONE, |h| h.mv);
        let eval = match hit {
            _ if matches!(sit, Situation::Forced(_)) => -self.frames[ply.saturating_sub(1)].eval,
            Some(h) if h.depth > DEPTH_NONE || h.bound == Bound::None => h.eval,
            _ => {
                let e = self.evaluate();
                self.tt.store(key, ply, 0, e, DEPTH_NONE, Bound::None, NONE);
                e
            }
        };
        ControlFlow::Continue((tt_move, eval))
    }

    /// The move loop of a node: the best value and move found (`-INF` and [`NONE`] when
    /// every move was skipped), or `None` when the search was stopped.
    fn search_moves(
        &mut self,
        picker: &mut Picker,
        node: Node,
        window: Window,
    ) -> Option<(i32, u16)> {
        let Window { mut alpha, beta } = window;
        let (ply, me) = (node.ply, self.state.side_to_move());
        let plan = self.plan(&node, beta);
        self.frames[ply].extended = plan.extended;
        let mut best = -INF;
        let mut best_move = NONE;
        let mut quiets_tried: [u16; 32] = [NONE; 32];
        let mut n_quiets = 0;
        let mut quiets_searched = 0;
        let mut i = 0;
        while let Some(cell) = picker.next(self) {
            if self.excluded_at_root(ply, cell) {
                continue;
            }
            let mine = self.state.threat(cell, me);
            let kind = MoveKind::of(mine, self.state.threat(cell, 1 - me));
            let tactical = kind == MoveKind::Tactical;
            if late_move_pruned(&node, mine, kind, best, quiets_searched) {
                continue;
            }
            if !tactical {
                quiets_searched += 1;
            }
            let (new_depth, r) = self.child_depth(&node, &plan, i, cell, mine, kind);
            self.frames[ply].made = mine;
            if new_depth > 0 {
                self.tt.prefetch(self.state.hash_after(cell));
            }
            self.play(cell);
            let v = self.pvs_child(node, new_depth, r, alpha, beta);
            self.state.unmake();
            if self.stop.stopped() {
                return None;
            }
            if v > best {
                best = v;
                if v > alpha {
                    best_move = cell;
                    alpha = v;
                    if node.pv {
                        self.set_pv(ply, cell);
                        if ply == 0 {
                            self.root_score = v;
                        }
                    }
                    if v >= beta {
                        if !tactical {
                            self.on_cutoff(ply, cell, node.depth, &quiets_tried[..n_quiets]);
                        }
                        break;
                    }
                }
            }
            if !tactical && n_quiets < quiets_tried.len() {
                quiets_tried[n_quiets] = cell;
                n_quiets += 1;
            }
            i += 1;
        }
        Some((best, best_move))
    }

    /// What holds for every move of `node`. A forced reply costs no depth: threat
    /// sequences are searched to the end. Nor does a defence against an open three,
    /// unless it answers a move that was itself extended (a counter-three): an attack by
    /// threes is seen twice as deep, and a ping-pong of threes still costs a ply every
    /// second move.
    #[inline]
    fn plan(&self, node: &Node, beta: i32) -> Plan {
        let forced = matches!(node.sit, Situation::Forced(_));
        let after_extended = node.ply > 0 && self.frames[node.ply - 1].extended;
        Plan {
            forced,
            extended: forced || (node.sit == Situation::DefendFour && !after_extended),
            likely_fail_high: !node.pv
                && node.cut
                && node.sit == Situation::Quiet
                && node.eval >= beta + FAIL_HIGH_MARGIN * node.depth,
        }
    }

    /// Root moves left out by a multi-PV search or outside the guard's safe set.
    #[inline]
    fn excluded_at_root(&self, ply: usize, cell: u16) -> bool {
        ply == 0
            && (self.root_exclude.contains(&cell)
                || !(self.root_only.is_empty() || self.root_only.contains(&cell)))
    }

    /// The depth the `i`th move's child (the move at `cell`, making `mine` for the mover)
    /// is searched to, and its late-move reduction (`None` for the first move: searched
    /// with the full window, no reduction), a ply less when it carries on an attack.
    #[inline]
    fn child_depth(
        &self,
        node: &Node,
        plan: &Plan,
        i: usize,
        cell: u16,
        mine: Threat,
        kind: MoveKind,
    ) -> (i32, Option<i32>) {
        let four = mine >= Threat::Block4;
        let mut new_depth = if plan.extended {
            node.depth
        } else {
            node.depth - 1
        };
        if plan.likely_fail_high && !four {
            new_depth -= 1;
        }
        let r = if i == 0 {
            None
        } else if plan.forced || four {
            Some(0)
        } else {
            let r = reduction(&self.reductions, node, i, kind).clamp(0, (new_depth - 1).max(0));
            let before = match node.ply {
                0 | 1 => Threat::None,
                ply => self.frames[ply - 2].made,
            };
            if r > 0 && continues_attack(before, mine, || self.state.beside_own_last(cell)) {
                Some(r - 1)
            } else {
                Some(r)
            }
        };
        (new_depth, r)
    }

    /// Searches the move just played, principal-variation style: the first move (`r` is
    /// `None`) with the node's window; a later one with a null window `r` plies shallower,
    /// again at full depth when that beats alpha, and with the full window when it lands
    /// inside it on the principal variation.
    fn pvs_child(&mut self, node: Node, depth: i32, r: Option<i32>, alpha: i32, beta: i32) -> i32 {
        let ply = node.ply + 1;
        let Some(r) = r else {
            return -self.search(depth, -beta, -alpha, ply, node.pv, !node.pv && !node.cut);
        };
        let mut v = -self.search(depth - r, -alpha - 1, -alpha, ply, false, true);
        if v > alpha && r > 0 {
            v = -self.search(depth, -alpha - 1, -alpha, ply, false, !node.cut);
        }
        if v > alpha && v < beta && node.pv {
            v = -self.search(depth, -beta, -alpha, ply, true, false);
        }
        v
    }

    /// Static pruning of a non-PV node without threats against the side to move:
    /// reverse futility, razoring and null move. `Some(value)` cuts the node.
    fn prune(&mut self, node: Node, window: Window) -> Option<i32> {
        let Node {
            ply,
            depth,
            sit,
            eval,
            ..
        } = node;
        let Window { alpha, beta } = window;
        if node.pv || sit != Situation::Quiet || beta.abs() >= MATE_BOUND {
            return None;
        }
        let me = self.state.side_to_move();
        // Our own fours may turn the game: keep nodes where we have one to play.
        let my_fours = self.state.count_at_least(me, Threat::Block4) > 0;
        if depth <= 3 && eval - 90 * depth >= beta && !my_fours {
            return Some(eval);
        }
        if depth <= 2 && eval + 150 * depth < alpha {
            let v = self.quiescence(alpha, alpha + 1, ply, 0);
            if v <= alpha {
                return Some(v);
            }
        }
        if depth >= 3 && eval >= beta && self.state.move_back(0) != NONE {
            let r = 2 + depth / 4;
            self.state.pass();
            let v = -self.search(depth - 1 - r, -beta, -beta + 1, ply + 1, false, !node.cut);
            self.state.unmake();
            if self.stop.stopped() {
                return Some(0);
            }
            if v >= beta {
                return Some(if v >= MATE_BOUND { beta } else { v });
            }
        }
        None
    }

    fn on_cutoff(&mut self, ply: usize, cell: u16, depth: i32, tried: &[u16]) {
        let me = self.state.side_to_move();
        let k = &mut self.frames[ply].killers;
        if k[0] != cell {
            k[1] = k[0];
            k[0] = cell;
        }
        let bonus = depth * depth;
        self.history.reward(me, cell, bonus);
        for &c in tried {
            self.history.reward(me, c, -bonus);
        }
    }

    /// The horizon: stand pat on the static evaluation, or continue with fours (each
    /// answered by its only block) while they may lead to a win.
    pub fn quiescence(&mut self, mut alpha: i32, beta: i32, ply: usize, fours: u32) -> i32 {
        if self.enter(ply) {
            return 0;
        }
        let sit = situation(&mut self.state);
        if let Some(v) = self.decided(sit, ply) {
            return v;
        }
        if self.state.is_full() {
            return 0;
        }
        if ply >= MAX_PLY - 2 {
            return self.evaluate();
        }
        if let Situation::Forced(block) = sit {
            self.play(block);
            let v = -self.quiescence(-beta, -alpha, ply + 1, fours);
            self.state.unmake();
            if v > alpha {
                self.set_pv(ply, block);
            }
            return v;
        }
        let stand = self.evaluate();
        if stand >= beta || fours >= QUIESCENCE_FOURS {
            return stand;
        }
        let mut best = stand;
        alpha = alpha.max(stand);
        let mut cells = std::mem::take(&mut self.frames[ply].cells);
        self.four_moves(&mut cells, fours);
        for &c in &cells {
            self.play(c);
            let v = -self.quiescence(-beta, -alpha, ply + 1, fours + 1);
            self.state.unmake();
            if self.stop.stopped() {
                break;
            }
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    self.set_pv(ply, c);
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        self.frames[ply].cells = cells;
        best
    }

    /// The fours the quiescence search tries, strongest first: next to our previous move
    /// (a continuous attack), and for the first of them only a four with more behind it.
    fn four_moves(&mut self, out: &mut Vec<u16>, fours: u32) {
        let me = self.state.side_to_move();
        out.clear();
        for c in self.state.cells_with(me, Threat::Block4) {
            let t = self.state.threat(c, me);
            // Continuous attack only: next to our previous stone; the first four of the
            // line must carry more than itself.
            let near = self.state.beside_own_last(c);
            let keep = near && (t >= Threat::Block4Plus || fours < PLAIN_FOURS);
            if keep {
                out.push(c);
            }
        }
        let s = &self.state;
        out.sort_by_key(|&c| std::cmp::Reverse(s.threat(c, me)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_kinds_follow_both_sides_threats() {
        use Threat::*;
        assert_eq!(MoveKind::of(Flex3, None), MoveKind::Tactical);
        assert_eq!(MoveKind::of(None, Block4), MoveKind::Tactical);
        assert_eq!(MoveKind::of(Flex2x2, Flex2), MoveKind::Shaping);
        assert_eq!(MoveKind::of(Block3, Block3Plus), MoveKind::Shaping);
        assert_eq!(MoveKind::of(Block3, Flex2), MoveKind::Quiet);
    }

    /// At every depth and move number: a shaping move is reduced less than a quiet one
    /// (where a quiet one is reduced at all, outside a cut node), a tactical one no more than a shaping one,
    /// and the first two moves and the plies near the horizon not at all.
    #[test]
    fn reductions_order_quiet_shaping_tactical() {
        let table = reduction_table();
        for depth in 1..40 {
            for i in 0..60 {
                for (pv, cut, improving) in [
                    (false, false, false),
                    (false, false, true),
                    (false, true, true),
                    (true, false, true),
                ] {
                    let node = node(depth, pv, cut, improving);
                    let r = |kind| reduction(&table, &node, i, kind);
                    let (quiet, shaping) = (r(MoveKind::Quiet), r(MoveKind::Shaping));
                    if depth < 3 || i < 2 {
                        assert_eq!((quiet, shaping), (0, 0));
                    }
                    if quiet > 0 && !cut {
                        assert_eq!(shaping, quiet - 1, "depth {depth} move {i}");
                    }
                    assert!(shaping <= quiet);
                    assert!(r(MoveKind::Tactical) <= shaping.max(0) + 1);
                    assert!(r(MoveKind::Tactical) <= quiet);
                }
            }
        }
        // Deep and late, a quiet move is reduced by more than one ply.
        let deep = node(12, false, false, false);
        assert!(reduction(&table, &deep, 20, MoveKind::Quiet) >= 2);
    }

    #[test]
    fn an_attack_continues_from_an_open_three_with_a_three_or_two_twos_nearby() {
        use Threat::*;
        let far = || false;
        let near = || true;
        assert!(continues_attack(Flex3, Flex3, far));
        assert!(continues_attack(Block4Plus, Flex3x2, far));
        assert!(continues_attack(Flex3, Flex2x2, near));
        assert!(!continues_attack(Flex3, Flex2x2, far));
        assert!(!continues_attack(Flex3, Block3, near));
        assert!(!continues_attack(Flex2x2, Flex3, near));
        assert!(!continues_attack(None, Block4, near));
        // Where the first test decides, the position is not looked at.
        let unasked = || panic!("asked about a line it does not need");
        assert!(!continues_attack(Block3Plus, Flex2x2, unasked));
        assert!(continues_attack(Flex3, Flex3, unasked));
    }

    #[test]
    fn an_expected_cut_node_reduces_quiet_moves_a_ply_more() {
        let table = reduction_table();
        for depth in 3..40 {
            for i in 2..60 {
                let plain = node(depth, false, false, true);
                let cut = node(depth, false, true, true);
                for kind in [MoveKind::Quiet, MoveKind::Shaping] {
                    let (a, b) = (
                        reduction(&table, &plain, i, kind),
                        reduction(&table, &cut, i, kind),
                    );
                    assert_eq!(b, if a > 0 { a + 1 } else { 0 }, "depth {depth} move {i}");
                }
                let t = MoveKind::Tactical;
                assert_eq!(
                    reduction(&table, &plain, i, t),
                    reduction(&table, &cut, i, t)
                );
            }
        }
    }

    fn node(depth: i32, pv: bool, cut: bool, improving: bool) -> Node {
        Node {
            ply: 2,
            depth,
            pv,
            cut,
            sit: Situation::Quiet,
            eval: 0,
            improving,
        }
    }
}
