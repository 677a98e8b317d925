//! Reading a request: its body (JSON, within the size and time limits), the command's options
//! (the structs of [`pathsat_api::options`], named as the CLI's flags), and the puzzle (a TOML
//! file's text by default), with every failure a ready response whose `error` is one line, worded
//! as the CLI words it.

use crate::AppState;
use axum::body::{Body, Bytes};
use axum::http::{header, HeaderValue, Request, StatusCode};
use axum::response::{IntoResponse, Response};
use http_body_util::{BodyExt, LengthLimitError, Limited};
use pathsat_api::options::option_names;
use pathsat_puzzle::{parse_named, Format, Puzzle};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt::Display;
use std::path::Path;
use std::sync::Arc;

/// A response with `{"error": MESSAGE}`, the message on one line as the CLI prints it.
pub fn error(status: StatusCode, message: impl Display) -> Response {
    let one_line = message
        .to_string()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let mut body = serde_json::json!({ "error": one_line }).to_string();
    body.push('\n');
    let mut response = (status, body).into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    response
}

/// The response to a library error: the user's input gets a 400 (a rejected model a 422), a
/// failure of ours a 500; the message is the CLI's.
pub fn api_error(e: &pathsat_api::Error) -> Response {
    let status = match e.kind() {
        pathsat_api::ErrorKind::Input => StatusCode::BAD_REQUEST,
        pathsat_api::ErrorKind::Rejected => StatusCode::UNPROCESSABLE_ENTITY,
        pathsat_api::ErrorKind::Internal => StatusCode::INTERNAL_SERVER_ERROR,
    };
    error(status, e)
}

/// A puzzle in a request: a file's text, or a JSON puzzle object.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum PuzzleSource {
    Text(String),
    Object(serde_json::Map<String, serde_json::Value>),
}

/// A request body: the puzzle, what it is called, and the command's options `O`. Any other
/// field is refused by [`read`] (a misspelt option would otherwise be ignored without a word).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Envelope<O> {
    pub puzzle: Option<PuzzleSource>,
    /// The file name the puzzle goes by in reports and errors (its extension gives the format
    /// unless `format` does): `puzzle.toml` when absent.
    pub file: Option<String>,
    /// `toml`, `json`, `hcp` or `col`.
    pub format: Option<String>,
    #[serde(flatten)]
    pub options: O,
}

/// The fields every request body may have besides the command's options.
const ENVELOPE: [&str; 3] = ["puzzle", "file", "format"];

/// Reads and parses the body of `request` for `route`: JSON (`Content-Type: application/json`),
/// at most `max_body_bytes`, arriving within the read timeout.
pub async fn read<O: DeserializeOwned + Serialize + Default>(
    state: &AppState,
    request: Request<Body>,
    route: &str,
) -> Result<Envelope<O>, Response> {
    let bytes = read_body(state, request, route).await?;
    parse(&bytes, route)
}

/// The body of `request` for `route`, unparsed: JSON by its `Content-Type`, at most
/// `max_body_bytes`, arriving within the read timeout.
pub async fn read_body(
    state: &AppState,
    request: Request<Body>,
    route: &str,
) -> Result<Bytes, Response> {
    let json = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.split(';')
                .next()
                .is_some_and(|t| t.trim().eq_ignore_ascii_case("application/json"))
        });
    if !json {
        return Err(error(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            format!("{route}: send the request as JSON, with Content-Type: application/json"),
        ));
    }
    let max = state.config.max_body_bytes;
    let too_large = || {
        error(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("{route}: the request body is larger than {max} bytes"),
        )
    };
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > max as u64) {
        return Err(too_large());
    }
    let wait = state.config.request_read_timeout;
    let collected = tokio::time::timeout(wait, Limited::new(request.into_body(), max).collect());
    let bytes = match collected.await {
        Err(_) => {
            return Err(error(
                StatusCode::REQUEST_TIMEOUT,
                format!(
                    "{route}: the request body did not arrive within {} s",
                    wait.as_secs_f64()
                ),
            ))
        }
        Ok(Err(e)) if e.is::<LengthLimitError>() => return Err(too_large()),
        Ok(Err(e)) => {
            return Err(error(
                StatusCode::BAD_REQUEST,
                format!("{route}: cannot read the request body: {e}"),
            ))
        }
        Ok(Ok(collected)) => collected.to_bytes(),
    };
    Ok(bytes)
}

/// A request body for `route`, parsed: a JSON object with the envelope's fields and the
/// options `O`, and nothing else.
pub fn parse<O: DeserializeOwned + Serialize + Default>(
    bytes: &[u8],
    route: &str,
) -> Result<Envelope<O>, Response> {
    let not_what_it_takes = |e: serde_json::Error| {
        error(
            StatusCode::BAD_REQUEST,
            format!("{route}: the request body is not what it takes: {e}"),
        )
    };
    let value: serde_json::Value = serde_json::from_slice(bytes).map_err(not_what_it_takes)?;
    let Some(fields) = value.as_object() else {
        return Err(error(
            StatusCode::BAD_REQUEST,
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
        return Err(error(
            StatusCode::BAD_REQUEST,
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
    pub fn file_name(&self) -> String {
        match (&self.file, &self.puzzle) {
            (Some(file), _) => file.clone(),
            (None, Some(PuzzleSource::Object(_))) => "puzzle.json".to_string(),
            (None, _) => "puzzle.toml".to_string(),
        }
    }

    /// The puzzle, parsed as `pathsat` parses a file of the same name and checked against the
    /// server's size limit; `None` when the request has none.
    pub fn puzzle(&self, state: &AppState, route: &str) -> Result<Option<Arc<Puzzle>>, Response> {
        let Some(source) = &self.puzzle else {
            return Ok(None);
        };
        let file = self.file_name();
        let bad = |message: String| error(StatusCode::BAD_REQUEST, message);
        let format = match &self.format {
            Some(name) => match name.to_ascii_lowercase().as_str() {
                "toml" => Format::Toml,
                "json" => Format::Json,
                "hcp" => Format::Hcp,
                "col" | "dimacs" => Format::DimacsGraph,
                other => {
                    return Err(bad(format!(
                        "{route}: format {other:?} is not toml, json, hcp or col"
                    )))
                }
            },
            None => match (Format::from_path(Path::new(&file)), source) {
                (_, PuzzleSource::Object(_)) => Format::Json,
                (Some(format), _) => format,
                (None, _) if self.file.is_some() => {
                    return Err(bad(format!(
                        "{file}: unsupported file type: puzzle files end in .toml or .json \
                         (graphs: .hcp, .col, .dimacs)"
                    )))
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
        check_size(state, &file, puzzle.n_cells())?;
        Ok(Some(Arc::new(puzzle)))
    }

    /// The puzzle, which the request must have.
    pub fn required_puzzle(&self, state: &AppState, route: &str) -> Result<Arc<Puzzle>, Response> {
        self.puzzle(state, route)?.ok_or_else(|| {
            error(
                StatusCode::BAD_REQUEST,
                format!(
                    "{route}: the request has no puzzle: send {{\"puzzle\": \"<the puzzle \
                     file's text>\"}}"
                ),
            )
        })
    }
}

/// Refuses puzzles larger than the server takes.
pub fn check_size(state: &AppState, what: &str, cells: usize) -> Result<(), Response> {
    let max = state.config.max_cells;
    if cells > max {
        return Err(error(
            StatusCode::BAD_REQUEST,
            format!(
                "{what}: {cells} cells is more than this server takes (at most {max}; `pathsat \
                 serve --max-cells N` takes more, or use the command line)"
            ),
        ));
    }
    Ok(())
}
