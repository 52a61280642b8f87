//! JavaScript's behaviour, ported: the base layer every other module builds on. The reference is a
//! JavaScript program, so its output depends on how JavaScript writes JSON, converts values to
//! strings, orders object keys, trims and splits text, and parses URLs; each of those is here,
//! once, and this layer imports nothing from the rest of the crate.
//!
//! - `json_text`: `JSON.stringify` (compact and indented) and `JSON.parse` with JavaScript's
//!   key order;
//! - `string`: `String(value)`, `Number(value)`, `Number.prototype.toString`, truthiness, the
//!   `String.prototype` methods the generators call, `RegExp.prototype.test`;
//! - `object`: property order (index-like keys first) and property reads, `delete`, `===`,
//!   `typeof`, `Array.prototype.sort`, a value's place inside another (`value[a][b]`);
//! - `lodash`: lodash's `kebabCase`, `words`, `deburr`, `capitalize`, `merge`, `keys`,
//!   `isEmpty`, ...;
//! - `whitespace`: the `\s` class, line terminators and `trim`;
//! - `codecs`: `encodeURIComponent` and friends, `escape`, `btoa`;
//! - `url`: postman-url-encoder's `parse`, `new URL` as a validity test, legacy `url.parse`;
//! - `v8_sort`: `Array.prototype.sort(comparefn)` step for step as Node 20's V8 runs it (TimSort),
//!   for comparators that are not a consistent order.
//!
//! Everything is also re-exported here, so callers write `js::truthy(..)`. Only [`stringify()`] is
//! public (the Node binding writes hook items with it); the rest is crate-private.

pub(crate) mod codecs;
pub(crate) mod json_text;
pub(crate) mod lodash;
pub(crate) mod object;
pub(crate) mod string;
pub(crate) mod url;
pub(crate) mod v8_sort;
pub(crate) mod whitespace;

pub(crate) use codecs::{
    btoa, decode_uri, decode_uri_component, encode_uri, encode_uri_component, escape,
};
pub use json_text::stringify;
pub(crate) use json_text::{
    WrittenJson, json_parse, stringify_indented, stringify_object_keeping, stringify_pretty,
    write_string, write_value,
};
pub(crate) use lodash::{
    capitalize, entries, is_empty, is_object, kebab_case, keys, lodash_to_string, merge,
};
pub(crate) use object::{
    Step, any_object, at_path_mut, delete, field, for_each_in_js_order, get, is_array_index,
    is_object_like, normalize_key_order, prop, reorder_map, sort, strict_eq, type_of, value_field,
    values_mut,
};
pub(crate) use string::{
    format_f64, format_number, index_of_from_1, js_string, regex_test, repeat, replace_first,
    to_number, to_string, truthy,
};
pub(crate) use url::{
    ParsedUrl, is_valid_url, parse_url, query_params, scheme_end, url_parses, with_protocol,
};
pub(crate) use whitespace::{is_js_whitespace, is_js_whitespace_byte, is_line_terminator, trim};
