//! Typed errors with stable codes. Every failure the generator can meet is one of these; none is a
//! panic. The code (`E_...`) is what crosses into JavaScript as `err.code` and what the CLI prints.

use std::path::PathBuf;

/// Where in an input file a problem is.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Location {
    /// The file (or URL) the problem is in.
    pub file: String,
    /// 1-based line, when known.
    pub line: Option<usize>,
    /// 1-based column, when known.
    pub column: Option<usize>,
    /// JSON pointer of the offending value, when known (e.g. `/paths/~1pets/get`).
    pub pointer: Option<String>,
}

impl std::fmt::Display for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.file)?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
            if let Some(column) = self.column {
                write!(f, ":{column}")?;
            }
        }
        if let Some(pointer) = &self.pointer {
            write!(f, " (at #{pointer})")?;
        }
        Ok(())
    }
}

/// Everything that can go wrong, each with a stable code.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The spec file or folder could not be read.
    #[error("cannot read {path}: {source}")]
    Read {
        /// The path that failed.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// A spec given as an http(s) URL could not be fetched (network error, HTTP status, timeout).
    #[error("cannot fetch {url}: {message}")]
    Fetch {
        /// The URL.
        url: String,
        /// What failed and what to do.
        message: String,
    },
    /// The spec is not valid YAML or JSON.
    #[error("{location}: not valid {format}: {message}")]
    Parse {
        /// Where.
        location: Location,
        /// "YAML" or "JSON".
        format: &'static str,
        /// The parser's message.
        message: String,
    },
    /// The document parsed but is not an OpenAPI document this generator can read.
    #[error("{location}: {message}")]
    InvalidSpec {
        /// Where.
        location: Location,
        /// What is wrong and what to do.
        message: String,
    },
    /// A `$ref` points at something that does not exist.
    #[error("{location}: $ref '{reference}' cannot be resolved: {message}")]
    UnresolvedRef {
        /// Where the `$ref` is.
        location: Location,
        /// The reference text.
        reference: String,
        /// Why it failed.
        message: String,
    },
    /// Two pages would be written to the same file, or an id is unusable as a file name.
    #[error("{location}: {message}")]
    InvalidId {
        /// Where the operation (or schema) is.
        location: Location,
        /// What is wrong and what to do.
        message: String,
    },
    /// The options are invalid.
    #[error("invalid option `{key}`: {message}")]
    InvalidOption {
        /// The option's name, dotted (`sidebarOptions.groupPathsBy`).
        key: String,
        /// What is allowed.
        message: String,
    },
    /// A command named a version the spec entry does not configure (`E_INVALID_OPTION`).
    #[error("{message}")]
    UnknownVersion {
        /// Which version, and the known ones.
        message: String,
    },
    /// A template could not be read or rendered.
    #[error("template {path}: {message}")]
    Template {
        /// The template file.
        path: String,
        /// What went wrong.
        message: String,
    },
    /// Writing the output failed.
    #[error("cannot write {path}: {source}")]
    Write {
        /// The path that failed.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// A resource limit was exceeded (nesting depth, alias expansion, output size).
    #[error("{location}: {message}")]
    Limit {
        /// Where.
        location: Location,
        /// Which limit and how to proceed.
        message: String,
    },
    /// An overlay (the `overlays` option, `--overlay`) is not an Overlay 1.0 document, or one of
    /// its actions cannot be applied to the spec.
    #[error("{location}: {action}: {message}")]
    Overlay {
        /// The overlay file, and the line of the action (or of the field at fault).
        location: Location,
        /// Which action (`action 2, target `$.paths['/pets']``), or `overlay` for the document.
        action: String,
        /// What is wrong and what to do.
        message: String,
    },
    /// A translation file (Docusaurus' JSON of the `translations` option) is not an object of
    /// `{ "message": string, "description"?: string }` entries.
    #[error("{location}: {message}")]
    Translation {
        /// The translation file, and the key at fault (as the pointer).
        location: Location,
        /// What is wrong and what to do.
        message: String,
    },
    /// The generator panicked: a bug here or in a dependency, not in the spec (see
    /// [`crate::panic_guard`]).
    #[error("{location}: internal error while generating its pages: {message}")]
    Internal {
        /// The spec entry's `specPath` (no line: the panic says where in the code).
        location: Location,
        /// The panic's message and place.
        message: String,
    },
    /// A caller's hook (in the Node binding, a `markdownGenerators` or `sidebarGenerators`
    /// function) failed.
    #[error("{callback} failed on page `{page}` (from #{pointer}): {message}")]
    Callback {
        /// The option naming the hook (`markdownGenerators.createApiPageMD`).
        callback: String,
        /// The page id.
        page: String,
        /// Where the page comes from in the spec (JSON pointer).
        pointer: String,
        /// What the hook failed with.
        message: String,
    },
}

impl Error {
    /// The stable code of this error kind.
    pub fn code(&self) -> &'static str {
        match self {
            Error::Read { .. } => "E_READ",
            Error::Fetch { .. } => "E_FETCH",
            Error::Parse { .. } => "E_PARSE",
            Error::InvalidSpec { .. } => "E_INVALID_SPEC",
            Error::UnresolvedRef { .. } => "E_UNRESOLVED_REF",
            Error::InvalidId { .. } => "E_INVALID_ID",
            Error::InvalidOption { .. } | Error::UnknownVersion { .. } => "E_INVALID_OPTION",
            Error::Template { .. } => "E_TEMPLATE",
            Error::Write { .. } => "E_WRITE",
            Error::Limit { .. } => "E_LIMIT",
            Error::Callback { .. } => "E_CALLBACK",
            Error::Overlay { .. } => "E_OVERLAY",
            Error::Translation { .. } => "E_TRANSLATION",
            Error::Internal { .. } => "E_INTERNAL",
        }
    }

    /// What to do about this kind of error, in one sentence.
    pub fn hint(&self) -> &'static str {
        match self {
            Error::Read { .. } => {
                "check that `specPath` names an existing file or folder (relative to the site folder)"
            }
            Error::Fetch { .. } => {
                "check the URL and the network, or point `specPath` at a local copy of the spec"
            }
            Error::Parse { .. } => "fix the syntax at the line shown",
            Error::InvalidSpec { .. } => {
                "make the document a valid OpenAPI 3.0 or 3.1 document (the message says what is wrong)"
            }
            Error::UnresolvedRef { .. } => {
                "point the $ref at a component or file that exists, or add the missing one"
            }
            Error::InvalidId { .. } => {
                "give the operation a distinct `operationId` (a schema, a distinct `title`)"
            }
            Error::InvalidOption { .. } => {
                "fix the option in the plugin's config (its JSON Schema lists every key and type)"
            }
            Error::UnknownVersion { .. } => {
                "name a version the spec entry's `versions` option lists, or `all`"
            }
            Error::Template { .. } => {
                "fix the Mustache template, or remove `template` to use the built-in one"
            }
            Error::Write { .. } => "check that `outputDir` can be written and the disk has room",
            Error::Limit { .. } => "simplify the document where shown, or split it into several",
            Error::Callback { .. } => {
                "fix the function named in the message (it threw, or returned a value of the wrong kind)"
            }
            Error::Overlay { .. } => {
                "fix the action at the line shown (its `target` an RFC 9535 JSONPath, its `update` an object for an object, any value for an array), or take the overlay out of `overlays`"
            }
            Error::Translation { .. } => {
                "give each key of the translation file an object with a string `message` (and, if any, a string `description`), or run `docusaurus write-translations` to write the file again"
            }
            Error::Internal { .. } => {
                "this is a bug in the generator, not in your spec: please report it with the spec (or the smallest part of it that still fails); nothing was written"
            }
        }
    }

    /// What this kind of error means, in one sentence (for the error reference, `docs/errors.md`).
    pub fn meaning(&self) -> &'static str {
        match self {
            Error::Read { .. } => {
                "The spec file or folder (or a file it refers to) could not be read."
            }
            Error::Fetch { .. } => {
                "A spec given as an http(s) URL could not be fetched (network error, HTTP status, timeout)."
            }
            Error::Parse { .. } => {
                "A file is not valid YAML or JSON as the reference's parser reads it."
            }
            Error::InvalidSpec { .. } => {
                "The document parsed but is not an OpenAPI 3.x or Swagger 2.0 document this generator can read."
            }
            Error::UnresolvedRef { .. } => {
                "A `$ref` points at something that does not exist, or that may not be read."
            }
            Error::InvalidId { .. } => {
                "Two pages would be written to one file, or an id cannot be a file name (with `strict`, every id that had to change)."
            }
            Error::InvalidOption { .. } | Error::UnknownVersion { .. } => {
                "An option is unknown, mistyped, or not known to the target release; or a command named a version the entry does not configure."
            }
            Error::Template { .. } => "A Mustache template could not be read or rendered.",
            Error::Write { .. } => "Writing the output failed; nothing was changed in `outputDir`.",
            Error::Limit { .. } => {
                "A resource limit was exceeded (nesting depth, alias expansion, page or output size); the message names the option that lifts it."
            }
            Error::Callback { .. } => {
                "A site's function (`markdownGenerators`, `sidebarGenerators`) threw or returned a value of the wrong kind."
            }
            Error::Overlay { .. } => {
                "An overlay file is not an Overlay 1.0 document, or one of its actions cannot be applied to the spec (a target that is not RFC 9535 JSONPath, an `update` that does not fit what it selects)."
            }
            Error::Translation { .. } => {
                "A translation file of a locale is not Docusaurus' JSON translation format (an object of `{ message, description }` entries)."
            }
            Error::Internal { .. } => {
                "The generator panicked: a bug here or in a dependency, not in the spec."
            }
        }
    }

    /// One error of each kind, in the order of this enum: their codes, meanings and hints make
    /// the error reference (`docs/errors.md`). Kinds that share a code appear once.
    pub fn kinds() -> Vec<Error> {
        let at = Location::default;
        let all = vec![
            Error::Read {
                path: PathBuf::new(),
                source: std::io::Error::other(""),
            },
            Error::Fetch {
                url: String::new(),
                message: String::new(),
            },
            Error::Parse {
                location: at(),
                format: "YAML",
                message: String::new(),
            },
            Error::InvalidSpec {
                location: at(),
                message: String::new(),
            },
            Error::UnresolvedRef {
                location: at(),
                reference: String::new(),
                message: String::new(),
            },
            Error::InvalidId {
                location: at(),
                message: String::new(),
            },
            Error::InvalidOption {
                key: String::new(),
                message: String::new(),
            },
            Error::Template {
                path: String::new(),
                message: String::new(),
            },
            Error::Write {
                path: PathBuf::new(),
                source: std::io::Error::other(""),
            },
            Error::Limit {
                location: at(),
                message: String::new(),
            },
            Error::Callback {
                callback: String::new(),
                page: String::new(),
                pointer: String::new(),
                message: String::new(),
            },
            Error::Overlay {
                location: at(),
                action: String::new(),
                message: String::new(),
            },
            Error::Translation {
                location: at(),
                message: String::new(),
            },
            Error::Internal {
                location: at(),
                message: String::new(),
            },
        ];
        all
    }

    /// The location of the problem in an input file, when there is one.
    pub fn location(&self) -> Option<&Location> {
        match self {
            Error::Parse { location, .. }
            | Error::InvalidSpec { location, .. }
            | Error::UnresolvedRef { location, .. }
            | Error::InvalidId { location, .. }
            | Error::Limit { location, .. }
            | Error::Overlay { location, .. }
            | Error::Translation { location, .. }
            | Error::Internal { location, .. } => Some(location),
            _ => None,
        }
    }
}

/// A problem that did not stop generation, and where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Warning {
    /// The code of the error it is with the `strict` option.
    pub code: &'static str,
    /// Where in the spec.
    pub location: Location,
    /// What changed and what to do.
    pub message: String,
}

impl std::fmt::Display for Warning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.location, self.message)
    }
}

/// The result type of this crate.
pub type Result<T, E = Error> = std::result::Result<T, E>;

#[cfg(test)]
mod tests {
    use super::Error;

    #[test]
    fn kinds_cover_every_code_this_file_returns() {
        let source = include_str!("error.rs");
        let mut in_source: Vec<&str> = source
            .match_indices("=> \"E_")
            .map(|(at, _)| {
                let code = &source[at + 4..];
                &code[..code.find('"').unwrap_or(0)]
            })
            .collect();
        in_source.sort_unstable();
        in_source.dedup();
        let mut kinds: Vec<&str> = Error::kinds().iter().map(Error::code).collect();
        kinds.sort_unstable();
        kinds.dedup();
        assert_eq!(
            kinds, in_source,
            "Error::kinds() must have one error of each code"
        );
        for kind in Error::kinds() {
            assert!(
                !kind.meaning().is_empty() && !kind.hint().is_empty(),
                "{}",
                kind.code()
            );
        }
    }
}
