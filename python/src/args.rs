//! Argument types: whole numbers that must be in range, checked with a `BaoError` that
//! names the value and the range (PyO3 adds a note `while processing 'NAME'` naming the
//! argument), instead of Python's `OverflowError`.

use crate::errors::BaoError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt};
use pyo3::Borrowed;

/// A non-negative whole number that fits `T` (`u8`, `u32`, `u64`, `usize`). A `bool` or
/// a non-integer is a `TypeError`; a negative or too large integer is a `BaoError`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Nat<T>(pub T);

impl<'a, 'py, T> FromPyObject<'a, 'py> for Nat<T>
where
    T: TryFrom<u128> + Bounded,
{
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if obj.is_instance_of::<PyBool>() {
            return Err(pyo3::exceptions::PyTypeError::new_err(
                "expected a whole number (int), not bool",
            ));
        }
        let int = if obj.is_instance_of::<PyInt>() {
            obj.to_owned()
        } else {
            // NumPy integers and other objects with __index__.
            obj.call_method0("__index__").map_err(|_| {
                pyo3::exceptions::PyTypeError::new_err(format!(
                    "expected a whole number (int), not {}",
                    obj.get_type().name().map_or("?".into(), |n| n.to_string())
                ))
            })?
        };
        let out_of_range = || {
            BaoError::new_err(format!(
                "{} is out of range: expected a whole number 0..={}",
                int.str().map_or("?".into(), |s| s.to_string()),
                T::MAX
            ))
        };
        let v: i128 = int.extract().map_err(|_| out_of_range())?;
        let v = u128::try_from(v).map_err(|_| out_of_range())?;
        T::try_from(v).map(Nat).map_err(|_| out_of_range())
    }
}

/// The largest value of an unsigned type, for messages.
pub trait Bounded {
    /// `T::MAX`.
    const MAX: u128;
}

macro_rules! bounded {
    ($($t:ty),*) => {$(impl Bounded for $t { const MAX: u128 = <$t>::MAX as u128; })*};
}
bounded!(u8, u32, u64, usize);

/// `Option<Nat<T>>` as `Option<T>`.
pub fn opt<T>(v: Option<Nat<T>>) -> Option<T> {
    v.map(|n| n.0)
}
