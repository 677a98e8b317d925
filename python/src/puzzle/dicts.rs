//! The answers of `forced`, `hint` and `explain` as the dicts Python gets: cells as `(row,
//! col)` on a board and vertex numbers on a graph, names as in the library's JSON.

use pathsat_api::explain::ExplainReport;
use pathsat_api::forced::{CellValue, ForcedReport};
use pathsat_api::hint::HintReport;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

/// `forced`'s report: `status`, `complete`, `forced`, `deduced` and `conflict`.
pub(crate) fn forced_dict<'py>(
    py: Python<'py>,
    report: &ForcedReport,
) -> PyResult<Bound<'py, PyDict>> {
    let key = |c: &CellValue| cell_key(py, c);
    let result = PyDict::new(py);
    result.set_item("status", report.status.name())?;
    result.set_item("complete", report.found.complete)?;
    let forced = PyDict::new(py);
    for c in &report.found.forced {
        forced.set_item(key(c)?, c.value)?;
    }
    result.set_item("forced", forced)?;
    result.set_item("deduced", report.found.deduced)?;
    match &report.found.conflict {
        Some(conflict) => {
            let list = PyList::empty(py);
            for c in conflict {
                list.append((key(c)?, c.value))?;
            }
            result.set_item("conflict", list)?;
        }
        None => result.set_item("conflict", py.None())?,
    }
    Ok(result)
}

/// `hint`'s report: `status`, `hint` and `wrong`.
pub(crate) fn hint_dict<'py>(py: Python<'py>, report: &HintReport) -> PyResult<Bound<'py, PyDict>> {
    let key = |c: &CellValue| cell_key(py, c);
    let result = PyDict::new(py);
    result.set_item("status", report.found.status.name())?;
    match &report.found.hint {
        Some(h) => {
            let hint = PyDict::new(py);
            hint.set_item("cell", key(&h.cell)?)?;
            hint.set_item("value", h.cell.value)?;
            hint.set_item("rule", h.rule.name())?;
            hint.set_item("level", h.level.to_string())?;
            hint.set_item("reason", &h.reason)?;
            let cited = PyList::empty(py);
            for c in &h.cited {
                cited.append((key(c)?, c.value))?;
            }
            hint.set_item("cited", cited)?;
            result.set_item("hint", hint)?;
        }
        None => result.set_item("hint", py.None())?,
    }
    match &report.found.wrong {
        Some(w) => {
            let wrong = PyDict::new(py);
            wrong.set_item("cell", key(&w.cell)?)?;
            wrong.set_item("value", w.cell.value)?;
            wrong.set_item("reason", &w.reason)?;
            result.set_item("wrong", wrong)?;
        }
        None => result.set_item("wrong", py.None())?,
    }
    if let Some(certificate) = &report.certificate {
        // The summary as the web API gives it: its JSON, read by Python's own json module.
        let text = serde_json::to_string(certificate)
            .map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))?;
        let summary = py.import("json")?.call_method1("loads", (text,))?;
        result.set_item("certificate", summary)?;
    }
    Ok(result)
}

/// `explain`'s report: `how`, `value` and `steps`.
pub(crate) fn explain_dict<'py>(
    py: Python<'py>,
    report: &ExplainReport,
) -> PyResult<Bound<'py, PyDict>> {
    let result = PyDict::new(py);
    result.set_item("how", report.found.how.name())?;
    result.set_item("value", report.found.value)?;
    let steps = PyList::empty(py);
    for step in &report.found.steps {
        let d = PyDict::new(py);
        d.set_item("sets", &step.sets)?;
        d.set_item("clause", &step.clause)?;
        d.set_item("family", step.family)?;
        steps.append(d)?;
    }
    result.set_item("steps", steps)?;
    Ok(result)
}

/// A cell as Python sees it: `(row, col)` on a board, the vertex number for a graph.
fn cell_key<'py>(py: Python<'py>, c: &CellValue) -> PyResult<Bound<'py, PyAny>> {
    Ok(match (c.row, c.col, c.vertex) {
        (Some(r), Some(col), _) => (r, col).into_pyobject(py)?.into_any(),
        (_, _, v) => v.unwrap_or(0).into_pyobject(py)?.into_any(),
    })
}
