//! Collects tactics positions for `tests/data/tactics.txt` from game records (JSON lines
//! with a `moves` array of "x,y", 15x15 freestyle): wins in one, fours to block, open
//! threes to answer, wins by continuous fours (3 to 9 fours), and defences against the
//! opponent's continuous fours. The test re-checks every position with its own oracle;
//! this tool only finds candidates.
//!
//! `cargo run --release --no-default-features --example mine_tactics -- PER_KIND FILE...`

use gomoku::engine::clock::ManualClock;
use gomoku::engine::strong::movegen::{situation, Situation};
use gomoku::engine::strong::state::State;
use gomoku::engine::strong::threat::Threat;
use gomoku::engine::strong::time::Stopper;
use gomoku::engine::strong::vcf::Vcf;
use gomoku::engine::strong::vct::Vct;
use gomoku::engine::{Pos, Rule};
use serde_json::Value;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

fn vcf_within(state: &mut State, budget: u64, fours: u32) -> Option<Vec<u16>> {
    let mut stop = Stopper::new(Arc::new(ManualClock::new()), None, None, None);
    let mut nodes = 0;
    Vcf::new(state, &mut stop, &mut nodes, budget)
        .with_max_fours(fours)
        .solve()
}

fn vct(state: &mut State, budget: u64) -> Option<Vec<u16>> {
    let mut stop = Stopper::new(Arc::new(ManualClock::new()), None, None, None);
    let mut nodes = 0;
    Vct::new(state, &mut stop, &mut nodes, budget).solve(12)
}

fn vcf(state: &mut State, budget: u64) -> Option<Vec<u16>> {
    vcf_within(state, budget, 40)
}

/// The fewest fours a win by continuous fours takes here (up to 12).
fn shortest_vcf(state: &mut State) -> Option<u32> {
    (1..=12).find(|&n| vcf_within(state, 200_000, n).is_some())
}

/// The kind of tactics question a position asks, if any.
fn kind(state: &mut State) -> Option<String> {
    let mut scratch = Vec::new();
    let me = state.side_to_move();
    match situation(state) {
        Situation::Win(_) => return Some("win1".into()),
        Situation::Forced(_) if state.count(me, Threat::Five) == 0 => return Some("block4".into()),
        Situation::DefendFour if state.count_at_least(me, Threat::Block4) == 0 => {
            let mut defences = Vec::new();
            gomoku::engine::strong::movegen::defences(
                state,
                Threat::Flex4,
                &mut defences,
                &mut scratch,
            );
            return (!defences.is_empty()).then(|| "block3".into());
        }
        Situation::Quiet | Situation::DefendThreeThree | Situation::DefendFourThree => {}
        _ => return None,
    }
    if let Some(fours) = shortest_vcf(state) {
        return (3..=9).contains(&fours).then(|| format!("vcf{fours}"));
    }
    state.pass();
    let theirs = vcf(state, 200_000);
    state.unmake();
    let theirs = theirs?;
    if theirs.len() < 5 || state.count_at_least(me, Threat::Block4) > 0 {
        return None;
    }
    // Worth asking only if some move stops it.
    let mut cells = Vec::new();
    state.candidates(&mut cells);
    // ...and the defender is not lost to threes either (a question with no answer).
    let saved = cells.iter().any(|&c| {
        state.make(c);
        let still = vcf(state, 200_000).is_some() || vct(state, 200_000).is_some();
        state.unmake();
        !still
    });
    saved.then(|| "vcfdefence".into())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let per_kind: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(20);
    let mut counts: HashMap<String, usize> = HashMap::new();
    let mut seen = HashSet::new();
    for path in &args[1..] {
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        for line in text.lines() {
            let Ok(rec) = serde_json::from_str::<Value>(line) else {
                continue;
            };
            let Some(moves) = rec.get("moves").and_then(Value::as_array) else {
                continue;
            };
            let mut state = State::new(15, 15, Rule::Freestyle);
            let mut played: Vec<String> = Vec::new();
            for m in moves {
                let Some((x, y)) = m.as_str().and_then(|s| s.split_once(',')) else {
                    break;
                };
                let (Ok(x), Ok(y)) = (x.parse::<usize>(), y.parse::<usize>()) else {
                    break;
                };
                let cell = state.cell_of(Pos::new(x, y));
                if x >= 15 || y >= 15 || !state.is_empty(cell) {
                    break;
                }
                state.make(cell);
                played.push(format!("{x},{y}"));
                if played.len() < 6 || !seen.insert(state.hash()) {
                    continue;
                }
                let Some(k) = kind(&mut state) else { continue };
                let n = counts.entry(k.clone()).or_default();
                if *n < per_kind {
                    *n += 1;
                    println!("{k} {}", played.join(" "));
                }
            }
        }
    }
    eprintln!("{counts:?}");
}
