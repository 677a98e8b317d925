//! Reading a request body: the command's options (the structs of [`pathsat_api::options`],
//! named as the CLI's flags) and the puzzle (a TOML file's text by default), with every failure
//! a ready reply whose `error` is one line, worded as the CLI words it.

use crate::{Limits, Reply};
use pathsat_api::options::option_names;
use pathsat_puzzle::{parse_named, Format, Puzzle, UNSUPPORTED_FILE_TYPE};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::sync::Arc;

/// A puzzle in a request: a file's text, or a JSON puzzle object.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub(crate) enum PuzzleSource {
    Text(String),
    Object(serde_json::Map<String, serde_json::Value>),
}

/// A request body: the puzzle, what it is called, and the command's options `O`. Any other
/// field is refused by [`read`] (a misspelt option would otherwise be ignored without a word).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) struct Envelope<O> {
    pub puzzle: Option<PuzzleSource>,
    /// The file name the puzzle goes by in reports and errors (its extension gives the format
    /// unless `format` does): `puzzle.toml` when absent.
    pub file: Option<String>,
    /// `toml`, `json`, `hcp`, `col` (or `dimacs`), `g6` (or `graph6`) or `s6` (or `sparse6`).
    pub format: Option<String>,
    #[serde(flatten)]
    pub options: O,
}

/// The fields every request body may have besides the command's options.
const ENVELOPE: [&str; 3] = ["puzzle", "file", "format"];

/// A request body for `route`, parsed: a JSON object with the envelope's fields and the
/// options `O`, and nothing else.
pub(crate) fn parse<O: DeserializeOwned + Serialize + Default>(
    bytes: &[u8],
    route: &str,
) -> Result<Envelope<O>, Reply> {
    let not_what_it_takes = |e: serde_json::Error| {
        Reply::error(
            400,
            format!("{route}: the request body is not what it takes: {e}"),
        )
    };
    let value: serde_json::Value = serde_json::from_slice(bytes).map_err(not_what_it_takes)?;
    let Some(fields) = value.as_object() else {
        return Err(Reply::error(
            400,
            format!(
                "{route}: the request body is not a JSON object: send {{\"puzzle\": TEXT, ...}}"
            ),
        ));
    };
    let names = option_names::<O>();
    if let Some(unknown) = fields
        .keys()
        .find(|k| !ENVELOPE.contains(&k.as_str()) && !names.contains(k))
    {
        let mut all: Vec<&str> = ENVELOPE.to_vec();
        all.extend(names.iter().map(String::as_str));
        return Err(Reply::error(
            400,
            format!(
                "{route}: unknown option {unknown:?}; the options are {} (the command line's \
                 flags without their dashes)",
                all.join(", ")
            ),
        ));
    }
    let envelope: Envelope<O> = serde_json::from_value(value).map_err(not_what_it_takes)?;
    Ok(envelope)
}

impl<O> Envelope<O> {
    /// The name the puzzle goes by: `file`, or `puzzle.toml` (`puzzle.json` for an object).
    pub(crate) fn file_name(&self) -> String {
        match (&self.file, &self.puzzle) {
            (Some(file), _) => file.clone(),
            (None, Some(PuzzleSource::Object(_))) => "puzzle.json".to_string(),
            (None, _) => "puzzle.toml".to_string(),
        }
    }

    /// The puzzle, parsed as `pathsat` parses a file of the same name and checked against the
    /// server's size limit; `None` when the request has none.
    pub(crate) fn puzzle(
        &self,
        limits: &Limits,
        route: &str,
    ) -> Result<Option<Arc<Puzzle>>, Reply> {
        let Some(source) = &self.puzzle else {
            return Ok(None);
        };
        let file = self.file_name();
        let bad = |message: String| Reply::error(400, message);
        let format = match &self.format {
            Some(name) => match name.to_ascii_lowercase().as_str() {
                "toml" => Format::Toml,
                "json" => Format::Json,
                "hcp" => Format::Hcp,
                "col" | "dimacs" => Format::DimacsGraph,
                "g6" | "graph6" => Format::Graph6,
                "s6" | "sparse6" => Format::Sparse6,
                other => {
                    return Err(bad(format!(
                        "{route}: format {other:?} is not toml, json, hcp, col, g6 or s6"
                    )))
                }
            },
            None => match (Format::from_path(Path::new(&file)), source) {
                (_, PuzzleSource::Object(_)) => Format::Json,
                (Some(format), _) => format,
                (None, _) if self.file.is_some() => {
                    return Err(bad(format!("{file}: {UNSUPPORTED_FILE_TYPE}")))
                }
                (None, _) => Format::Toml,
            },
        };
        let text = match source {
            PuzzleSource::Text(text) => text.clone(),
            PuzzleSource::Object(map) => {
                serde_json::to_string_pretty(map).map_err(|e| bad(format!("{file}: {e}")))?
            }
        };
        let puzzle = parse_named(&text, format, &file).map_err(|e| bad(e.to_string()))?;
        check_size(limits, &file, puzzle.n_cells())?;
        Ok(Some(Arc::new(puzzle)))
    }

    /// The puzzle, which the request must have.
    pub(crate) fn required_puzzle(
        &self,
        limits: &Limits,
        route: &str,
    ) -> Result<Arc<Puzzle>, Reply> {
        self.puzzle(limits, route)?.ok_or_else(|| {
            Reply::error(
                400,
                format!(
                    "{route}: the request has no puzzle: send {{\"puzzle\": \"<the puzzle \
                     file's text>\"}}"
                ),
            )
        })
    }
}

/// Refuses puzzles larger than the engine takes.
pub(crate) fn check_size(limits: &Limits, what: &str, cells: usize) -> Result<(), Reply> {
    let max = limits.max_cells;
    if cells > max {
        return Err(Reply::error(
            400,
            format!(
                "{what}: {cells} cells is more than {} takes (at most {max}; {})",
                limits.engine, limits.larger
            ),
        ));
    }
    Ok(())
}
