//! What the analysis says, in a player's words: who is ahead and by how much, wins in N
//! moves, and the search's numbers in short form.

use crate::engine::search::{is_win_score, WIN};
use crate::engine::Stone;
use std::time::Duration;

/// A score (for the side to move) as the evaluation headline: "Black wins in 4 moves",
/// "White +1.3", "Even".
pub fn headline(score: i32, to_move: Stone) -> String {
    if is_win_score(score) {
        let (winner, moves) = win_for(score, to_move);
        return format!("{winner} wins in {moves} {}", plural(moves, "move"));
    }
    let black = black_view(score, to_move);
    if black.abs() < 10 {
        return "Even".into();
    }
    let leader = if black > 0 {
        Stone::Black
    } else {
        Stone::White
    };
    format!("{leader} +{:.1}", black.abs() as f32 / 100.0)
}

/// Who wins a proved score, and in how many of their own moves.
pub fn win_for(score: i32, to_move: Stone) -> (Stone, u32) {
    let plies = (WIN - score.abs()).max(1) as u32;
    if score > 0 {
        (to_move, plies.div_ceil(2))
    } else {
        (to_move.opponent(), (plies / 2).max(1))
    }
}

/// The score from Black's side.
fn black_view(score: i32, to_move: Stone) -> i32 {
    match to_move {
        Stone::Black => score,
        Stone::White => -score,
    }
}

/// Black's share of the evaluation bar, 0 to 1 (a proved win fills it).
pub fn black_share(score: i32, to_move: Stone) -> f32 {
    if is_win_score(score) {
        let (winner, _) = win_for(score, to_move);
        return if winner == Stone::Black { 1.0 } else { 0.0 };
    }
    let black = black_view(score, to_move) as f32;
    0.5 + 0.5 * (black / 600.0).tanh()
}

/// A candidate's score for the side to move: "+1.3", "\u{2212}0.4", "wins in 3",
/// "loses in 2".
pub fn candidate(score: i32) -> String {
    if is_win_score(score) {
        let (_, moves) = win_for(score, Stone::Black);
        let what = if score > 0 { "wins" } else { "loses" };
        return format!("{what} in {moves}");
    }
    let sign = if score < 0 { '\u{2212}' } else { '+' };
    format!("{sign}{:.1}", score.abs() as f32 / 100.0)
}

/// A count in short form: 950, 12.3 k, 1.24 M.
pub fn count(n: u64) -> String {
    match n {
        0..=999 => n.to_string(),
        1_000..=999_999 => format!("{:.1} k", n as f64 / 1e3),
        1_000_000..=999_999_999 => format!("{:.2} M", n as f64 / 1e6),
        _ => format!("{:.2} G", n as f64 / 1e9),
    }
}

/// Nodes a second ("\u{2014}" before any time has passed).
pub fn speed(nodes: u64, elapsed: Duration) -> String {
    let secs = elapsed.as_secs_f64();
    if secs <= 0.0 {
        return "\u{2014}".into();
    }
    format!("{}/s", count((nodes as f64 / secs) as u64))
}

/// Elapsed time: "0.4 s", "12.0 s", "2 min 05 s".
pub fn elapsed(d: Duration) -> String {
    let secs = d.as_secs();
    if secs < 60 {
        format!("{:.1} s", d.as_secs_f32())
    } else {
        format!("{} min {:02} s", secs / 60, secs % 60)
    }
}

/// `word`, or its plural for any count but one.
pub fn plural(n: u32, word: &str) -> String {
    if n == 1 {
        word.to_string()
    } else {
        format!("{word}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_read_as_a_player_says_them() {
        assert_eq!(headline(WIN - 7, Stone::Black), "Black wins in 4 moves");
        assert_eq!(headline(WIN - 1, Stone::White), "White wins in 1 move");
        assert_eq!(headline(-(WIN - 4), Stone::Black), "White wins in 2 moves");
        assert_eq!(headline(130, Stone::White), "White +1.3");
        assert_eq!(headline(130, Stone::Black), "Black +1.3");
        assert_eq!(headline(-5, Stone::Black), "Even");
        assert_eq!(candidate(-40), "\u{2212}0.4");
        assert_eq!(candidate(WIN - 5), "wins in 3");
        assert_eq!(candidate(-(WIN - 2)), "loses in 1");
        assert!(black_share(300, Stone::White) < 0.5);
        assert_eq!(black_share(-(WIN - 2), Stone::White), 1.0);
    }

    #[test]
    fn numbers_are_short() {
        assert_eq!(count(950), "950");
        assert_eq!(count(12_345), "12.3 k");
        assert_eq!(count(1_240_000), "1.24 M");
        assert_eq!(speed(500_000, Duration::from_millis(500)), "1.00 M/s");
        assert_eq!(speed(5, Duration::ZERO), "\u{2014}");
        assert_eq!(elapsed(Duration::from_millis(3_240)), "3.2 s");
        assert_eq!(elapsed(Duration::from_secs(125)), "2 min 05 s");
    }
}
