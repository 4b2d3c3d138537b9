//! A capture of a long search stays small: the per-node scopes of the seed's search
//! (millions a second) are added up per window instead of written one by one, and still
//! show as counters. The profiler is process-wide: one test in its own binary.

use gomoku::engine::{Board, ChessEngine, Pos, SearchConfig, SearchLimits};
use gomoku::profiler;
use serde_json::Value;

#[test]
fn a_long_search_makes_a_small_trace_with_its_hot_scopes_summed() {
    let mut b = Board::square(15).expect("legal size");
    for (x, y) in [(7, 7), (8, 8), (8, 6), (6, 8), (9, 7), (7, 9)] {
        b.play(Pos::new(x, y)).expect("empty");
    }
    profiler::enable();
    let mut nodes = 0;
    for depth in 1..=10 {
        let mut e = ChessEngine::new(SearchConfig {
            seed: Some(1),
            ..SearchConfig::default()
        });
        nodes += e.search(&b, &SearchLimits::depth(depth)).stats.nodes;
    }
    let path = std::env::temp_dir().join(format!("gomoku-budget-{}.json", std::process::id()));
    profiler::disable_and_write(&path).expect("written");
    let text = std::fs::read_to_string(&path).expect("read");
    let _ = std::fs::remove_file(&path);
    // Written one by one, each node cost about 350 bytes (88 MB for a 3 s search).
    let per_node = text.len() as f64 / nodes as f64;
    assert!(
        per_node < 10.0,
        "{} bytes for {nodes} nodes: {per_node:.1} a node",
        text.len()
    );
    let v: Value = serde_json::from_str(&text).expect("valid JSON");
    let events = v["traceEvents"].as_array().expect("events");
    let summed = events
        .iter()
        .filter(|e| e["ph"] == "C" && e["name"] == "eval::update_lines (short scopes)")
        .map(|e| e["args"]["calls"].as_u64().unwrap_or(0))
        .sum::<u64>();
    assert!(
        summed as f64 >= nodes as f64 * 0.5,
        "{summed} calls summed for {nodes} nodes"
    );
    let searches = events
        .iter()
        .filter(|e| e["ph"] == "X" && e["name"].as_str().is_some_and(|n| n.ends_with("search")))
        .count();
    assert!(
        searches >= 5,
        "the searches themselves are slices: {searches}"
    );
}
