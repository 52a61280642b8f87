//! Where the large JSON props of a page go: inline (the reference's output) or, with
//! `externalJsonProps`, into sibling `<id>.<Component>.json` files that the MDX spreads with
//! `{...require("./<file>")}`. Docusaurus then parses plain JSON instead of huge JSX literals.

use serde_json::Value;

use super::mdx::Prop;

/// Collects externalized props for one page.
#[derive(Debug, Default)]
pub struct PropSink<'j> {
    external: bool,
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
            page_id: page_id.to_string(),
            written: Vec::new(),
            files: Vec::new(),
        }
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

    /// The prop `name` of `component` with `value`.
    pub fn prop<'v>(&mut self, component: &str, name: &str, value: Option<&'v Value>) -> Prop<'v>
    where
        'j: 'v,
    {
        match value {
            None => Prop::Undefined,
            Some(v) if !self.external || !is_large(v) => match self.written_text(v) {
                Some(text) => Prop::JsonText(text),
                None => Prop::Json(v),
            },
            Some(v) => {
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
                let written = self.written_text(v);
                let mut json = String::with_capacity(name.len() + written.map_or(0, str::len) + 8);
                json.push('{');
                crate::js_json::write_string(&mut json, name);
                json.push(':');
                match written {
                    Some(text) => json.push_str(text),
                    None => crate::js_json::write_value(&mut json, v),
                }
                json.push('}');
                self.files.push((file.clone(), json));
                Prop::Raw(format!("{{...require(\"./{file}\")}}"))
            }
        }
    }
}

fn is_large(value: &Value) -> bool {
    matches!(value, Value::Object(m) if !m.is_empty())
        || matches!(value, Value::Array(a) if !a.is_empty())
}
