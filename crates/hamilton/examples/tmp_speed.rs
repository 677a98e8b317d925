use pathsat_hamilton::*;
use std::io::{BufRead, BufReader};
fn decode(line: &[u8]) -> SmallGraph {
    let n = (line[0] - 63) as usize;
    let mut g = SmallGraph::new(n).unwrap();
    let mut k = 0;
    for v in 1..n {
        for u in 0..v {
            let byte = line[1 + k / 6] - 63;
            if byte >> (5 - k % 6) & 1 == 1 {
                g.add_edge(u, v);
            }
            k += 1;
        }
    }
    g
}
fn main() {
    let path = std::env::args().nth(1).unwrap();
    let r = BufReader::new(std::fs::File::open(path).unwrap());
    let graphs: Vec<SmallGraph> = r.split(b'\n').map(|l| decode(&l.unwrap())).collect();
    let t = std::time::Instant::now();
    let (mut yes, mut no, mut und) = (0, 0, 0);
    for g in &graphs {
        match hamiltonian_cycle(g, Limits::default()) {
            Answer::Yes(_) => yes += 1,
            Answer::No(_) => no += 1,
            Answer::Undecided => und += 1,
        }
    }
    eprintln!("yes {yes} no {no} undecided {und} in {:?}", t.elapsed());
}
