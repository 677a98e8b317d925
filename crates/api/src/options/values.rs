//! Values of options that are not names: board sizes, move rules, givens, value classes and
//! durations, parsed the same way for every front end.

use crate::option_error::{OptionError, Problem};
use pathsat_generate::Givens;
use pathsat_puzzle::{Moves, ValueClass};
use std::time::Duration;

/// A board size `RxC`, e.g. `12x12` (`--size`, `"size"`).
///
/// # Errors
/// A message saying what a size looks like.
pub fn parse_size(text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("{text:?} is not a board size such as 12x12 (rows x columns)");
    let (r, c) = text.trim().split_once(['x', 'X']).ok_or_else(bad)?;
    let rows: usize = r.trim().parse().map_err(|_| bad())?;
    let cols: usize = c.trim().parse().map_err(|_| bad())?;
    if rows == 0 || cols == 0 {
        return Err(bad());
    }
    Ok((rows, cols))
}

/// A move rule: `rook`, `king`, `knight` or a list of offsets `[[dr,dc],...]` (`--moves`,
/// `"moves"`).
///
/// # Errors
/// A message saying what a move rule looks like.
pub fn parse_moves(text: &str) -> Result<Moves, String> {
    if let Some(moves) = Moves::from_name(text.trim()) {
        return Ok(moves);
    }
    let offsets: Vec<(i64, i64)> = serde_json::from_str::<Vec<[i64; 2]>>(text)
        .map_err(|_| format!("{text:?} is not rook, king, knight or a list such as [[1,2],[2,1]]"))?
        .into_iter()
        .map(|[dr, dc]| (dr, dc))
        .collect();
    Moves::custom(offsets)
        .ok_or_else(|| format!("{text}: a list of moves must not be empty nor hold [0,0]"))
}

/// `minimal` or a number of givens (`--givens`, `"givens"`, `givens=`).
///
/// # Errors
/// A message saying what the value may be.
pub fn parse_givens(text: &str) -> Result<Givens, String> {
    match text.trim() {
        "minimal" => Ok(Givens::Minimal),
        n => n
            .parse()
            .map(Givens::Exactly)
            .map_err(|_| format!("{text:?} is neither `minimal` nor a number of givens")),
    }
}

/// A value class by name: `primes`, `squares`, `even` or `odd` (`--mark`, `"mark"`, `mark=`).
///
/// # Errors
/// A message naming the classes.
pub fn parse_class(text: &str) -> Result<ValueClass, String> {
    ValueClass::from_name(text.trim())
        .ok_or_else(|| format!("{text:?} is not a class: primes, squares, even or odd"))
}

/// A duration from a positive, finite number of seconds.
pub(crate) fn seconds(
    option: &'static str,
    value: Option<f64>,
) -> Result<Option<Duration>, OptionError> {
    let Some(s) = value else { return Ok(None) };
    if !(s > 0.0 && s.is_finite()) {
        return Err(OptionError::new(option, Problem::NotPositiveSeconds(s)));
    }
    Duration::try_from_secs_f64(s)
        .map(Some)
        .map_err(|_| OptionError::new(option, Problem::TooManySeconds(s)))
}

/// A number of seconds as written on a command line (`--timeout 2.5`), checked as every front
/// end checks it: positive and finite.
///
/// # Errors
/// What is wrong, in words ([`Problem`]'s).
pub fn parse_seconds(text: &str) -> Result<f64, String> {
    let value: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("{text:?} is not a number of seconds"))?;
    seconds("timeout", Some(value)).map_err(|e| e.problem.to_string())?;
    Ok(value)
}

/// A memory size such as `512MiB`, `8GiB` or a number of bytes (`--memory`), more than 0.
///
/// # Errors
/// What a memory size looks like, or that it must be more than 0 bytes.
pub fn parse_memory(text: &str) -> Result<u64, String> {
    let size: bytesize::ByteSize = text.trim().parse().map_err(|_| {
        format!("{text:?} is not a memory size such as 512MiB, 8GiB or a number of bytes")
    })?;
    if size.as_u64() == 0 {
        return Err("the memory size must be more than 0 bytes".to_string());
    }
    Ok(size.as_u64())
}

/// A whole number of at least 1 as written on a command line (`--jobs 2`, `--limit 10`),
/// checked as every front end checks it.
///
/// # Errors
/// What is wrong, in words ([`Problem::Zero`]'s for 0).
pub fn parse_at_least_one<T>(text: &str) -> Result<T, String>
where
    T: std::str::FromStr + PartialEq + From<u8>,
{
    let value: T = text
        .trim()
        .parse()
        .map_err(|_| format!("{text:?} is not a whole number"))?;
    if value == T::from(0) {
        return Err(Problem::Zero.to_string());
    }
    Ok(value)
}
