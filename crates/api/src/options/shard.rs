//! `--shard I/N` ([`Shard`]): which of `N` deterministic parts a run takes, a part of a count
//! (the frontier program's split, [`crate::shard`] for its part files) or a slice of `batch`'s
//! file list. The value is the count's ([`pathsat_count::shard::Shard`]), read from `I/N` as
//! every front end spells it (a text that is not one is a [`NotAShard`]).

pub use pathsat_count::shard::{NotAShard, Shard};

#[cfg(test)]
mod tests {
    use super::*;

    /// The option's value as every front end spells it: `I/N`, a string in JSON; anything else
    /// is refused with what the option takes.
    #[test]
    fn the_option_reads_i_of_n() {
        let shard: Shard = serde_json::from_str("\"2/8\"").unwrap();
        assert_eq!((shard.index(), shard.of()), (2, 8));
        let e = "9/8".parse::<Shard>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "expected I/N with 1 <= I <= N, e.g. 2/8, not \"9/8\""
        );
    }
}
