//! The YAML reader on its named fixtures (`tests/fixtures/yaml-reader/`, one YAML construct
//! each): each fixture's first line says what it promises, the next two what js-yaml 4 (the 4.x
//! targets) and js-yaml 5 (the 5.x targets) read, as `JSON.stringify` writes it or as the coded
//! error and its message. `tests/yaml/js-yaml.test.cjs` holds the same files against js-yaml
//! itself.

use std::path::{Path, PathBuf};

use openapi_docs_core::internals::load::read_one_with;
use openapi_docs_core::js::stringify;
use openapi_docs_core::load::YamlReader;

fn fixtures() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/yaml-reader");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("the fixture folder")
        .map(|e| e.expect("an entry").path())
        .collect();
    files.sort();
    files
}

/// The expectation line `# js-yaml <major>: ...` of a fixture.
fn expectation(text: &str, major: u8) -> String {
    let prefix = format!("# js-yaml {major}: ");
    text.lines()
        .find_map(|line| line.trim_end_matches('\r').strip_prefix(&prefix))
        .unwrap_or_else(|| panic!("no `{prefix}` line"))
        .to_string()
}

/// What we read: the JSON text, or `E_CODE message`.
fn read(path: &Path, reader: YamlReader) -> String {
    match read_one_with(path, reader) {
        Ok(file) => stringify(&file.document),
        Err(e) => format!("{} {e}", e.code()),
    }
}

#[test]
fn every_fixture_reads_as_each_js_yaml_reads_it() {
    let files = fixtures();
    assert!(files.len() >= 30, "one fixture per construct");
    let mut failures = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).expect("a fixture");
        assert!(
            text.trim_start_matches('\u{feff}')
                .starts_with("# promises: "),
            "{}: the first line says what it promises",
            path.display()
        );
        for (major, reader) in [(4, YamlReader::JsYaml4), (5, YamlReader::JsYaml5)] {
            let expected = expectation(&text, major);
            let ours = read(path, reader);
            let ok = match expected.split_once(' ') {
                Some((code, message)) if code.starts_with("E_") => {
                    ours.starts_with(code) && ours.contains(message)
                }
                _ => ours == expected,
            };
            if !ok {
                failures.push(format!(
                    "{} (js-yaml {major}):\n  expected {expected}\n  ours     {ours}",
                    path.file_name().unwrap_or_default().to_string_lossy()
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_sequence_key_of_mappings_is_read_by_js_yaml_4_and_refused_by_js_yaml_5() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/yaml-reader/complex-key-sequence-of-mappings.yaml");
    let file = read_one_with(&path, YamlReader::JsYaml4).expect("js-yaml 4 reads it");
    assert_eq!(
        file.document["examples"]["[object Object],[object Object]"]["summary"],
        "two parameters"
    );
    let error = read_one_with(&path, YamlReader::JsYaml5).expect_err("js-yaml 5 refuses it");
    assert_eq!(error.code(), "E_PARSE");
    let location = error.location().expect("a position");
    assert_eq!((location.line, location.column), (Some(5), Some(5)));
}
