//! The network in floating point, as the engine runs it in integers: rows summed per
//! cell and colour, clamped to 0..1, summed over the board, a clamped hidden layer and
//! one output, the logit of the side to move's winning chance. Forward, backward and
//! Adam, for one position at a time into a gradient buffer.

use gomoku::engine::strong::nnue::network::{self, Row, CHANNELS, POOL_DIVISOR, QA};
use rand::rngs::SmallRng;
use rand::Rng;

use super::data::{BOARD, COARSE, IDS, OCCUPIED};

const C: usize = CHANNELS;

/// Every weight, in one flat vector so that gradients and Adam treat them alike.
#[derive(Clone)]
pub struct Params {
    pub rows: usize,
    pub hidden: usize,
    pub w: Vec<f32>,
    /// The coarse row of each table row (see `data::coarse_rows`).
    pub coarse: Vec<u16>,
}

/// Where each part of [`Params::w`] starts.
struct Layout {
    table: usize,
    coarse: usize,
    bias0: usize,
    w1: usize,
    b1: usize,
    w2: usize,
    b2: usize,
    len: usize,
}

impl Params {
    fn layout(&self) -> Layout {
        let table = 0;
        let coarse = table + self.rows * C;
        let bias0 = coarse + COARSE * C;
        let w1 = bias0 + C;
        let b1 = w1 + self.hidden * 2 * C;
        let w2 = b1 + self.hidden;
        let b2 = w2 + self.hidden;
        Layout {
            table,
            coarse,
            bias0,
            w1,
            b1,
            w2,
            b2,
            len: b2 + 1,
        }
    }

    pub fn new(rows: usize, hidden: usize, coarse: Vec<u16>, rng: &mut SmallRng) -> Params {
        let mut p = Params {
            rows,
            hidden,
            w: Vec::new(),
            coarse,
        };
        let l = p.layout();
        p.w = vec![0.0; l.len];
        for v in &mut p.w[l.coarse..l.bias0] {
            *v = rng.random_range(-0.1..0.1);
        }
        for v in &mut p.w[l.bias0..l.w1] {
            *v = 0.3;
        }
        let a = 1.0 / (2.0 * C as f32).sqrt();
        for v in &mut p.w[l.w1..l.b1] {
            *v = rng.random_range(-a..a);
        }
        for v in &mut p.w[l.b1..l.w2] {
            *v = 0.5;
        }
        // The network adds to the pattern weights' value: it starts close to adding nothing.
        let a = 0.1 / (hidden as f32).sqrt();
        for v in &mut p.w[l.w2..l.b2] {
            *v = rng.random_range(-a..a);
        }
        p
    }

    pub fn len(&self) -> usize {
        self.w.len()
    }

    /// Weights of the fine table (they come first).
    pub fn fine_len(&self) -> usize {
        self.layout().coarse
    }

    /// The logit for one position; with `grad`, adds d(loss)/d(weight) for the target
    /// `target` (binary cross-entropy) and returns the loss as well.
    /// `base` is the pattern weights' value in logits: the network learns what to add.
    pub fn run(
        &self,
        ids: &[u16; IDS],
        base: f32,
        target: f32,
        grad: Option<&mut [f32]>,
        s: &mut Scratch,
    ) -> (f32, f32) {
        let l = self.layout();
        let w = &self.w;
        let bias0 = &w[l.bias0..l.w1];
        let mut x = [0f32; 2 * C];
        for colour in 0..2 {
            for cell in 0..BOARD {
                if ids[colour * BOARD * 4 + cell * 4] == OCCUPIED {
                    continue;
                }
                let pre = &mut s.pre[colour * BOARD + cell];
                pre.copy_from_slice(bias0);
                for d in 0..4 {
                    let r = ids[colour * BOARD * 4 + cell * 4 + d] as usize;
                    let k = self.coarse[r] as usize;
                    let row = &w[l.table + r * C..l.table + (r + 1) * C];
                    let crow = &w[l.coarse + k * C..l.coarse + (k + 1) * C];
                    for i in 0..C {
                        pre[i] += row[i] + crow[i];
                    }
                }
                for i in 0..C {
                    x[colour * C + i] += pre[i].clamp(0.0, 1.0);
                }
            }
        }
        for v in &mut x {
            *v /= POOL_DIVISOR;
        }
        let hidden = self.hidden;
        let mut hpre = vec![0f32; hidden];
        let mut y = w[l.b2];
        for h in 0..hidden {
            let row = &w[l.w1 + h * 2 * C..l.w1 + (h + 1) * 2 * C];
            hpre[h] = w[l.b1 + h] + row.iter().zip(&x).map(|(a, b)| a * b).sum::<f32>();
            y += w[l.w2 + h] * hpre[h].clamp(0.0, 1.0);
        }
        let p = sigmoid(y + base);
        let loss = bce(p, target);
        let Some(g) = grad else {
            return (y, loss);
        };
        let dy = p - target;
        g[l.b2] += dy;
        let mut dx = [0f32; 2 * C];
        for h in 0..hidden {
            let act = hpre[h].clamp(0.0, 1.0);
            g[l.w2 + h] += dy * act;
            if hpre[h] <= 0.0 || hpre[h] >= 1.0 {
                continue;
            }
            let dh = dy * w[l.w2 + h];
            g[l.b1 + h] += dh;
            let row = &w[l.w1 + h * 2 * C..l.w1 + (h + 1) * 2 * C];
            let grow = &mut g[l.w1 + h * 2 * C..l.w1 + (h + 1) * 2 * C];
            for i in 0..2 * C {
                grow[i] += dh * x[i];
                dx[i] += dh * row[i];
            }
        }
        for colour in 0..2 {
            let dpool = &dx[colour * C..(colour + 1) * C];
            for cell in 0..BOARD {
                if ids[colour * BOARD * 4 + cell * 4] == OCCUPIED {
                    continue;
                }
                let pre = &s.pre[colour * BOARD + cell];
                let mut dact = [0f32; C];
                let mut any = false;
                for i in 0..C {
                    if pre[i] > 0.0 && pre[i] < 1.0 {
                        dact[i] = dpool[i] / POOL_DIVISOR;
                        any = true;
                    }
                }
                if !any {
                    continue;
                }
                for i in 0..C {
                    g[l.bias0 + i] += dact[i];
                }
                for d in 0..4 {
                    let r = ids[colour * BOARD * 4 + cell * 4 + d] as usize;
                    if r == 0 {
                        continue;
                    }
                    let grow = &mut g[l.table + r * C..l.table + (r + 1) * C];
                    for i in 0..C {
                        grow[i] += dact[i];
                    }
                    let k = self.coarse[r] as usize;
                    let gc = &mut g[l.coarse + k * C..l.coarse + (k + 1) * C];
                    for i in 0..C {
                        gc[i] += dact[i];
                    }
                }
            }
        }
        (y, loss)
    }

    /// The engine's file: rows with the cell bias folded in, in units of 1/QA.
    pub fn export(&self, scale: f32) -> Vec<u8> {
        let l = self.layout();
        let w = &self.w;
        let bias0 = &w[l.bias0..l.w1];
        let limit = (i16::MAX / 4) as f32;
        let rows: Vec<Row> = (0..self.rows)
            .map(|r| {
                let mut row = [0i16; C];
                if r > 0 {
                    let k = self.coarse[r] as usize;
                    for i in 0..C {
                        let fine = w[l.table + r * C + i] + w[l.coarse + k * C + i];
                        let v = (fine + bias0[i] / 4.0) * QA as f32;
                        row[i] = v.round().clamp(-limit, limit) as i16;
                    }
                }
                row
            })
            .collect();
        network::to_bytes(
            &rows,
            scale,
            &w[l.w1..l.b1],
            &w[l.b1..l.w2],
            &w[l.w2..l.b2],
            w[l.b2],
        )
    }
}

/// Per-thread buffers of the forward pass.
pub struct Scratch {
    pre: Vec<[f32; C]>,
}

impl Scratch {
    pub fn new() -> Scratch {
        Scratch {
            pre: vec![[0.0; C]; 2 * BOARD],
        }
    }
}

pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

pub fn bce(p: f32, t: f32) -> f32 {
    let p = p.clamp(1e-6, 1.0 - 1e-6);
    -(t * p.ln() + (1.0 - t) * (1.0 - p).ln())
}

/// Adam over the flat weight vector; row 0 of the table stays zero.
pub struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
    t: i32,
}

impl Adam {
    pub fn new(n: usize) -> Adam {
        Adam {
            m: vec![0.0; n],
            v: vec![0.0; n],
            t: 0,
        }
    }

    /// One step; the fine table rows (the first `decayed` weights) also shrink by
    /// `decay` times the rate (so a rare key leans on its coarse row).
    pub fn step(&mut self, p: &mut Params, g: &[f32], lr: f32, decayed: usize, decay: f32) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        self.t += 1;
        let c1 = 1.0 - B1.powi(self.t);
        let c2 = 1.0 - B2.powi(self.t);
        let moments = self.m.iter_mut().zip(self.v.iter_mut());
        let all = p.w.iter_mut().zip(g).zip(moments).enumerate().skip(C);
        for (i, ((w, &gi), (m, v))) in all {
            *m = B1 * *m + (1.0 - B1) * gi;
            *v = B2 * *v + (1.0 - B2) * gi * gi;
            *w -= lr * (*m / c1) / ((*v / c2).sqrt() + 1e-8);
            if i < decayed {
                *w -= lr * decay * *w;
            }
        }
    }
}
