#![warn(missing_docs)]
//! # pathsat-bigcount
//!
//! Counts of fillings outgrow every fixed-width integer: the open 3x50 king board has more than
//! 2^128 of them, and a sum or a product that wraps is a wrong answer printed as if it were
//! right. [`BigCount`] is the one type every count of pathsat travels in, from the counting
//! engines to the text, JSON and CSV a user reads. It is an unsigned integer of any size
//! (`num-bigint`), so its arithmetic cannot overflow.
//!
//! Two conventions live here so that every front end shares them:
//!
//! - **Text for people** groups digits in threes: [`BigCount::grouped`] and [`group_digits`]
//!   print `8,648` and `267,911,288,406,289,907,831,865,612,760,326,081,508` alike.
//! - **JSON carries the exact digits** as a JSON number, however long: `serde_json` writes
//!   counts up to 2^64 as ordinary numbers and longer ones verbatim, and reads them back without
//!   going through a float. (Python's `json` reads them as exact `int`s; JavaScript needs a
//!   `BigInt`, see `docs/guide/counting.md`.) Reading also accepts a string of digits, which is
//!   how a TOML file writes a count beyond 2^63.
//!
//! ```
//! use pathsat_bigcount::BigCount;
//!
//! let paths = BigCount::from(u64::MAX) * 1_000u64 + &BigCount::from(1u64);
//! assert_eq!(paths.to_string(), "18446744073709551615001");
//! assert_eq!(paths.grouped(), "18,446,744,073,709,551,615,001");
//! let json = serde_json::to_string(&paths).unwrap();
//! assert_eq!(json, "18446744073709551615001");
//! assert_eq!(serde_json::from_str::<BigCount>(&json).unwrap(), paths);
//! ```

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};
use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::{Deserialize, Serialize, Serializer};
use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign, Mul, MulAssign};
use std::str::FromStr;

/// An exact count of any size.
#[derive(Clone, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct BigCount(BigUint);

impl BigCount {
    /// The count 0.
    pub fn zero() -> BigCount {
        BigCount(BigUint::zero())
    }

    /// Whether this is 0.
    pub fn is_zero(&self) -> bool {
        self.0.is_zero()
    }

    /// The count, when it fits in 64 bits.
    pub fn to_u64(&self) -> Option<u64> {
        self.0.to_u64()
    }

    /// The count, when it fits in 128 bits.
    pub fn to_u128(&self) -> Option<u128> {
        self.0.to_u128()
    }

    /// The value as a `num-bigint` integer.
    pub fn as_biguint(&self) -> &BigUint {
        &self.0
    }

    /// The value as a `num-bigint` integer, by value.
    pub fn into_biguint(self) -> BigUint {
        self.0
    }

    /// The number of binary digits (0 for zero).
    pub fn bits(&self) -> u64 {
        self.0.bits()
    }

    /// The decimal digits grouped in threes with commas, for people: `1,234,567`.
    pub fn grouped(&self) -> String {
        group_digits(&self.0.to_string())
    }

    /// The count rounded to three significant digits in scientific notation, `2.68e38`, for
    /// sizes quoted in messages; counts below a million are written out.
    pub fn approx(&self) -> String {
        let digits = self.0.to_string();
        if digits.len() <= 6 {
            return group_digits(&digits);
        }
        // Round the first four digits to three, carrying into a new digit if need be.
        let lead: u32 = digits[..4].parse().expect("decimal digits");
        let mut mantissa = (lead + 5) / 10;
        let mut exponent = digits.len() - 1;
        if mantissa >= 1000 {
            mantissa /= 10;
            exponent += 1;
        }
        format!("{}.{:02}e{exponent}", mantissa / 100, mantissa % 100)
    }

    /// The smaller of the count and `limit`.
    pub fn min_u64(&self, limit: u64) -> BigCount {
        if *self > limit {
            BigCount::from(limit)
        } else {
            self.clone()
        }
    }
}

/// Groups a string of decimal digits in threes with commas: `"1234567"` → `"1,234,567"`. The
/// one format in which pathsat prints whole numbers for people.
pub fn group_digits(digits: &str) -> String {
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// `n` grouped in threes with commas, for sizes and other machine-word numbers.
pub fn grouped(n: impl Into<u128>) -> String {
    group_digits(&n.into().to_string())
}

macro_rules! from_unsigned {
    ($($t:ty),*) => {$(
        impl From<$t> for BigCount {
            fn from(n: $t) -> BigCount {
                BigCount(BigUint::from(n))
            }
        }
    )*};
}
from_unsigned!(u8, u16, u32, u64, u128, usize);

impl From<BigUint> for BigCount {
    fn from(n: BigUint) -> BigCount {
        BigCount(n)
    }
}

impl PartialEq<u64> for BigCount {
    fn eq(&self, other: &u64) -> bool {
        self.to_u64() == Some(*other)
    }
}

impl PartialOrd<u64> for BigCount {
    fn partial_cmp(&self, other: &u64) -> Option<std::cmp::Ordering> {
        Some(match self.to_u64() {
            Some(n) => n.cmp(other),
            None => std::cmp::Ordering::Greater,
        })
    }
}

impl Add<&BigCount> for BigCount {
    type Output = BigCount;
    fn add(self, other: &BigCount) -> BigCount {
        BigCount(self.0 + &other.0)
    }
}

impl Add for BigCount {
    type Output = BigCount;
    fn add(self, other: BigCount) -> BigCount {
        BigCount(self.0 + other.0)
    }
}

impl AddAssign<&BigCount> for BigCount {
    fn add_assign(&mut self, other: &BigCount) {
        self.0 += &other.0;
    }
}

impl AddAssign<u64> for BigCount {
    fn add_assign(&mut self, other: u64) {
        self.0 += other;
    }
}

impl Mul<u64> for BigCount {
    type Output = BigCount;
    fn mul(self, factor: u64) -> BigCount {
        BigCount(self.0 * factor)
    }
}

impl Mul<&BigCount> for BigCount {
    type Output = BigCount;
    fn mul(self, factor: &BigCount) -> BigCount {
        BigCount(self.0 * &factor.0)
    }
}

impl MulAssign<u64> for BigCount {
    fn mul_assign(&mut self, factor: u64) {
        self.0 *= factor;
    }
}

impl Sum for BigCount {
    fn sum<I: Iterator<Item = BigCount>>(iter: I) -> BigCount {
        iter.fold(BigCount::zero(), |a, b| a + b)
    }
}

impl<'a> Sum<&'a BigCount> for BigCount {
    fn sum<I: Iterator<Item = &'a BigCount>>(iter: I) -> BigCount {
        iter.fold(BigCount::zero(), |a, b| a + b)
    }
}

/// Plain decimal digits, as in JSON and CSV; [`BigCount::grouped`] is for people.
impl fmt::Display for BigCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl fmt::Debug for BigCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

/// Why a text is not a count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseCountError(String);

impl fmt::Display for ParseCountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?} is not a count (a whole number >= 0, written in decimal digits)",
            self.0
        )
    }
}

impl std::error::Error for ParseCountError {}

/// Decimal digits, with optional `_` or `,` between groups (`1_000`, `1,000`).
impl FromStr for BigCount {
    type Err = ParseCountError;
    fn from_str(text: &str) -> Result<BigCount, ParseCountError> {
        let bad = || ParseCountError(text.to_string());
        let trimmed = text.trim();
        let digits: String = trimmed
            .chars()
            .filter(|c| !matches!(c, '_' | ','))
            .collect();
        let well_placed = !trimmed.starts_with(['_', ',']) && !trimmed.ends_with(['_', ',']);
        if digits.is_empty() || !well_placed || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        BigUint::from_str(&digits).map(BigCount).map_err(|_| bad())
    }
}

/// serde_json's name for a verbatim piece of JSON (its `RawValue`): asking a serde_json
/// deserializer for it hands over a number's exact text instead of a lossy float.
const RAW_JSON: &str = "$serde_json::private::RawValue";

impl Serialize for BigCount {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.to_u64() {
            Some(n) => serializer.serialize_u64(n),
            // Beyond 64 bits: the digits verbatim, a JSON number of any length.
            None => serde_json::value::RawValue::from_string(self.to_string())
                .map_err(serde::ser::Error::custom)?
                .serialize(serializer),
        }
    }
}

impl<'de> Deserialize<'de> for BigCount {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<BigCount, D::Error> {
        // serde_json answers with the number's text (see `CountVisitor::visit_map`); other
        // formats visit the value as a newtype and so reach `deserialize_any`.
        deserializer.deserialize_newtype_struct(RAW_JSON, CountVisitor)
    }
}

struct CountVisitor;

impl<'de> Visitor<'de> for CountVisitor {
    type Value = BigCount;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a whole number >= 0 (a number, or a string of digits)")
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<BigCount, D::Error> {
        d.deserialize_any(self)
    }

    fn visit_u64<E: de::Error>(self, n: u64) -> Result<BigCount, E> {
        Ok(BigCount::from(n))
    }

    fn visit_u128<E: de::Error>(self, n: u128) -> Result<BigCount, E> {
        Ok(BigCount::from(n))
    }

    fn visit_i64<E: de::Error>(self, n: i64) -> Result<BigCount, E> {
        u64::try_from(n)
            .map(BigCount::from)
            .map_err(|_| E::custom(format!("a count cannot be negative ({n})")))
    }

    fn visit_i128<E: de::Error>(self, n: i128) -> Result<BigCount, E> {
        u128::try_from(n)
            .map(BigCount::from)
            .map_err(|_| E::custom(format!("a count cannot be negative ({n})")))
    }

    fn visit_f64<E: de::Error>(self, n: f64) -> Result<BigCount, E> {
        Err(E::custom(format!(
            "{n} is not an exact count (write a whole number, or a string of digits)"
        )))
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<BigCount, E> {
        text.parse().map_err(E::custom)
    }

    /// serde_json's answer to [`RAW_JSON`]: one entry whose value is the JSON text itself.
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<BigCount, A::Error> {
        let Some(de::IgnoredAny) = map.next_key()? else {
            return Err(de::Error::custom("expected a count, found an empty object"));
        };
        let raw: String = map.next_value()?;
        let text = raw.trim();
        if text.starts_with('"') {
            let inner: String = serde_json::from_str(text).map_err(de::Error::custom)?;
            return inner.parse().map_err(de::Error::custom);
        }
        if text.starts_with('-') {
            return Err(de::Error::custom(format!(
                "a count cannot be negative ({text})"
            )));
        }
        if text.contains(['.', 'e', 'E']) {
            return Err(de::Error::custom(format!(
                "{text} is not an exact count (write a whole number)"
            )));
        }
        text.parse().map_err(de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn big(text: &str) -> BigCount {
        text.parse().unwrap()
    }

    #[test]
    fn arithmetic_does_not_wrap() {
        let two_128 = BigCount::from(u128::MAX) + &BigCount::from(1u64);
        assert_eq!(
            two_128.to_string(),
            "340282366920938463463374607431768211456"
        );
        assert_eq!(two_128.to_u128(), None);
        assert_eq!(two_128.bits(), 129);
        assert_eq!(
            (two_128.clone() * 2).to_string(),
            "680564733841876926926749214863536422912"
        );
        let sum: BigCount = [BigCount::from(u64::MAX), BigCount::from(u64::MAX)]
            .iter()
            .sum();
        assert_eq!(sum.to_string(), "36893488147419103230");
        let three = BigCount::from(3u64);
        assert!(sum > u64::MAX && three > 2 && three == 3);
        assert_eq!(sum.min_u64(7), 7u64);
        assert_eq!(BigCount::from(5u64).min_u64(7), 5u64);
    }

    #[test]
    fn text_for_people() {
        assert_eq!(group_digits("0"), "0");
        assert_eq!(group_digits("999"), "999");
        assert_eq!(group_digits("1000"), "1,000");
        assert_eq!(grouped(8648u64), "8,648");
        assert_eq!(
            big("267911288406289907831865612760326081508").grouped(),
            "267,911,288,406,289,907,831,865,612,760,326,081,508"
        );
        assert_eq!(BigCount::from(999_999u64).approx(), "999,999");
        assert_eq!(BigCount::from(1_234_567u64).approx(), "1.23e6");
        assert_eq!(BigCount::from(9_995_000u64).approx(), "1.00e7");
        assert_eq!(
            big("267911288406289907831865612760326081508").approx(),
            "2.68e38"
        );
    }

    #[test]
    fn parsing() {
        assert_eq!(big("1_000"), 1000u64);
        assert_eq!(big("1,000"), 1000u64);
        for bad in ["", "-1", "1.5", "x", "_1", "1,", "1e5"] {
            assert!(bad.parse::<BigCount>().is_err(), "{bad}");
        }
    }

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Row {
        count: BigCount,
        other: u32,
    }

    #[test]
    fn json_carries_every_digit() {
        let huge = big("238236994378238242718253936440406075676123456789");
        for count in [BigCount::zero(), BigCount::from(8648u64), huge] {
            let row = Row {
                count: count.clone(),
                other: 7,
            };
            let text = serde_json::to_string(&row).unwrap();
            assert_eq!(text, format!("{{\"count\":{count},\"other\":7}}"));
            assert_eq!(serde_json::from_str::<Row>(&text).unwrap(), row);
            let pretty = serde_json::to_string_pretty(&row).unwrap();
            assert_eq!(serde_json::from_str::<Row>(&pretty).unwrap(), row);
        }
        // A string of digits reads too; negative and fractional numbers do not.
        let row: Row =
            serde_json::from_str(r#"{"count": "123456789012345678901234567890", "other": 1}"#)
                .unwrap();
        assert_eq!(row.count.to_string(), "123456789012345678901234567890");
        for bad in [
            r#"{"count": -1, "other": 1}"#,
            r#"{"count": 1.5, "other": 1}"#,
            r#"{"count": 1e40, "other": 1}"#,
            r#"{"count": "x", "other": 1}"#,
            r#"{"count": null, "other": 1}"#,
        ] {
            assert!(serde_json::from_str::<Row>(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn other_formats_read_numbers_and_strings() {
        let row: Row = toml::from_str("count = 552\nother = 1\n").unwrap();
        assert_eq!(row.count, 552u64);
        let row: Row =
            toml::from_str("count = \"267911288406289907831865612760326081508\"\nother = 1\n")
                .unwrap();
        assert_eq!(row.count, big("267911288406289907831865612760326081508"));
        assert!(toml::from_str::<Row>("count = -3\nother = 1\n").is_err());
        // Through serde_json's own Value: small counts survive.
        let value = serde_json::json!({"count": 40, "other": 2});
        let row: Row = serde_json::from_value(value).unwrap();
        assert_eq!(row.count, 40u64);
    }
}
