//! A learned evaluation for Bao la Kiswahili: a small NNUE-style network
//! (docs/engine.md "The network").
//!
//! [`inputs`] turns a position into ~41 active binary inputs (of [`SPARSE_INPUTS`]) and
//! the linear evaluation's [`DENSE_INPUTS`] terms. Layer 1 sums the rows of the active
//! inputs (and the dense inputs times theirs) into an accumulator of [`L1`] values; then
//! clipped ReLU, [`L1`]→[`L2`]→[`L3`]→1, clipped ReLU between. The output is a win
//! log-odds for the side to move; times the network's scale it is centi-seeds.
//!
//! Inference is integer and written for the compiler's SSE2 vectors (x86_64's baseline,
//! no `target-cpu`): layer-1 weights are i16 (×[`QA`] = 512) summed into an i16
//! accumulator (`paddw`, 8 lanes; the weights' limits make every sum exact), the
//! activations 0..=128 in i16, the other weights i16 (×[`QW`]) with i32 sums
//! (`pmaddwd`). The search makes a new position for every move (copy-make: a Bao sowing
//! may change every hole), so the accumulator is recomputed for every evaluated
//! position.
//!
//! The shipped weights (`kiswahili.nnue`, [`shipped`]) are checked when first used:
//! magic, version, sizes, the file's own FNV-1a checksum, and that checksum equal to
//! [`SHIPPED_CHECKSUM`] — a file that is not the trained network (a zero network, say)
//! is refused and the search keeps the linear evaluation.

pub mod inputs;
pub mod trainer;

pub use inputs::{Inputs, DENSE_INPUTS, INPUT_DESCRIPTION, MAX_ACTIVE, SPARSE_INPUTS};
use std::sync::OnceLock;

/// The accumulator's width.
pub const L1: usize = 64;
/// The second layer's width.
pub const L2: usize = 16;
/// The third layer's width.
pub const L3: usize = 16;
/// Layer-1 quantization: a float weight `w` is stored as `round(w · QA)`; an activation
/// of 1.0 is `QA` in the (i16) accumulator.
pub const QA: i32 = 512;
/// The other layers' quantization: `round(w · QW)`.
pub const QW: i32 = 256;
/// An activation of 1.0 after layer 1 (and after every layer): 0..=`QH`.
pub const QH: i32 = 128;
/// `QA / QH` as a shift.
const L1_SHIFT: u32 = 2;
const _: () = assert!(QA >> L1_SHIFT == QH);
/// A dense input's product with its weight is computed at `2^DENSE_SHIFT` times the
/// accumulator's resolution, then shifted down.
const DENSE_SHIFT: u32 = 3;
/// A dense input's layer-1 weight is stored as `round(w · QD)`: the float model reads
/// the input as `t / DENSE_DIVISOR`.
const QD: f32 = (QA << DENSE_SHIFT) as f32 / inputs::DENSE_DIVISOR;
/// The largest layer-1 weight or bias (binary rows and biases ×[`QA`]): with at most
/// [`MAX_ACTIVE`] binary inputs and the dense inputs within ±[`inputs::MAX_DENSE`], every
/// accumulator sum fits in i16 (asserted below), so the i16 adds are exact.
pub const MAX_L1_WEIGHT: i16 = 460;
/// The largest dense-row weight (×`QD`).
pub const MAX_DENSE_WEIGHT: i16 =
    (MAX_L1_WEIGHT as i32 * (1 << DENSE_SHIFT) / inputs::DENSE_DIVISOR as i32) as i16;
const _: () = assert!(
    (MAX_ACTIVE as i32 + 1) * MAX_L1_WEIGHT as i32
        + DENSE_INPUTS as i32 * ((inputs::MAX_DENSE * MAX_DENSE_WEIGHT as i32) >> DENSE_SHIFT)
        <= i16::MAX as i32
);
/// The float model's layer-1 limit: weights and biases stay within ±this.
pub const L1_LIMIT: f32 = MAX_L1_WEIGHT as f32 / QA as f32;

/// The file's first bytes.
pub const MAGIC: [u8; 8] = *b"BAONNUE\0";
/// The file format's version.
pub const VERSION: u32 = 2;
/// The FNV-1a checksum of the shipped, trained `kiswahili.nnue`.
pub const SHIPPED_CHECKSUM: u64 = 0xc41c_1579_6023_0f6d;

const HEADER_BYTES: usize = 8 + 7 * 4;

/// Why a weights file is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NetError {
    /// The file does not start with [`MAGIC`].
    #[error("not a bao network file (no BAONNUE magic)")]
    Magic,
    /// Another version, or other layer sizes than this build's.
    #[error("network file: {0}")]
    Shape(String),
    /// The file's size is not what its header says.
    #[error("network file: {found} bytes, expected {expected}")]
    Size {
        /// Bytes in the file.
        found: usize,
        /// Bytes the header implies.
        expected: usize,
    },
    /// The stored checksum does not match the contents (a damaged file).
    #[error("network file: checksum {stored:016x} stored, {computed:016x} computed (damaged)")]
    Checksum {
        /// In the file.
        stored: u64,
        /// Of the file's contents.
        computed: u64,
    },
    /// A well-formed network that is not the trained one the engine ships.
    #[error(
        "network file: checksum {0:016x} is not the trained network's ({SHIPPED_CHECKSUM:016x})"
    )]
    NotTrained(u64),
}

/// FNV-1a, 64 bits.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// A network with integer weights, ready to evaluate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    /// Layer 1, one row of [`L1`] per binary input.
    w1: Vec<[i16; L1]>,
    /// Layer 1, one row of [`L1`] per dense input.
    wd: Vec<[i16; L1]>,
    b1: [i16; L1],
    /// Layer 2, one row of [`L1`] per output.
    w2: Vec<[i16; L1]>,
    b2: [i32; L2],
    /// Layer 3, one row of [`L2`] per output.
    w3: Vec<[i16; L2]>,
    b3: [i32; L3],
    w4: [i16; L3],
    b4: i32,
    /// Centi-seeds per unit of output log-odds.
    scale: i32,
    checksum: u64,
}

/// Layer 1's sums for one position: i16, exact (see [`MAX_L1_WEIGHT`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Accumulator(pub [i16; L1]);

/// `acc += row`, lane by lane (SSE2 `paddw`; wrapping: the sums are exact in the end).
#[inline(always)]
fn add_row(acc: &mut [i16; L1], row: &[i16; L1]) {
    for (a, &w) in acc.iter_mut().zip(row) {
        *a = a.wrapping_add(w);
    }
}

/// The dot product of an i16 row and i16 activations in i32 (SSE2 `pmaddwd`).
#[inline(always)]
fn dot<const N: usize>(w: &[i16; N], x: &[i16; N]) -> i32 {
    let mut s = 0i32;
    for (&w, &x) in w.iter().zip(x) {
        s = s.wrapping_add(i32::from(w) * i32::from(x));
    }
    s
}

/// A hidden layer: `b + W·x`, clipped to 0..=[`QH`]·[`QW`], then `>> 8` (0..=[`QH`]).
#[inline(always)]
fn hidden<const I: usize, const O: usize>(w: &[[i16; I]], b: &[i32; O], x: &[i16; I]) -> [i16; O] {
    let mut out = [0i16; O];
    for ((o, row), &b) in out.iter_mut().zip(w).zip(b) {
        // QH · QW / QW = QH: the shift by 8 (= log2 QW) brings it back to 0..=QH.
        *o = (b.saturating_add(dot(row, x)).clamp(0, QH * QW) >> 8) as i16;
    }
    out
}

impl Network {
    /// Layer 1's sums of a position's inputs.
    #[inline]
    pub fn accumulate(&self, inp: &Inputs) -> Accumulator {
        let mut acc = self.b1;
        for &f in inp.active() {
            add_row(&mut acc, &self.w1[usize::from(f)]);
        }
        for (&t, row) in inp.dense.iter().zip(&self.wd) {
            if t != 0 {
                // |t| <= MAX_DENSE and |w| <= MAX_DENSE_WEIGHT: the product fits in i16.
                let t = t as i16;
                for (a, &w) in acc.iter_mut().zip(row) {
                    *a = a.wrapping_add(t.wrapping_mul(w) >> DENSE_SHIFT);
                }
            }
        }
        Accumulator(acc)
    }

    /// The value of layer 1's sums for the side to move, in centi-seeds.
    #[inline]
    pub fn evaluate_accumulator(&self, acc: &Accumulator) -> i32 {
        let mut h1 = [0i16; L1];
        for (h, &a) in h1.iter_mut().zip(&acc.0) {
            *h = a.clamp(0, QA as i16) >> L1_SHIFT;
        }
        let h2 = hidden::<L1, L2>(&self.w2, &self.b2, &h1);
        let h3 = hidden::<L2, L3>(&self.w3, &self.b3, &h2);
        let out = i64::from(self.b4) + i64::from(dot(&self.w4, &h3));
        (out * i64::from(self.scale) / i64::from(QH * QW)) as i32
    }

    /// The value of a position's inputs for its side to move, in centi-seeds.
    #[inline]
    pub fn evaluate(&self, inp: &Inputs) -> i32 {
        self.evaluate_accumulator(&self.accumulate(inp))
    }

    /// The value of a position for its side to move, in centi-seeds.
    #[inline]
    pub fn evaluate_position(&self, pos: &bao_rules::kiswahili::Kiswahili) -> i32 {
        self.evaluate(&Inputs::of(pos))
    }

    /// The file's checksum (FNV-1a of everything before it).
    pub fn checksum(&self) -> u64 {
        self.checksum
    }

    /// Centi-seeds per unit of output log-odds.
    pub fn scale(&self) -> i32 {
        self.scale
    }

    /// A network read from a weights file, checked for magic, version, sizes and its own
    /// checksum (any well-formed network; [`shipped`] also wants the trained one).
    ///
    /// # Errors
    /// [`NetError`] naming what is wrong.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetError> {
        if bytes.len() < HEADER_BYTES || bytes[..8] != MAGIC {
            return Err(NetError::Magic);
        }
        let word = |i: usize| {
            u32::from_le_bytes([
                bytes[8 + 4 * i],
                bytes[9 + 4 * i],
                bytes[10 + 4 * i],
                bytes[11 + 4 * i],
            ])
        };
        let shape = [word(0), word(1), word(2), word(3), word(4), word(5)];
        let want = [
            VERSION,
            SPARSE_INPUTS as u32,
            DENSE_INPUTS as u32,
            L1 as u32,
            L2 as u32,
            L3 as u32,
        ];
        if shape != want {
            return Err(NetError::Shape(format!(
                "version and sizes {shape:?}, this build reads {want:?} (version, binary inputs, dense inputs, L1, L2, L3)"
            )));
        }
        let expected = Self::file_bytes();
        if bytes.len() != expected {
            return Err(NetError::Size {
                found: bytes.len(),
                expected,
            });
        }
        let body = &bytes[..expected - 8];
        let mut tail = [0u8; 8];
        tail.copy_from_slice(&bytes[expected - 8..]);
        let stored = u64::from_le_bytes(tail);
        let computed = fnv1a(body);
        if stored != computed {
            return Err(NetError::Checksum { stored, computed });
        }
        let mut r = Reader {
            bytes: body,
            at: HEADER_BYTES,
        };
        let scale = word(6) as i32;
        let w1 = r.rows::<L1>(SPARSE_INPUTS);
        let wd = r.rows::<L1>(DENSE_INPUTS);
        let b1 = r.i32_array::<L1>();
        let w2 = r.rows::<L1>(L2);
        let b2 = r.i32_array::<L2>();
        let w3 = r.rows::<L2>(L3);
        let b3 = r.i32_array::<L3>();
        let w4 = r.rows::<L3>(1)[0];
        let b4 = r.i32_array::<1>()[0];
        let within = |x: i32, max: i16| x.abs() <= i32::from(max);
        if !w1
            .iter()
            .flatten()
            .all(|&w| within(w.into(), MAX_L1_WEIGHT))
            || !b1.iter().all(|&b| within(b, MAX_L1_WEIGHT))
        {
            return Err(NetError::Shape(format!(
                "a layer-1 weight or bias beyond ±{MAX_L1_WEIGHT}"
            )));
        }
        if !wd
            .iter()
            .flatten()
            .all(|&w| within(w.into(), MAX_DENSE_WEIGHT))
        {
            return Err(NetError::Shape(format!(
                "a dense-input weight beyond ±{MAX_DENSE_WEIGHT}"
            )));
        }
        Ok(Network {
            w1,
            wd,
            b1: b1.map(|b| b as i16),
            w2,
            b2,
            w3,
            b3,
            w4,
            b4,
            scale,
            checksum: computed,
        })
    }

    /// The size of a weights file.
    pub const fn file_bytes() -> usize {
        HEADER_BYTES
            + 2 * (SPARSE_INPUTS * L1 + DENSE_INPUTS * L1 + L1 * L2 + L2 * L3 + L3)
            + 4 * (L1 + L2 + L3 + 1)
            + 8
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn rows<const N: usize>(&mut self, n: usize) -> Vec<[i16; N]> {
        let out = self.bytes[self.at..self.at + 2 * N * n]
            .chunks_exact(2 * N)
            .map(|row| {
                let mut r = [0i16; N];
                for (x, c) in r.iter_mut().zip(row.chunks_exact(2)) {
                    *x = i16::from_le_bytes([c[0], c[1]]);
                }
                r
            })
            .collect();
        self.at += 2 * N * n;
        out
    }

    fn i32_array<const N: usize>(&mut self) -> [i32; N] {
        let mut out = [0i32; N];
        for (o, c) in out
            .iter_mut()
            .zip(self.bytes[self.at..self.at + 4 * N].chunks_exact(4))
        {
            *o = i32::from_le_bytes([c[0], c[1], c[2], c[3]]);
        }
        self.at += 4 * N;
        out
    }
}

/// Quantized weights as a file ([`Network::from_bytes`] reads it back): float weights in
/// the order of the trainer's model, and the output scale.
#[allow(clippy::too_many_arguments)]
pub(crate) fn write_file(
    w1: &[f32],
    wd: &[f32],
    b1: &[f32],
    w2: &[f32],
    b2: &[f32],
    w3: &[f32],
    b3: &[f32],
    w4: &[f32],
    b4: f32,
    scale: u32,
) -> Vec<u8> {
    let mut out = Vec::with_capacity(Network::file_bytes());
    out.extend_from_slice(&MAGIC);
    for w in [
        VERSION,
        SPARSE_INPUTS as u32,
        DENSE_INPUTS as u32,
        L1 as u32,
        L2 as u32,
        L3 as u32,
        scale,
    ] {
        out.extend_from_slice(&w.to_le_bytes());
    }
    let q16 = |out: &mut Vec<u8>, ws: &[f32], q: f32, max: i16| {
        for &w in ws {
            let v = (w * q).round().clamp(-f32::from(max), f32::from(max)) as i16;
            out.extend_from_slice(&v.to_le_bytes());
        }
    };
    let q32 = |out: &mut Vec<u8>, ws: &[f32], q: f32, max: i32| {
        for &w in ws {
            let v = ((f64::from(w) * f64::from(q)).round() as i32).clamp(-max, max);
            out.extend_from_slice(&v.to_le_bytes());
        }
    };
    let hw = (QH * QW) as f32;
    let (l1, m) = (MAX_L1_WEIGHT, i16::MAX);
    q16(&mut out, w1, QA as f32, l1);
    q16(&mut out, wd, QD, MAX_DENSE_WEIGHT);
    q32(&mut out, b1, QA as f32, l1.into());
    q16(&mut out, w2, QW as f32, m);
    q32(&mut out, b2, hw, i32::MAX);
    q16(&mut out, w3, QW as f32, m);
    q32(&mut out, b3, hw, i32::MAX);
    q16(&mut out, w4, QW as f32, m);
    q32(&mut out, &[b4], hw, i32::MAX);
    let sum = fnv1a(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out
}

/// The shipped weights file.
pub const SHIPPED_BYTES: &[u8] = include_bytes!("kiswahili.nnue");

/// The shipped network if it is the trained one ([`SHIPPED_CHECKSUM`]), checked once.
///
/// # Errors
/// Why the file was refused; the search then keeps the linear evaluation.
pub fn shipped() -> Result<&'static Network, &'static NetError> {
    static NET: OnceLock<Result<Network, NetError>> = OnceLock::new();
    NET.get_or_init(|| check_trained(SHIPPED_BYTES)).as_ref()
}

/// [`Network::from_bytes`], and the checksum must be [`SHIPPED_CHECKSUM`].
///
/// # Errors
/// As [`Network::from_bytes`], or [`NetError::NotTrained`].
pub fn check_trained(bytes: &[u8]) -> Result<Network, NetError> {
    let net = Network::from_bytes(bytes)?;
    if net.checksum != SHIPPED_CHECKSUM {
        return Err(NetError::NotTrained(net.checksum));
    }
    Ok(net)
}

#[cfg(test)]
mod tests;
