//! The root's guard against the opponent's threat wins. A move the deepening likes may
//! let the opponent win by continuous fours or threes, a line too long for the main
//! search's horizon but one the threat searches find in a few thousand nodes. The chosen
//! move is checked; if the opponent wins after it, the guard looks for moves after which
//! the opponent provably does not (first the opponent's key points: the cells of its
//! winning line and those where it would make a four, or an open three with more; then
//! the best-ordered candidates) and lets the main search choose among those.
//!
//! Measured on 48 positions from lost match games where a safe move existed and the
//! engine chose a losing one (see the guard in the README's "The strong search").

use super::search::Searcher;
use super::threat::Threat;
use super::vcf::Vcf;
use super::vct::{self, Vct};

/// What a check of one root move found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The opponent has no win by threats after the move: searched to the end.
    Safe,
    /// The opponent wins by threats after the move: the winning line.
    Refuted(Vec<u16>),
    /// The budget ran out first.
    Unknown,
}

/// Share of what is left of the search for the check of the chosen move. The VCTs
/// behind lost match games took 20 000 to 60 000 nodes to find; an unproven check
/// changes nothing, so what it leaves over would only be idle.
const FIRST_CHECK_SHARE: f64 = 0.7;
/// Share of what is left for the check of one alternative (a real defence is usually
/// proven safe in a few hundred nodes: it takes the threat away).
const ALTERNATIVE_SHARE: f64 = 0.12;
/// Among the first this many alternatives the guard gathers up to [`SAFE_WANTED`] safe
/// ones for the search to choose from; past them it stops at the first safe one, and
/// goes on while its budget lasts, since the move it would play otherwise is proven lost.
const ALTERNATIVES: usize = 12;
const SAFE_WANTED: usize = 4;
/// Of a check's nodes, the share its VCF may take (a VCF that finds nothing ends early).
const VCF_SHARE: f64 = 0.3;

/// Whether the opponent wins by threats after the side to move plays `mv`, within
/// `nodes`. Threes and fours only: the VCT's second pass with quiet threats finds wins
/// the first misses, but where it finds none it runs to the end of its budget and the
/// check is unsettled, so fewer moves come out safe and less time goes back to the
/// deepening. With it, the brain scored +2.7 points against Carbon at 1 s over 240
/// games and -2.7 at 300 ms over 320 (docs/tuning-sessions-from-stop-48.md): no gain.
pub fn check(s: &mut Searcher, mv: u16, nodes: u64) -> Verdict {
    crate::profile_function!();
    let vcf_nodes = (nodes as f64 * VCF_SHARE) as u64;
    let mut count = s.counters.nodes;
    s.state.make(mv);
    let mut vcf = Vcf::new(&mut s.state, &mut s.stop, &mut count, vcf_nodes);
    let verdict = match vcf.search() {
        Some(line) => Verdict::Refuted(line),
        None => {
            let vcf_complete = !vcf.out_of_budget();
            let mut vct = Vct::new(&mut s.state, &mut s.stop, &mut count, nodes - vcf_nodes)
                .threes_and_fours_only();
            match vct.search(vct::MAX_THREATS) {
                Some(line) => Verdict::Refuted(line),
                None if vcf_complete && !vct.out_of_budget() => Verdict::Safe,
                None => Verdict::Unknown,
            }
        }
    };
    s.state.unmake();
    s.counters.nodes = count;
    verdict
}

/// The moves to try instead of `refuted`, the opponent's key points first: the empty
/// cells of its winning line (where its threats go and where they are answered) and the
/// cells where it would make a four, or an open three with more. The only defence can
/// be a point its line did not need (opening 31 as Black, `tests/strong_vct.rs`).
/// Each group is ordered by how good the move looks for the side to move.
fn alternatives(s: &Searcher, refuted: u16, line: &[u16]) -> Vec<u16> {
    let st = &s.state;
    let me = st.side_to_move();
    let mut cands = Vec::new();
    st.candidates(&mut cands);
    cands.retain(|&c| c != refuted);
    cands.sort_by_key(|&c| {
        let key_point = line.contains(&c) || st.threat(c, 1 - me) >= Threat::Flex3Plus;
        std::cmp::Reverse((key_point, st.order_score(c, me)))
    });
    cands
}

/// What the guard makes of the deepening's choice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Judgement {
    /// The opponent has no win by threats after it.
    Safe,
    /// The check ran out of its share first: the search's choice stands.
    Unproven,
    /// The opponent wins by threats after it: the root moves after which it provably
    /// does not (at most [`SAFE_WANTED`]; none found, and nothing better is known).
    Refuted(Vec<u16>),
}

/// Checks the chosen move `mv` and, when it is refuted, looks for safe alternatives.
pub fn judge(s: &mut Searcher, mv: u16) -> Judgement {
    let nodes = s.stop.node_share(FIRST_CHECK_SHARE, s.counters.nodes);
    let line = match check(s, mv, nodes) {
        Verdict::Safe => return Judgement::Safe,
        Verdict::Unknown => return Judgement::Unproven,
        Verdict::Refuted(line) => line,
    };
    let mut safe = Vec::new();
    for (tried, c) in alternatives(s, mv, &line).into_iter().enumerate() {
        let enough = if tried < ALTERNATIVES { SAFE_WANTED } else { 1 };
        if s.stop.stopped() || safe.len() >= enough {
            break;
        }
        let nodes = s.stop.node_share(ALTERNATIVE_SHARE, s.counters.nodes);
        if check(s, c, nodes) == Verdict::Safe {
            safe.push(c);
        }
    }
    Judgement::Refuted(safe)
}
