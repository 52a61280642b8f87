//! `openapi-docs`: generate the pages of docusaurus-plugin-openapi-docs 4.3.5 from the command
//! line, without Node or Docusaurus.

use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand};

mod diff;
mod read_texts;
use openapi_docs_core::{DocsContext, SpecOptions};

// The generator allocates and frees many small JSON values; mimalloc does that several times
// faster than the system allocator.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(
    name = "openapi-docs",
    version,
    about = "Generate Docusaurus OpenAPI pages (.api.mdx, .info.mdx, .tag.mdx, .schema.mdx, sidebar.ts)"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Generate pages for one spec.
    Generate(GenerateArgs),
    /// Remove generated files from an output folder.
    Clean {
        /// Output folder.
        #[arg(long)]
        out: String,
        /// Remove only the schema pages (`schemas/`), as the plugin's `clean-api-docs
        /// --schemas-only` does.
        #[arg(long)]
        schemas_only: bool,
    },
    /// Check a spec without writing anything: each OpenAPI 3.0 document is read into the typed
    /// OpenAPI model (openapiv3) and the first misfit is reported with file, line and JSON
    /// pointer; then the whole generation runs in memory, which reports unresolved `$ref`s,
    /// unusable page ids and the like. Exits non-zero on any problem.
    Validate {
        /// The OpenAPI document (YAML or JSON file, or a folder of them).
        #[arg(long)]
        spec: String,
    },
    /// Print the JSON Schema of a spec entry's options.
    OptionsSchema,
    /// Overlays (OpenAPI Overlay Specification 1.0): `overlay apply` writes a spec with
    /// overlays applied, as `generate --overlay` and the `overlays` option read it.
    Overlay {
        #[command(subcommand)]
        command: OverlayCommand,
    },
    /// Report what changed between two versions of a spec (operations, parameters, bodies,
    /// properties, types, enums, status codes, media types, security, servers), each change
    /// with oasdiff's check id and level, its place in both files and the page it affects.
    Diff(diff::DiffArgs),
    /// Serve the specs to assistants over the Model Context Protocol (stdio): tools to search
    /// operations and read each page's Markdown, and every page as a resource. A spec that fails
    /// to load stops it before it serves, with the coded error and a non-zero exit.
    Mcp(McpArgs),
    /// Tests only: reads spec file texts as the target's bundler reads them (js-yaml 4 or 5)
    /// and prints each as JSON. Input: one JSON object per line on stdin, `{"text": ...,
    /// "file": ...}` (`file` defaults to `spec.yaml`: a `.json` name or a text starting with `{`
    /// is tried as JSON first, as in a generation). Output: one line per input, `{"json":
    /// "<JSON.stringify of the value>"}` (`"undefined"` for an empty stream) or `{"error":
    /// {"code", "message", "line", "column"}}`.
    #[command(hide = true)]
    ReadTexts {
        /// The release whose reader reads (`compat`), e.g. 4.3.5 or 5.2.0.
        #[arg(long, default_value = "4.3.5")]
        compat: String,
    },
    /// Print, as JSON, the code samples of every operation page (`{ "<page id>": [{ language,
    /// variant, text | error }] }`): what the theme's code-sample tabs show before the reader
    /// edits anything. Nothing is written.
    Samples {
        /// The OpenAPI document. Overrides `specPath`.
        #[arg(long)]
        spec: Option<String>,
        /// A JSON file with one spec entry of the plugin's `config`.
        #[arg(long)]
        config: Option<PathBuf>,
        /// A JSON file with the site's `themeConfig.languageTabs` (default: every language the
        /// theme knows).
        #[arg(long)]
        tabs: Option<PathBuf>,
        /// The site's origin: the host of operations without servers.
        #[arg(long, default_value = "http://localhost:3000")]
        origin: String,
    },
}

/// `openapi-docs overlay`'s commands.
#[derive(Subcommand)]
enum OverlayCommand {
    /// Apply overlays, in order, to one spec file (or URL) and write the result as JSON (to
    /// `--out`, else to stdout). An action whose target selects nothing is a warning (stderr);
    /// an action that cannot be applied is an `E_OVERLAY` error naming the overlay file, the
    /// line and the action.
    Apply {
        /// The OpenAPI document (YAML or JSON file, or http(s) URL).
        spec: String,
        /// The overlay files (JSON or YAML), applied in this order.
        #[arg(required = true, value_name = "OVERLAY")]
        overlays: Vec<String>,
        /// Where to write the result (JSON; default: stdout).
        #[arg(short, long, value_name = "OUT")]
        out: Option<PathBuf>,
        /// Read YAML as this release of docusaurus-plugin-openapi-docs reads it (its js-yaml).
        #[arg(long, value_name = "RELEASE", default_value = "4.3.5")]
        compat: String,
    },
}

/// `openapi-docs mcp`'s arguments.
#[derive(clap::Args)]
struct McpArgs {
    /// An OpenAPI document (YAML or JSON file, folder of them, or http(s) URL); repeat for more.
    #[arg(long, required = true)]
    spec: Vec<String>,
    /// What page URLs start with (the site's URL, `https://example.com/`).
    #[arg(long, default_value = "/")]
    base_url: String,
    /// The pages' folder in the docs (`outputDir`): page URLs are `<base-url><out>/<page id>`
    /// (with several specs, `<out>/<spec name>/<page id>`).
    #[arg(long, default_value = "docs/api")]
    out: String,
    /// A locale's translation file (Docusaurus' JSON, from `docusaurus write-translations`) for
    /// the spec of the same position; repeat for more. The pages served are that locale's.
    #[arg(long)]
    translations: Vec<String>,
}

/// `openapi-docs generate`'s arguments.
#[derive(clap::Args)]
struct GenerateArgs {
    /// The OpenAPI document (YAML or JSON file, or a folder of them). Overrides `specPath`.
    #[arg(long)]
    spec: Option<String>,
    /// Output folder. Overrides `outputDir`.
    #[arg(long)]
    out: Option<String>,
    /// A JSON file with one spec entry of the plugin's `config` (specPath, outputDir,
    /// sidebarOptions, showSchemas, disableCompression, externalJsonProps, ...). Run
    /// `openapi-docs options-schema` for the full list.
    #[arg(long)]
    config: Option<PathBuf>,
    /// The docs plugin's `path` (used for `info_path` and sidebar ids).
    #[arg(long, default_value = "docs")]
    docs_path: String,
    /// The docs plugin's `routeBasePath`.
    #[arg(long, default_value = "docs")]
    route_base_path: String,
    /// Group the sidebar by tag (writes sidebar.ts) when no config gives sidebarOptions.
    #[arg(long)]
    sidebar: bool,
    /// Fail (E_INVALID_ID) where a page id had to change, instead of warning: an operation
    /// without operationId or summary, an id too long for a file name, two pages with one
    /// id. Overrides `strict`.
    #[arg(long)]
    strict: bool,
    /// Also write the Markdown export: `_markdown/<id>.md` per page, `llms.txt` and
    /// `llms-full.txt` in the output folder, links in `llms.txt` starting with this URL
    /// (e.g. `https://example.com/`; `/` for site-relative links). Overrides `markdown`.
    #[arg(long, value_name = "BASE_URL", num_args = 0..=1, default_missing_value = "/")]
    markdown: Option<String>,
    /// An earlier version of the spec, for changelog pages (repeat it, oldest first): each
    /// version after the first, `--spec` last, gets `changelog/<version>.changelog.mdx` of what
    /// changed since the one before, the operation pages that changed a note, and `sidebar.ts` a
    /// "Changelog" category. Versions are named by their `info.version` (a config's `changelog`
    /// option can name them). Adds to the config's `changelog.earlier`.
    #[arg(long, value_name = "SPEC")]
    changelog: Vec<String>,
    /// Whose pages to write: those of this release of docusaurus-plugin-openapi-docs, for the
    /// docusaurus-theme-openapi-docs release of the same number (4.3.5, the default, to 5.2.0).
    /// Overrides `compat`.
    #[arg(long, value_name = "RELEASE")]
    compat: Option<String>,
    /// Write the schema pages alone: every schema of `components.schemas` gets a page, no other
    /// page and no sidebar are written, and other files of the output folder are left as they
    /// are (the plugin's `gen-api-docs --schemas-only`). Needs `--compat` 4.6.0 or later. Overrides
    /// `schemasOnly`.
    #[arg(long)]
    schemas_only: bool,
    /// Also generate every version the config's `versions` lists (each into its own
    /// `outputDir`), and write `versions.json` into the spec's `outputDir` (the plugin's
    /// `gen-api-docs <id> --all-versions`).
    #[arg(long, conflicts_with = "version_id")]
    all_versions: bool,
    /// Generate only this version of the config's `versions` (or `all` of them), and write
    /// `versions.json` into the spec's `outputDir` (the plugin's `gen-api-docs:version`).
    #[arg(long, value_name = "NAME|all")]
    version_id: Option<String>,
    /// Generate even when the stamp in the output folder says nothing changed since the last
    /// generation (a stamp of what each generation was given and read is always written with
    /// the pages, and a generation it finds up to date is skipped).
    #[arg(long)]
    force: bool,
    /// An overlay (OpenAPI Overlay Specification 1.0, JSON or YAML) to apply to the spec before
    /// its pages are generated; repeat it for more, applied in order. Adds to the config's
    /// `overlays`.
    #[arg(long, value_name = "FILE")]
    overlay: Vec<String>,
    /// Accepted for older scripts: skipping an up-to-date generation is the default now.
    #[arg(long, hide = true)]
    if_stale: bool,
}

/// Reads a JSON file into the type the call site names.
macro_rules! read_json {
    ($path:expr) => {{
        let path: &std::path::Path = $path;
        let text = std::fs::read_to_string(path).map_err(|e| {
            (
                format!("cannot read {}: {e}", path.display()),
                Some("E_READ"),
            )
        })?;
        serde_json::from_str(&text)
            .map_err(|e| (format!("{}: {e}", path.display()), Some("E_INVALID_OPTION")))?
    }};
}

fn run() -> Result<(String, ExitCode), (String, Option<&'static str>)> {
    match Cli::parse().command {
        Command::Diff(args) => diff::diff_command(args),
        command => run_command(command).map(|text| (text, ExitCode::SUCCESS)),
    }
}

fn run_command(command: Command) -> Result<String, (String, Option<&'static str>)> {
    match command {
        Command::Diff(_) => Err(("unreachable: diff runs apart".into(), Some("E_INTERNAL"))),
        Command::Generate(args) => generate_command(args),
        Command::Clean { out, schemas_only } => {
            let out_dir = std::path::Path::new(&out);
            let removed = if schemas_only {
                openapi_docs_core::output::clean_schemas(out_dir)
            } else {
                openapi_docs_core::output::clean(out_dir)
            }
            .map_err(failure)?;
            Ok(format!("removed {removed} generated files from {out}"))
        }
        Command::ReadTexts { compat } => read_texts::read_texts(&compat),
        Command::Samples {
            spec,
            config,
            tabs,
            origin,
        } => {
            use openapi_docs_core::code_samples;
            let mut options: SpecOptions = match &config {
                Some(path) => read_json!(path),
                None => SpecOptions::default(),
            };
            if let Some(spec) = spec {
                options.spec_path = spec;
            }
            if options.spec_path.is_empty() {
                return Err((
                    "give --spec (or a --config with specPath)".into(),
                    Some("E_INVALID_OPTION"),
                ));
            }
            options.output_dir = "docs/api".into();
            let tabs: Vec<code_samples::LanguageTab> = match &tabs {
                Some(path) => read_json!(path),
                None => code_samples::theme_default_tabs(),
            };
            let cwd = std::env::current_dir().map_err(|e| (e.to_string(), Some("E_READ")))?;
            let generated = openapi_docs_core::generate(&options, &DocsContext::default(), &cwd)
                .map_err(failure)?;
            let mut out = serde_json::Map::new();
            for page in code_samples::generated_samples(
                &generated.pages,
                &tabs,
                &origin,
                options.compat.unwrap_or_default().target(),
            ) {
                let samples = page.samples.iter().map(|s| s.to_json()).collect();
                out.insert(page.id, serde_json::Value::Array(samples));
            }
            Ok(serde_json::to_string_pretty(&serde_json::Value::Object(out)).unwrap_or_default())
        }
        Command::Validate { spec } => {
            use openapi_docs_core::validate::{Structure, check_structure};
            let cwd = std::env::current_dir().map_err(|e| (e.to_string(), Some("E_READ")))?;
            let files =
                openapi_docs_core::load::read_spec_files(&cwd.join(&spec), Default::default())
                    .map_err(failure)?;
            let mut report = Vec::new();
            for file in &files {
                match check_structure(file) {
                    Structure::Valid => {
                        report.push(format!("{}: OpenAPI 3.0 structure ok", file.source))
                    }
                    Structure::NotChecked(what) => report.push(format!(
                        "{}: {what}: structure not checked (the typed model covers OpenAPI 3.0)",
                        file.source
                    )),
                    Structure::Invalid(problem) => {
                        let l = &problem.location;
                        let at = match (l.line, l.column) {
                            (Some(line), Some(column)) => format!(":{line}:{column}"),
                            _ => String::new(),
                        };
                        return Err((
                            format!(
                                "{}{at} (at #{}): {}\n  hint: make this part of the document fit the OpenAPI 3.0 specification",
                                l.file,
                                l.pointer.as_deref().unwrap_or(""),
                                problem.message
                            ),
                            Some("E_INVALID_SPEC"),
                        ));
                    }
                }
            }
            let options = SpecOptions {
                spec_path: spec.clone(),
                output_dir: "docs/api".into(),
                ..Default::default()
            };
            let generated = openapi_docs_core::generate(&options, &DocsContext::default(), &cwd)
                .map_err(failure)?;
            for warning in &generated.warnings {
                eprintln!("warning: {warning}");
            }
            let s = &generated.stats;
            report.push(format!(
                "{spec}: generates {} API, {} info, {} tag pages without errors",
                s.api_pages, s.info_pages, s.tag_pages
            ));
            Ok(report.join("\n"))
        }
        Command::Mcp(args) => mcp_command(args),
        Command::Overlay {
            command:
                OverlayCommand::Apply {
                    spec,
                    overlays,
                    out,
                    compat,
                },
        } => overlay_apply(&spec, &overlays, out.as_deref(), &compat),
        Command::OptionsSchema => {
            let schema = schemars::schema_for!(SpecOptions);
            Ok(serde_json::to_string_pretty(&schema).unwrap_or_default())
        }
    }
}

/// `openapi-docs generate`: one spec entry, and with `--all-versions` / `--version-id` its
/// versions and `versions.json`. Returns the report lines.
fn generate_command(args: GenerateArgs) -> Result<String, (String, Option<&'static str>)> {
    let GenerateArgs {
        spec,
        out,
        config,
        docs_path,
        route_base_path,
        sidebar,
        strict,
        markdown,
        changelog,
        compat,
        schemas_only,
        all_versions,
        version_id,
        force,
        overlay,
        if_stale: _,
    } = args;
    let mut options: SpecOptions = match &config {
        Some(path) => {
            // `--spec` and `--out` fill in what the file leaves out.
            let mut value: serde_json::Value = read_json!(path);
            if let Some(map) = value.as_object_mut() {
                for (key, given) in [("specPath", &spec), ("outputDir", &out)] {
                    if let Some(given) = given {
                        map.insert(key.into(), given.clone().into());
                    }
                }
            }
            serde_json::from_value(value)
                .map_err(|e| (format!("{}: {e}", path.display()), Some("E_INVALID_OPTION")))?
        }
        None => SpecOptions::default(),
    };
    if let Some(spec) = spec {
        options.spec_path = spec;
    }
    if let Some(out) = out {
        options.output_dir = out;
    }
    if options.spec_path.is_empty() || options.output_dir.is_empty() {
        return Err((
            "give --spec and --out (or a --config with specPath and outputDir)".into(),
            Some("E_INVALID_OPTION"),
        ));
    }
    if strict {
        options.strict = Some(true);
    }
    if let Some(base_url) = markdown {
        options.markdown = Some(openapi_docs_core::MarkdownOptions {
            base_url: Some(base_url),
        });
    }
    if !changelog.is_empty() {
        let option = options.changelog.get_or_insert_with(Default::default);
        option
            .earlier
            .extend(
                changelog
                    .into_iter()
                    .map(|spec_path| openapi_docs_core::ChangelogVersion {
                        spec_path,
                        version: None,
                    }),
            );
    }
    if !overlay.is_empty() {
        options
            .overlays
            .get_or_insert_with(Default::default)
            .extend(overlay);
    }
    if let Some(compat) = compat {
        options.compat = Some(
            serde_json::from_value(serde_json::Value::String(compat.clone())).map_err(|_| {
                (
                    format!(
                        "--compat: `{compat}` is not a release whose pages this writes; \
                         supported: {}",
                        openapi_docs_core::target::RELEASES
                            .iter()
                            .map(|(release, _)| *release)
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                    Some("E_INVALID_OPTION"),
                )
            })?,
        );
    }
    if schemas_only {
        options.schemas_only = Some(true);
    }
    if sidebar && options.sidebar_options.is_none() {
        options.sidebar_options = Some(openapi_docs_core::SidebarOptions {
            group_paths_by: Some(openapi_docs_core::GroupPathsBy::Tag),
            ..Default::default()
        });
    }
    let docs = DocsContext {
        doc_path: Some(docs_path),
        route_base_path: Some(route_base_path),
    };
    let cwd = std::env::current_dir().map_err(|e| (e.to_string(), Some("E_READ")))?;
    let producer = openapi_docs_core::stamp::Producer {
        generator: openapi_docs_core::stamp::generator_identity(
            concat!("openapi-docs ", env!("CARGO_PKG_VERSION")),
            std::env::current_exe().ok().as_deref(),
        ),
        functions: Default::default(),
    };
    let generate = |options: &SpecOptions| generate_one(options, &docs, &cwd, &producer, force);
    // The entry's name in version errors (`<config>:<version>`).
    let key = config
        .as_ref()
        .map_or_else(|| options.spec_path.clone(), |c| c.display().to_string());
    use openapi_docs_core::versions::{self, Selection};
    let mut lines = Vec::new();
    let selection = match (&version_id, all_versions) {
        (Some(id), _) => Some(Selection::parse(Some(id))),
        (None, true) => Some(Selection::Configured),
        (None, false) => None,
    };
    if version_id.is_none() {
        lines.push(generate(&options)?);
    }
    if let Some(selection) = selection {
        let runs = versions::runs(&key, &options, selection).map_err(failure)?;
        if !runs.is_empty() {
            let path = versions::write_versions_json(&options, &cwd).map_err(failure)?;
            let shown = path.strip_prefix(&cwd).unwrap_or(&path);
            lines.push(format!("versions: {} -> {}", runs.len(), shown.display()));
        }
        for run in runs {
            lines.push(generate(&run.options)?);
        }
    }
    Ok(lines.join("\n"))
}

/// Generates one spec entry into its `outputDir` (relative to `cwd`) with a stamp, unless the
/// stamp there says nothing changed since (and not `force`). Returns the line that reports it.
fn generate_one(
    options: &SpecOptions,
    docs: &DocsContext,
    cwd: &std::path::Path,
    producer: &openapi_docs_core::stamp::Producer,
    force: bool,
) -> Result<String, (String, Option<&'static str>)> {
    let started = Instant::now();
    let output_dir = cwd.join(options.written_dir());
    if !force && !openapi_docs_core::stamp::is_stale(options, cwd, producer) {
        return Ok(format!(
            "{}: up to date in {} (nothing it reads changed since), not generated; --force generates anyway",
            options.spec_path, options.output_dir
        ));
    }
    let generated = openapi_docs_core::generate_into_stamped(
        options,
        docs,
        cwd,
        &output_dir,
        &mut openapi_docs_core::hooks::NoHooks,
        producer,
    )
    .map_err(failure)?;
    for warning in &generated.warnings {
        eprintln!("warning: {warning}");
    }
    let s = &generated.stats;
    let compact = if s.compact_pages > 0 {
        format!(", {} compact", s.compact_pages)
    } else {
        String::new()
    };
    Ok(format!(
        "{}: {} API, {} info, {} tag, {} schema pages ({} files) in {} ms -> {}; largest page {} values{compact}",
        options.spec_path,
        s.api_pages,
        s.info_pages,
        s.tag_pages,
        s.schema_pages,
        s.files,
        started.elapsed().as_millis(),
        options.output_dir,
        s.largest_page_values
    ) + &heaviest_pages(&generated.costs))
}

/// The lines on the heaviest pages that end a generation's report
/// ([`openapi_docs_core::cost::reported`]), the first labelled.
fn heaviest_pages(costs: &[openapi_docs_core::cost::PageCost]) -> String {
    let mut out = String::new();
    for (index, line) in openapi_docs_core::cost::reported(costs).iter().enumerate() {
        let label = if index == 0 {
            "heaviest pages: "
        } else {
            "                "
        };
        out.push('\n');
        out.push_str(label);
        out.push_str(line);
    }
    out
}

/// `openapi-docs overlay apply`: the spec with the overlays applied, written to `out` (the
/// returned line says where) or returned as the text to print.
fn overlay_apply(
    spec: &str,
    overlays: &[String],
    out: Option<&std::path::Path>,
    compat: &str,
) -> Result<String, (String, Option<&'static str>)> {
    let compat: openapi_docs_core::Compat =
        serde_json::from_value(serde_json::Value::String(compat.to_string())).map_err(|_| {
            (
                format!("--compat: `{compat}` is not a release whose pages this writes"),
                Some("E_INVALID_OPTION"),
            )
        })?;
    let cwd = std::env::current_dir().map_err(|e| (e.to_string(), Some("E_READ")))?;
    let reader = compat.target().yaml;
    let overlaid =
        openapi_docs_core::overlay::apply_to_spec(spec, overlays, &cwd, reader).map_err(failure)?;
    for warning in &overlaid.warnings {
        eprintln!("warning: {warning}");
    }
    let text = overlaid.json_text();
    match out {
        None => Ok(text.trim_end().to_string()),
        Some(out) => {
            std::fs::write(out, text).map_err(|e| {
                failure(openapi_docs_core::Error::Write {
                    path: out.to_path_buf(),
                    source: e,
                })
            })?;
            Ok(format!(
                "{spec}: {} overlay(s) applied -> {}",
                overlays.len(),
                out.display()
            ))
        }
    }
}

/// `openapi-docs mcp`: loads every spec, then serves until stdin ends. Stdout carries the
/// protocol alone.
fn mcp_command(args: McpArgs) -> Result<String, (String, Option<&'static str>)> {
    let options = openapi_docs_mcp::SiteOptions {
        specs: args.spec,
        base_url: args.base_url,
        out: args.out,
        translations: args.translations,
    };
    let cwd = std::env::current_dir().map_err(|e| (e.to_string(), None))?;
    let site = openapi_docs_mcp::load_site(&options, &cwd)
        .map_err(|e| (format!("{e}\n  hint: {}", e.error.hint()), Some(e.code())))?;
    openapi_docs_mcp::serve_stdio(site).map_err(|e| (e.to_string(), Some("E_INTERNAL")))?;
    Ok(String::new())
}

/// A core error as the CLI prints it: the message (file, line, pointer), then what to do.
pub(crate) fn failure(e: openapi_docs_core::Error) -> (String, Option<&'static str>) {
    (format!("{e}\n  hint: {}", e.hint()), Some(e.code()))
}

fn main() -> ExitCode {
    // A panic in the core becomes an E_INTERNAL error naming the spec (see panic_guard).
    openapi_docs_core::panic_guard::install_hook();
    match run() {
        Ok((message, status)) => {
            // `mcp` prints nothing after the protocol. A closed pipe (`| head`) is not an
            // error of the command.
            if !message.is_empty() {
                let _ = writeln!(std::io::stdout(), "{message}");
            }
            status
        }
        Err((message, code)) => {
            eprintln!("error[{}]: {message}", code.unwrap_or("E_UNKNOWN"));
            ExitCode::FAILURE
        }
    }
}
