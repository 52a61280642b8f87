//! `groupPathsBy: "tagParent"` (docusaurus-plugin-openapi-docs 5.2.0, `nestByTagParents` of
//! `sidebars/index.ts`): the tag categories of the flat `groupByTags` slice nested by OAS 3.2's
//! `tags[].parent`. A parent that no tag names, or one whose chain of parents loops, is ignored
//! (the tag is a root). The slice is the leading docs (the intro doc), the root categories, the
//! categories no tag claims (tags used but not declared), then `UNTAGGED` and `Schemas`.

use std::collections::HashMap;

use serde_json::{Map, Value};

use super::is_category;
use crate::error::{Error, Location, Result};
use crate::js::js_string;
use crate::options::SidebarOptions;

/// The deepest nesting of tag categories written (the depth limit of `$ref` expansion too): a
/// deeper chain of parents is an `E_LIMIT` error, where the writer and the docs site would run
/// out of stack (5.2.0's `buildNode` recurses once per level, and its parent walks are
/// quadratic: a 20,000-level chain had not finished after 5 minutes).
pub(super) const MAX_DEPTH: usize = 1_000;

/// The label `groupByTags` gives a tag's category: `x-displayName`, else the name.
fn label_of(tag: &Value, name: &str) -> String {
    tag.get("x-displayName")
        .filter(|v| !v.is_null())
        .map_or_else(|| name.to_string(), js_string)
}

/// Each tag's `effectiveParent`: its `parent` when that names a declared tag and following
/// parents from there ends at a tag without one (the walk never comes back to a tag already met).
/// In linear time: a tag whose parent's walk ends has a walk that ends too, through the parent.
fn effective_parents(
    unique: &[(&str, &Value)],
    index: &HashMap<&str, usize>,
) -> Vec<Option<usize>> {
    let parent: Vec<Option<usize>> = unique
        .iter()
        .map(|(_, tag)| {
            tag.get("parent")
                .and_then(Value::as_str)
                .and_then(|p| index.get(p).copied())
        })
        .collect();
    // Whether the walk from each tag ends (`Some(true)`) or loops (`Some(false)`).
    let mut ends: Vec<Option<bool>> = vec![None; unique.len()];
    let mut on_path = vec![false; unique.len()];
    for start in 0..unique.len() {
        let mut path = Vec::new();
        let mut cursor = start;
        let result = loop {
            if let Some(known) = ends[cursor] {
                break known;
            }
            if on_path[cursor] {
                break false;
            }
            on_path[cursor] = true;
            path.push(cursor);
            match parent[cursor] {
                Some(next) => cursor = next,
                None => break true,
            }
        };
        for i in path {
            on_path[i] = false;
            ends[i] = Some(result);
        }
    }
    parent
        .iter()
        .map(|p| p.filter(|&p| ends[p] == Some(true)))
        .collect()
}

fn is_trailing(item: &Value) -> bool {
    is_category(item)
        && matches!(
            item.get("label").and_then(Value::as_str),
            Some("UNTAGGED" | "Schemas")
        )
}

/// `nestByTagParents(flat, tags, sidebarOptions)`; `spec_path` names the spec in errors.
pub(super) fn nest_by_tag_parents(
    flat: Vec<Value>,
    tags: &[Value],
    sidebar: &SidebarOptions,
    spec_path: &str,
) -> Result<Vec<Value>> {
    // The declared tags with a name, first of each name.
    let mut unique: Vec<(&str, &Value)> = Vec::new();
    let mut index: HashMap<&str, usize> = HashMap::new();
    for tag in tags {
        if let Some(name) = tag
            .get("name")
            .and_then(Value::as_str)
            .filter(|n| !n.is_empty())
            && !index.contains_key(name)
        {
            index.insert(name, unique.len());
            unique.push((name, tag));
        }
    }

    let mut leading = Vec::new();
    let mut trailing = Vec::new();
    let mut categories: Vec<Option<Value>> = Vec::new();
    for item in flat {
        if item.get("type").and_then(Value::as_str) == Some("doc") {
            leading.push(item);
        } else if is_trailing(&item) {
            trailing.push(item);
        } else if is_category(&item) {
            categories.push(Some(item));
        }
    }

    // Each tag claims the first unclaimed category with its label.
    let mut claimed: Vec<Option<Value>> = Vec::with_capacity(unique.len());
    for (name, tag) in &unique {
        let label = label_of(tag, name);
        let found = categories.iter_mut().find(|c| {
            c.as_ref()
                .is_some_and(|c| c.get("label").and_then(Value::as_str) == Some(label.as_str()))
        });
        claimed.push(found.and_then(Option::take));
    }

    // Children in tag order; roots are the tags without an effective parent.
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); unique.len()];
    let mut roots = Vec::new();
    for (i, parent) in effective_parents(&unique, &index).into_iter().enumerate() {
        match parent {
            Some(parent) => children[parent].push(i),
            None => roots.push(i),
        }
    }

    // `buildNode`, children before their parent, without recursion (chains may be long).
    let mut built: Vec<Option<Value>> = vec![None; unique.len()];
    let mut stack: Vec<(usize, bool, usize)> = roots.iter().rev().map(|&i| (i, false, 1)).collect();
    while let Some((i, expanded, depth)) = stack.pop() {
        if !expanded {
            if depth > MAX_DEPTH {
                return Err(Error::Limit {
                    location: Location {
                        file: spec_path.to_string(),
                        line: None,
                        column: None,
                        pointer: None,
                    },
                    message: format!(
                        "tag `{}` is nested more than {MAX_DEPTH} levels deep by `parent` (`groupPathsBy: \"tagParent\"`); make the chain of parents shorter",
                        unique[i].0
                    ),
                });
            }
            stack.push((i, true, depth));
            stack.extend(children[i].iter().rev().map(|&c| (c, false, depth + 1)));
            continue;
        }
        let child_nodes: Vec<Value> = children[i]
            .iter()
            .filter_map(|&c| built[c].take())
            .collect();
        let (name, tag) = unique[i];
        let flat_category = claimed[i].take();
        let doc_items = match flat_category.as_ref().and_then(|c| c.get("items")) {
            Some(Value::Array(items)) => items.clone(),
            _ => Vec::new(),
        };
        if doc_items.is_empty() && child_nodes.is_empty() {
            continue;
        }
        let label = flat_category
            .as_ref()
            .and_then(|c| c.get("label"))
            .filter(|l| !l.is_null())
            .cloned()
            .unwrap_or_else(|| Value::String(label_of(tag, name)));
        let mut node = Map::new();
        node.insert("type".into(), Value::String("category".into()));
        node.insert("label".into(), label);
        if let Some(link) = flat_category
            .as_ref()
            .and_then(|c| c.get("link"))
            .filter(|l| crate::js::truthy(Some(l)))
        {
            node.insert("link".into(), link.clone());
        }
        if let Some(collapsible) = sidebar.sidebar_collapsible {
            node.insert("collapsible".into(), Value::Bool(collapsible));
        }
        if let Some(collapsed) = sidebar.sidebar_collapsed {
            node.insert("collapsed".into(), Value::Bool(collapsed));
        }
        let mut items = doc_items;
        items.extend(child_nodes);
        node.insert("items".into(), Value::Array(items));
        built[i] = Some(Value::Object(node));
    }

    let mut out = leading;
    out.extend(roots.iter().filter_map(|&i| built[i].take()));
    out.extend(categories.into_iter().flatten());
    out.extend(trailing);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn cat(label: &str, ids: &[&str]) -> Value {
        let items: Vec<Value> = ids
            .iter()
            .map(|id| json!({"type": "doc", "id": id}))
            .collect();
        json!({"type": "category", "label": label, "items": items})
    }

    fn labels(slice: &[Value]) -> Vec<String> {
        slice
            .iter()
            .map(|v| {
                let label = v.get("label").or_else(|| v.get("id")).unwrap();
                let kids = v
                    .get("items")
                    .and_then(Value::as_array)
                    .map(|items| {
                        items
                            .iter()
                            .filter(|i| is_category(i))
                            .map(|i| labels(std::slice::from_ref(i)).join(""))
                            .collect::<Vec<_>>()
                    })
                    .unwrap_or_default();
                if kids.is_empty() {
                    js_string(label)
                } else {
                    format!("{}({})", js_string(label), kids.join(","))
                }
            })
            .collect()
    }

    #[test]
    fn nests_by_parent_ignoring_cycles_and_unknown_parents() {
        let tags = vec![
            json!({"name": "a"}),
            json!({"name": "b", "parent": "a"}),
            json!({"name": "c", "parent": "b", "x-displayName": "See"}),
            json!({"name": "x", "parent": "y"}),
            json!({"name": "y", "parent": "x"}),
            json!({"name": "u", "parent": "nowhere"}),
            json!({"name": "e", "parent": "a"}),
        ];
        let flat = vec![
            json!({"type": "doc", "id": "intro"}),
            cat("a", &["a1"]),
            cat("See", &["c1"]),
            cat("x", &["x1"]),
            cat("y", &["y1"]),
            cat("u", &["u1"]),
            cat("undeclared", &["z1"]),
            cat("UNTAGGED", &["n1"]),
            cat("Schemas", &["s1"]),
        ];
        let sidebar = SidebarOptions::default();
        let out = nest_by_tag_parents(flat, &tags, &sidebar, "t.yaml").unwrap();
        // `b` has no pages but a child, so it stays; `e` has neither and goes.
        assert_eq!(
            labels(&out),
            [
                "intro",
                "a(b(See))",
                "x",
                "y",
                "u",
                "undeclared",
                "UNTAGGED",
                "Schemas"
            ]
        );
        let a = &out[1]["items"];
        assert_eq!(a[0]["id"], "a1");
        assert_eq!(a[1]["items"][0]["items"][0]["id"], "c1");
        // A node built for a tag without its own category has no `link` and the tag's label.
        assert_eq!(
            a[1],
            json!({"type": "category", "label": "b", "items": [a[1]["items"][0].clone()]})
        );
    }

    #[test]
    fn a_self_parent_and_a_loop_further_up_make_roots() {
        let tags = vec![
            json!({"name": "s", "parent": "s"}),
            json!({"name": "t", "parent": "p"}),
            json!({"name": "p", "parent": "q"}),
            json!({"name": "q", "parent": "p"}),
        ];
        let flat = vec![
            cat("s", &["1"]),
            cat("t", &["2"]),
            cat("p", &["3"]),
            cat("q", &["4"]),
        ];
        let out = nest_by_tag_parents(flat, &tags, &SidebarOptions::default(), "t.yaml").unwrap();
        assert_eq!(labels(&out), ["s", "t", "p", "q"]);
    }

    fn chain(n: usize) -> (Vec<Value>, Vec<Value>) {
        let tags: Vec<Value> = (0..n)
            .map(|i| match i {
                0 => json!({"name": "t0"}),
                _ => json!({"name": format!("t{i}"), "parent": format!("t{}", i - 1)}),
            })
            .collect();
        (vec![cat(&format!("t{}", n - 1), &["leaf"])], tags)
    }

    #[test]
    fn a_chain_as_deep_as_the_limit_nests() {
        let (flat, tags) = chain(MAX_DEPTH);
        let out = nest_by_tag_parents(flat, &tags, &SidebarOptions::default(), "t.yaml").unwrap();
        let mut depth = 1;
        let mut node = &out[0];
        while let Some(next) = node["items"].get(0).filter(|i| is_category(i)) {
            node = next;
            depth += 1;
        }
        assert_eq!(depth, MAX_DEPTH);
        assert_eq!(node["items"][0]["id"], "leaf");
    }

    #[test]
    fn a_deeper_chain_is_a_limit_error() {
        let (flat, tags) = chain(MAX_DEPTH + 1);
        let error =
            nest_by_tag_parents(flat, &tags, &SidebarOptions::default(), "t.yaml").unwrap_err();
        assert_eq!(error.code(), "E_LIMIT");
        assert!(
            error.to_string().contains(&format!("tag `t{MAX_DEPTH}`")),
            "{error}"
        );
    }
}
