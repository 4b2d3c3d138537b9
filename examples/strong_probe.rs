//! Developer probe: the strong engine's view of a position given as moves `x,y ...`
//! (Black first; 15x15, or `SIZE=n` from the environment): the static evaluation, each
//! candidate's threat classes, then iterative searches to a depth or for a time.
//!
//! `cargo run --release --no-default-features --example strong_probe -- DEPTH|TIMEms|NODESn MOVES...`
//!
//! More modes: `curveD` prints the nodes each depth up to D costs from a cold start
//! (how selective the search is), `threatsN` looks for the side to move's VCF or VCT
//! within N nodes each, `refuteMS` answers every candidate with an opponent's search of
//! MS milliseconds, and `safeN` answers every candidate with the opponent's forced-win
//! finder within N nodes: which moves leave the opponent no win by threats (where a lost
//! game turned, see `docs/tuning-sessions-from-stop-48.md`).

use gomoku::engine::strong::eval::evaluate;
use gomoku::engine::strong::state::State;
use gomoku::engine::strong::time::TimeBudget;
use gomoku::engine::strong::{StrongEngine, StrongLimits};
use gomoku::engine::{Board, Pos, Rule};
use std::time::Duration;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(limit) = args.first() else {
        eprintln!("usage: strong_probe DEPTH|TIMEms|NODESn x,y ...");
        return;
    };
    // Boards other than 15x15: `SIZE=20 strong_probe ...`.
    let size = match std::env::var("SIZE") {
        Ok(s) => match s.parse() {
            Ok(n) => n,
            Err(e) => {
                eprintln!("SIZE {s:?}: {e}");
                return;
            }
        },
        Err(_) => 15,
    };
    let mut board = match Board::square(size) {
        Ok(board) => board,
        Err(e) => {
            eprintln!("SIZE={size}: {e}");
            return;
        }
    };
    for m in &args[1..] {
        let Ok(pos) = m.parse::<Pos>() else {
            continue;
        };
        board.play(pos).expect("a legal move");
    }
    let mut st = State::from_board(&board, Rule::Freestyle);
    print!("{board}");
    let me = st.side_to_move();
    println!(
        "static evaluation for the side to move: {}",
        evaluate(&mut st)
    );
    let mut cands = Vec::new();
    st.candidates(&mut cands);
    for c in cands {
        let p = st.pos_of(c);
        let (mine, theirs) = (st.threat(c, me), st.threat(c, 1 - me));
        if mine as u8 > 2 || theirs as u8 > 2 {
            println!("  {},{}: mine {mine:?}, theirs {theirs:?}", p.x, p.y);
        }
    }
    if let Some(n) = limit.strip_prefix("threats") {
        // The side to move's forced win by fours or threes, within n nodes each.
        let t = std::time::Instant::now();
        let r = gomoku::engine::strong::find_forced_win(
            &board,
            Rule::Freestyle,
            &StrongLimits::depth(60),
            n.parse().expect("a node count"),
        );
        println!("{r:?} in {:?}", t.elapsed());
        return;
    }
    if let Some(n) = limit.strip_prefix("safe") {
        safe_moves(&board, &st, n.parse().expect("a node count"));
        return;
    }
    if let Some(ms) = limit.strip_prefix("refute") {
        // Every candidate of the side to move, each answered by a search of ms
        // milliseconds: which moves the opponent cannot be shown to beat.
        let mut cands = Vec::new();
        st.candidates(&mut cands);
        let ms: u64 = ms.parse().expect("milliseconds");
        let mut engine = StrongEngine::default();
        for c in cands {
            let p = st.pos_of(c);
            let mut b = board.clone();
            b.play(p).expect("a candidate is empty");
            // Each reply searched from a clean table: no answer leans on another's.
            engine.clear();
            let r = engine.search(
                &b,
                Rule::Freestyle,
                &StrongLimits::depth(60).with_time(TimeBudget::within(Duration::from_millis(ms))),
            );
            println!(
                "{},{}: opponent depth {} score {}",
                p.x, p.y, r.depth, r.score
            );
        }
        return;
    }
    if let Some(d) = limit.strip_prefix("curve") {
        // Nodes each depth costs from a cold start: how selective the search is.
        for depth in 1..=d.parse().expect("a depth") {
            let r = StrongEngine::default().search(
                &board,
                Rule::Freestyle,
                &StrongLimits::depth(depth),
            );
            print!("{depth}:{}k ", r.stats.nodes / 1000);
        }
        println!();
        return;
    }
    let mut engine = StrongEngine::default();
    let limits = if let Some(ms) = limit.strip_suffix("ms") {
        StrongLimits::depth(60).with_time(TimeBudget::within(Duration::from_millis(
            ms.parse().expect("milliseconds"),
        )))
    } else if let Some(n) = limit.strip_suffix('n') {
        StrongLimits::depth(60).with_nodes(n.parse().expect("a node count"))
    } else {
        StrongLimits::depth(limit.parse().expect("a depth"))
    };
    let r = engine.search(&board, Rule::Freestyle, &limits);
    let pv: Vec<String> = r.pv.iter().map(|p| format!("{},{}", p.x, p.y)).collect();
    println!(
        "depth {} score {} nodes {} in {:?}: {}",
        r.depth,
        r.score,
        r.stats.nodes,
        r.stats.elapsed,
        pv.join(" ")
    );
}

/// Every candidate of the side to move, each answered by the opponent's forced-win finder
/// within `nodes` nodes: prints how many leave it no win (proven), how many it could not
/// settle, how many it refutes, and the safe ones.
fn safe_moves(board: &Board, st: &State, nodes: u64) {
    use gomoku::engine::strong::{find_forced_win, ForcedWin};
    let mut cands = Vec::new();
    st.candidates(&mut cands);
    let (mut safe, mut unknown, mut refuted) = (Vec::new(), 0, 0);
    for c in cands {
        let p = st.pos_of(c);
        let mut b = board.clone();
        b.play(p).expect("a candidate is empty");
        match find_forced_win(&b, Rule::Freestyle, &StrongLimits::depth(60), nodes) {
            ForcedWin::None { complete: true } => safe.push(format!("{},{}", p.x, p.y)),
            ForcedWin::None { complete: false } => unknown += 1,
            _ => refuted += 1,
        }
    }
    println!(
        "safe {} unknown {unknown} refuted {refuted}: {}",
        safe.len(),
        safe.join(" ")
    );
}
