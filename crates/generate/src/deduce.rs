//! Human-style deduction (to be written).
