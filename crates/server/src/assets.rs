//! The page's files, embedded in the binary with `include_str!` so that the page works with no
//! network and no files beside the binary: plain HTML, CSS and JavaScript (no framework, no
//! build step, no web fonts), served with their content types. They may be cached for a
//! minute; the API's replies are never cached.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

const PAGE: &str = include_str!("../assets/index.html");
/// The script, with the page's examples (the Example selector) appended as `const EXAMPLES =
/// [...];`: `assets/examples.json`, a list of `{"id", "label", "puzzle"}`, each `puzzle` a JSON
/// puzzle file as pathsat reads it, is the one place that the page and the tests read them. Then
/// `const ENGINE = "server";`: the page sends its requests to this server's API (the static
/// site's recipe, `just web-static`, appends the same two lines with `"browser"`).
const SCRIPT: &str = concat!(
    include_str!("../assets/app.js"),
    "\n// assets/examples.json, appended by the server (assets.rs)\nconst EXAMPLES = ",
    include_str!("../assets/examples.json"),
    ";\nconst ENGINE = \"server\";\n"
);
const STYLE: &str = include_str!("../assets/style.css");
const ICON: &str = include_str!("../assets/favicon.svg");

fn asset(body: &'static str, content_type: &'static str) -> Response {
    let mut response = (StatusCode::OK, body).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("max-age=60"),
    );
    response
}

pub fn page() -> Response {
    asset(PAGE, "text/html; charset=utf-8")
}

pub fn script() -> Response {
    asset(SCRIPT, "text/javascript; charset=utf-8")
}

pub fn style() -> Response {
    asset(STYLE, "text/css; charset=utf-8")
}

pub fn icon() -> Response {
    asset(ICON, "image/svg+xml")
}

#[cfg(test)]
mod tests {
    use super::SCRIPT;
    use pathsat_puzzle::{brute, parse_named, Format};

    const EXAMPLES: &str = include_str!("../assets/examples.json");

    /// Every example of the page is a puzzle pathsat reads, and has a filling (the brute-force
    /// reference finds one): the page once offered a Hidato whose given was out of range.
    #[test]
    fn every_example_is_a_puzzle_with_a_solution() {
        let examples: serde_json::Value = serde_json::from_str(EXAMPLES).expect("examples.json");
        let examples = examples.as_array().expect("examples.json is a list");
        assert!(!examples.is_empty());
        for example in examples {
            let id = example["id"].as_str().expect("an example has an id");
            assert!(example["label"].is_string(), "{id} has no label");
            let file = format!("{id}.json");
            let puzzle = parse_named(&example["puzzle"].to_string(), Format::Json, &file)
                .unwrap_or_else(|e| panic!("example {id}: {e}"));
            assert_eq!(
                brute::count(&puzzle, Some(1)).count,
                1,
                "example {id} has no solution"
            );
        }
        assert!(SCRIPT.contains("const EXAMPLES = ["));
    }
}
