//! The page's files, embedded in the binary with `include_str!` so that the page works with no
//! network and no files beside the binary: plain HTML, CSS and JavaScript (no framework, no
//! build step, no web fonts), served with their content types. They may be cached for a
//! minute; the API's replies are never cached.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

const PAGE: &str = include_str!("../assets/index.html");
const SCRIPT: &str = include_str!("../assets/app.js");
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
