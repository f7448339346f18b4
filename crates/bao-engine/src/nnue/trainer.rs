//! Training of the network in f32 (`bao train net`): the float model that mirrors the
//! integer [`super::Network`], its loss and gradient, Adam, and the model's bytes.
//!
//! A sample's target blends the deeper search's score and the game's result, as
//! Stockfish does: `t = λ · σ(score / K) + (1 − λ) · r` (r = 0 loss, ½ draw, 1 win; a
//! proven win or loss saturates σ). The loss is the cross-entropy of `σ(output)` against
//! `t`; the output is log-odds, so the network's centi-seeds are `output · K`.

use super::inputs::{Inputs, DENSE_DIVISOR, DENSE_INPUTS, SPARSE_INPUTS};
use super::{L1, L2, L3};
use crate::hash::mix64;
use crate::train::TrainPosition;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

// Offsets of the parameters in the flat vector.
const W1: usize = 0;
const WD: usize = W1 + SPARSE_INPUTS * L1;
const B1: usize = WD + DENSE_INPUTS * L1;
const W2: usize = B1 + L1;
const B2: usize = W2 + L1 * L2;
const W3: usize = B2 + L2;
const B3: usize = W3 + L2 * L3;
const W4: usize = B3 + L3;
const B4: usize = W4 + L3;
/// The number of parameters.
pub const PARAMS: usize = B4 + 1;

/// The other weights are kept within ±this (their i16 form is ×256); layer 1's weights
/// and biases within ±[`super::L1_LIMIT`].
const W_LIMIT: f32 = 127.0;

/// One training sample: the inputs and the target win probability.
#[derive(Clone, Debug)]
pub struct Sample {
    /// The position's inputs.
    pub inputs: Inputs,
    /// The target probability that the side to move wins.
    pub target: f32,
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The record's result as a probability: 0 loss, ½ draw, 1 win.
pub fn result_probability(t: &TrainPosition) -> f32 {
    f32::from(t.result + 1) / 2.0
}

/// A sample of a record: target `λ · σ(score / k) + (1 − λ) · result`.
pub fn sample(t: &TrainPosition, lambda: f32, k: f32) -> Sample {
    let s = sigmoid(f32::from(t.score) / k);
    Sample {
        inputs: Inputs::of(&t.position),
        target: lambda * s + (1.0 - lambda) * result_probability(t),
    }
}

/// Cross-entropy of `σ(logit)` against target `t`.
fn cross_entropy(logit: f32, t: f32) -> f32 {
    let p = sigmoid(logit).clamp(1e-7, 1.0 - 1e-7);
    -(t * p.ln() + (1.0 - t) * (1.0 - p).ln())
}

/// The best `K` (centi-seeds per unit of log-odds) to read scores as win probabilities:
/// the one of 50, 60, ..., 3000 with the least cross-entropy of `σ(score / K)` against
/// the game results.
pub fn fit_scale(data: &[TrainPosition]) -> f32 {
    let loss = |k: f32| -> f64 {
        data.iter()
            .map(|t| f64::from(cross_entropy(f32::from(t.score) / k, result_probability(t))))
            .sum()
    };
    (5..=300)
        .map(|i| i as f32 * 10.0)
        .min_by(|&a, &b| loss(a).total_cmp(&loss(b)))
        .unwrap_or(400.0)
}

/// The float model: every parameter in one vector (layer 1's rows per input, then the
/// dense rows, biases, layer 2 ... as [`super::Network`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    /// The parameters.
    pub params: Vec<f32>,
}

struct Activations {
    z1: [f32; L1],
    h1: [f32; L1],
    z2: [f32; L2],
    h2: [f32; L2],
    z3: [f32; L3],
    h3: [f32; L3],
}

fn clip(x: f32) -> f32 {
    x.clamp(0.0, 1.0)
}

impl Model {
    /// A new model, its weights drawn from `seed`.
    pub fn new(seed: u64) -> Model {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(mix64(seed ^ 0x6e6e_7565));
        let mut p = vec![0f32; PARAMS];
        let mut fill = |range: std::ops::Range<usize>, a: f32| {
            for x in &mut p[range] {
                *x = rng.gen_range(-a..a);
            }
        };
        fill(W1..WD, 0.1);
        fill(WD..B1, 0.1);
        fill(W2..B2, (6.0 / (L1 + L2) as f32).sqrt());
        fill(W3..B3, (6.0 / (L2 + L3) as f32).sqrt());
        fill(W4..B4, 0.5);
        p[B1..W2].iter_mut().for_each(|b| *b = 0.3);
        p[B2..W3].iter_mut().for_each(|b| *b = 0.1);
        p[B3..W4].iter_mut().for_each(|b| *b = 0.1);
        Model { params: p }
    }

    fn forward(&self, inp: &Inputs) -> (f32, Activations) {
        let p = &self.params;
        let mut z1 = [0f32; L1];
        z1.copy_from_slice(&p[B1..W2]);
        for &f in inp.active() {
            let row = &p[W1 + usize::from(f) * L1..][..L1];
            z1.iter_mut().zip(row).for_each(|(z, w)| *z += w);
        }
        for (k, &t) in inp.dense.iter().enumerate() {
            if t != 0 {
                let x = t as f32 / DENSE_DIVISOR;
                let row = &p[WD + k * L1..][..L1];
                z1.iter_mut().zip(row).for_each(|(z, w)| *z += w * x);
            }
        }
        let h1 = z1.map(clip);
        let mut z2 = [0f32; L2];
        for (o, z) in z2.iter_mut().enumerate() {
            let row = &p[W2 + o * L1..][..L1];
            *z = p[B2 + o] + row.iter().zip(&h1).map(|(w, h)| w * h).sum::<f32>();
        }
        let h2 = z2.map(clip);
        let mut z3 = [0f32; L3];
        for (o, z) in z3.iter_mut().enumerate() {
            let row = &p[W3 + o * L2..][..L2];
            *z = p[B3 + o] + row.iter().zip(&h2).map(|(w, h)| w * h).sum::<f32>();
        }
        let h3 = z3.map(clip);
        let out = p[B4] + p[W4..B4].iter().zip(&h3).map(|(w, h)| w * h).sum::<f32>();
        (
            out,
            Activations {
                z1,
                h1,
                z2,
                h2,
                z3,
                h3,
            },
        )
    }

    /// The output (log-odds for the side to move) of a sample's inputs.
    pub fn logit(&self, inp: &Inputs) -> f32 {
        self.forward(inp).0
    }

    /// Adds the gradient of one sample's loss to `grad`; returns the loss.
    fn backward(&self, s: &Sample, grad: &mut [f32]) -> f32 {
        let p = &self.params;
        let (out, a) = self.forward(&s.inputs);
        let d_out = sigmoid(out) - s.target;
        grad[B4] += d_out;
        let mut d3 = [0f32; L3];
        for o in 0..L3 {
            grad[W4 + o] += d_out * a.h3[o];
            if a.z3[o] > 0.0 && a.z3[o] < 1.0 {
                d3[o] = d_out * p[W4 + o];
            }
        }
        let mut d2 = [0f32; L2];
        for (o, &d) in d3.iter().enumerate() {
            if d == 0.0 {
                continue;
            }
            grad[B3 + o] += d;
            for i in 0..L2 {
                grad[W3 + o * L2 + i] += d * a.h2[i];
                d2[i] += d * p[W3 + o * L2 + i];
            }
        }
        let mut d1 = [0f32; L1];
        for o in 0..L2 {
            if !(a.z2[o] > 0.0 && a.z2[o] < 1.0) || d2[o] == 0.0 {
                continue;
            }
            let d = d2[o];
            grad[B2 + o] += d;
            for i in 0..L1 {
                grad[W2 + o * L1 + i] += d * a.h1[i];
                d1[i] += d * p[W2 + o * L1 + i];
            }
        }
        for (i, d) in d1.iter_mut().enumerate() {
            if !(a.z1[i] > 0.0 && a.z1[i] < 1.0) {
                *d = 0.0;
            }
        }
        grad[B1..W2].iter_mut().zip(&d1).for_each(|(g, d)| *g += d);
        for &f in s.inputs.active() {
            let row = &mut grad[W1 + usize::from(f) * L1..][..L1];
            row.iter_mut().zip(&d1).for_each(|(g, d)| *g += d);
        }
        for (k, &t) in s.inputs.dense.iter().enumerate() {
            if t != 0 {
                let x = t as f32 / DENSE_DIVISOR;
                let row = &mut grad[WD + k * L1..][..L1];
                row.iter_mut().zip(&d1).for_each(|(g, d)| *g += d * x);
            }
        }
        cross_entropy(out, s.target)
    }

    /// The mean loss over `samples`.
    pub fn loss(&self, samples: &[Sample]) -> f64 {
        let sum: f64 = samples
            .iter()
            .map(|s| f64::from(cross_entropy(self.logit(&s.inputs), s.target)))
            .sum();
        sum / samples.len().max(1) as f64
    }

    /// The integer network's weights file, with output scale `k` centi-seeds per unit.
    pub fn to_network_bytes(&self, k: f32) -> Vec<u8> {
        let p = &self.params;
        super::write_file(
            &p[W1..WD],
            &p[WD..B1],
            &p[B1..W2],
            &p[W2..B2],
            &p[B2..W3],
            &p[W3..B3],
            &p[B3..W4],
            &p[W4..B4],
            p[B4],
            k.round().max(1.0) as u32,
        )
    }
}

/// Adam's state.
#[derive(Clone, Debug, PartialEq)]
pub struct Adam {
    /// First moments.
    pub m: Vec<f32>,
    /// Second moments.
    pub v: Vec<f32>,
    /// Steps taken.
    pub steps: u64,
}

impl Default for Adam {
    fn default() -> Self {
        Adam {
            m: vec![0.0; PARAMS],
            v: vec![0.0; PARAMS],
            steps: 0,
        }
    }
}

/// The order of the samples in epoch `epoch` of a run seeded `seed`.
pub fn epoch_order(n: usize, seed: u64, epoch: u32) -> Vec<usize> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(mix64(seed ^ mix64(u64::from(epoch) + 1)));
    let mut order: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        order.swap(i, rng.gen_range(0..=i));
    }
    order
}

/// One epoch of mini-batch Adam over `samples` in the order of `order`, learning rate
/// `lr`; `on_batch(samples done)` after each batch. Returns the mean training loss.
pub fn train_epoch(
    model: &mut Model,
    adam: &mut Adam,
    samples: &[Sample],
    order: &[usize],
    batch: usize,
    lr: f32,
    on_batch: &mut dyn FnMut(usize),
) -> f64 {
    let (b1, b2, eps) = (0.9f32, 0.999f32, 1e-8f32);
    let mut grad = vec![0f32; PARAMS];
    let mut total = 0f64;
    let mut done = 0;
    for chunk in order.chunks(batch.max(1)) {
        grad.iter_mut().for_each(|g| *g = 0.0);
        for &i in chunk {
            total += f64::from(model.backward(&samples[i], &mut grad));
        }
        adam.steps += 1;
        let n = chunk.len() as f32;
        let c1 = 1.0 - b1.powi(adam.steps.min(100_000) as i32);
        let c2 = 1.0 - b2.powi(adam.steps.min(100_000) as i32);
        for (j, ((w, g), (m, v))) in model
            .params
            .iter_mut()
            .zip(&grad)
            .zip(adam.m.iter_mut().zip(adam.v.iter_mut()))
            .enumerate()
        {
            let g = g / n;
            *m = b1 * *m + (1.0 - b1) * g;
            *v = b2 * *v + (1.0 - b2) * g * g;
            *w -= lr * (*m / c1) / ((*v / c2).sqrt() + eps);
            let limit = if j < W2 { super::L1_LIMIT } else { W_LIMIT };
            *w = w.clamp(-limit, limit);
        }
        done += chunk.len();
        on_batch(done);
    }
    total / order.len().max(1) as f64
}

fn put_f32s(out: &mut Vec<u8>, xs: &[f32]) {
    for x in xs {
        out.extend_from_slice(&x.to_le_bytes());
    }
}

fn get_f32s(bytes: &[u8]) -> Vec<f32> {
    bytes
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

const CHECKPOINT_MAGIC: [u8; 8] = *b"BAOCKPT1";

/// A training checkpoint: after `epochs` epochs, the model and Adam's state, under the
/// run's settings text (a resumed run must have the same).
#[derive(Clone, Debug, PartialEq)]
pub struct Checkpoint {
    /// The run's settings.
    pub settings: String,
    /// Epochs done.
    pub epochs: u32,
    /// The model.
    pub model: Model,
    /// The optimizer.
    pub adam: Adam,
}

impl Checkpoint {
    /// The checkpoint's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(16 + 12 * PARAMS + self.settings.len());
        out.extend_from_slice(&CHECKPOINT_MAGIC);
        out.extend_from_slice(&(self.settings.len() as u32).to_le_bytes());
        out.extend_from_slice(self.settings.as_bytes());
        out.extend_from_slice(&self.epochs.to_le_bytes());
        out.extend_from_slice(&self.adam.steps.to_le_bytes());
        put_f32s(&mut out, &self.model.params);
        put_f32s(&mut out, &self.adam.m);
        put_f32s(&mut out, &self.adam.v);
        out
    }

    /// A checkpoint read back.
    ///
    /// # Errors
    /// Not a checkpoint, or one of another size.
    pub fn from_bytes(bytes: &[u8]) -> Result<Checkpoint, String> {
        if bytes.len() < 12 || bytes[..8] != CHECKPOINT_MAGIC {
            return Err("not a bao training checkpoint".into());
        }
        let n = u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]) as usize;
        let want = 12 + n + 12 + 12 * PARAMS;
        if bytes.len() != want {
            return Err(format!(
                "checkpoint of {} bytes, expected {want}",
                bytes.len()
            ));
        }
        let settings = String::from_utf8(bytes[12..12 + n].to_vec())
            .map_err(|_| "checkpoint settings are not UTF-8".to_string())?;
        let at = 12 + n;
        let epochs = u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
        let mut s = [0u8; 8];
        s.copy_from_slice(&bytes[at + 4..at + 12]);
        let body = &bytes[at + 12..];
        let p = 4 * PARAMS;
        Ok(Checkpoint {
            settings,
            epochs,
            model: Model {
                params: get_f32s(&body[..p]),
            },
            adam: Adam {
                m: get_f32s(&body[p..2 * p]),
                v: get_f32s(&body[2 * p..]),
                steps: u64::from_le_bytes(s),
            },
        })
    }
}
