//! Fits the strong engine's evaluation weights to game results (logistic regression on
//! the pattern and threat counts of quiet positions, "Texel tuning").
//!
//! Input: JSON lines, either from `examples/selfplay.rs` (`moves`, `result`), from
//! `../shared/sparring/match.py --record` (`moves`, `black`, `winner`), or labelled
//! positions from `tools/td_labels.py` (`moves`, `target`: the side to move's expected
//! score there). For games, every position after the opening where nothing is decided
//! at once (no five to make or block, no open four) becomes one sample, labelled with
//! the game's result for the side to move; for labelled positions, the last position
//! with its target. A sample is the counts of each line pattern and threat class for
//! the side to move and for the opponent. Every tenth sample is held out; its loss is
//! printed before and after. Prints the fitted weights as the Rust items of `eval.rs`
//! (the waiting side's weights already scaled: `waiting_percent` 100).
//!
//! `cargo run --release --no-default-features --example tune -- [--keep-high] [--non-negative] FILE...`
//!
//! A line's `size` (from `tools/td_labels.py --size`) gives its square board; 15 without.
//!
//! With `--keep-high` the threat classes from a three-three up keep their values: fitted
//! on quiet positions (where such a threat has mostly been met already) they came out
//! near zero, and the build with them lost 5 points against Carbon (docs/tuning.md).
//! With `--non-negative` no pattern or threat weight goes below 0 (a shape is never bad
//! for the side that owns it), which a free fit breaks where counts stand in for the stage
//! of the game.
//! With `--situations` first, only the situation table is fitted, on top of the engine's
//! evaluation as it is (each entry is an offset for the positions in that situation).

use gomoku::engine::strong::eval::{
    evaluate, features, situation_index, Features, Weights, SITUATIONS, WEIGHTS,
};
use gomoku::engine::strong::movegen::{situation, Situation};
use gomoku::engine::strong::pattern::PATTERN_COUNT;
use gomoku::engine::strong::state::State;
use gomoku::engine::strong::threat::THREAT_COUNT;
use gomoku::engine::{Pos, Rule, MAX_SIZE, MIN_SIZE};
use serde_json::Value;

/// Line and threat counts of both sides, the tempo, then one weight per situation.
const N: usize = 2 * (PATTERN_COUNT + THREAT_COUNT) + 1 + SITUATIONS;
const TEMPO: usize = 2 * (PATTERN_COUNT + THREAT_COUNT);
/// Scale of the logistic: an evaluation of `K` is a win probability of about 73%.
const K: f64 = 200.0;

struct Sample {
    x: [f64; N],
    /// The engine's evaluation less its situation entry, and the situation.
    eval: f64,
    situation: usize,
    /// 1 win, 0.5 draw, 0 loss for the side to move.
    y: f64,
}

fn vector(mine: &Features, theirs: &Features, situation: usize) -> [f64; N] {
    let mut x = [0.0; N];
    let mut i = 0;
    for v in mine.line.iter().chain(mine.threat.iter()) {
        x[i] = *v as f64;
        i += 1;
    }
    for v in theirs.line.iter().chain(theirs.threat.iter()) {
        x[i] = -(*v as f64);
        i += 1;
    }
    x[TEMPO] = 1.0;
    x[TEMPO + 1 + situation] = 1.0;
    x
}

/// Weights held where they are: patterns of empty space (too weak to mean anything),
/// classes a quiet position never has, and with `keep_high` the threat classes from a
/// three-three up (the search's tactics lean on them; see `main`).
fn fixed(i: usize, keep_high: bool) -> bool {
    use gomoku::engine::strong::pattern::Pattern as P;
    use gomoku::engine::strong::threat::Threat as T;
    if i >= TEMPO {
        return false;
    }
    let within = i % (PATTERN_COUNT + THREAT_COUNT);
    if within < PATTERN_COUNT {
        matches!(
            P::ALL[within],
            P::Dead | P::Overline | P::B1 | P::F1 | P::F5
        )
    } else {
        let t = T::ALL[within - PATTERN_COUNT];
        if keep_high && t >= T::Flex3x2 {
            return true;
        }
        matches!(t, T::None | T::Forbidden | T::Five | T::Flex4)
            && !(i >= PATTERN_COUNT + THREAT_COUNT && t == T::Flex4)
    }
}

fn weights_vector(w: &Weights) -> [f64; N] {
    let mut t = [0.0; N];
    let mut i = 0;
    for set in 0..2 {
        let scale = if set == 0 {
            1.0
        } else {
            w.waiting_percent as f64 / 100.0
        };
        for v in w.line[set].iter().chain(w.threat[set].iter()) {
            t[i] = *v as f64 * scale;
            i += 1;
        }
    }
    t[TEMPO] = w.tempo as f64;
    for (i, v) in w.situation.iter().enumerate() {
        t[TEMPO + 1 + i] = *v as f64;
    }
    t
}

fn parse_move(v: &Value) -> Option<Pos> {
    let (x, y) = v.as_str()?.split_once(',')?;
    Some(Pos::new(x.trim().parse().ok()?, y.trim().parse().ok()?))
}

/// Black's result (1, 0.5, 0) of one record, if it says.
fn black_result(rec: &Value) -> Option<f64> {
    if let Some(r) = rec.get("result").and_then(Value::as_i64) {
        return Some((r as f64 + 1.0) / 2.0);
    }
    let winner = rec.get("winner")?;
    if winner.is_null() {
        return Some(0.5);
    }
    Some(if winner == rec.get("black")? {
        1.0
    } else {
        0.0
    })
}

fn samples(path: &str, out: &mut Vec<Sample>) {
    let text = std::fs::read_to_string(path).expect("readable input");
    for line in text.lines() {
        let Ok(rec) = serde_json::from_str::<Value>(line) else {
            continue;
        };
        let target = rec.get("target").and_then(Value::as_f64);
        let (Some(moves), Some(black)) = (
            rec.get("moves").and_then(Value::as_array),
            black_result(&rec).or(target),
        ) else {
            continue;
        };
        // Square boards: 15x15 unless the line says (`td_labels.py --size`).
        let size = rec.get("size").and_then(Value::as_u64).unwrap_or(15) as usize;
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            continue;
        }
        let mut state = State::new(size, size, Rule::Freestyle);
        for (i, m) in moves.iter().enumerate() {
            let Some(p) = parse_move(m) else { break };
            if p.x >= size || p.y >= size {
                break;
            }
            let cell = state.cell_of(p);
            if !state.is_empty(cell) {
                break;
            }
            state.make(cell);
            if i < 5 || (target.is_some() && i + 1 < moves.len()) {
                continue;
            }
            if !matches!(
                situation(&mut state),
                Situation::Quiet
                    | Situation::DefendFourThree
                    | Situation::DefendThreeThree
                    | Situation::DefendFour
            ) {
                continue;
            }
            let me = state.side_to_move();
            let y = match target {
                Some(p) => p,
                None if me == 0 => black,
                None => 1.0 - black,
            };
            let situation = situation_index(&state);
            out.push(Sample {
                x: vector(&features(&state, me), &features(&state, 1 - me), situation),
                eval: (evaluate(&mut state) - WEIGHTS.situation[situation]) as f64,
                situation,
                y,
            });
        }
    }
}

/// Every tenth sample set aside, to measure the fit on positions it did not see.
fn hold_out(data: Vec<Sample>) -> (Vec<Sample>, Vec<Sample>) {
    let (held, fit): (Vec<_>, Vec<_>) =
        data.into_iter().enumerate().partition(|(i, _)| i % 10 == 0);
    let strip = |v: Vec<(usize, Sample)>| v.into_iter().map(|(_, s)| s).collect();
    (strip(fit), strip(held))
}

fn sigmoid(v: f64) -> f64 {
    1.0 / (1.0 + (-v).exp())
}

/// Mean cross-entropy of the results against `score` of each sample at scale `k`.
fn cross_entropy(data: &[Sample], k: f64, score: impl Fn(&Sample) -> f64) -> f64 {
    let l: f64 = data
        .iter()
        .map(|s| {
            let p = sigmoid(score(s) / k).clamp(1e-9, 1.0 - 1e-9);
            -(s.y * p.ln() + (1.0 - s.y) * (1.0 - p).ln())
        })
        .sum();
    l / data.len() as f64
}

fn loss(data: &[Sample], t: &[f64; N], k: f64) -> f64 {
    cross_entropy(data, k, |s| s.x.iter().zip(t).map(|(a, b)| a * b).sum())
}

/// Cross-entropy of the engine's evaluation plus `offset` per situation, at scale `k`.
fn situation_loss(data: &[Sample], k: f64, offset: &[f64; SITUATIONS]) -> f64 {
    cross_entropy(data, k, |s| s.eval + offset[s.situation])
}

/// Pseudo-samples at offset 0 in every situation: a rare situation stays near 0.
const SITUATION_PRIOR: f64 = 20.0;

/// Fits the situation table alone: first the logistic scale that suits the evaluation
/// as it is, then each situation's offset by Newton steps (the entries are independent).
fn fit_situations(data: &[Sample]) -> [f64; SITUATIONS] {
    let zero = [0.0; SITUATIONS];
    let k = (2..=120)
        .map(|i| i as f64 * 25.0)
        .min_by(|a, b| situation_loss(data, *a, &zero).total_cmp(&situation_loss(data, *b, &zero)))
        .unwrap_or(K);
    eprintln!("scale {k}, loss {:.5}", situation_loss(data, k, &zero));
    let mut table = [0.0; SITUATIONS];
    for (sit, v) in table.iter_mut().enumerate() {
        for _ in 0..50 {
            let (mut g, mut h) = (SITUATION_PRIOR * *v / 4.0, SITUATION_PRIOR / 4.0);
            for s in data.iter().filter(|s| s.situation == sit) {
                let p = sigmoid((s.eval + *v) / k);
                g += (p - s.y) * k;
                h += p * (1.0 - p);
            }
            *v -= g / h;
        }
    }
    eprintln!("loss after {:.5}", situation_loss(data, k, &table));
    table
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut flag = |name: &str| {
        let found = args.first().is_some_and(|a| a == name);
        if found {
            args.remove(0);
        }
        found
    };
    let only_situations = flag("--situations");
    let keep_high = flag("--keep-high");
    let non_negative = flag("--non-negative");
    let mut data = Vec::new();
    for path in &args {
        samples(path, &mut data);
    }
    eprintln!("{} samples", data.len());
    if only_situations {
        let table = fit_situations(&data);
        let r: Vec<String> = table.iter().map(|v| format!("{}", v.round())).collect();
        println!("situation: [{}],", r.join(", "));
        return;
    }
    let (data, held) = hold_out(data);
    let mut t = weights_vector(&WEIGHTS);
    eprintln!(
        "loss with current weights {:.5}, held out {:.5}",
        loss(&data, &t, K),
        loss(&held, &t, K)
    );
    // Weights no sample exercises keep their value (the gradient says nothing of them).
    let seen: Vec<bool> = (0..N)
        .map(|i| i <= TEMPO && !fixed(i, keep_high) && data.iter().any(|s| s.x[i] != 0.0))
        .collect();
    // Adam on the mean cross-entropy, the step size decaying.
    let (mut m, mut v) = ([0.0; N], [0.0; N]);
    let (b1, b2, l2) = (0.9, 0.999, 1e-6);
    let steps = 3000;
    for step in 1..=steps {
        let lr = 1.0 * (1.0 - step as f64 / (steps + 1) as f64);
        let mut g = [0.0; N];
        for s in &data {
            let e: f64 = s.x.iter().zip(&t).map(|(a, b)| a * b).sum();
            let err = sigmoid(e / K) - s.y;
            for (gi, xi) in g.iter_mut().zip(&s.x) {
                *gi += err * xi / K;
            }
        }
        for i in (0..N).filter(|&i| seen[i]) {
            let gi = g[i] / data.len() as f64 + l2 * t[i];
            m[i] = b1 * m[i] + (1.0 - b1) * gi;
            v[i] = b2 * v[i] + (1.0 - b2) * gi * gi;
            let mh = m[i] / (1.0 - f64::powi(b1, step));
            let vh = v[i] / (1.0 - f64::powi(b2, step));
            t[i] -= lr * mh / (vh.sqrt() + 1e-8);
            if non_negative && i < TEMPO {
                t[i] = t[i].max(0.0);
            }
        }
        if step % 500 == 0 {
            eprintln!("step {step}: loss {:.5}", loss(&data, &t, K));
        }
    }
    eprintln!("held-out loss after {:.5}", loss(&held, &t, K));
    let r = |a: &[f64]| {
        a.iter()
            .map(|x| format!("{}", x.round() as i64))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let (l, th) = (PATTERN_COUNT, THREAT_COUNT);
    println!(
        "line: [[{}], [{}]],",
        r(&t[0..l]),
        r(&t[l + th..2 * l + th])
    );
    println!(
        "threat: [[{}], [{}]],",
        r(&t[l..l + th]),
        r(&t[2 * l + th..TEMPO])
    );
    println!("tempo: {},", t[TEMPO].round());
    println!("waiting_percent: 100,");
    println!("situation: [{}],", r(&t[TEMPO + 1..]));
}
