//! A learned evaluation for Bao la Kiswahili: a small NNUE-style network
//! (docs/engine.md "The network").
//!
//! [`inputs`] turns a position into ~41 active binary inputs (of [`SPARSE_INPUTS`]) and
//! the linear evaluation's [`DENSE_INPUTS`] terms. Layer 1 sums the rows of the active
//! inputs (and the dense inputs times theirs) into an accumulator of [`L1`] values; then
//! clipped ReLU, [`L1`]→[`L2`]→[`L3`]→1, clipped ReLU between. The output is a win
//! log-odds for the side to move; times the network's scale it is centi-seeds.
//!
//! Inference is integer: layer-1 weights are i16 (×[`QA`]), the accumulator i32, the
//! activations 0..=128, the other weights i16 (×[`QW`]), sums i32. The search makes a
//! new position for every move (copy-make: a Bao sowing may change every hole), so the
//! accumulator is recomputed for every evaluated position, not updated incrementally.
//!
//! The shipped weights (`kiswahili.nnue`, [`shipped`]) are checked when first used:
//! magic, version, sizes, the file's own FNV-1a checksum, and that checksum equal to
//! [`SHIPPED_CHECKSUM`] — a file that is not the trained network (a zero network, say)
//! is refused and the search keeps the linear evaluation.

pub mod inputs;
pub mod trainer;

pub use inputs::{Inputs, DENSE_INPUTS, INPUT_DESCRIPTION, SPARSE_INPUTS};
use std::sync::OnceLock;

/// The accumulator's width.
pub const L1: usize = 64;
/// The second layer's width.
pub const L2: usize = 16;
/// The third layer's width.
pub const L3: usize = 16;
/// Layer-1 quantization: a float weight `w` is stored as `round(w · QA)`; an activation
/// of 1.0 is `QA` in the accumulator.
pub const QA: i32 = 4096;
/// The other layers' quantization: `round(w · QW)`.
pub const QW: i32 = 256;
/// An activation of 1.0 after layer 1 (and after every layer): 0..=`QH`.
pub const QH: i32 = 128;
/// A dense input's layer-1 weight is stored as `round(w · QA / DENSE_DIVISOR)`.
const QD: f32 = QA as f32 / inputs::DENSE_DIVISOR;

/// The file's first bytes.
pub const MAGIC: [u8; 8] = *b"BAONNUE\0";
/// The file format's version.
pub const VERSION: u32 = 1;
/// The FNV-1a checksum of the shipped, trained `kiswahili.nnue`.
pub const SHIPPED_CHECKSUM: u64 = 0x3539_251b_1546_856e;

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
    w1: Vec<i16>,
    /// Layer 1, one row of [`L1`] per dense input.
    wd: Vec<i16>,
    b1: [i32; L1],
    /// Layer 2, one row of [`L1`] per output.
    w2: Vec<i16>,
    b2: [i32; L2],
    w3: Vec<i16>,
    b3: [i32; L3],
    w4: [i16; L3],
    b4: i32,
    /// Centi-seeds per unit of output log-odds.
    scale: i32,
    checksum: u64,
}

/// Clipped ReLU to 0..=`max`, then `>> shift` (0..=[`QH`], so i16: the next layer's
/// products are i16 × i16, which vectorize as multiply-adds).
#[inline]
fn crelu<const N: usize>(x: &[i32; N], shift: u32, max: i32) -> [i16; N] {
    let mut out = [0i16; N];
    for (o, &v) in out.iter_mut().zip(x) {
        *o = ((v.clamp(0, max)) >> shift) as i16;
    }
    out
}

#[inline]
fn layer<const I: usize, const O: usize>(w: &[i16], b: &[i32; O], x: &[i16; I]) -> [i32; O] {
    let mut out = *b;
    for (o, row) in out.iter_mut().zip(w.chunks_exact(I)) {
        *o += row
            .iter()
            .zip(x)
            .map(|(&w, &x)| i32::from(w) * i32::from(x))
            .sum::<i32>();
    }
    out
}

impl Network {
    /// The value of a position's inputs for its side to move, in centi-seeds.
    pub fn evaluate(&self, inp: &Inputs) -> i32 {
        let mut acc = self.b1;
        for &f in inp.active() {
            let row = &self.w1[usize::from(f) * L1..][..L1];
            for (a, &w) in acc.iter_mut().zip(row) {
                *a += i32::from(w);
            }
        }
        for (k, &t) in inp.dense.iter().enumerate() {
            if t != 0 {
                let row = &self.wd[k * L1..][..L1];
                for (a, &w) in acc.iter_mut().zip(row) {
                    *a += t * i32::from(w);
                }
            }
        }
        // QA / QH = 32 = 2^5; QH · QW / QH = QW = 2^8.
        let h1 = crelu(&acc, 5, QA);
        let h2 = crelu(&layer::<L1, L2>(&self.w2, &self.b2, &h1), 8, QH * QW);
        let h3 = crelu(&layer::<L2, L3>(&self.w3, &self.b3, &h2), 8, QH * QW);
        let out: i64 = i64::from(self.b4)
            + h3.iter()
                .zip(&self.w4)
                .map(|(&h, &w)| i64::from(i32::from(h) * i32::from(w)))
                .sum::<i64>();
        (out * i64::from(self.scale) / i64::from(QH * QW)) as i32
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
        let w1 = r.i16s(SPARSE_INPUTS * L1);
        let wd = r.i16s(DENSE_INPUTS * L1);
        let b1 = r.i32_array::<L1>();
        let w2 = r.i16s(L1 * L2);
        let b2 = r.i32_array::<L2>();
        let w3 = r.i16s(L2 * L3);
        let b3 = r.i32_array::<L3>();
        let mut w4 = [0i16; L3];
        w4.copy_from_slice(&r.i16s(L3));
        let b4 = r.i32_array::<1>()[0];
        Ok(Network {
            w1,
            wd,
            b1,
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
    fn i16s(&mut self, n: usize) -> Vec<i16> {
        let out = self.bytes[self.at..self.at + 2 * n]
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect();
        self.at += 2 * n;
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
    let q16 = |out: &mut Vec<u8>, ws: &[f32], q: f32| {
        for &w in ws {
            let v = (w * q).round().clamp(-32767.0, 32767.0) as i16;
            out.extend_from_slice(&v.to_le_bytes());
        }
    };
    let q32 = |out: &mut Vec<u8>, ws: &[f32], q: f32| {
        for &w in ws {
            let v = (f64::from(w) * f64::from(q)).round() as i32;
            out.extend_from_slice(&v.to_le_bytes());
        }
    };
    let hw = (QH * QW) as f32;
    q16(&mut out, w1, QA as f32);
    q16(&mut out, wd, QD);
    q32(&mut out, b1, QA as f32);
    q16(&mut out, w2, QW as f32);
    q32(&mut out, b2, hw);
    q16(&mut out, w3, QW as f32);
    q32(&mut out, b3, hw);
    q16(&mut out, w4, QW as f32);
    q32(&mut out, &[b4], hw);
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
