//! Writing a kept graph: its line unchanged, or a JSON object.

use crate::decide::{Decision, Evidence};
use crate::options::FilterOptions;
use pathsat_hamilton::Property;
use std::io::{self, Write};

/// The graph's line as it was read, then (when counts are asked for) its count after a space,
/// `?` when no method could count within its limits.
pub(crate) fn write_graph(
    out: &mut dyn Write,
    line: &[u8],
    decision: &Decision,
    options: &FilterOptions,
) -> io::Result<()> {
    out.write_all(line)?;
    if options.settings.count {
        write!(out, " {}", decision.count.as_deref().unwrap_or("?"))?;
    }
    out.write_all(b"\n")
}

/// One JSON object on one line: `line`, `graph` (the line as read), the property's name and
/// verdict, the evidence (vertices from 1), and the count and certificates when there are any.
pub(crate) fn write_json(
    out: &mut dyn Write,
    line: u64,
    bytes: &[u8],
    decision: &Decision,
    options: &FilterOptions,
) -> io::Result<()> {
    let mut object = serde_json::json!({
        "line": line,
        "graph": String::from_utf8_lossy(bytes),
        "property": property_name(options.settings.property),
        "verdict": decision.verdict,
    });
    let from_one = |order: &[usize]| order.iter().map(|v| v + 1).collect::<Vec<_>>();
    let field = match (&decision.evidence, options.settings.property) {
        (Evidence::Walk(order), Property::Path) => ("path", serde_json::json!(from_one(order))),
        (Evidence::Walk(order), _) => ("cycle", serde_json::json!(from_one(order))),
        (Evidence::Deleted(cycles), _) => (
            "cycles_without_each_vertex",
            serde_json::json!(cycles.iter().map(|c| from_one(c)).collect::<Vec<_>>()),
        ),
        (Evidence::Condition(why), _) => ("reason", serde_json::json!(why)),
        (Evidence::Exhausted(method), _) => ("proved_by", serde_json::json!(method)),
        (Evidence::Unsettled(why), _) => ("undecided_because", serde_json::json!(why)),
    };
    object[field.0] = field.1;
    if options.settings.count {
        object["count"] = serde_json::json!(decision.count);
    }
    if !decision.certificates.is_empty() {
        object["certificates"] = serde_json::json!(decision.certificates);
    }
    serde_json::to_writer(&mut *out, &object)?;
    out.write_all(b"\n")
}

/// The property's name in reports.
pub fn property_name(property: Property) -> &'static str {
    match property {
        Property::Cycle => "hamiltonian",
        Property::Path => "traceable",
        Property::Hypohamiltonian => "hypohamiltonian",
    }
}
