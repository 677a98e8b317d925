//! `pathsat hamg`: the graph-stream filter on the command line. Opens the input and output
//! (standard input and output by default, as nauty's filters), runs [`pathsat_api::graphs`]'s
//! filter with the SAT portfolio as its fallback, shows progress on a terminal, and ends with
//! nauty's kind of summary line on standard error.

use crate::args::HamgArgs;
use crate::Failure;
use pathsat_api::graphs::{
    filter, property_name, FilterOptions, Limits, Output, Property, SatFallback, Settings,
    StreamError, Summary,
};
use pathsat_api::{Budget, Cancel};
use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// How often the progress line is redrawn.
const PROGRESS_EVERY: Duration = Duration::from_millis(500);

pub fn run(args: &HamgArgs) -> Result<ExitCode, Failure> {
    let (input, source): (Box<dyn BufRead + Send>, String) = match args.input.as_deref() {
        None => (stdin(), "stdin".to_string()),
        Some(path) if path == Path::new("-") => (stdin(), "stdin".to_string()),
        Some(path) => {
            let file = File::open(path).map_err(|e| {
                Failure::Input(format!("{}: cannot read the file: {e}", path.display()))
            })?;
            (
                Box::new(BufReader::with_capacity(1 << 16, file)),
                path.display().to_string(),
            )
        }
    };
    let (output, target): (Box<dyn Write>, String) = match &args.output {
        None => (Box::new(io::stdout().lock()), "stdout".to_string()),
        Some(path) => {
            let file = File::create(path).map_err(|e| {
                Failure::Input(format!("{}: cannot write the file: {e}", path.display()))
            })?;
            (Box::new(file), path.display().to_string())
        }
    };
    let mut output = BufWriter::with_capacity(1 << 16, output);
    let options = options(args);
    let fallback = SatFallback::new(Some(Duration::from_secs_f64(args.timeout)), Cancel::new());
    let mut progress = Progress::new(!args.quiet && io::stderr().is_terminal());
    let summary = filter(
        input,
        &mut output,
        &options,
        &fallback,
        &Budget::default(),
        &mut |s| progress.show(s),
    );
    progress.clear();
    let summary = summary.map_err(|e| match e {
        StreamError::Io(e) => Failure::from(e),
        StreamError::Malformed {
            line,
            column,
            message,
        } => Failure::Input(format!("{source}:{line}:{column}: {message}")),
        StreamError::Decision { line, error } => {
            Failure::Internal(anyhow::anyhow!("{source}:{line}: {error}"))
        }
    })?;
    if !args.quiet {
        eprintln!("{}", summary_line(&summary, &options, &source, &target));
    }
    Ok(ExitCode::SUCCESS)
}

/// Standard input, read in large blocks on the reader thread.
fn stdin() -> Box<dyn BufRead + Send> {
    Box::new(BufReader::with_capacity(1 << 16, io::stdin()))
}

fn options(args: &HamgArgs) -> FilterOptions {
    let property = if args.hypo {
        Property::Hypohamiltonian
    } else if args.path {
        Property::Path
    } else {
        Property::Cycle
    };
    let output = if args.summary_only {
        Output::Nothing
    } else if args.json {
        Output::Json
    } else {
        Output::Graphs
    };
    FilterOptions {
        settings: Settings {
            property,
            count: args.count,
            limits: Limits::default(),
            certify: args.certify.clone(),
        },
        invert: args.invert,
        skip_malformed: args.skip_malformed,
        jobs: args.jobs.map_or_else(
            || std::thread::available_parallelism().map_or(1, |n| n.get()),
            usize::from,
        ),
        output,
    }
}

/// `>Z 261080 graphs read from stdin; 177083 hamiltonian, 83997 not; 177083 written to
/// stdout; 0.21 sec`, as nauty's filters end.
fn summary_line(summary: &Summary, options: &FilterOptions, source: &str, target: &str) -> String {
    let word = property_name(options.settings.property);
    let mut line = format!(
        ">Z {} graphs read from {source}; {} {word}, {} not",
        summary.read, summary.has, summary.lacks
    );
    if summary.undecided > 0 {
        let lines: Vec<String> = summary.undecided_lines.iter().map(u64::to_string).collect();
        let more = if summary.undecided > summary.undecided_lines.len() as u64 {
            ", ..."
        } else {
            ""
        };
        line += &format!(
            ", {} undecided within --timeout (lines {}{more})",
            summary.undecided,
            lines.join(", ")
        );
    }
    if summary.malformed > 0 {
        line += &format!("; {} malformed lines skipped", summary.malformed);
    }
    match options.output {
        Output::Nothing => line += &format!("; {} would be written", summary.kept),
        _ => line += &format!("; {} written to {target}", summary.kept),
    }
    if let Some(stopped) = summary.stopped {
        line += &format!("; stopped ({})", stopped.name());
    }
    line + &format!("; {:.2} sec", summary.elapsed.as_secs_f64())
}

/// The progress line on a terminal: graphs read and kept, and the rate.
struct Progress {
    on: bool,
    last: Option<Instant>,
    drawn: bool,
}

impl Progress {
    fn new(on: bool) -> Progress {
        Progress {
            on,
            last: None,
            drawn: false,
        }
    }

    fn show(&mut self, summary: &Summary) {
        let now = Instant::now();
        if !self.on || self.last.is_some_and(|t| now - t < PROGRESS_EVERY) {
            self.last.get_or_insert(now);
            return;
        }
        self.last = Some(now);
        let seconds = summary.elapsed.as_secs_f64().max(1e-9);
        eprint!(
            "\r\x1b[K{} graphs read, {} kept, {:.0} graphs/s",
            summary.read,
            summary.kept,
            summary.read as f64 / seconds
        );
        self.drawn = true;
    }

    fn clear(&mut self) {
        if self.drawn {
            eprint!("\r\x1b[K");
        }
    }
}
