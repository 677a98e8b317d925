//! # Variables and literals
//!
//! 0-based variables and literals packed as `2 * var + negated`, with the DIMACS conversions
//! (variable `v` is DIMACS `v + 1`) in one place.

use std::fmt;
use std::ops::Not;

/// A Boolean variable, numbered from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Var(u32);

impl Var {
    /// The variable with this 0-based index.
    ///
    /// # Panics
    /// If the index does not fit the packed literal representation.
    pub fn from_index(index: usize) -> Var {
        assert!(index < (u32::MAX / 2) as usize, "variable index overflow");
        Var(index as u32)
    }

    /// The variable's index, from 0.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The DIMACS number of the variable (1-based).
    pub fn to_dimacs(self) -> u64 {
        u64::from(self.0) + 1
    }

    /// The variable with this DIMACS number, if it is positive and in range.
    pub fn from_dimacs(number: u64) -> Option<Var> {
        let index = usize::try_from(number.checked_sub(1)?).ok()?;
        (index < (u32::MAX / 2) as usize).then_some(Var(index as u32))
    }

    /// The literal "this variable is true".
    pub fn positive(self) -> Lit {
        Lit(self.0 << 1)
    }

    /// The literal "this variable is false".
    pub fn negative(self) -> Lit {
        Lit((self.0 << 1) | 1)
    }

    /// The literal of this variable with the given polarity.
    pub fn lit(self, positive: bool) -> Lit {
        if positive {
            self.positive()
        } else {
            self.negative()
        }
    }
}

/// A variable or its negation.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Lit(u32);

impl Lit {
    /// The literal's variable.
    pub fn var(self) -> Var {
        Var(self.0 >> 1)
    }

    /// Whether the literal says its variable is true.
    pub fn is_positive(self) -> bool {
        self.0 & 1 == 0
    }

    /// Whether the literal says its variable is false.
    pub fn is_negative(self) -> bool {
        !self.is_positive()
    }

    /// The DIMACS form: `v + 1` or `-(v + 1)`.
    pub fn to_dimacs(self) -> i64 {
        let v = self.var().to_dimacs() as i64;
        if self.is_positive() {
            v
        } else {
            -v
        }
    }

    /// The literal of a nonzero DIMACS number in range.
    pub fn from_dimacs(number: i64) -> Option<Lit> {
        let var = Var::from_dimacs(number.unsigned_abs())?;
        Some(var.lit(number > 0))
    }

    /// The value of the literal under an assignment of its variable.
    pub fn eval(self, var_value: bool) -> bool {
        var_value == self.is_positive()
    }
}

impl Not for Lit {
    type Output = Lit;
    fn not(self) -> Lit {
        Lit(self.0 ^ 1)
    }
}

impl fmt::Debug for Lit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_dimacs())
    }
}

impl fmt::Display for Lit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_dimacs())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dimacs_round_trip() {
        let v = Var::from_index(6);
        assert_eq!(v.to_dimacs(), 7);
        assert_eq!(v.positive().to_dimacs(), 7);
        assert_eq!((!v.positive()).to_dimacs(), -7);
        assert_eq!(Lit::from_dimacs(-7), Some(v.negative()));
        assert_eq!(Lit::from_dimacs(0), None);
        assert_eq!(Var::from_dimacs(0), None);
        assert!(v.negative().is_negative());
        assert_eq!(v.negative().var(), v);
        assert!(v.positive().eval(true) && v.negative().eval(false));
    }
}
