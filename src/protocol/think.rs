//! The brain's search: which engine and limits the settings call for, and the
//! `MESSAGE` line that reports what the search found.

use super::info::Settings;
use crate::engine::search::{is_win_score, SearchResult, WIN};
use crate::engine::strong::best_so_far::BestSoFar;
use crate::engine::strong::root::MAX_DEPTH;
use crate::engine::strong::time::TimeBudget;
use crate::engine::strong::StrongLimits;
use crate::engine::swap2::{self, Decision, Swap2Error};
use crate::engine::{Board, Control, Level, Player};
use rand::Rng;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// Searches `board` for the side to move: at a fixed `level` if one was chosen on the
/// command line, else the strong engine with what `spent` left of the turn's time (and
/// `max_depth` if set), which keeps `best` up to date with its choice.
pub fn search(
    player: &mut Player,
    board: &Board,
    settings: &Settings,
    level: Option<Level>,
    stop: &Arc<AtomicBool>,
    spent: Duration,
    best: &Arc<BestSoFar>,
) -> SearchResult {
    let budget = budget_for(settings, board, spent);
    if let Some(level) = level {
        let control = Control::new(Arc::clone(stop)).with_time_cap(budget.hard);
        return player.think(board, settings.rule, level, &control);
    }
    let mut limits = StrongLimits::depth(settings.max_depth.unwrap_or(MAX_DEPTH))
        .with_time(budget)
        .with_stop(Arc::clone(stop))
        .with_best_so_far(Arc::clone(best));
    if let Some(nodes) = settings.max_nodes {
        limits = limits.with_nodes(nodes);
    }
    player.strong_mut().search(board, settings.rule, &limits)
}

/// A swap2 decision for the position on `board` with the strong engine, all its searches
/// within what `spent` left of the turn's time (and `max_depth` if set), whatever
/// `--level` says.
pub fn swap2(
    player: &mut Player,
    board: &Board,
    settings: &Settings,
    stop: &Arc<AtomicBool>,
    spent: Duration,
    rng: &mut impl Rng,
) -> Result<Decision, Swap2Error> {
    let limits = StrongLimits::depth(settings.max_depth.unwrap_or(MAX_DEPTH))
        .with_time(budget_for(settings, board, spent))
        .with_stop(Arc::clone(stop));
    swap2::decide(player.strong_mut(), board, settings.rule, &limits, rng)
}

/// The time `settings` give the next move on `board`, `spent` of it gone.
fn budget_for(settings: &Settings, board: &Board, spent: Duration) -> TimeBudget {
    let cells = board.width() * board.height();
    let empty = cells.saturating_sub(board.move_count());
    settings.time_budget_after(board.move_count(), empty, spent)
}

/// The score in words: "win in N" / "loss in N" (N in plies) when proved, else the
/// evaluation.
pub fn score_text(score: i32) -> String {
    if is_win_score(score) {
        let plies = WIN - score.abs();
        let what = if score > 0 { "win" } else { "loss" };
        format!("{what} in {plies}")
    } else {
        score.to_string()
    }
}

/// `MESSAGE depth D score S nodes N nps X ms T pv x,y ...`
pub fn report(r: &SearchResult) -> String {
    let ms = r.stats.elapsed.as_millis();
    let nps = (r.stats.nodes as u128 * 1000)
        .checked_div(ms)
        .unwrap_or(r.stats.nodes as u128);
    let pv: Vec<String> = r.pv.iter().map(|p| format!("{},{}", p.x, p.y)).collect();
    format!(
        "MESSAGE depth {} score {} nodes {} nps {} ms {} pv {}",
        r.depth,
        score_text(r.score),
        r.stats.nodes,
        nps,
        ms,
        pv.join(" ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn proved_scores_read_as_wins_and_losses() {
        assert_eq!(score_text(WIN - 7), "win in 7");
        assert_eq!(score_text(-(WIN - 4)), "loss in 4");
        assert_eq!(score_text(-35), "-35");
    }
}
