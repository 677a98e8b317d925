//! Numbers and counts in words, for people: `1,234,567`, `8,648 fillings`, `1 vertex`,
//! `12.3 ms`. The one way every text report writes them.

use pathsat_bigcount::{group_digits, BigCount};

pub fn plural(n: u64, noun: &str) -> String {
    format!("{} {noun}{}", thousands(n), if n == 1 { "" } else { "s" })
}

/// Like [`plural`], for counts of any size.
pub(crate) fn plural_big(n: &BigCount, noun: &str) -> String {
    format!("{} {noun}{}", n.grouped(), if *n == 1 { "" } else { "s" })
}

/// 1234567 as "1,234,567": the one format of whole numbers for people.
pub(crate) fn thousands(n: u64) -> String {
    group_digits(&n.to_string())
}

pub(crate) fn duration(seconds: f64) -> String {
    if seconds < 1.0 {
        format!("{:.1} ms", seconds * 1000.0)
    } else {
        format!("{seconds:.2} s")
    }
}

/// `n cells`, or `n vertices` (`1 vertex`) when `graph`.
pub(crate) fn count_words(graph: bool, n: usize) -> String {
    match (graph, n) {
        (true, 1) => "1 vertex".to_string(),
        (true, n) => format!("{} vertices", thousands(n as u64)),
        (false, n) => plural(n as u64, "cell"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_well() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(1234567), "1,234,567");
        assert_eq!(plural(1, "filling"), "1 filling");
        assert_eq!(plural(8648, "filling"), "8,648 fillings");
        assert_eq!(duration(0.0123), "12.3 ms");
        assert_eq!(duration(2.5), "2.50 s");
    }
}
