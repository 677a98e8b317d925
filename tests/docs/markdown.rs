//! The code blocks of a Markdown page, and the command examples of its `console` blocks.
//!
//! Only what the docs use is parsed: fenced blocks (```` ``` ```` or `~~~`, with an info
//! string) and indented blocks (four spaces after a blank line, outside fences).

/// A code block: its info string (empty for an indented block) and its lines, each with its
/// line number in the page (from 1).
pub struct Block {
    pub info: String,
    pub lines: Vec<(usize, String)>,
}

impl Block {
    /// The info string's first word: `console` for `console serve`.
    pub fn language(&self) -> &str {
        self.info.split_whitespace().next().unwrap_or("")
    }
}

/// One command of a `console` block and what it must print.
pub struct Example {
    /// The line of the command (of its first line, when `\` continues it).
    pub line: usize,
    /// The command, its continuation lines joined by newlines as bash reads them.
    pub command: String,
    /// The exit status: 0 unless a `? N` line follows the command.
    pub status: i32,
    /// The expected output, standard output and standard error together.
    pub expected: String,
}

/// Every code block of `text`, in order.
pub fn blocks(text: &str) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l)).peekable();
    let mut previous_blank = true;
    while let Some((number, line)) = lines.next() {
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        if indent < 4 && (trimmed.starts_with("```") || trimmed.starts_with("~~~")) {
            // A fence closes with a line of at least as many of its characters.
            let fence = trimmed.chars().next().unwrap_or('`');
            let width = trimmed.len() - trimmed.trim_start_matches(fence).len();
            let info = trimmed[width..].trim().to_string();
            let mut body = Vec::new();
            for (n, l) in lines.by_ref() {
                let t = l.trim();
                if t.len() >= width && t.chars().all(|c| c == fence) {
                    break;
                }
                body.push((n, l.to_string()));
            }
            blocks.push(Block { info, lines: body });
            previous_blank = false;
        } else if indent >= 4 && previous_blank && !trimmed.is_empty() {
            let mut body = vec![(number, line[4..].to_string())];
            while let Some(&(n, l)) = lines.peek() {
                if l.trim().is_empty() || l.starts_with("    ") {
                    body.push((n, l.get(4..).unwrap_or("").to_string()));
                    lines.next();
                } else {
                    break;
                }
            }
            while body.last().is_some_and(|(_, l)| l.trim().is_empty()) {
                body.pop();
            }
            blocks.push(Block {
                info: String::new(),
                lines: body,
            });
            previous_blank = true;
        } else {
            previous_blank = trimmed.is_empty();
        }
    }
    blocks
}

/// The command examples of a `console` block: `$ ` starts a command (a trailing `\` continues
/// it on the next line), an optional `? N` line gives its exit status, and the lines up to the
/// next command are its output. Errors name the line at fault.
pub fn examples(block: &Block) -> Result<Vec<Example>, String> {
    let mut examples: Vec<Example> = Vec::new();
    let mut lines = block.lines.iter().peekable();
    while let Some((number, line)) = lines.next() {
        if examples.is_empty() && line.trim().is_empty() {
            continue;
        }
        let Some(command) = line.strip_prefix("$ ") else {
            return Err(format!(
                "line {number}: output before any command (a command line starts with `$ `)"
            ));
        };
        let mut command = command.to_string();
        while command.ends_with('\\') {
            let Some((_, next)) = lines.next() else {
                return Err(format!("line {number}: the block ends after a `\\`"));
            };
            command.push('\n');
            command.push_str(next);
        }
        let mut status = 0;
        if let Some((status_line, text)) = lines.peek() {
            if let Some(value) = text.strip_prefix("? ") {
                status = value.trim().parse().map_err(|_| {
                    format!("line {status_line}: `{text}` is no exit status (`? N`, N a number)")
                })?;
                lines.next();
            }
        }
        let mut expected = Vec::new();
        while let Some((_, text)) = lines.peek() {
            if text.starts_with("$ ") {
                break;
            }
            expected.push(text.as_str());
            lines.next();
        }
        while expected.last().is_some_and(|l| l.is_empty()) {
            expected.pop();
        }
        examples.push(Example {
            line: *number,
            command,
            status,
            expected: expected.join("\n"),
        });
    }
    Ok(examples)
}
