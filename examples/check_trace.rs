//! Checks a profiler trace the way Perfetto's JSON importer reads Chrome trace JSON: the
//! envelope, each event's fields and types, thread names, counters with numeric values,
//! and the slices of each thread properly nested (Perfetto flags slices that overlap
//! without nesting). Prints what the trace holds per thread.
//!
//! `cargo run --release --example check_trace -- trace.json`

use serde_json::Value;
use std::collections::{BTreeMap, HashMap};

type Slice = (f64, f64, String);

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: check_trace TRACE.json");
        std::process::exit(2);
    };
    match check(&path) {
        Ok(summary) => print!("{summary}"),
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(1);
        }
    }
}

fn check(path: &str) -> Result<String, String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let doc: Value = serde_json::from_str(&text).map_err(|e| format!("not JSON: {e}"))?;
    let events = doc["traceEvents"]
        .as_array()
        .ok_or("no traceEvents array")?;
    let mut threads: HashMap<u64, String> = HashMap::new();
    let mut slices: HashMap<u64, Vec<Slice>> = HashMap::new();
    let mut counts: BTreeMap<(u64, String, String), usize> = BTreeMap::new();
    for e in events {
        let bad = || format!("malformed event {e}");
        let ph = e["ph"].as_str().ok_or_else(bad)?;
        let tid = e["tid"].as_u64().ok_or_else(bad)?;
        e["pid"].as_u64().ok_or_else(bad)?;
        let name = e["name"].as_str().ok_or_else(bad)?.to_string();
        match ph {
            "M" => {
                let thread = e["args"]["name"].as_str().ok_or_else(bad)?;
                threads.insert(tid, thread.to_string());
                continue;
            }
            "X" => {
                let ts = e["ts"].as_f64().ok_or_else(bad)?;
                let dur = e["dur"].as_f64().filter(|d| *d >= 0.0).ok_or_else(bad)?;
                slices
                    .entry(tid)
                    .or_default()
                    .push((ts, ts + dur, name.clone()));
            }
            "C" => {
                e["ts"].as_f64().ok_or_else(bad)?;
                let args = e["args"]
                    .as_object()
                    .filter(|a| !a.is_empty())
                    .ok_or_else(bad)?;
                if !args.values().all(Value::is_number) {
                    return Err(bad());
                }
            }
            _ => return Err(bad()),
        }
        *counts.entry((tid, ph.to_string(), name)).or_default() += 1;
    }
    for (tid, list) in &mut slices {
        nested(list).map_err(|e| format!("thread {tid}: {e}"))?;
    }
    let mut out = format!("{path}: {} events, valid Chrome trace JSON\n", events.len());
    for ((tid, ph, name), n) in counts {
        let thread = threads.get(&tid).map_or("?", String::as_str);
        out += &format!("  {thread:10} {ph} {name}: {n}\n");
    }
    Ok(out)
}

/// True nesting: a slice that starts inside another ends inside it too.
fn nested(list: &mut [Slice]) -> Result<(), String> {
    list.sort_by(|a, b| a.0.total_cmp(&b.0).then(b.1.total_cmp(&a.1)));
    let mut stack: Vec<&Slice> = Vec::new();
    for s in list.iter() {
        while stack.last().is_some_and(|top| top.1 <= s.0 + 1e-3) {
            stack.pop();
        }
        if let Some(top) = stack.last() {
            if s.1 > top.1 + 1e-3 {
                return Err(format!("{s:?} overlaps {top:?} without nesting"));
            }
        }
        stack.push(s);
    }
    Ok(())
}
