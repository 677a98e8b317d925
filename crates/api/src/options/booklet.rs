//! `booklet`'s options and its request: [`BookletSpec`] as the front ends fill it, and the
//! [`BookletRequest`] it turns into, which [`crate::booklet`] runs.

use super::{invalid, seconds_for, Problem};
use crate::Error;
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// What `booklet` is asked.
#[derive(Clone, Debug)]
pub struct BookletRequest {
    /// The title on the first page and in each footer.
    pub title: String,
    /// Puzzles to a page: 1, 2 or 4.
    pub per_page: usize,
    /// Print the solutions at the back.
    pub solutions: bool,
    /// The time each puzzle's proof of uniqueness may take.
    pub timeout: Option<Duration>,
}

impl Default for BookletRequest {
    fn default() -> BookletRequest {
        BookletRequest {
            title: "Path puzzles".to_string(),
            per_page: 2,
            solutions: true,
            timeout: None,
        }
    }
}

/// `booklet`'s options: `--title`, `--per-page`, `--no-solutions` (`"solutions": false`) and
/// `--timeout` (each puzzle's proof of uniqueness).
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct BookletSpec {
    /// The title on the first page.
    pub title: String,
    /// Puzzles to a page: 1, 2 or 4.
    pub per_page: usize,
    /// The solutions at the back.
    pub solutions: bool,
    /// Seconds each proof of uniqueness may take.
    pub timeout: Option<f64>,
}

impl Default for BookletSpec {
    fn default() -> BookletSpec {
        let request = BookletRequest::default();
        BookletSpec {
            title: request.title,
            per_page: request.per_page,
            solutions: request.solutions,
            timeout: None,
        }
    }
}

impl BookletSpec {
    /// The request.
    ///
    /// # Errors
    /// [`Error::Option`] for a timeout that is not a positive number of seconds, or a number of
    /// puzzles a page other than 1, 2 or 4.
    pub fn request(&self) -> Result<BookletRequest, Error> {
        if ![1, 2, 4].contains(&self.per_page) {
            return Err(invalid(
                "per-page",
                Problem::Malformed(format!(
                    "{} puzzles a page: it takes 1, 2 or 4",
                    self.per_page
                )),
            ));
        }
        Ok(BookletRequest {
            title: self.title.clone(),
            per_page: self.per_page,
            solutions: self.solutions,
            timeout: seconds_for("timeout", self.timeout)?,
        })
    }
}
