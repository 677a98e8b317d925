//! # Value classes
//!
//! The set of values a marked cell may hold: primes, squares, even, odd, or an explicit list.

use itertools::Itertools;
use std::collections::BTreeSet;
use std::fmt;

/// A set of positive values, named or listed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ValueClass {
    /// The primes.
    Primes,
    /// The perfect squares.
    Squares,
    /// The even numbers.
    Even,
    /// The odd numbers.
    Odd,
    /// The values listed.
    List(BTreeSet<u32>),
}

impl ValueClass {
    /// The class with this name: `primes`, `squares`, `even` or `odd`.
    pub fn from_name(name: &str) -> Option<ValueClass> {
        match name {
            "primes" => Some(ValueClass::Primes),
            "squares" => Some(ValueClass::Squares),
            "even" => Some(ValueClass::Even),
            "odd" => Some(ValueClass::Odd),
            _ => None,
        }
    }

    /// Whether `value` belongs to the class.
    pub fn contains(&self, value: u32) -> bool {
        match self {
            ValueClass::Primes => is_prime(value),
            ValueClass::Squares => {
                let r = value.isqrt();
                r * r == value && value > 0
            }
            ValueClass::Even => value % 2 == 0,
            ValueClass::Odd => value % 2 == 1,
            ValueClass::List(values) => values.contains(&value),
        }
    }

    /// How many of the values 1..=n belong to the class.
    pub fn count_up_to(&self, n: u32) -> usize {
        match self {
            ValueClass::List(values) => values.range(1..=n).count(),
            _ => (1..=n).filter(|&v| self.contains(v)).count(),
        }
    }
}

impl fmt::Display for ValueClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ValueClass::Primes => f.write_str("primes"),
            ValueClass::Squares => f.write_str("squares"),
            ValueClass::Even => f.write_str("even"),
            ValueClass::Odd => f.write_str("odd"),
            ValueClass::List(values) => write!(f, "[{}]", values.iter().format(", ")),
        }
    }
}

/// Whether `n` is a prime, by trial division (values stay small enough for that).
pub fn is_prime(n: u32) -> bool {
    if n < 2 {
        return false;
    }
    if n % 2 == 0 {
        return n == 2;
    }
    let mut d = 3u32;
    while d.saturating_mul(d) <= n {
        if n % d == 0 {
            return false;
        }
        d += 2;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eighteen_primes_up_to_64() {
        let primes: Vec<u32> = (1..=64).filter(|&v| is_prime(v)).collect();
        assert_eq!(
            primes,
            [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61]
        );
        assert_eq!(ValueClass::Primes.count_up_to(64), 18);
    }

    #[test]
    fn classes() {
        assert_eq!(ValueClass::Squares.count_up_to(50), 7);
        assert!(!ValueClass::Squares.contains(0));
        assert_eq!(ValueClass::Even.count_up_to(9), 4);
        assert_eq!(ValueClass::Odd.count_up_to(9), 5);
        let list = ValueClass::List([3, 5, 100].into_iter().collect());
        assert_eq!(list.count_up_to(10), 2);
        assert_eq!(list.to_string(), "[3, 5, 100]");
    }
}
