//! 5.2.0's `bindCollectionToApiItems` (openapi.ts, 5.0 #1311, 5.1 #1520, 5.1.1 #1546): which
//! page each Postman request is attached to. Every page's path template becomes an anchored
//! regex (`{name}` → `[^/]+`, the rest literal); the matchers are ranked by per-segment
//! specificity (a literal segment before a `{param}` one, a missing segment last; stable), and
//! each request in collection order goes to the first matcher of its method whose regex matches
//! the request's unresolved path (`/pets/:petId`). A later request bound to the same page wins.
//! (4.3.5 compared the path after `:name` → `{name}`, see [`super::url::bind_path`].)

use std::cmp::Ordering;
use std::collections::HashMap;

use regex::Regex;

/// One page's matcher.
struct Matcher<'a> {
    path: &'a str,
    method: &'a str,
    pattern: Option<Regex>,
    specificity: Vec<i8>,
}

/// The `{...}` tokens of a path template, as `/\{[^}]+\}/g` finds them, with the literal text
/// between them: `(literal, is_param)` pieces.
fn pieces(template: &str) -> Vec<(&str, bool)> {
    let mut out = Vec::new();
    let mut literal_start = 0;
    let mut i = 0;
    let bytes = template.as_bytes();
    while i < bytes.len() {
        if bytes[i] == b'{'
            && let Some(close) = template[i + 1..].find('}')
            && close > 0
        {
            out.push((&template[literal_start..i], false));
            out.push((&template[i..i + close + 2], true));
            i += close + 2;
            literal_start = i;
            continue;
        }
        i += 1;
    }
    out.push((&template[literal_start..], false));
    out
}

/// `pathTemplateToRegex`: `^<template>$` with each `{name}` matching one or more characters
/// other than `/`.
fn template_regex(template: &str) -> Option<Regex> {
    let mut pattern = String::from("^");
    for (text, is_param) in pieces(template) {
        if is_param {
            pattern.push_str("[^/]+");
        } else {
            pattern.push_str(&regex::escape(text));
        }
    }
    pattern.push('$');
    Regex::new(&pattern).ok()
}

/// `pathSpecificity`: per `/`-separated segment, 0 for a whole `{param}`, 1 otherwise.
fn specificity(template: &str) -> Vec<i8> {
    template
        .split('/')
        .map(|segment| {
            let param = segment.len() > 2
                && segment.starts_with('{')
                && segment.ends_with('}')
                && !segment[1..segment.len() - 1].contains('}');
            i8::from(!param)
        })
        .collect()
}

/// The ranking: higher specificity first, position by position, a missing position as -1.
fn rank(a: &[i8], b: &[i8]) -> Ordering {
    for i in 0..a.len().max(b.len()) {
        let av = a.get(i).copied().unwrap_or(-1);
        let bv = b.get(i).copied().unwrap_or(-1);
        if av != bv {
            return bv.cmp(&av);
        }
    }
    Ordering::Equal
}

/// For each page `(path, method)`, the spec path of the request bound to it. `pages` are the
/// API pages in item order; `requests` are `(spec path, method, unresolved Postman path)` in
/// collection order.
pub(super) fn bind(
    pages: &[(String, String)],
    requests: &[(String, String, String)],
) -> HashMap<(String, String), String> {
    let mut matchers: Vec<Matcher<'_>> = pages
        .iter()
        .map(|(path, method)| Matcher {
            path,
            method,
            pattern: template_regex(path),
            specificity: specificity(path),
        })
        .collect();
    matchers.sort_by(|a, b| rank(&a.specificity, &b.specificity));
    let mut bound = HashMap::new();
    for (source, method, postman_path) in requests {
        let found = matchers.iter().find(|m| {
            m.method.eq_ignore_ascii_case(method)
                && m.pattern.as_ref().is_some_and(|p| p.is_match(postman_path))
        });
        if let Some(m) = found {
            bound.insert((m.path.to_string(), m.method.to_string()), source.clone());
        }
    }
    bound
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pair(path: &str, method: &str) -> (String, String) {
        (path.to_string(), method.to_string())
    }

    #[test]
    fn templates_match_whole_segments_with_any_name() {
        let re = template_regex("/repos/{owner}/{repo}/compare/{base}...{head}").unwrap();
        assert!(re.is_match("/repos/:owner/:repo/compare/:base...:head"));
        assert!(!re.is_match("/repos/:owner/:repo/compare/x/y...z"));
        let re = template_regex("/store/{store.id}/items").unwrap();
        assert!(re.is_match("/store/:store.id/items"));
        assert!(!re.is_match("/store/:store.id/items/extra"));
        // Regex characters of the template are literal.
        assert!(!template_regex("/a.b").unwrap().is_match("/axb"));
    }

    #[test]
    fn literal_segments_rank_before_parameters() {
        let pages = [pair("/pets/{petId}", "get"), pair("/pets/mine", "get")];
        let requests = [
            (
                "/pets/{petId}".to_string(),
                "get".to_string(),
                "/pets/:petId".to_string(),
            ),
            (
                "/pets/mine".to_string(),
                "get".to_string(),
                "/pets/mine".to_string(),
            ),
        ];
        let bound = bind(&pages, &requests);
        assert_eq!(
            bound.get(&pair("/pets/mine", "get")).map(String::as_str),
            Some("/pets/mine")
        );
        assert_eq!(
            bound.get(&pair("/pets/{petId}", "get")).map(String::as_str),
            Some("/pets/{petId}")
        );
        // A method the page has not: no binding.
        let bound = bind(
            &pages,
            &[("/pets/mine".into(), "post".into(), "/pets/mine".into())],
        );
        assert!(bound.is_empty());
    }

    #[test]
    fn specificity_of_segments() {
        assert_eq!(specificity("/pet/{id}/summary"), vec![1, 1, 0, 1]);
        assert_eq!(specificity("/a/{x}{y}/{}"), vec![1, 1, 1, 1]);
        assert_eq!(rank(&[1, 1, 0, 1], &[1, 1, 0, 0]), Ordering::Less);
        assert_eq!(rank(&[1, 1], &[1, 1, 0]), Ordering::Greater);
    }
}
