//! The DRAT proof: read (binary as CaDiCaL writes it, or text) and replayed by `dratify`, a DRAT
//! checker from crates.io that shares no code with CaDiCaL or pathsat.
//!
//! Only the reading is ours, and it cannot make a wrong proof pass: a lemma read wrongly is
//! checked as read (and a wrong lemma fails its check), and the formula is the one
//! [`crate::parse_cnf`] read for the claims, so the proof refutes exactly the clauses the claims
//! were checked against.

use crate::{reject, Rejection};

/// What the DRAT checker verified.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProofChecked {
    /// Steps read (lemmas and deletions).
    pub steps: u64,
    /// Lemmas verified by reverse unit propagation.
    pub rup: u64,
    /// Lemmas verified as resolution asymmetric tautologies.
    pub rat: u64,
    /// Deletions applied.
    pub deletions: u64,
}

/// dratify's literal for a DIMACS literal: variable v (from 1) has 2(v-1) and 2(v-1)+1.
fn literal(dimacs: i64) -> u32 {
    let var = u32::try_from(dimacs.unsigned_abs() - 1).expect("variables below 2^31");
    2 * var + u32::from(dimacs < 0)
}

/// Whether `proof` is binary DRAT: each of its steps ends with a zero byte, which text never
/// holds. (Its first bytes do not tell: `d` and a literal coded as 32 read as `d `.)
fn is_binary(proof: &[u8]) -> bool {
    proof.contains(&0)
}

/// The steps of a proof, as (deletion, DIMACS literals).
fn steps(proof: &[u8]) -> Result<Vec<(bool, Vec<i64>)>, Rejection> {
    if is_binary(proof) {
        return binary_steps(proof);
    }
    let text = std::str::from_utf8(proof)
        .map_err(|_| Rejection("proof.drat: neither binary DRAT nor text".into()))?;
    let mut steps = Vec::new();
    let (mut deletion, mut lits) = (false, Vec::new());
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('c') {
            continue;
        }
        for token in line.split_whitespace() {
            if token == "d" && lits.is_empty() {
                deletion = true;
                continue;
            }
            let lit: i64 = token.parse().map_err(|_| {
                Rejection(format!("proof.drat:{}: `{token}` is not a literal", n + 1))
            })?;
            if lit == 0 {
                steps.push((deletion, std::mem::take(&mut lits)));
                deletion = false;
            } else {
                lits.push(lit);
            }
        }
    }
    if !lits.is_empty() || deletion {
        return reject("proof.drat: the last step has no closing 0");
    }
    Ok(steps)
}

fn binary_steps(proof: &[u8]) -> Result<Vec<(bool, Vec<i64>)>, Rejection> {
    let mut steps = Vec::new();
    let mut at = 0;
    while at < proof.len() {
        let deletion = match proof[at] {
            b'a' => false,
            b'd' => true,
            other => {
                return reject(format!(
                    "proof.drat: byte {at} is {other:#04x}, not the start of a step"
                ))
            }
        };
        at += 1;
        let mut lits = Vec::new();
        loop {
            // A literal: 7 bits a byte, lowest first, the top bit set on all but the last.
            let (mut code, mut shift) = (0u64, 0u32);
            loop {
                let Some(&byte) = proof.get(at) else {
                    return reject("proof.drat: the last step is cut short");
                };
                at += 1;
                if shift > 56 {
                    return reject(format!("proof.drat: byte {at}: a literal too large"));
                }
                code |= u64::from(byte & 0x7f) << shift;
                shift += 7;
                if byte & 0x80 == 0 {
                    break;
                }
            }
            if code == 0 {
                break;
            }
            let var = i64::try_from(code >> 1)
                .ok()
                .filter(|&v| (1..1 << 31).contains(&v))
                .ok_or_else(|| Rejection(format!("proof.drat: byte {at}: a literal too large")))?;
            lits.push(if code & 1 == 1 { -var } else { var });
        }
        steps.push((deletion, lits));
    }
    Ok(steps)
}

/// Checks that `proof` (the bytes of `proof.drat`) refutes `formula` (from
/// [`crate::parse_cnf`]): every lemma by RUP or RAT, deletions applied, the empty clause
/// reached.
///
/// # Errors
/// A [`Rejection`] saying which step failed, or that the proof does not parse or never reaches
/// the empty clause.
pub fn check_proof(formula: &[Vec<i64>], proof: &[u8]) -> Result<ProofChecked, Rejection> {
    let steps = steps(proof)?;
    let max_var = formula
        .iter()
        .chain(steps.iter().map(|(_, lits)| lits))
        .flatten()
        .map(|l| l.unsigned_abs())
        .max()
        .unwrap_or(0);
    let vars = u32::try_from(max_var)
        .ok()
        .filter(|&v| v < 1 << 31)
        .ok_or_else(|| Rejection("formula.cnf: a variable too large".into()))?;
    let clauses: Vec<Vec<u32>> = formula
        .iter()
        .map(|c| c.iter().map(|&l| literal(l)).collect())
        .collect();
    let steps: Vec<(bool, Vec<u32>)> = steps
        .into_iter()
        .map(|(d, lits)| (d, lits.into_iter().map(literal).collect()))
        .collect();
    let mut checker = dratify::Checker::new(vars, &clauses, true, true);
    let result = checker.check(&steps);
    if !result.ok {
        let at = if result.failed_step > 0 {
            format!("step {}: ", result.failed_step)
        } else {
            String::new()
        };
        return reject(format!(
            "the DRAT checker rejected the proof: {at}{}",
            result.reason
        ));
    }
    Ok(ProofChecked {
        steps: result.steps,
        rup: result.rup_steps,
        rat: result.rat_steps,
        deletions: result.deletions,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// (a ∨ b) (a ∨ ¬b) (¬a ∨ b) (¬a ∨ ¬b): unsatisfiable, refuted by `a`, then the empty clause.
    fn formula() -> Vec<Vec<i64>> {
        vec![vec![1, 2], vec![1, -2], vec![-1, 2], vec![-1, -2]]
    }

    #[test]
    fn text_and_binary_proofs_are_read_alike() {
        let text = check_proof(&formula(), b"1 0\n0\n").unwrap();
        // Binary: 'a', literal 1 as 2, 0; 'a', 0.
        let binary = check_proof(&formula(), &[b'a', 2, 0, b'a', 0]).unwrap();
        assert_eq!(text, binary);
        assert_eq!(text.rup, 2);
        // Deletions of a clause the refutation does not need, text and binary ('d', 1 2 3 as
        // 2 4 6, 0); and of one it needs (1 ∨ -2, as 2 5), which breaks it.
        let mut more = formula();
        more.push(vec![1, 2, 3]);
        assert!(check_proof(&more, b"d 1 2 3 0\n1 0\n0\n").is_ok());
        assert!(check_proof(&more, &[b'd', 2, 4, 6, 0, b'a', 2, 0, b'a', 0]).is_ok());
        assert!(check_proof(&more, &[b'd', 2, 5, 0, b'a', 2, 0, b'a', 0]).is_err());
        // A deletion of variable 16 (coded 32, a space) is binary all the same.
        let mut sixteen = formula();
        sixteen.push(vec![16]);
        assert!(check_proof(&sixteen, &[b'd', 32, 0, b'a', 2, 0, b'a', 0]).is_ok());
        // Multi-byte literals: variable 100 is 200 = 0xc8 0x01.
        let mut wide = formula();
        wide.push(vec![100]);
        assert!(check_proof(&wide, &[b'a', 0xc8, 0x01, 0, b'a', 2, 0, b'a', 0]).is_ok());
    }

    #[test]
    fn wrong_or_unfinished_proofs_are_rejected() {
        // A lemma that does not follow.
        let r = check_proof(&formula()[..3], b"-1 0\n0\n").unwrap_err();
        assert!(
            r.0.starts_with("the DRAT checker rejected the proof: step 1"),
            "{r}"
        );
        // No empty clause.
        let r = check_proof(&formula(), b"1 0\n").unwrap_err();
        assert!(r.0.contains("never derives the empty clause"), "{r}");
        // Bytes that are no proof.
        assert!(check_proof(&formula(), &[b'a', 0x82]).is_err());
        assert!(check_proof(&formula(), &[b'x', 2, 0]).is_err());
        assert!(check_proof(&formula(), b"1 x 0\n").is_err());
        // The formula's own empty clause needs no proof.
        assert!(check_proof(&[vec![1], vec![]], b"").is_ok());
    }
}
