//! The tactics suite: positions from our own self-play games (tests/data/tactics.txt,
//! collected by examples/mine_tactics.rs), each a question with an answer the oracle
//! checks independently with the plain rules. Every level answers the questions it
//! claims, searching through `Player::think` (the game's entry point) with a node budget.
//!
//! - `win1`: make five. `block4`: block the opponent's only five point: every level
//!   claims these. `block3`: answer an open three (leave no open-four point, or make a
//!   four): every level from Medium up (Easy's 3 plies end before the open four).
//! - `vcfN`: win by continuous fours (N fours); the reply must be a win whose line the
//!   oracle replays. `vcfdefence`: the opponent threatens such a win; after the reply
//!   the oracle finds none. The strong levels (Expert, Master) claim these.

mod oracle;

use gomoku::engine::search::is_win_score;
use gomoku::engine::{
    Board, Control, Level, ManualClock, Player, Rule, SearchResult, SteppingClock, Stone,
};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// What Expert and Master may spend here (Master plays 5 s, over a million nodes).
const NODE_CAP: u64 = 300_000;

struct Question {
    kind: String,
    board: Board,
}

fn questions() -> Vec<Question> {
    let text = include_str!("data/tactics.txt");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let line = line.trim();
            let (kind, moves) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
            let board = oracle::board_of(moves);
            Question {
                kind: kind.to_string(),
                board,
            }
        })
        .collect()
}

/// How a level searches in a test.
#[derive(Clone, Copy)]
enum Budget {
    /// One thread, at most [`NODE_CAP`] nodes: the same answer on every machine.
    Nodes,
    /// As Master plays for a brain given `INFO thread_num 2`: a helper thread beside
    /// the main search and no node budget, its time a stepping clock's (so a count of
    /// clock reads, not of milliseconds on a loaded machine).
    TwoThreads,
}

fn play(level: Level, board: &Board, budget: Budget) -> SearchResult {
    let control = Control::new(Arc::new(AtomicBool::new(false)));
    let mut player = Player::new(Some(7));
    let control = match budget {
        Budget::Nodes => control
            .with_clock(Arc::new(ManualClock::new()))
            .with_node_cap(NODE_CAP),
        Budget::TwoThreads => {
            player.strong_mut().set_threads(2);
            control
                .with_clock(Arc::new(SteppingClock::new(Duration::from_millis(1))))
                .with_time_cap(Duration::from_millis(300))
        }
    };
    player.think(board, Rule::Freestyle, level, &control)
}

/// Why `level`'s answer to `q` is wrong, if it is.
fn judge(q: &Question, level: Level, budget: Budget) -> Result<(), String> {
    let r = play(level, &q.board, budget);
    let mv = r.best_move.ok_or("no move")?;
    if !q.board.is_empty(mv) {
        return Err(format!("{mv} is occupied"));
    }
    let me = q.board.side_to_move();
    let mut after = q.board.clone();
    after.play(mv).map_err(|e| e.to_string())?;
    match q.kind.as_str() {
        "win1" => (oracle::fives(&q.board, me).contains(&mv))
            .then_some(())
            .ok_or(format!("{mv} does not make five")),
        "block4" => (oracle::fives(&q.board, me.opponent()) == vec![mv])
            .then_some(())
            .ok_or(format!("{mv} is not the block")),
        "block3" => {
            let made_four = !oracle::fives_through(&after, mv, me).is_empty();
            let left = oracle::open_four_points(&mut after, me.opponent());
            (made_four || left.is_empty())
                .then_some(())
                .ok_or(format!("{mv} leaves open-four points {left:?}"))
        }
        k if k.starts_with("vcf") && k != "vcfdefence" => {
            if !(is_win_score(r.score) && r.score > 0) {
                return Err(format!("{mv} with score {}: no win seen", r.score));
            }
            // The move starts a win by fours: a five, or a four whose forced block leaves
            // a win by fours (the engine may pick another line than the one mined).
            if oracle::fives(&q.board, me).contains(&mv) {
                return Ok(());
            }
            let threats = oracle::fives_through(&after, mv, me);
            match threats.as_slice() {
                [] => Err(format!("{mv} is not a four")),
                [block] => {
                    after.play(*block).map_err(|e| e.to_string())?;
                    oracle::vcf(&mut after, 12)
                        .map(|_| ())
                        .ok_or(format!("after {mv} and its block no win by fours is left"))
                }
                _ => Ok(()), // an open four or a double four
            }
        }
        "vcfdefence" => match oracle::vcf(&mut after, 12) {
            None => Ok(()),
            Some(line) => Err(format!("after {mv} the opponent still wins: {line:?}")),
        },
        other => Err(format!("unknown kind {other}")),
    }
}

/// The oracle agrees that each question is what its kind says.
#[test]
fn every_question_is_what_it_says() {
    let qs = questions();
    assert!(qs.len() >= 100, "{} questions", qs.len());
    for q in &qs {
        let me = q.board.side_to_move();
        let mut b = q.board.clone();
        let ok = match q.kind.as_str() {
            "win1" => !oracle::fives(&b, me).is_empty(),
            "block4" => {
                oracle::fives(&b, me.opponent()).len() == 1 && oracle::fives(&b, me).is_empty()
            }
            "block3" => !oracle::open_four_points(&mut b, me.opponent()).is_empty(),
            "vcfdefence" => {
                b.set_side_to_move(me.opponent());
                let theirs = oracle::vcf(&mut b, 12).is_some();
                b.set_side_to_move(me);
                theirs && oracle::vcf(&mut b, 12).is_none()
            }
            k => {
                let n: u32 = k.trim_start_matches("vcf").parse().expect("vcfN");
                let within = oracle::vcf(&mut b, n);
                let shorter = oracle::vcf(&mut b, n - 1);
                assert!(
                    within.is_some() && shorter.is_none(),
                    "{k}: within {within:?}, shorter {shorter:?}\n{b}"
                );
                true
            }
        };
        assert!(ok, "{}: not that kind\n{}", q.kind, q.board);
        let _ = Stone::Black;
    }
}

fn check_levels(levels: &[Level], kinds: impl Fn(&str) -> bool) {
    check(levels, kinds, Budget::Nodes);
}

fn check(levels: &[Level], kinds: impl Fn(&str) -> bool, budget: Budget) {
    let mut failures = Vec::new();
    let mut asked = 0;
    for q in questions().iter().filter(|q| kinds(&q.kind)) {
        for &level in levels {
            asked += 1;
            if let Err(e) = judge(q, level, budget) {
                failures.push(format!("{} at {level}: {e}\n{}", q.kind, q.board));
            }
        }
    }
    assert!(asked > 0);
    assert!(
        failures.is_empty(),
        "{} of {asked} wrong:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn every_level_wins_and_blocks_fours() {
    check_levels(&Level::ALL, |k| matches!(k, "win1" | "block4"));
}

#[test]
fn every_level_from_medium_answers_open_threes() {
    check_levels(&Level::ALL[1..], |k| k == "block3");
}

#[test]
fn the_strong_levels_win_by_continuous_fours() {
    check_levels(&[Level::Expert, Level::Master], |k| {
        k.starts_with("vcf") && k != "vcfdefence"
    });
}

#[test]
fn the_strong_levels_stop_the_opponents_continuous_fours() {
    check_levels(&[Level::Expert, Level::Master], |k| k == "vcfdefence");
}

#[test]
fn master_on_two_threads_answers_every_question() {
    check(&[Level::Master], |_| true, Budget::TwoThreads);
}
