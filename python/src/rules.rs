//! `bao.Rules`: a game's rule options (a profile plus option overrides).

use crate::game::{AnyRules, GameKind};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyString};

/// The rule options of one game: `Rules(game="kiswahili", profile=None, options=None,
/// **kwargs)`.
///
/// `profile` is a profile name (`Rules.profiles(game)`; default: the game's default
/// profile). `options` (a dict) and keyword arguments set single options by name
/// (K-§3.3, G-§4.7; `_` in keyword names stands for `-`); values are strings, integers or
/// booleans (`True` = `"true"`). Immutable and hashable.
///
/// Raises `RulesError` (a `ValueError`) naming an unknown game, profile, option or value.
#[pyclass(frozen, eq, hash, name = "Rules", module = "bao")]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyRules {
    /// The options.
    pub inner: AnyRules,
}

/// An option value from Python: `str`, `int` or `bool`.
fn option_value(v: &Bound<'_, PyAny>) -> PyResult<String> {
    if v.is_instance_of::<PyBool>() {
        return Ok(if v.extract::<bool>()? {
            "true"
        } else {
            "false"
        }
        .to_string());
    }
    if v.is_instance_of::<PyInt>() {
        return Ok(v.str()?.to_string());
    }
    if v.is_instance_of::<PyString>() {
        return v.extract::<String>();
    }
    if v.is_none() {
        return Ok("none".to_string());
    }
    Err(crate::errors::RulesError::new_err(format!(
        "option value {} is not a str, int or bool",
        v.repr()?
    )))
}

fn apply(rules: &mut AnyRules, dict: &Bound<'_, PyDict>, underscores: bool) -> PyResult<()> {
    for (k, v) in dict.iter() {
        let mut name: String = k.extract().map_err(|_| {
            crate::errors::RulesError::new_err("option names must be strings".to_string())
        })?;
        if underscores {
            name = name.replace('_', "-");
        }
        rules.set_option(&name, &option_value(&v)?)?;
    }
    Ok(())
}

#[pymethods]
impl PyRules {
    #[new]
    #[pyo3(signature = (game = "kiswahili", profile = None, options = None, **kwargs))]
    fn new(
        game: &str,
        profile: Option<&str>,
        options: Option<&Bound<'_, PyDict>>,
        kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        let kind = crate::game::kind(game)?;
        let mut inner = match profile {
            Some(name) => AnyRules::profile(kind, name)?,
            None => AnyRules::default_of(kind),
        };
        if let Some(d) = options {
            apply(&mut inner, d, false)?;
        }
        if let Some(d) = kwargs {
            apply(&mut inner, d, true)?;
        }
        Ok(PyRules { inner })
    }

    /// The profile names of `game`, default first.
    #[staticmethod]
    fn profiles(game: &str) -> PyResult<Vec<&'static str>> {
        Ok(AnyRules::profile_names(crate::game::kind(game)?).to_vec())
    }

    /// The game: `"kiswahili"` or `"kingulu"`.
    #[getter]
    fn game(&self) -> &'static str {
        self.inner.kind().name()
    }

    /// The profile these options started from.
    #[getter]
    fn profile(&self) -> &'static str {
        self.inner.profile_name()
    }

    /// Every option as a dict `{name: value}` (values as strings, in the rules' order).
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (k, v) in self.inner.options() {
            d.set_item(k, v)?;
        }
        Ok(d)
    }

    /// The options that differ from the profile's, as a dict.
    fn differences<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (k, v) in self.inner.differences() {
            d.set_item(k, v)?;
        }
        Ok(d)
    }

    /// A copy with some options changed (same arguments as the constructor's `options`
    /// and keyword arguments).
    #[pyo3(signature = (options = None, **kwargs))]
    fn replace(
        &self,
        options: Option<&Bound<'_, PyDict>>,
        kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        let mut inner = self.inner;
        if let Some(d) = options {
            apply(&mut inner, d, false)?;
        }
        if let Some(d) = kwargs {
            apply(&mut inner, d, true)?;
        }
        Ok(PyRules { inner })
    }

    /// Pickling: `Rules(game, profile, options)`.
    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(
        Bound<'py, PyAny>,
        (&'static str, &'static str, Bound<'py, PyDict>),
    )> {
        Ok((
            py.get_type::<PyRules>().into_any(),
            (self.game(), self.profile(), self.options(py)?),
        ))
    }

    fn __repr__(&self) -> String {
        let diffs: Vec<String> = self
            .inner
            .differences()
            .into_iter()
            .map(|(k, v)| format!("{k:?}: {v:?}"))
            .collect();
        if diffs.is_empty() {
            format!("Rules({:?}, {:?})", self.game(), self.profile())
        } else {
            format!(
                "Rules({:?}, {:?}, options={{{}}})",
                self.game(),
                self.profile(),
                diffs.join(", ")
            )
        }
    }
}

/// The rules of `game` given as `None` (default), a `Rules`, or a profile name.
pub fn rules_arg(kind: GameKind, rules: Option<&Bound<'_, PyAny>>) -> PyResult<AnyRules> {
    let Some(r) = rules else {
        return Ok(AnyRules::default_of(kind));
    };
    if r.is_none() {
        return Ok(AnyRules::default_of(kind));
    }
    if let Ok(name) = r.extract::<String>() {
        return AnyRules::profile(kind, &name);
    }
    let r = r.cast::<PyRules>().map_err(|_| {
        pyo3::exceptions::PyTypeError::new_err("rules must be a bao.Rules, a profile name or None")
    })?;
    let inner = r.get().inner;
    if inner.kind() != kind {
        return Err(crate::errors::RulesError::new_err(format!(
            "these rules are for {}, not {}",
            inner.kind().name(),
            kind.name()
        )));
    }
    Ok(inner)
}
