//! Where the large JSON props of a page go: inline (the reference's output) or, with
//! `externalJsonProps`, into sibling `<id>.<Component>.json` files that the MDX spreads with
//! `{...require("./<file>")}`. Docusaurus then parses plain JSON instead of huge JSX literals.

use serde_json::Value;

use super::mdx::Prop;

/// Collects externalized props for one page.
#[derive(Debug, Default)]
pub struct PropSink {
    external: bool,
    page_id: String,
    /// `(file name, JSON text)` pairs to write beside the page.
    pub files: Vec<(String, String)>,
}

impl PropSink {
    /// A sink for page `page_id`; `external` selects sibling files.
    pub fn new(page_id: &str, external: bool) -> Self {
        PropSink {
            external,
            page_id: page_id.to_string(),
            files: Vec::new(),
        }
    }

    /// The prop `name` of `component` with `value`.
    pub fn prop<'v>(&mut self, component: &str, name: &str, value: Option<&'v Value>) -> Prop<'v> {
        match value {
            None => Prop::Undefined,
            Some(v) if !self.external || !is_large(v) => Prop::Json(v),
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
                let mut json = String::from("{");
                crate::js_json::write_string(&mut json, name);
                json.push(':');
                crate::js_json::write_value(&mut json, v);
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
