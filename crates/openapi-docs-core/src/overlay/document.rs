//! An overlay file read and checked as an Overlay 1.0 document (the specification's JSON Schema,
//! `schemas/v1.0/schema.yaml`): `overlay` a `1.0.x` version, `info` with `title` and `version`,
//! `actions` a non-empty list of distinct actions, each with a `target` (parsed here as RFC 9535
//! JSONPath), an optional `description`, `update` and `remove`; other fields only `x-` ones.

use std::path::Path;
use std::sync::Arc;

use serde_json::{Map, Value};
use serde_json_path::JsonPath;

use crate::error::{Error, Location, Result};
use crate::load::{self, Input, YamlReader};

/// One overlay file, read and checked, its actions ready to apply.
#[derive(Debug, Clone)]
pub struct Overlay {
    /// The file as errors and warnings name it.
    pub source: String,
    /// The file (its modification time taken before it was read), for the stamp.
    pub input: Input,
    /// The file's text, for the lines of its actions.
    text: Arc<String>,
    /// The actions, in order.
    pub(super) actions: Vec<Action>,
}

/// One action of an overlay.
#[derive(Debug, Clone)]
pub(super) struct Action {
    /// 0-based position in `actions`.
    pub(super) index: usize,
    /// The `target` as written.
    pub(super) target: String,
    /// The `target`, parsed.
    pub(super) path: JsonPath,
    /// What the action does.
    pub(super) change: Change,
}

/// What an action does to each node its target selects.
#[derive(Debug, Clone)]
pub(super) enum Change {
    /// `remove: true`: the node leaves the object or array that holds it (`update` is then
    /// ignored, as the specification says).
    Remove,
    /// `update`: merged into an object, appended to an array.
    Update(Value),
    /// Neither: the action changes nothing (its target is still checked).
    Nothing,
}

impl Overlay {
    /// Reads the overlay at `path` as a spec file is read (JSON, or YAML as `reader` reads it)
    /// and checks it.
    pub fn read(path: &Path, reader: YamlReader) -> Result<Overlay> {
        let file = load::read_one(path, reader)?;
        Overlay::from_parsed(file.source, file.input, file.text, file.document)
    }

    /// An overlay from its parsed `document` (`text` is what it was parsed from, for lines).
    pub fn from_parsed(
        source: String,
        input: Input,
        text: Arc<String>,
        document: Value,
    ) -> Result<Overlay> {
        let mut overlay = Overlay {
            source,
            input,
            text,
            actions: Vec::new(),
        };
        overlay.actions = overlay.checked_actions(document)?;
        Ok(overlay)
    }

    /// The location of the value at `pointer` in the overlay file.
    pub(super) fn location(&self, pointer: &str) -> Location {
        let (line, column) = load::pointer_location(&self.text, pointer).unzip();
        Location {
            file: self.source.clone(),
            line,
            column,
            pointer: Some(pointer.to_string()),
        }
    }

    /// The error of the document (not of one action) at `pointer`.
    fn invalid(&self, pointer: &str, message: impl Into<String>) -> Error {
        Error::Overlay {
            location: self.location(pointer),
            action: "overlay".into(),
            message: message.into(),
        }
    }

    /// The error of the action at `index` (its field at `field`, when one is at fault).
    pub(super) fn action_error(
        &self,
        index: usize,
        target: Option<&str>,
        field: Option<&str>,
        message: impl Into<String>,
    ) -> Error {
        let pointer = match field {
            Some(field) => format!("/actions/{index}/{field}"),
            None => format!("/actions/{index}"),
        };
        Error::Overlay {
            location: self.location(&pointer),
            action: action_name(index, target),
            message: message.into(),
        }
    }

    fn checked_actions(&self, document: Value) -> Result<Vec<Action>> {
        let Value::Object(mut root) = document else {
            return Err(self.invalid(
                "",
                "an overlay is an object with `overlay: 1.0.0`, `info` and `actions`",
            ));
        };
        match root.get("overlay") {
            Some(Value::String(version)) if is_version_1_0(version) => {}
            Some(other) => {
                return Err(self.invalid(
                    "/overlay",
                    format!(
                        "`overlay` is {}: this reads Overlay 1.0 documents (`overlay: 1.0.0`)",
                        shown(other)
                    ),
                ));
            }
            None => {
                return Err(self.invalid(
                    "",
                    "no `overlay` field: an Overlay 1.0 document starts with `overlay: 1.0.0`",
                ));
            }
        }
        self.check_info(root.get("info"))?;
        if let Some(extends) = root.get("extends")
            && !extends.is_string()
        {
            return Err(self.invalid("/extends", "`extends` must be a string (a URI reference)"));
        }
        self.check_extensions(&root, &["overlay", "info", "extends", "actions"], "")?;
        let actions = match root.remove("actions") {
            Some(Value::Array(actions)) if !actions.is_empty() => actions,
            Some(Value::Array(_)) => {
                return Err(self.invalid("/actions", "`actions` must list at least one action"));
            }
            Some(_) => return Err(self.invalid("/actions", "`actions` must be a list of actions")),
            None => return Err(self.invalid("", "no `actions`: list the actions to apply")),
        };
        for (index, action) in actions.iter().enumerate() {
            if let Some(first) = actions[..index].iter().position(|a| a == action) {
                return Err(self.action_error(
                    index,
                    None,
                    None,
                    format!(
                        "the same as action {} (the actions of an overlay must be distinct); remove one",
                        first + 1
                    ),
                ));
            }
        }
        actions
            .into_iter()
            .enumerate()
            .map(|(index, action)| self.checked_action(index, action))
            .collect()
    }

    fn check_info(&self, info: Option<&Value>) -> Result<()> {
        let Some(Value::Object(info)) = info else {
            return Err(self.invalid(
                if info.is_some() { "/info" } else { "" },
                "`info` must be an object with a `title` and a `version` (strings)",
            ));
        };
        for key in ["title", "version"] {
            if !info.get(key).is_some_and(Value::is_string) {
                return Err(self.invalid(
                    "/info",
                    format!("`info.{key}` must be a string (Overlay 1.0 requires it)"),
                ));
            }
        }
        self.check_extensions(info, &["title", "version"], "/info")
    }

    /// Refuses a field that is neither one of `known` nor an `x-` extension.
    fn check_extensions(&self, map: &Map<String, Value>, known: &[&str], at: &str) -> Result<()> {
        match map
            .keys()
            .find(|k| !known.contains(&k.as_str()) && !k.starts_with("x-"))
        {
            None => Ok(()),
            Some(key) => Err(self.invalid(
                &format!("{at}/{}", escape(key)),
                format!(
                    "unknown field `{key}` (Overlay 1.0 knows {}, and `x-` extensions)",
                    known
                        .iter()
                        .map(|k| format!("`{k}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            )),
        }
    }

    fn checked_action(&self, index: usize, action: Value) -> Result<Action> {
        let Value::Object(mut action) = action else {
            return Err(self.action_error(
                index,
                None,
                None,
                "an action must be an object with a `target`",
            ));
        };
        let target = match action.get("target") {
            Some(Value::String(target)) => target.clone(),
            Some(other) => {
                return Err(self.action_error(
                    index,
                    None,
                    Some("target"),
                    format!("`target` is {}: give a JSONPath string", shown(other)),
                ));
            }
            None => {
                return Err(self.action_error(
                    index,
                    None,
                    None,
                    "no `target`: give the JSONPath of the nodes to change",
                ));
            }
        };
        let at = format!("/actions/{index}");
        if let Err(error) =
            self.check_extensions(&action, &["target", "description", "update", "remove"], &at)
        {
            let Error::Overlay {
                location, message, ..
            } = error
            else {
                return Err(error);
            };
            return Err(Error::Overlay {
                location,
                action: action_name(index, Some(&target)),
                message,
            });
        }
        if action.get("description").is_some_and(|d| !d.is_string()) {
            return Err(self.action_error(
                index,
                Some(&target),
                Some("description"),
                "`description` must be a string",
            ));
        }
        let remove = match action.get("remove") {
            None => false,
            Some(Value::Bool(remove)) => *remove,
            Some(other) => {
                return Err(self.action_error(
                    index,
                    Some(&target),
                    Some("remove"),
                    format!("`remove` is {}: give `true` or `false`", shown(other)),
                ));
            }
        };
        let path = parse_target(&target)
            .map_err(|message| self.action_error(index, Some(&target), Some("target"), message))?;
        let change = match (remove, action.remove("update")) {
            (true, _) => Change::Remove,
            (false, Some(update)) => Change::Update(update),
            (false, None) => Change::Nothing,
        };
        Ok(Action {
            index,
            target,
            path,
            change,
        })
    }
}

/// The target parsed as RFC 9535 JSONPath, or what is wrong with it.
fn parse_target(target: &str) -> std::result::Result<JsonPath, String> {
    if !target.starts_with('$') {
        return Err(format!(
            "`{target}` is not a JSONPath query: it must start with `$` (the document's root)"
        ));
    }
    JsonPath::parse(target).map_err(|error| {
        let hyphen = if target.contains(".x-") || target.contains("@.x-") {
            "; a name with `-` in it needs brackets in RFC 9535 (`['x-name']`, not `.x-name`)"
        } else {
            ""
        };
        format!("`{target}` is not RFC 9535 JSONPath: {error}{hyphen}")
    })
}

/// `1.0.0`, `1.0.1`, ...: the versions of Overlay 1.0 (the schema's `^1\.0\.\d+$`).
fn is_version_1_0(version: &str) -> bool {
    version
        .strip_prefix("1.0.")
        .is_some_and(|patch| !patch.is_empty() && patch.bytes().all(|b| b.is_ascii_digit()))
}

/// How an action is named in errors and warnings: its number from 1 and its target.
pub(super) fn action_name(index: usize, target: Option<&str>) -> String {
    match target {
        Some(target) => format!("action {} (target `{target}`)", index + 1),
        None => format!("action {}", index + 1),
    }
}

/// A JSON pointer token for `key`.
pub(super) fn escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

/// A value as a message shows it: its kind, and a short text.
pub(super) fn shown(value: &Value) -> String {
    match value {
        Value::Null => "null".into(),
        Value::Bool(b) => format!("the boolean {b}"),
        Value::Number(n) => format!("the number {n}"),
        Value::String(s) if s.chars().count() > 40 => "a string".into(),
        Value::String(s) => format!("the string {s:?}"),
        Value::Array(_) => "an array".into(),
        Value::Object(_) => "an object".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn checked(yaml: &str) -> Result<Overlay> {
        let document =
            load::parse_document(yaml, "overlay.yaml", YamlReader::default()).expect("parses");
        Overlay::from_parsed(
            "overlay.yaml".into(),
            Input::url("overlay.yaml"),
            Arc::new(yaml.to_string()),
            document,
        )
    }

    fn message(yaml: &str) -> String {
        let error = checked(yaml).expect_err("refused");
        assert_eq!(error.code(), "E_OVERLAY");
        error.to_string()
    }

    const HEAD: &str = "overlay: 1.0.0\ninfo:\n  title: t\n  version: '1'\n";

    #[test]
    fn an_overlay_1_0_document_is_read_with_its_actions() {
        let overlay = checked(&format!(
            "{HEAD}actions:\n  - target: $.info\n    update:\n      x-a: 1\n  - target: $.paths['/a']\n    remove: true\n  - target: $.tags\n    x-note: kept\n"
        ))
        .expect("valid");
        assert_eq!(overlay.actions.len(), 3);
        assert!(matches!(overlay.actions[0].change, Change::Update(_)));
        assert!(matches!(overlay.actions[1].change, Change::Remove));
        assert!(matches!(overlay.actions[2].change, Change::Nothing));
        assert_eq!(overlay.location("/actions/1").line, Some(9));
    }

    #[test]
    fn documents_the_overlay_1_0_schema_refuses_are_refused() {
        for (yaml, says) in [
            ("- a\n", "an overlay is an object"),
            (
                "overlay: 1.1.0\ninfo: {title: t, version: '1'}\nactions: [{target: $}]\n",
                "this reads Overlay 1.0",
            ),
            (
                "overlay: 1.0\ninfo: {title: t, version: '1'}\nactions: [{target: $}]\n",
                "`overlay` is the number",
            ),
            (
                "info: {title: t, version: '1'}\nactions: [{target: $}]\n",
                "no `overlay` field",
            ),
            (
                "overlay: 1.0.0\nactions: [{target: $}]\n",
                "`info` must be an object",
            ),
            (
                "overlay: 1.0.0\ninfo: {title: t}\nactions: [{target: $}]\n",
                "`info.version` must be a string",
            ),
            (
                "overlay: 1.0.0\ninfo: {title: t, version: '1'}\nactions: []\n",
                "at least one action",
            ),
            (
                "overlay: 1.0.0\ninfo: {title: t, version: '1'}\n",
                "no `actions`",
            ),
            (
                "overlay: 1.0.0\ninfo: {title: t, version: '1'}\nextends: 3\nactions: [{target: $}]\n",
                "`extends` must be a string",
            ),
            (
                "overlay: 1.0.0\ninfo: {title: t, version: '1'}\nactions: [{target: $}]\nrules: []\n",
                "unknown field `rules`",
            ),
            (
                "overlay: 1.0.0\ninfo: {title: t, version: '1'}\nactions: [{update: {}}]\n",
                "no `target`",
            ),
            (
                "overlay: 1.0.0\ninfo: {title: t, version: '1'}\nactions: [{target: 3}]\n",
                "`target` is the number 3",
            ),
            (
                "overlay: 1.0.0\ninfo: {title: t, version: '1'}\nactions: [{target: $, remove: 'yes'}]\n",
                "`remove` is the string",
            ),
            (
                "overlay: 1.0.0\ninfo: {title: t, version: '1'}\nactions: [{target: $, description: 2}]\n",
                "`description` must be a string",
            ),
            (
                "overlay: 1.0.0\ninfo: {title: t, version: '1'}\nactions: [{target: $, remvoe: true}]\n",
                "unknown field `remvoe`",
            ),
            (
                "overlay: 1.0.0\ninfo: {title: t, version: '1'}\nactions: [{target: $.a}, {target: $.a}]\n",
                "the same as action 1",
            ),
            (
                "overlay: 1.0.0\ninfo: {title: t, version: '1'}\nactions: [{target: paths}]\n",
                "must start with `$`",
            ),
        ] {
            let message = message(yaml);
            assert!(message.contains(says), "{yaml}: {message}");
        }
    }

    #[test]
    fn a_target_that_is_not_rfc_9535_names_its_action_and_line() {
        let text = format!(
            "{HEAD}actions:\n  - target: $.info\n    update: {{}}\n  - target: $.paths.*.get[?@.x-oai-traits.paged]\n    update: {{}}\n"
        );
        let error = checked(&text).expect_err("refused");
        let location = error.location().expect("located").clone();
        assert_eq!(location.file, "overlay.yaml");
        assert_eq!(location.line, Some(8));
        let message = error.to_string();
        assert!(
            message.contains("action 2 (target `$.paths.*.get[?@.x-oai-traits.paged]`)"),
            "{message}"
        );
        assert!(message.contains("not RFC 9535 JSONPath"), "{message}");
        assert!(message.contains("['x-name']"), "{message}");
    }
}
