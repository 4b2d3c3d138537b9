//! The profiler writes a valid Chrome trace: scopes nest, durations add up, threads are
//! named, counters are present, and a panic still leaves a complete file. The profiler is
//! process-wide, so everything runs in one test function.

use gomoku::engine::{Board, ChessEngine, Pos, SearchConfig, SearchLimits};
use gomoku::profiler;
use serde_json::Value;
use std::path::PathBuf;
use std::time::Duration;

fn temp_file(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!(
        "gomoku-profiler-{}-{name}.json",
        std::process::id()
    ))
}

fn spin(d: Duration) {
    let t = std::time::Instant::now();
    while t.elapsed() < d {
        std::hint::spin_loop();
    }
}

fn work(label: &'static str) {
    profiler::set_thread_name(label);
    gomoku::profile_scope!("outer");
    for _ in 0..3 {
        gomoku::profile_scope!("generate");
        spin(Duration::from_millis(1));
    }
    {
        gomoku::profile_scope!("evaluate");
        spin(Duration::from_millis(2));
    }
    profiler::counter("nodes", 42.0);
}

fn load(path: &PathBuf) -> Vec<Value> {
    let text = std::fs::read_to_string(path).expect("trace written");
    let v: Value = serde_json::from_str(&text).expect("valid JSON");
    v["traceEvents"]
        .as_array()
        .expect("traceEvents array")
        .clone()
}

fn check_nesting(events: &[Value]) {
    let complete: Vec<&Value> = events.iter().filter(|e| e["ph"] == "X").collect();
    for e in &complete {
        for key in ["name", "ts", "dur", "pid", "tid"] {
            assert!(!e[key].is_null(), "missing {key} in {e}");
        }
    }
    let outers: Vec<&&Value> = complete.iter().filter(|e| e["name"] == "outer").collect();
    assert!(outers.len() >= 2, "one outer scope per thread");
    for outer in outers {
        let (ts, dur, tid) = (
            outer["ts"].as_f64().unwrap(),
            outer["dur"].as_f64().unwrap(),
            &outer["tid"],
        );
        let children: Vec<&&Value> = complete
            .iter()
            .filter(|e| &e["tid"] == tid && (e["name"] == "generate" || e["name"] == "evaluate"))
            .collect();
        assert_eq!(children.len(), 4);
        let mut sum = 0.0;
        for c in children {
            let (cts, cdur) = (c["ts"].as_f64().unwrap(), c["dur"].as_f64().unwrap());
            assert!(
                cts >= ts && cts + cdur <= ts + dur + 1e-3,
                "child outside parent"
            );
            sum += cdur;
        }
        assert!(
            sum <= dur + 1e-3 && sum >= 4_000.0,
            "children {sum} µs vs parent {dur} µs"
        );
    }
}

#[test]
fn traces_nest_name_threads_count_and_survive_panics() {
    // 1. Two threads, nested scopes, counters.
    let path = temp_file("basic");
    let session = profiler::Session::start(path.clone());
    let t = std::thread::spawn(|| work("worker"));
    work("main-test");
    t.join().expect("worker finished");
    session.finish().expect("written");
    let events = load(&path);
    check_nesting(&events);
    let names: Vec<&str> = events
        .iter()
        .filter(|e| e["ph"] == "M")
        .filter_map(|e| e["args"]["name"].as_str())
        .collect();
    assert!(
        names.contains(&"worker") && names.contains(&"main-test"),
        "{names:?}"
    );
    assert!(events
        .iter()
        .any(|e| e["ph"] == "C" && e["name"] == "nodes"));

    // 2. Off: nothing is recorded.
    assert!(!profiler::is_enabled());
    std::thread::spawn(|| work("off")).join().expect("ran");

    // 3. A real search shows search -> generate nesting and node counters.
    let path = temp_file("search");
    profiler::enable();
    let mut board = Board::square(15).expect("legal size");
    board.play(Pos::new(7, 7)).expect("empty");
    ChessEngine::new(SearchConfig {
        seed: Some(1),
        ..SearchConfig::default()
    })
    .search(&board, &SearchLimits::depth(4));
    profiler::disable_and_write(&path).expect("written");
    let events = load(&path);
    let off_tid = events
        .iter()
        .find(|e| e["ph"] == "M" && e["args"]["name"] == "off")
        .map(|e| e["tid"].clone());
    let off_tid = off_tid.expect("the thread is known");
    assert!(
        !events.iter().any(|e| e["tid"] == off_tid && e["ph"] != "M"),
        "nothing captured while off"
    );
    let search = events
        .iter()
        .find(|e| e["ph"] == "X" && e["name"].as_str().is_some_and(|n| n.ends_with("search")));
    let names: Vec<&str> = events
        .iter()
        .filter_map(|e| e["name"].as_str())
        .filter(|n| !n.contains("::update") && !n.contains("generate"))
        .collect();
    let search = search.unwrap_or_else(|| panic!("a search scope in {names:?}"));
    let (s0, s1) = (
        search["ts"].as_f64().unwrap(),
        search["ts"].as_f64().unwrap() + search["dur"].as_f64().unwrap(),
    );
    // Move generation is short: summed per window (a counter) rather than a slice each.
    let generate = |e: &Value| {
        e["name"] == "search::generate" || e["name"] == "search::generate (short scopes)"
    };
    assert!(events.iter().any(|e| generate(e)
        && e["ts"].as_f64().unwrap() >= s0
        && e["ts"].as_f64().unwrap() <= s1));
    assert!(events
        .iter()
        .any(|e| e["ph"] == "C" && e["name"] == "evaluations"));

    // 4. A panic inside a session still leaves a complete, valid file.
    let path = temp_file("panic");
    let p2 = path.clone();
    let result = std::thread::spawn(move || {
        let _session = profiler::Session::start(p2);
        work("doomed");
        panic!("deliberate");
    })
    .join();
    assert!(result.is_err());
    check_nesting_single(&load(&path));

    // 5. Writers racing on one path (a panic hook and `finish`, say) each succeed, and
    //    the file left behind is whole.
    let path = temp_file("race");
    profiler::enable();
    work("racer");
    let writers: Vec<_> = (0..4)
        .map(|_| {
            let p = path.clone();
            std::thread::spawn(move || {
                for _ in 0..25 {
                    profiler::disable_and_write(&p).expect("each write succeeds");
                }
            })
        })
        .collect();
    for w in writers {
        w.join().expect("writer finished");
    }
    check_nesting_single_named(&load(&path), "racer");
    for name in ["basic", "search", "panic", "race"] {
        let _ = std::fs::remove_file(temp_file(name));
    }
}

fn check_nesting_single(events: &[Value]) {
    check_nesting_single_named(events, "doomed");
}

fn check_nesting_single_named(events: &[Value], thread: &str) {
    assert!(events
        .iter()
        .any(|e| e["ph"] == "X" && e["name"] == "outer"));
    assert!(events
        .iter()
        .any(|e| e["ph"] == "M" && e["args"]["name"] == thread));
}
