//! Where the large JSON props of a page go: inline (the reference's output) or, with
//! `externalJsonProps`, into sibling `<id>.<Component>.json` files that the MDX spreads with
//! `{...require("./<file>")}`. Docusaurus then parses plain JSON instead of huge JSX literals.
//! This is our layout ([`crate::target::ExternalProps::LargeProps`]); with the plugin's own
//! (`PluginFiles`) the sink writes every prop inline and [`super::externalize`] applies instead.

use serde_json::Value;

use super::mdx::Prop;

/// Props whose JSON text is shorter than this stay inline even with `externalJsonProps`: a small
/// literal costs the MDX compiler less than a module of its own costs the bundler, and each file
/// costs the file system an inode (GitHub's spec: 5,059 files with every non-empty prop external,
/// 2,472 with this bound).
pub const EXTERNAL_MIN_BYTES: usize = 2048;

/// Collects externalized props for one page.
#[derive(Debug)]
pub struct PropSink<'j> {
    external: bool,
    unset_props: crate::target::UnsetProps,
    page_id: String,
    /// Values whose JSON text is already written (parts of the page's `api` object), by identity.
    written: Vec<(&'j Value, &'j str)>,
    /// `(file name, JSON text)` pairs to write beside the page.
    pub files: Vec<(String, String)>,
}

impl<'j> PropSink<'j> {
    /// A sink for page `page_id`; `external` selects sibling files.
    pub fn new(page_id: &str, external: bool) -> Self {
        PropSink {
            external,
            unset_props: crate::target::Target::default_target().pages.unset_props,
            page_id: page_id.to_string(),
            written: Vec::new(),
            files: Vec::new(),
        }
    }

    /// The sink, writing a missing prop as `target` does ([`Prop::missing`]).
    pub fn for_target(mut self, target: &'static crate::target::Target) -> Self {
        self.unset_props = target.pages.unset_props;
        self
    }

    /// The sink, taking the JSON text of these values (found by identity, not compared) from
    /// `json` instead of writing it again.
    pub fn reusing(
        mut self,
        json: &'j str,
        ranges: &[(&'j Value, std::ops::Range<usize>)],
    ) -> Self {
        self.written = ranges
            .iter()
            .map(|(value, range)| (*value, &json[range.clone()]))
            .collect();
        self
    }

    fn written_text(&self, value: &Value) -> Option<&'j str> {
        self.written
            .iter()
            .find(|(known, _)| std::ptr::eq(*known, value))
            .map(|(_, text)| *text)
    }

    /// The prop `name` of `component` with `value`: inline when external files are off or its
    /// JSON text is under [`EXTERNAL_MIN_BYTES`], else a spread of a sibling file.
    pub fn prop<'v>(&mut self, component: &str, name: &str, value: Option<&'v Value>) -> Prop<'v>
    where
        'j: 'v,
    {
        let Some(v) = value else {
            return Prop::missing(self.unset_props);
        };
        let written = self.written_text(v);
        if !self.external {
            return written.map_or(Prop::Json(v), Prop::JsonText);
        }
        let text = match written {
            Some(text) => std::borrow::Cow::Borrowed(text),
            None => std::borrow::Cow::Owned(crate::js::stringify(v)),
        };
        if text.len() < EXTERNAL_MIN_BYTES {
            return written.map_or(Prop::Json(v), Prop::JsonText);
        }
        let n = self
            .files
            .iter()
            .filter(|(f, _)| f.starts_with(&format!("{}.{component}", self.page_id)))
            .count();
        let file = if n == 0 {
            format!("{}.{component}.json", self.page_id)
        } else {
            format!("{}.{component}.{}.json", self.page_id, n + 1)
        };
        let mut json = String::with_capacity(name.len() + text.len() + 8);
        json.push('{');
        crate::js::write_string(&mut json, name);
        json.push(':');
        json.push_str(&text);
        json.push('}');
        self.files.push((file.clone(), json));
        Prop::Raw(format!("{{...require(\"./{file}\")}}"))
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    /// A string value whose JSON text (quotes included) is `len` bytes.
    fn json_of_len(len: usize) -> Value {
        Value::String("x".repeat(len - 2))
    }

    fn text(prop: &Prop<'_>) -> String {
        match prop {
            Prop::Raw(raw) => raw.clone(),
            Prop::JsonText(text) => text.to_string(),
            Prop::Json(v) => crate::js::stringify(v),
            Prop::Str(_) | Prop::Undefined | Prop::Absent => String::new(),
        }
    }

    #[test]
    fn props_under_the_bound_stay_inline_and_larger_ones_go_to_a_file() {
        let small = json_of_len(EXTERNAL_MIN_BYTES - 1);
        let large = json_of_len(EXTERNAL_MIN_BYTES);
        let mut sink = PropSink::new("get-order", true);
        let inline = sink.prop("StatusCodes", "responses", Some(&small));
        assert!(matches!(inline, Prop::Json(_)));
        assert_eq!(text(&inline).len(), EXTERNAL_MIN_BYTES - 1);
        let spread = sink.prop("StatusCodes", "responses", Some(&large));
        assert_eq!(
            text(&spread),
            r#"{...require("./get-order.StatusCodes.json")}"#
        );
        let again = sink.prop("StatusCodes", "responses", Some(&large));
        assert_eq!(
            text(&again),
            r#"{...require("./get-order.StatusCodes.2.json")}"#
        );
        assert_eq!(sink.files.len(), 2);
        assert_eq!(sink.files[0].0, "get-order.StatusCodes.json");
        let file: Value = serde_json::from_str(&sink.files[0].1).expect("the file is JSON");
        assert_eq!(file, json!({ "responses": large }));
    }

    #[test]
    fn without_external_files_every_prop_is_inline() {
        let large = json_of_len(EXTERNAL_MIN_BYTES * 4);
        let mut sink = PropSink::new("get-order", false);
        assert!(matches!(
            sink.prop("StatusCodes", "responses", Some(&large)),
            Prop::Json(_)
        ));
        assert!(matches!(
            sink.prop("StatusCodes", "responses", None),
            Prop::Undefined
        ));
        assert!(sink.files.is_empty());
    }

    #[test]
    fn already_written_text_is_measured_and_reused() {
        let api = json!({ "responses": json_of_len(EXTERNAL_MIN_BYTES + 10), "parameters": [] });
        let map = api.as_object().expect("an object");
        let (json, ranges) =
            crate::js::stringify_object_keeping(map, &["responses", "parameters"], None);
        let mut sink = PropSink::new("p", true).reusing(&json, &ranges);
        assert!(matches!(
            sink.prop("ParamsDetails", "parameters", map.get("parameters")),
            Prop::JsonText("[]")
        ));
        sink.prop("StatusCodes", "responses", map.get("responses"));
        let file: Value = serde_json::from_str(&sink.files[0].1).expect("the file is JSON");
        assert_eq!(file["responses"], map["responses"]);
    }
}
