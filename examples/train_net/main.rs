//! Trains the evaluation network (`src/engine/strong/nnue`) on recorded games and writes
//! the engine's weights file.
//!
//! ```sh
//! cargo run --release --no-default-features --example train_net -- \
//!     --out net.gmknet [--epochs 8] [--hidden 32] [--lambda 0.5] [--scale K] GAMES.jsonl...
//! ```
//!
//! Games are `examples/datagen.rs` lines. Every 20th game is held out; the loss on those
//! is printed after each epoch next to two references: the search's own score read as a
//! winning chance, and a constant. The target of a position is `lambda` times the game's
//! result plus the rest times the search's score as a winning chance,
//! `sigmoid(score / K)`, with `K` fitted to the results first; `K` is also the network's
//! scale, so its output is in the units the search's margins were set in.

mod data;
mod model;

use data::{Sample, Score};
use model::{bce, sigmoid, Adam, Params, Scratch};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

struct Options {
    files: Vec<String>,
    out: String,
    epochs: usize,
    hidden: usize,
    lambda: f32,
    lr: f32,
    batch: usize,
    seed: u64,
    decay: f32,
    /// Train only the coarse rows (the fine table stays zero).
    coarse_only: bool,
    /// Each deeply labelled position is seen this many times an epoch.
    deep_repeat: usize,
    /// The result's share in a deeply labelled position's target.
    lambda_deep: f32,
    /// `K` given instead of fitted (labels whose scores were made with a known scale).
    scale: Option<f32>,
}

fn options() -> Result<Options, lexopt::Error> {
    use lexopt::prelude::*;
    let mut o = Options {
        files: Vec::new(),
        out: "net.gmknet".into(),
        epochs: 8,
        hidden: 32,
        lambda: 0.5,
        lr: 2e-3,
        batch: 1024,
        seed: 1,
        decay: 0.01,
        coarse_only: false,
        deep_repeat: 1,
        lambda_deep: 0.2,
        scale: None,
    };
    let mut p = lexopt::Parser::from_env();
    while let Some(arg) = p.next()? {
        match arg {
            Long("out") => o.out = p.value()?.string()?,
            Long("epochs") => o.epochs = p.value()?.parse()?,
            Long("hidden") => o.hidden = p.value()?.parse()?,
            Long("lambda") => o.lambda = p.value()?.parse()?,
            Long("lr") => o.lr = p.value()?.parse()?,
            Long("batch") => o.batch = p.value()?.parse()?,
            Long("seed") => o.seed = p.value()?.parse()?,
            Long("decay") => o.decay = p.value()?.parse()?,
            Long("coarse-only") => o.coarse_only = true,
            Long("deep-repeat") => o.deep_repeat = p.value()?.parse()?,
            Long("lambda-deep") => o.lambda_deep = p.value()?.parse()?,
            Long("scale") => o.scale = Some(p.value()?.parse()?),
            Value(v) => o.files.push(v.string()?),
            _ => return Err(arg.unexpected()),
        }
    }
    Ok(o)
}

fn main() {
    let o = match options() {
        Ok(o) if !o.files.is_empty() => o,
        Ok(_) => return eprintln!("usage: train_net [--out F] [--epochs N] GAMES.jsonl..."),
        Err(e) => return eprintln!("train_net: {e}"),
    };
    let (train, test) = match load(&o.files) {
        Ok(v) => v,
        Err(e) => return eprintln!("train_net: {e}"),
    };
    eprintln!(
        "{} training positions, {} held out",
        train.len(),
        test.len()
    );
    let k = o.scale.unwrap_or_else(|| fit_scale(&train));
    eprintln!("K = {k:.1} (search score per unit of logit)");
    let targets = |s: &Sample| target(s, k, if s.deep { o.lambda_deep } else { o.lambda });
    let reference: f32 = test
        .iter()
        .map(|s| bce(score_chance(s, k).unwrap_or(0.5), targets(s)))
        .sum::<f32>()
        / test.len().max(1) as f32;
    let classic: f32 = test
        .iter()
        .map(|s| bce(sigmoid(s.classic as f32 / k), targets(s)))
        .sum::<f32>()
        / test.len().max(1) as f32;
    eprintln!("held-out loss: pattern weights {classic:.4}");
    let mean = test.iter().map(targets).sum::<f32>() / test.len().max(1) as f32;
    let constant =
        test.iter().map(|s| bce(mean, targets(s))).sum::<f32>() / test.len().max(1) as f32;
    eprintln!("held-out loss: search score {reference:.4}, constant {constant:.4}");

    let mut rng = SmallRng::seed_from_u64(o.seed);
    let rows = gomoku::engine::strong::nnue::keys::RowMap::get().count();
    let mut params = Params::new(rows, o.hidden, data::coarse_rows(), &mut rng);
    let mut adam = Adam::new(params.len());
    let deep_test: Vec<&Sample> = test.iter().filter(|s| s.deep).collect();
    if !deep_test.is_empty() {
        let n = deep_test.len() as f32;
        let c: f32 = deep_test
            .iter()
            .map(|s| bce(sigmoid(s.classic as f32 / k), targets(s)))
            .sum::<f32>()
            / n;
        eprintln!("{} deep held out; pattern weights {c:.4}", deep_test.len());
    }
    for epoch in 0..o.epochs {
        let mut order: Vec<&Sample> = train
            .iter()
            .flat_map(|s| std::iter::repeat_n(s, if s.deep { o.deep_repeat } else { 1 }))
            .collect();
        order.shuffle(&mut rng);
        let lr = o.lr * 0.7f32.powi(epoch as i32);
        let frozen = if o.coarse_only { params.fine_len() } else { 0 };
        let loss = epoch_pass(
            &mut params,
            &mut adam,
            &order,
            &targets,
            k,
            (o.batch, lr, o.decay),
            frozen,
        );
        let held = held_out_loss(&params, test.iter(), &targets, k);
        let deep = held_out_loss(&params, deep_test.iter().copied(), &targets, k);
        eprintln!("epoch {epoch}: lr {lr:.5} train {loss:.4} held out {held:.4} deep {deep:.4}");
        compare(&params, &test, k);
        if let Err(e) = std::fs::write(&o.out, params.export(k)) {
            return eprintln!("train_net: {}: {e}", o.out);
        }
    }
}

/// Training and held-out positions of all files.
fn load(files: &[String]) -> Result<(Vec<Sample>, Vec<Sample>), String> {
    let (mut train, mut test) = (Vec::new(), Vec::new());
    for f in files {
        let text = std::fs::read_to_string(f).map_err(|e| format!("{f}: {e}"))?;
        train.extend(data::load(&text, |n| n % 20 != 0).map_err(|e| format!("{f}: {e}"))?);
        test.extend(data::load(&text, |n| n % 20 == 0).map_err(|e| format!("{f}: {e}"))?);
    }
    Ok((train, test))
}

/// The search's score as the side to move's winning chance.
fn score_chance(s: &Sample, k: f32) -> Option<f32> {
    s.score.map(|sc| match sc {
        Score::Won => 1.0,
        Score::Lost => 0.0,
        Score::Value(v) => sigmoid(v as f32 / k),
    })
}

fn target(s: &Sample, k: f32, lambda: f32) -> f32 {
    match (score_chance(s, k), s.result) {
        (Some(q), Some(z)) => lambda * z + (1.0 - lambda) * q,
        (Some(q), None) => q,
        (None, Some(z)) => z,
        (None, None) => 0.5,
    }
}

/// The `K` for which `sigmoid(score / K)` best predicts the results (golden-section
/// search of the cross-entropy over plain scores).
fn fit_scale(samples: &[Sample]) -> f32 {
    let pairs: Vec<(f32, f32)> = samples
        .iter()
        .filter_map(|s| match (s.score, s.result) {
            (Some(Score::Value(v)), Some(z)) => Some((v as f32, z)),
            _ => None,
        })
        .collect();
    let cost = |k: f32| {
        pairs
            .iter()
            .map(|&(v, r)| bce(sigmoid(v / k), r))
            .sum::<f32>()
    };
    let (mut a, mut b) = (20f32, 3000f32);
    let g = 0.618_034;
    for _ in 0..40 {
        let (c, d) = (b - g * (b - a), a + g * (b - a));
        if cost(c) < cost(d) {
            b = d;
        } else {
            a = c;
        }
    }
    (a + b) / 2.0
}

/// One pass over `train` in batches; the mean training loss.
fn epoch_pass(
    params: &mut Params,
    adam: &mut Adam,
    train: &[&Sample],
    target: &(impl Fn(&Sample) -> f32 + Sync),
    k: f32,
    (batch, lr, decay): (usize, f32, f32),
    frozen: usize,
) -> f32 {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut grads = vec![vec![0f32; params.len()]; threads];
    let mut scratch: Vec<Scratch> = (0..threads).map(|_| Scratch::new()).collect();
    let mut total = 0.0;
    for chunk in train.chunks(batch) {
        let per = chunk.len().div_ceil(threads);
        let p = &*params;
        let losses: Vec<f32> = std::thread::scope(|scope| {
            let handles: Vec<_> = grads
                .iter_mut()
                .zip(scratch.iter_mut())
                .zip(chunk.chunks(per))
                .map(|((g, s), part)| {
                    scope.spawn(move || {
                        g.iter_mut().for_each(|v| *v = 0.0);
                        part.iter()
                            .map(|smp| {
                                p.run(&smp.ids, smp.classic as f32 / k, target(smp), Some(g), s)
                                    .1
                            })
                            .sum::<f32>()
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("trainer thread"))
                .collect()
        });
        total += losses.iter().sum::<f32>();
        let used = chunk.chunks(per).count();
        let (first, rest) = grads.split_at_mut(1);
        let n = chunk.len() as f32;
        for (i, v) in first[0].iter_mut().enumerate() {
            let sum: f32 = *v + rest[..used - 1].iter().map(|g| g[i]).sum::<f32>();
            *v = sum / n;
        }
        let fine = params.fine_len();
        grads[0][..frozen].iter_mut().for_each(|g| *g = 0.0);
        adam.step(params, &grads[0], lr, fine, decay);
    }
    total / train.len().max(1) as f32
}

/// Spread of the network's and the pattern weights' values on `test` (in logits), and
/// how they correlate: a network much flatter than the weights cannot steer the search.
fn compare(params: &Params, test: &[Sample], k: f32) {
    let mut s = Scratch::new();
    let pairs: Vec<(f32, f32)> = test
        .iter()
        .map(|smp| {
            (
                params.run(&smp.ids, 0.0, 0.5, None, &mut s).0,
                smp.classic as f32 / k,
            )
        })
        .collect();
    let n = pairs.len().max(1) as f32;
    let mean = |f: &dyn Fn(&(f32, f32)) -> f32| pairs.iter().map(f).sum::<f32>() / n;
    let (ma, mb) = (mean(&|p| p.0), mean(&|p| p.1));
    let va = mean(&|p| (p.0 - ma).powi(2));
    let vb = mean(&|p| (p.1 - mb).powi(2));
    let cov = mean(&|p| (p.0 - ma) * (p.1 - mb));
    eprintln!(
        "network mean {ma:.3} sd {:.3}; weights mean {mb:.3} sd {:.3}; correlation {:.3}",
        va.sqrt(),
        vb.sqrt(),
        cov / (va * vb).sqrt().max(1e-9)
    );
}

fn held_out_loss<'a>(
    params: &Params,
    test: impl Iterator<Item = &'a Sample>,
    target: &impl Fn(&Sample) -> f32,
    k: f32,
) -> f32 {
    let mut s = Scratch::new();
    let (mut sum, mut n) = (0.0, 0usize);
    for smp in test {
        sum += params
            .run(&smp.ids, smp.classic as f32 / k, target(smp), None, &mut s)
            .1;
        n += 1;
    }
    sum / n.max(1) as f32
}
