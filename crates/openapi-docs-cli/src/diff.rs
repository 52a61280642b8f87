//! `openapi-docs diff OLD NEW`: the core's [`openapi_docs_core::diff`] with a format and an exit
//! status for CI.

use std::process::ExitCode;

use openapi_docs_core::diff::{self, Format, Level};

/// `openapi-docs diff`'s arguments.
#[derive(clap::Args)]
pub struct DiffArgs {
    /// The old spec: a YAML or JSON file, a folder of specs or an http(s) URL.
    old: String,
    /// The new spec, given the same way.
    new: String,
    /// `text` (grouped by operation, breaking changes first), `markdown` or `json`.
    #[arg(long, default_value = "text", value_name = "text|markdown|json")]
    format: Format,
    /// Exit with status 1 when a change is at this level or more severe.
    #[arg(long, value_name = "breaking|warning")]
    fail_on: Option<FailOn>,
}

/// `--fail-on`'s values.
#[derive(Clone, Copy, clap::ValueEnum)]
pub enum FailOn {
    /// A breaking change.
    Breaking,
    /// A breaking change or a warning.
    Warning,
}

/// Runs the diff; the report and the exit status (1 when `--fail-on` is met).
pub fn diff_command(args: DiffArgs) -> Result<(String, ExitCode), (String, Option<&'static str>)> {
    let cwd = std::env::current_dir().map_err(|e| (e.to_string(), Some("E_READ")))?;
    let report = diff::diff(&args.old, &args.new, &cwd).map_err(crate::failure)?;
    let text = diff::render(&report, args.format).trim_end().to_string();
    let failed = match args.fail_on {
        Some(FailOn::Breaking) => report.has(Level::Breaking),
        Some(FailOn::Warning) => report.has(Level::Warning),
        None => false,
    };
    Ok((
        text,
        if failed {
            ExitCode::FAILURE
        } else {
            ExitCode::SUCCESS
        },
    ))
}
