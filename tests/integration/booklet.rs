//! `pathsat booklet`: a PDF of puzzles and solutions, its pages rendered to images by poppler's
//! `pdftoppm` (when installed; required in CI) to check that every page draws something; and
//! a puzzle with several solutions refused, naming its file.

use crate::common::{fixture, json_of, pathsat};
use std::process::Command;

/// The pages of `pdf` as greyscale images (width, height, pixels), rendered by `pdftoppm`;
/// `None` when it is not installed.
fn rendered_pages(pdf: &std::path::Path) -> Option<Vec<(usize, usize, Vec<u8>)>> {
    let dir = tempfile::tempdir().unwrap();
    let prefix = dir.path().join("page");
    let run = Command::new("pdftoppm")
        .args(["-r", "20", "-gray"])
        .arg(pdf)
        .arg(&prefix)
        .output();
    let Ok(out) = run else {
        assert!(
            std::env::var_os("PATHSAT_REQUIRE_SOLVERS").is_none(),
            "pdftoppm is not installed (Debian: poppler-utils)"
        );
        eprintln!("skipped: pdftoppm is not installed");
        return None;
    };
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut files: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    Some(
        files
            .iter()
            .map(|f| read_pgm(&std::fs::read(f).unwrap()))
            .collect(),
    )
}

/// A binary PGM (P5, 8 bits): width, height and pixels.
fn read_pgm(bytes: &[u8]) -> (usize, usize, Vec<u8>) {
    let mut fields = Vec::new();
    let mut at = 0;
    while fields.len() < 4 {
        while bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        let start = at;
        while !bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        fields.push(String::from_utf8(bytes[start..at].to_vec()).unwrap());
    }
    assert_eq!((fields[0].as_str(), fields[3].as_str()), ("P5", "255"));
    let (w, h): (usize, usize) = (fields[1].parse().unwrap(), fields[2].parse().unwrap());
    let pixels = bytes[at + 1..].to_vec();
    assert_eq!(pixels.len(), w * h);
    (w, h, pixels)
}

#[test]
fn a_booklet_renders_page_by_page() {
    let dir = tempfile::tempdir().unwrap();
    let pdf = dir.path().join("book.pdf");
    let hidato = fixture("seeds/hidato-188.toml");
    let tour = fixture("seeds/rook-primes-tour.toml");
    let v = json_of(&[
        "booklet",
        hidato.to_str().unwrap(),
        tour.to_str().unwrap(),
        hidato.to_str().unwrap(),
        "-o",
        pdf.to_str().unwrap(),
        "--per-page",
        "2",
    ]);
    // Three puzzles two to a page, then one page of solutions.
    assert_eq!(v["pages"], 3);
    assert_eq!(v["puzzles"][0]["grade"], "medium");
    assert_eq!(v["puzzles"][1]["name"], "rook-primes-tour");
    let bytes = std::fs::read(&pdf).unwrap();
    assert!(bytes.starts_with(b"%PDF-"));
    let Some(pages) = rendered_pages(&pdf) else {
        return;
    };
    assert_eq!(pages.len(), 3);
    for (k, (w, h, pixels)) in pages.iter().enumerate() {
        // A4 at 20 dpi, portrait.
        assert!(h > w, "page {k}: {w}x{h}");
        let dark = pixels.iter().filter(|&&p| p < 128).count();
        assert!(
            dark * 100 > pixels.len(),
            "page {}: {dark} dark pixels",
            k + 1
        );
        // Dark pixels fill the page's middle band (the grids), not just a corner.
        let middle = pixels[w * h / 3..w * h * 2 / 3]
            .iter()
            .filter(|&&p| p < 128)
            .count();
        assert!(middle * 4 > dark, "page {}", k + 1);
    }
}

#[test]
fn a_puzzle_with_several_solutions_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let out = pathsat()
        .args([
            "booklet",
            fixture("small/hidato-5x5.toml").to_str().unwrap(),
            "-o",
        ])
        .arg(dir.path().join("x.pdf"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("hidato-5x5.toml: has more than one solution"),
        "{err}"
    );
    assert!(!dir.path().join("x.pdf").exists());
}
