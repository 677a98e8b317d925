//! `booklet`'s summary for people: the file written, its pages, and the puzzles by grade.

use super::words::{duration, plural};
use pathsat_api::booklet::BookletReport;
use pathsat_generate::Level;
use std::io::{self, BufWriter, Write};

/// `booklet`'s summary: the file written, its pages, and the puzzles by grade.
pub fn write_booklet_text(
    out: &mut dyn Write,
    r: &BookletReport,
    path: &std::path::Path,
) -> io::Result<()> {
    let mut out = BufWriter::new(out);
    for (k, p) in r.puzzles.iter().enumerate() {
        writeln!(
            out,
            "{:>3}. {}  {}, {} of {} cells given  ({})",
            k + 1,
            p.name,
            p.grade,
            p.givens,
            p.cells,
            p.file
        )?;
    }
    let grades: Vec<String> = [Level::Easy, Level::Medium, Level::Hard]
        .into_iter()
        .filter_map(|level| {
            let n = r.puzzles.iter().filter(|p| p.grade == level).count();
            (n > 0).then(|| format!("{n} {level}"))
        })
        .collect();
    writeln!(
        out,
        "wrote {}: {} ({}), {}, {} · {}",
        path.display(),
        plural(r.puzzles.len() as u64, "puzzle"),
        grades.join(", "),
        plural(r.pages as u64, "page"),
        bytesize::ByteSize(r.bytes as u64),
        duration(r.seconds)
    )?;
    out.flush()
}
