//! `forced`'s options and its request: [`ForcedSpec`] as the front ends fill it, and the
//! [`ForcedRequest`] it turns into, which [`crate::forced`] runs.

use super::seconds_for;
use crate::{Cancel, Error};
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// What `forced` is asked: a time limit and a cancel flag.
#[derive(Clone, Debug, Default)]
pub struct ForcedRequest {
    /// Stop after this long, with the cells settled so far.
    pub timeout: Option<Duration>,
    /// Stop when raised, likewise.
    pub cancel: Cancel,
}

/// `forced`'s options: `--timeout SECONDS` (`"timeout"`, `timeout=`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct ForcedSpec {
    /// Stop after this many seconds, with the cells settled by then.
    pub timeout: Option<f64>,
}

impl ForcedSpec {
    /// The request, with `cancel` as its flag.
    ///
    /// # Errors
    /// [`Error::Option`] for a timeout that is not a positive number of seconds.
    pub fn request(&self, cancel: Cancel) -> Result<ForcedRequest, Error> {
        Ok(ForcedRequest {
            timeout: seconds_for("timeout", self.timeout)?,
            cancel,
        })
    }
}
