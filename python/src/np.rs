//! NumPy arrays from Rust buffers without a compile-time NumPy dependency: the bytes go
//! into a `bytearray` and `numpy.frombuffer` views them (writable, owned by the array).

use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyTuple};

fn array<'py>(
    py: Python<'py>,
    bytes: &[u8],
    dtype: &str,
    shape: &[usize],
) -> PyResult<Bound<'py, PyAny>> {
    let np = py.import("numpy")?;
    let buf = PyByteArray::new(py, bytes);
    let flat = np.call_method1("frombuffer", (buf, dtype))?;
    flat.call_method1("reshape", (PyTuple::new(py, shape)?,))
}

/// A `uint8` array of `shape` holding `data`.
pub fn u8_array<'py>(py: Python<'py>, data: &[u8], shape: &[usize]) -> PyResult<Bound<'py, PyAny>> {
    array(py, data, "uint8", shape)
}

/// The legal-action mask dtype of the whole package: `int8` (0/1), as Gymnasium's
/// `Discrete.sample(mask=...)` and PettingZoo's classic games expect.
pub const MASK_DTYPE: &str = "int8";

/// A mask array (`int8` 0/1) of `shape` holding `data` (each 0 or 1).
pub fn mask_array<'py>(
    py: Python<'py>,
    data: &[u8],
    shape: &[usize],
) -> PyResult<Bound<'py, PyAny>> {
    array(py, data, MASK_DTYPE, shape)
}

/// An `int8` array of `shape` holding `data`.
pub fn i8_array<'py>(py: Python<'py>, data: &[i8], shape: &[usize]) -> PyResult<Bound<'py, PyAny>> {
    let bytes: Vec<u8> = data.iter().map(|&x| x as u8).collect();
    array(py, &bytes, "int8", shape)
}

/// A `uint32` array of `shape` holding `data`.
pub fn u32_array<'py>(
    py: Python<'py>,
    data: &[u32],
    shape: &[usize],
) -> PyResult<Bound<'py, PyAny>> {
    let bytes: Vec<u8> = data.iter().flat_map(|x| x.to_ne_bytes()).collect();
    array(py, &bytes, "=u4", shape)
}

/// A `float32` array of `shape` holding `data`.
pub fn f32_array<'py>(
    py: Python<'py>,
    data: &[f32],
    shape: &[usize],
) -> PyResult<Bound<'py, PyAny>> {
    let bytes: Vec<u8> = data.iter().flat_map(|x| x.to_ne_bytes()).collect();
    array(py, &bytes, "=f4", shape)
}
