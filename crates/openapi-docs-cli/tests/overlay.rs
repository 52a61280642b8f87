//! `openapi-docs overlay apply` and `generate --overlay`: the result written, warnings on stderr,
//! `E_OVERLAY` with the overlay's file and line, and overlays added to a generation.

use std::path::Path;
use std::process::{Command, Output};

const FIXTURES: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../openapi-docs-core/tests/fixtures/overlay/site"
);

fn run(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_openapi-docs"))
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap()
}

fn site() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for entry in std::fs::read_dir(FIXTURES).unwrap().flatten() {
        std::fs::copy(entry.path(), dir.path().join(entry.file_name())).unwrap();
    }
    dir
}

#[test]
fn overlay_apply_writes_the_spec_with_the_overlays_applied() {
    let site = site();
    let out = run(
        site.path(),
        &[
            "overlay",
            "apply",
            "openapi.yaml",
            "hide-internal.yaml",
            "nothing-matches.yaml",
            "-o",
            "public.json",
        ],
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let written: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(site.path().join("public.json")).unwrap())
            .unwrap();
    assert_eq!(written["paths"]["/office/ledger"], serde_json::json!({}));
    assert_eq!(
        written["paths"]["/crossings"]["get"]["summary"],
        "All crossings today"
    );
    assert_eq!(written["info"]["x-audience"], "public");
    assert!(
        stderr.contains("nothing-matches.yaml:9:5 (at #/actions/1): action 2 (target `$.paths['/boats'].get`) selects nothing"),
        "{stderr}"
    );
    // Without -o, the JSON goes to stdout.
    let out = run(
        site.path(),
        &["overlay", "apply", "openapi.yaml", "hide-internal.yaml"],
    );
    let printed: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(printed["paths"]["/office/ledger"], serde_json::json!({}));
}

#[test]
fn an_action_that_does_not_fit_is_e_overlay_with_file_and_line() {
    let site = site();
    let out = run(
        site.path(),
        &["overlay", "apply", "openapi.yaml", "misfit.yaml"],
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(stderr.starts_with("error[E_OVERLAY]: "), "{stderr}");
    assert!(stderr.contains("misfit.yaml:9:5"), "{stderr}");
    assert!(stderr.contains("action 2"), "{stderr}");
    assert!(stderr.contains("  hint: "), "{stderr}");
}

#[test]
fn generate_with_overlay_leaves_out_the_removed_operations() {
    let site = site();
    let out = run(
        site.path(),
        &[
            "generate",
            "--spec",
            "openapi.yaml",
            "--out",
            "docs/api",
            "--sidebar",
            "--overlay",
            "hide-internal.yaml",
        ],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let api = site.path().join("docs/api");
    assert!(api.join("list-crossings.api.mdx").exists());
    assert!(!api.join("read-ledger.api.mdx").exists());
    let sidebar = std::fs::read_to_string(api.join("sidebar.ts")).unwrap();
    assert!(!sidebar.contains("ledger"), "{sidebar}");
}
