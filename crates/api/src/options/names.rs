//! The options that take one of a few words (`--encoding successor`, `"method": "dp"`,
//! `solver="cadical"`). Each is the domain's own enum, named once where it is defined
//! ([`EncodingName`], [`ExactlyOneEncoding`], [`SumEncoding`], [`Pruning`], [`Method`],
//! [`SampleBy`],
//! [`SplitBy`], [`SolverChoice`], [`Level`]): strum derives its `FromStr`, `Display` and
//! list of names, clap's `ValueEnum` (under the feature `clap`) its flag. This module reads and
//! writes them for the front ends that take text: [`parse_name`] with the refusal every front
//! end words, and [`by_name`] for the option structs' serde.

use crate::option_error::{OptionError, Problem};
pub use pathsat_cnf::card::ExactlyOneEncoding;
pub use pathsat_cnf::pb::SumEncoding;
pub use pathsat_count::{Method, SampleBy, SplitBy};
pub use pathsat_encode::{EncodingName, Pruning};
pub use pathsat_generate::Level;
pub use pathsat_solver::SolverChoice;
use std::str::FromStr;
use strum::VariantNames;

/// The value of `option` named `text` (`"dp"` for `method`), or the refusal listing the names
/// it takes.
///
/// # Errors
/// [`Problem::NotOneOf`] for `option`.
pub fn parse_name<T: FromStr + VariantNames>(
    option: &'static str,
    text: &str,
) -> Result<T, OptionError> {
    text.trim().parse().map_err(|_| {
        OptionError::new(
            option,
            Problem::NotOneOf {
                value: text.to_string(),
                names: T::VARIANTS,
            },
        )
    })
}

/// serde by the option's names (`#[serde(with = "by_name")]`), for the domain enums whose own
/// serde, if any, speaks the reports' words (`frontier-dp` for `dp`).
pub mod by_name {
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serializer};
    use std::str::FromStr;
    use strum::VariantNames;

    /// The value's name.
    ///
    /// # Errors
    /// The serializer's.
    pub fn serialize<T, S>(value: &T, serializer: S) -> Result<S::Ok, S::Error>
    where
        T: Copy + Into<&'static str>,
        S: Serializer,
    {
        serializer.serialize_str((*value).into())
    }

    /// The value of a name, refused as serde refuses an unknown variant.
    ///
    /// # Errors
    /// A name the option does not take.
    pub fn deserialize<'de, T, D>(deserializer: D) -> Result<T, D::Error>
    where
        T: FromStr + VariantNames,
        D: Deserializer<'de>,
    {
        let text = String::deserialize(deserializer)?;
        text.parse()
            .map_err(|_| D::Error::unknown_variant(&text, T::VARIANTS))
    }

    /// The same for an option that may be absent.
    pub mod option {
        use serde::{Deserialize, Deserializer, Serializer};
        use std::str::FromStr;
        use strum::VariantNames;

        /// The value's name, or none.
        ///
        /// # Errors
        /// The serializer's.
        pub fn serialize<T, S>(value: &Option<T>, serializer: S) -> Result<S::Ok, S::Error>
        where
            T: Copy + Into<&'static str>,
            S: Serializer,
        {
            match value {
                Some(value) => serializer.serialize_some::<str>((*value).into()),
                None => serializer.serialize_none(),
            }
        }

        /// The value of a name, or none.
        ///
        /// # Errors
        /// A name the option does not take.
        pub fn deserialize<'de, T, D>(deserializer: D) -> Result<Option<T>, D::Error>
        where
            T: FromStr + VariantNames,
            D: Deserializer<'de>,
        {
            #[derive(Deserialize)]
            struct Named<T: FromStr + VariantNames>(#[serde(with = "super")] T);
            Ok(Option::<Named<T>>::deserialize(deserializer)?.map(|Named(value)| value))
        }
    }
}
