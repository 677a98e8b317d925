//! Finds the external tools the integration tests drive (kissat, CaDiCaL, the DRAT checker
//! rate, rsvg-convert, xmllint with the SVG 1.1 DTD) and, for each one missing, sets a cfg that marks its tests ignored with
//! the reason: `cargo test` then counts them as ignored in its summary and names what to
//! install. With `PATHSAT_REQUIRE_SOLVERS=1` (set by `.ci/run`, which installs them) nothing is
//! ignored, so a missing tool fails its tests instead.

use std::path::Path;
use std::process::{Command, Stdio};

const SVG_DTD: &str = "/usr/share/xml/w3c-sgml-lib/schema/dtd/REC-SVG11-20110816/svg11.dtd";

fn main() {
    println!("cargo::rerun-if-env-changed=PATH");
    println!("cargo::rerun-if-env-changed=PATHSAT_REQUIRE_SOLVERS");
    println!("cargo::rerun-if-changed=build.rs");
    let required = std::env::var_os("PATHSAT_REQUIRE_SOLVERS").is_some_and(|v| v == "1");
    let checks = [
        ("no_kissat", runs("kissat", "--version")),
        ("no_cadical", runs("cadical", "--version")),
        // The DRAT checker of certified runs (`cargo install rate`).
        ("no_rate", runs("rate", "--version")),
        ("no_rsvg", runs("rsvg-convert", "--version")),
        (
            "no_xmllint",
            runs("xmllint", "--version") && Path::new(SVG_DTD).exists(),
        ),
    ];
    for (cfg, found) in checks {
        println!("cargo::rustc-check-cfg=cfg({cfg})");
        if !found && !required {
            println!("cargo::rustc-cfg={cfg}");
        }
    }
}

/// Whether `program arg` starts and exits successfully.
fn runs(program: &str, arg: &str) -> bool {
    Command::new(program)
        .arg(arg)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}
