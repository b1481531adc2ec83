//! `sudokit.Record`: any answer, read like a dataclass.

use pyo3::exceptions::PyAttributeError;
use pyo3::prelude::*;
use pyo3::types::PyList;
use serde::Serialize;
use serde_json::Value;

use crate::errors::{raise, Kind};

/// An answer of sudokit: the fields of one record of the command line's
/// JSON Lines (`sudokit solve --format json`), read as attributes
/// (`answer.status`, `answer.solution`), or all at once with `to_dict()`.
/// A field that holds an object is a `Record` too (`answer.stats.nodes`).
///
/// Built from any serde record by `pythonize`, so the Python side has no
/// code per kind of answer.
#[pyclass(module = "sudokit", frozen)]
pub struct Record {
    /// The record's kind (`SolveRecord`), for `repr()`.
    kind: String,
    /// Its fields, a JSON object.
    fields: Value,
    /// What `str()` prints, when the answer has a form to read (a solved
    /// grid); else `repr()`.
    text: Option<String>,
}

impl Record {
    /// The record of `kind` holding `value`'s fields (an object), printed
    /// by `str()` as `text` when given.
    pub fn new(
        py: Python<'_>,
        kind: &str,
        value: &impl Serialize,
        text: Option<String>,
    ) -> PyResult<Record> {
        let fields = serde_json::to_value(value).map_err(|e| {
            raise(
                py,
                Kind::Internal,
                format!("internal error: {kind} does not serialise: {e}"),
            )
        })?;
        Ok(Record {
            kind: kind.to_string(),
            fields,
            text,
        })
    }

    /// The record `value`, named by its type (`SolveRecord`), printed by
    /// `str()` as `text` when given.
    pub fn of<T: Serialize>(py: Python<'_>, value: &T, text: Option<String>) -> PyResult<Record> {
        let kind = std::any::type_name::<T>()
            .rsplit("::")
            .next()
            .unwrap_or("Record");
        Record::new(py, kind, value, text)
    }

    /// `value` for Python: an object becomes a `Record` named `kind`, a
    /// list is converted item by item, the rest by `pythonize`.
    fn to_python<'py>(py: Python<'py>, kind: &str, value: &Value) -> PyResult<Bound<'py, PyAny>> {
        match value {
            Value::Object(_) => Ok(Bound::new(
                py,
                Record {
                    kind: kind.to_string(),
                    fields: value.clone(),
                    text: None,
                },
            )?
            .into_any()),
            Value::Array(items) => {
                let items = items
                    .iter()
                    .map(|item| Record::to_python(py, kind, item))
                    .collect::<PyResult<Vec<_>>>()?;
                Ok(PyList::new(py, items)?.into_any())
            }
            other => plain(py, other),
        }
    }
}

/// `value` as plain Python values: dicts, lists, str, int, float, bool, None.
fn plain<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    pythonize::pythonize(py, value).map_err(PyErr::from)
}

#[pymethods]
impl Record {
    /// A field by name.
    fn __getattr__<'py>(&self, py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
        match self.fields.get(name) {
            Some(value) => Record::to_python(py, name, value),
            None => Err(PyAttributeError::new_err(format!(
                "{} has no field '{name}'",
                self.kind
            ))),
        }
    }

    /// The field names, for completion in a notebook.
    fn __dir__(&self) -> Vec<String> {
        let mut names: Vec<String> = match &self.fields {
            Value::Object(map) => map.keys().cloned().collect(),
            _ => Vec::new(),
        };
        names.extend(["to_dict".to_string(), "kind".to_string()]);
        names
    }

    /// The record's kind: `SolveRecord`, `EngineRecord`, `CheckRecord` ...
    #[getter]
    fn kind(&self) -> &str {
        &self.kind
    }

    /// Every field as plain Python values (dicts, lists, str, int, bool,
    /// None): the record as the command line's JSON writes it.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        plain(py, &self.fields)
    }

    fn __repr__(&self) -> String {
        let fields = match &self.fields {
            Value::Object(map) => map
                .iter()
                .map(|(key, value)| format!("{key}={}", python_literal(value)))
                .collect::<Vec<_>>()
                .join(", "),
            other => other.to_string(),
        };
        format!("{}({fields})", self.kind)
    }

    fn __str__(&self) -> String {
        self.text.clone().unwrap_or_else(|| self.__repr__())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.cast::<Record>() {
            Ok(other) => {
                let other = other.get();
                self.kind == other.kind && self.fields == other.fields
            }
            Err(_) => false,
        }
    }
}

/// `value` as Python would write it in a `repr()`.
fn python_literal(value: &Value) -> String {
    match value {
        Value::Null => "None".to_string(),
        Value::Bool(true) => "True".to_string(),
        Value::Bool(false) => "False".to_string(),
        Value::String(s) => format!("'{}'", s.replace('\\', "\\\\").replace('\'', "\\'")),
        Value::Array(items) => format!(
            "[{}]",
            items
                .iter()
                .map(python_literal)
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Value::Object(map) => format!(
            "{{{}}}",
            map.iter()
                .map(|(k, v)| format!("'{k}': {}", python_literal(v)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Value::Number(n) => n.to_string(),
    }
}
