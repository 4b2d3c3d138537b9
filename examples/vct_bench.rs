//! Developer bench: how far the VCT gets within a node budget, over many positions.
//! Reads lines `LABEL x,y x,y ...` (moves from Black's first; freestyle on 15x15, or
//! `SIZE=n` from the environment), e.g. `tools/vct-positions.txt` (made by
//! `tools/vct_positions.py` from match records) or, with `SIZE=20`,
//! `tools/vct-positions-20.txt` (31 positions of 20x20 games lost to Carbon, each the
//! first after one of our moves where the opponent has a VCT: all labelled `vct`), or
//! `tools/vct-hard.txt` (the opponent's VCTs after our moves that took more than 20 000
//! nodes: `missed`, 15 the guard's budget at 300 ms left unsettled, and `hard`, 41 from
//! lost games; docs/tuning-sessions-from-stop-80.md), and searches each position's side
//! to move for a VCT within NODES nodes, as the root guard does after its VCF (threes
//! and fours only; with `quiet` after FILE, also the second pass with quiet threats, as
//! the analysis view's forced-win finder does). Prints per label: wins found, proven
//! none, budget out, and the nodes spent. Counts, not times: the machine's load does
//! not change them.
//!
//! `cargo run --release --no-default-features --example vct_bench -- NODES FILE [quiet]`
//! (`SIZE=20 cargo run ...` for a 20x20 file)

use gomoku::engine::board::PosParseError;
use gomoku::engine::clock::MonotonicClock;
use gomoku::engine::strong::state::State;
use gomoku::engine::strong::time::Stopper;
use gomoku::engine::strong::vct::{Vct, MAX_THREATS};
use gomoku::engine::{Board, Pos, Rule};
use std::collections::BTreeMap;
use std::sync::Arc;

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (nodes, file, quiet) = match args.as_slice() {
        [nodes, file] => (nodes, file, false),
        [nodes, file, q] if q == "quiet" => (nodes, file, true),
        _ => return Err("usage: vct_bench NODES FILE [quiet]".into()),
    };
    let budget: u64 = nodes.parse().map_err(|e| format!("NODES {nodes:?}: {e}"))?;
    let size = match std::env::var("SIZE") {
        Ok(s) => s.parse().map_err(|e| format!("SIZE {s:?}: {e}"))?,
        Err(_) => 15,
    };
    let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    // Per label: wins found, proven none, budget out, nodes.
    let mut sums: BTreeMap<String, [u64; 4]> = BTreeMap::new();
    for (n, line) in text.lines().enumerate() {
        let mut words = line.split_whitespace();
        let Some(label) = words.next() else { continue };
        let board = board_of(size, words).map_err(|e| format!("{file}:{}: {e}", n + 1))?;
        let mut state = State::from_board(&board, Rule::Freestyle);
        let mut stop = Stopper::new(Arc::new(MonotonicClock::new()), None, None, None);
        let mut count = 0;
        let mut vct = Vct::new(&mut state, &mut stop, &mut count, budget);
        if !quiet {
            vct = vct.threes_and_fours_only();
        }
        let slot = match (vct.search(MAX_THREATS).is_some(), vct.out_of_budget()) {
            (true, _) => 0,
            (false, false) => 1,
            (false, true) => 2,
        };
        let sum = sums.entry(label.to_string()).or_default();
        sum[slot] += 1;
        sum[3] += count;
    }
    for (label, [found, none, out, nodes]) in sums {
        println!("{label:8} found {found:5} none {none:5} out {out:5} nodes {nodes}");
    }
    Ok(())
}

/// The `size`x`size` board after `moves` (`x,y` each, Black first).
fn board_of<'a>(size: usize, moves: impl Iterator<Item = &'a str>) -> Result<Board, String> {
    let mut board = Board::square(size).map_err(|e| format!("SIZE={size}: {e}"))?;
    for m in moves {
        let pos: Pos = m.parse().map_err(|e: PosParseError| e.to_string())?;
        board.play(pos).map_err(|e| format!("{m}: {e}"))?;
    }
    Ok(board)
}
