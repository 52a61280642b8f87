// The target seam check (check-target-seam.mjs) on small planted sources: a release named in
// production code is flagged wherever it sits, a `#[cfg(test)]` on a `use` line included (the
// check once stopped reading each file there); only inline test modules and comments are left
// out, their end found by braces that ignore comments, strings, chars and raw strings.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { testModuleSpans } from "./rust-sources.mjs";

const SCRIPT = join(dirname(fileURLToPath(import.meta.url)), "check-target-seam.mjs");

/** Runs the check on a src folder holding `files` ({ relative path: text }). */
function seam(files) {
  const dir = mkdtempSync(join(tmpdir(), "seam-"));
  try {
    for (const [rel, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, rel)), { recursive: true });
      writeFileSync(join(dir, rel), text);
    }
    const run = spawnSync(process.execPath, [SCRIPT, dir], { encoding: "utf8" });
    return { status: run.status, out: run.stdout + run.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The `file:line` places the check flagged. */
const flagged = (out) => [...out.matchAll(/^ {2}(\S+?:\d+):/gm)].map((m) => m[1]);

test("a release after a #[cfg(test)] use line is flagged", () => {
  const r = seam({
    "resolve/sample_memo.rs": [
      "use crate::memo_by_text::MemoByText;",
      "",
      "#[cfg(test)]",
      "use crate::memo_by_text::MIN_BYTES;",
      "",
      "fn pick() -> Compat { Compat::V5_2_0 }",
      "",
    ].join("\n"),
  });
  assert.equal(r.status, 1, r.out);
  assert.deepEqual(flagged(r.out), ["resolve/sample_memo.rs:6"]);
});

test("a #[cfg(test)] mod tests { } is left out; the code after it is read", () => {
  const r = seam({
    "a.rs": [
      "fn f() {}",
      "#[cfg(test)]",
      "mod tests {",
      "    fn t() { let _ = Compat::V4_3_5; let _ = \"5.2.0\"; }",
      "}",
      "fn after() -> &'static str { \"4.3.5\" }",
    ].join("\n"),
  });
  assert.equal(r.status, 1, r.out);
  assert.deepEqual(flagged(r.out), ["a.rs:6"]);
});

test("braces in strings, chars, comments and raw strings do not end a test module", () => {
  const testModule = [
    "#[cfg(test)]",
    "#[allow(clippy::unwrap_used)] // a second attribute",
    "pub(crate) mod tests {",
    "    const OPEN: &str = \"{{\";",
    "    const CLOSE: char = '}';",
    "    const ESCAPED: &str = \"\\\"}\";",
    "    // } a closing brace in a comment",
    "    /* } and in a /* nested */ block comment } */",
    "    const RAW: &str = r#\"}\"} }\"#;",
    "    const BYTES: &[u8] = b\"}\";",
    "    fn lifetime<'a>(x: &'a str) -> &'a str { x }",
    "    fn inside() { let _ = Compat::V5_2_0; }",
    "}",
  ];
  const r = seam({ "b.rs": [...testModule, "fn outside() { let _ = Compat::V5_2_0; }"].join("\n") });
  assert.equal(r.status, 1, r.out);
  assert.deepEqual(flagged(r.out), [`b.rs:${testModule.length + 1}`]);
});

test("comments are left out, strings are read (a // inside a string is no comment)", () => {
  const r = seam({
    "c.rs": [
      "// Compat::V5_2_0 in a comment",
      "/// \"5.2.0\" in a doc comment",
      "const URL: (&str, &str) = (\"https://example.com\", \"5.2.0\");",
    ].join("\n"),
  });
  assert.equal(r.status, 1, r.out);
  assert.deepEqual(flagged(r.out), ["c.rs:3"]);
});

test("a #[cfg(test)] on a function or on `mod name;` hides nothing", () => {
  const r = seam({
    "d.rs": [
      "#[cfg(test)]",
      "mod hooks_tests;",
      "#[cfg(test)]",
      "fn helper() -> Compat { Compat::V4_3_5 }",
      "fn production() -> Compat { Compat::V5_2_0 }",
    ].join("\n"),
  });
  assert.equal(r.status, 1, r.out);
  assert.deepEqual(flagged(r.out), ["d.rs:4", "d.rs:5"]);
});

test("src/target/ and src/options.rs may name releases; OpenAPI versions are no releases", () => {
  const r = seam({
    "target/mod.rs": "pub enum Compat { V4_3_5 }\nconst R: &str = \"4.3.5\";\n",
    "options.rs": "fn parse() -> Compat { Compat::V4_3_5 }\n",
    "e.rs": "const OPENAPI: &str = \"3.0.0\";\n",
  });
  assert.equal(r.status, 0, r.out);
  assert.match(r.out, /\(1 files read\)/);
});

test("a test module whose braces never close fails the check", () => {
  const r = seam({ "f.rs": "fn f() {}\n#[cfg(test)]\nmod tests {\n    fn t() {\n}\n" });
  assert.equal(r.status, 1, r.out);
  assert.match(r.out, /f\.rs: the test module at line 2 never closes its braces/);
});

test("a folder with no Rust file to read fails: a check of nothing is no pass", () => {
  const r = seam({ "README.md": "no Rust here\n", "target/mod.rs": "pub enum Compat { V4_3_5 }\n" });
  assert.equal(r.status, 1, r.out);
  assert.match(r.out, /nothing was checked/);
});

test("testModuleSpans: from the attribute to the module's closing brace, nothing else", () => {
  const src = "#[cfg(test)]\nuse x;\nfn a() {}\n#[cfg(test)]\nmod tests { fn t() { '{'; } }\nfn b() {}\n";
  const spans = testModuleSpans(src);
  assert.equal(spans.length, 1);
  assert.equal(src.slice(spans[0].start, spans[0].end), "#[cfg(test)]\nmod tests { fn t() { '{'; } }");
});

test("the core's own src passes and is read whole", () => {
  const run = spawnSync(process.execPath, [SCRIPT], { encoding: "utf8" });
  assert.equal(run.status, 0, run.stdout + run.stderr);
  const read = Number(/\((\d+) files read\)/.exec(run.stdout)?.[1]);
  assert.ok(read >= 100, `files read: ${read}`);
});
