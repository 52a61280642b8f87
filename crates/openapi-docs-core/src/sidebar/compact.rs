//! `sidebarOptions.maxCategoryItems`: ours, the reference has no such option. Docusaurus writes
//! into every page's HTML its sidebar's top level and the items of each open category, so with
//! the reference's sidebar a page of a big API carries hundreds of links (Microsoft Graph v1.0:
//! 418 tag categories at the top level, 673 operations in one tag, 1,483 untagged), and the
//! site's HTML grows with the square of its pages (issue #41). With a limit, the finished
//! slice's long levels are shortened where the paths and names allow, pages unchanged:
//! - **long categories:** the operations of a category with more than `max` items are gathered
//!   into sub-categories by the first segment of their paths (path parameters skipped) where the
//!   category's operations differ: `/groups/{id}/sites/{id}/lists/...` goes to `lists`. A
//!   sub-category still too long is split again one segment further, down to
//!   [`MAX_NESTING`] levels. A segment shared by one operation only leaves it where it was, so
//!   a level of operations that differ in their last segment alone stays long (Graph's 366
//!   workbook functions);
//! - **long levels of categories:** at a level with more than `max` categories, categories whose
//!   labels share the part before their first `.` or `/` (`users.user`, `users.message`) are
//!   gathered under a category of that name; a category labelled with the name itself (a tag
//!   `users`) becomes that category, its own items first.
//!
//! A gathered category takes the place of the first entry it gathers, and the options'
//! `sidebarCollapsible` and `sidebarCollapsed`. Targets whose sidebars carry `key`s (5.2.0: the
//! Docusaurus releases that refuse two categories with one translation key) give each a key made
//! of its parents' labels and its own, so that two `lists` under two tags stay apart.

use std::collections::{HashMap, HashSet};

use serde_json::Value;

use super::is_category;
use crate::js::kebab_case;
use crate::options::SidebarOptions;

/// The deepest category this pass creates: a spec whose paths nest each other hundreds deep
/// must not recurse as deep (nor would a reader open so many levels).
const MAX_NESTING: usize = 16;

/// How the slice is reshaped: the limit, each operation page's path by doc id, and whether
/// gathered categories get a `key`.
pub(super) struct Limits<'a> {
    pub max: usize,
    pub paths: &'a HashMap<String, Vec<&'a str>>,
    pub keys: bool,
    pub sidebar: &'a SidebarOptions,
}

/// A path's segments without its parameters: `/users/{id}/messages` is `users`, `messages`.
pub(super) fn path_segments(path: &str) -> Vec<&str> {
    let is_parameter = |s: &str| s.starts_with('{') && s.ends_with('}');
    path.split('/')
        .filter(|s| !s.is_empty() && !is_parameter(s))
        .collect()
}

/// An entry of a reshaped level: an item left where it was, or the place of a gathered group.
enum Slot {
    Item(Value),
    Group(usize),
}

fn label(item: &Value) -> &str {
    item.get("label").and_then(Value::as_str).unwrap_or("")
}

/// The slice with its long levels shortened.
pub(super) fn compact(slice: Vec<Value>, limits: &Limits) -> Vec<Value> {
    let items = compact_items(slice, limits, &[]);
    gather_categories(items, limits)
}

/// Each category's items compacted (deepest first), then `items` split by path if too long.
fn compact_items(items: Vec<Value>, limits: &Limits, parents: &[String]) -> Vec<Value> {
    let items: Vec<Value> = items
        .into_iter()
        .map(|mut item| {
            if is_category(&item) {
                let mut chain = parents.to_vec();
                chain.push(label(&item).to_string());
                if let Some(Value::Array(children)) = item.get_mut("items") {
                    let taken = std::mem::take(children);
                    *children = compact_items(taken, limits, &chain);
                }
            }
            item
        })
        .collect();
    if parents.is_empty() {
        // The top level holds categories and intro docs, not operations to split.
        return items;
    }
    split_by_path(items, limits, parents, 0)
}

/// The operations of `items` (whose paths agree on their first `depth` segments at least)
/// gathered by the first segment where they differ, when `items` is longer than the limit.
fn split_by_path(
    items: Vec<Value>,
    limits: &Limits,
    parents: &[String],
    depth: usize,
) -> Vec<Value> {
    if items.len() <= limits.max || parents.len() >= MAX_NESTING {
        return items;
    }
    let segments = |item: &Value| -> Option<&Vec<&str>> {
        if is_category(item) {
            return None;
        }
        limits.paths.get(item.get("id").and_then(Value::as_str)?)
    };
    // The segments every operation here shares, from `depth` on.
    let operations: Vec<&Vec<&str>> = items.iter().filter_map(segments).collect();
    let Some(first) = operations.first() else {
        return items;
    };
    let mut common = first.len();
    for other in &operations[1..] {
        common = common.min(
            first
                .iter()
                .zip(other.iter())
                .take_while(|(a, b)| a == b)
                .count(),
        );
    }
    let at = common.max(depth);
    // Each item's segment at `at` (none for a category, or a path that ends before it).
    let keys: Vec<Option<String>> = items
        .iter()
        .map(|item| {
            segments(item)
                .and_then(|s| s.get(at))
                .map(|s| s.to_string())
        })
        .collect();
    let mut counts: HashMap<&str, usize> = HashMap::new();
    for key in keys.iter().flatten() {
        *counts.entry(key).or_default() += 1;
    }
    if !counts.values().any(|&n| n >= 2) {
        return items;
    }
    let gathered: Vec<Option<String>> = keys
        .iter()
        .map(|key| key.clone().filter(|k| counts[k.as_str()] >= 2))
        .collect();
    // Each gathered segment's place (the first operation it gathers) and members.
    let mut out: Vec<Slot> = Vec::new();
    let mut place: HashMap<String, usize> = HashMap::new();
    let mut members: Vec<(String, Vec<Value>)> = Vec::new();
    for (item, key) in items.into_iter().zip(gathered) {
        match key {
            Some(key) => match place.get(&key) {
                Some(&i) => members[i].1.push(item),
                None => {
                    place.insert(key.clone(), members.len());
                    out.push(Slot::Group(members.len()));
                    members.push((key, vec![item]));
                }
            },
            None => out.push(Slot::Item(item)),
        }
    }
    let mut members: Vec<Option<(String, Vec<Value>)>> = members.into_iter().map(Some).collect();
    out.into_iter()
        .filter_map(|slot| match slot {
            Slot::Item(item) => Some(item),
            Slot::Group(i) => {
                let (segment, children) = members[i].take()?;
                let mut chain = parents.to_vec();
                chain.push(segment.clone());
                let children = split_by_path(children, limits, &chain, at + 1);
                Some(category(&segment, &chain, children, limits))
            }
        })
        .collect()
}

/// A category's name prefix: the part of its label before the first `.` or `/`, when there is
/// a part after it.
fn name_prefix(label: &str) -> Option<&str> {
    let end = label.find(['.', '/'])?;
    (end > 0 && end + 1 < label.len()).then(|| &label[..end])
}

/// A name's group: the name, the category labelled with it (if any), the categories it gathers.
type NameGroup = (String, Option<Value>, Vec<Value>);

/// The top level's categories gathered by name prefix, when there are more than the limit.
fn gather_categories(items: Vec<Value>, limits: &Limits) -> Vec<Value> {
    if items.iter().filter(|i| is_category(i)).count() <= limits.max {
        return items;
    }
    // Per name, how many categories are labelled `name.*`, and whether one is labelled `name`.
    let mut dotted: HashMap<&str, usize> = HashMap::new();
    for item in items.iter().filter(|i| is_category(i)) {
        if let Some(prefix) = name_prefix(label(item)) {
            *dotted.entry(prefix).or_default() += 1;
        }
    }
    let labels: HashSet<&str> = items.iter().filter(|i| is_category(i)).map(label).collect();
    // Two named `users.*`, or one and the category `users` itself.
    let gathered_by: Vec<Option<String>> = items
        .iter()
        .map(|item| {
            if !is_category(item) {
                return None;
            }
            let prefix = name_prefix(label(item)).unwrap_or(label(item));
            let n = dotted.get(prefix).copied().unwrap_or(0);
            (n >= 2 || (n >= 1 && labels.contains(&prefix))).then(|| prefix.to_string())
        })
        .collect();
    let mut out: Vec<Slot> = Vec::new();
    let mut place: HashMap<String, usize> = HashMap::new();
    let mut groups: Vec<NameGroup> = Vec::new();
    for (item, by) in items.into_iter().zip(gathered_by) {
        let Some(prefix) = by else {
            out.push(Slot::Item(item));
            continue;
        };
        let i = *place.entry(prefix.clone()).or_insert_with(|| {
            out.push(Slot::Group(groups.len()));
            groups.push((prefix.clone(), None, Vec::new()));
            groups.len() - 1
        });
        let (_, own, members) = &mut groups[i];
        if label(&item) == prefix && own.is_none() {
            *own = Some(item);
        } else {
            members.push(item);
        }
    }
    let mut groups: Vec<Option<NameGroup>> = groups.into_iter().map(Some).collect();
    out.into_iter()
        .filter_map(|slot| match slot {
            Slot::Item(item) => Some(item),
            Slot::Group(i) => {
                let (name, own, members) = groups[i].take()?;
                Some(match own {
                    Some(mut own) => {
                        if let Some(Value::Array(children)) = own.get_mut("items") {
                            children.extend(members);
                        }
                        own
                    }
                    None => category(&name, std::slice::from_ref(&name), members, limits),
                })
            }
        })
        .collect()
}

/// A gathered category, keyed by `chain` (its parents' labels and its own) where keys are used.
fn category(label: &str, chain: &[String], items: Vec<Value>, limits: &Limits) -> Value {
    let key = limits.keys.then(|| kebab_case(&chain.join(" ")));
    super::category(label, key, None, limits.sidebar, items)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn doc(id: &str) -> Value {
        json!({"type": "doc", "id": id})
    }

    fn cat(label: &str, items: Vec<Value>) -> Value {
        json!({"type": "category", "label": label, "items": items})
    }

    /// The slice as text: `label(children)`, docs by id.
    fn outline(items: &[Value]) -> String {
        items
            .iter()
            .map(|i| match i.get("items").and_then(Value::as_array) {
                Some(children) => format!("{}({})", label(i), outline(children)),
                None => i["id"].as_str().unwrap().to_string(),
            })
            .collect::<Vec<_>>()
            .join(",")
    }

    fn reshape(
        slice: Vec<Value>,
        paths: &[(&str, &'static str)],
        max: usize,
        keys: bool,
    ) -> Vec<Value> {
        let paths: HashMap<String, Vec<&str>> = paths
            .iter()
            .map(|(id, path)| (id.to_string(), path_segments(path)))
            .collect();
        let sidebar = SidebarOptions {
            sidebar_collapsed: Some(true),
            ..SidebarOptions::default()
        };
        compact(
            slice,
            &Limits {
                max,
                paths: &paths,
                keys,
                sidebar: &sidebar,
            },
        )
    }

    const SITE_PATHS: [(&str, &str); 7] = [
        ("list-sites", "/groups/{group-id}/sites"),
        (
            "get-list",
            "/groups/{group-id}/sites/{site-id}/lists/{list-id}",
        ),
        (
            "get-notebook",
            "/groups/{group-id}/sites/{site-id}/onenote/notebooks",
        ),
        (
            "get-analytics",
            "/groups/{group-id}/sites/{site-id}/analytics",
        ),
        ("list-lists", "/groups/{group-id}/sites/{site-id}/lists"),
        (
            "get-item",
            "/groups/{group-id}/sites/{site-id}/lists/{list-id}/items/{item-id}",
        ),
        (
            "get-section",
            "/groups/{group-id}/sites/{site-id}/onenote/sections",
        ),
    ];

    fn site_category() -> Value {
        cat(
            "groups.site",
            SITE_PATHS.iter().map(|(id, _)| doc(id)).collect(),
        )
    }

    #[test]
    fn a_long_category_is_split_by_the_first_path_segment_its_operations_differ_in() {
        let out = reshape(vec![site_category()], &SITE_PATHS, 3, false);
        // `lists` takes the place of its first operation; a segment of one operation
        // (`analytics`) and the path the others share (`list-sites`) stay where they were.
        assert_eq!(
            outline(&out),
            "groups.site(list-sites,lists(get-list,list-lists,get-item),onenote(get-notebook,get-section),get-analytics)"
        );
        let lists = &out[0]["items"][1];
        assert_eq!(
            lists,
            &json!({"type": "category", "label": "lists", "collapsed": true, "items": [doc("get-list"), doc("list-lists"), doc("get-item")]})
        );
    }

    #[test]
    fn a_sub_category_still_too_long_is_split_one_segment_further() {
        let out = reshape(vec![site_category()], &SITE_PATHS, 2, false);
        assert_eq!(
            outline(&out),
            "groups.site(list-sites,lists(get-list,list-lists,get-item),onenote(get-notebook,get-section),get-analytics)",
            "`lists` has nothing to split further: `items` holds one operation"
        );
        let paths = [
            ("a", "/users/{id}/mail/folders"),
            ("b", "/users/{id}/mail/folders/{f}"),
            ("c", "/users/{id}/mail/rules"),
            ("d", "/users/{id}/mail/rules/{r}"),
            ("e", "/users/{id}/drive"),
            ("f", "/users/{id}/drive/root"),
        ];
        let slice = vec![cat("users", paths.iter().map(|(id, _)| doc(id)).collect())];
        let out = reshape(slice, &paths, 2, false);
        assert_eq!(
            outline(&out),
            "users(mail(folders(a,b),rules(c,d)),drive(e,f))"
        );
    }

    #[test]
    fn paths_nested_hundreds_deep_stop_at_the_nesting_limit() {
        // `/x`, `/a/x`, `/a/a/x`, ...: each split leaves one operation and gathers the rest.
        let owned: Vec<(String, &'static str)> = (0..500)
            .map(|i| {
                let path: &'static str =
                    Box::leak(format!("{}/x", "/a".repeat(i)).into_boxed_str());
                (format!("op{i}"), path)
            })
            .collect();
        let paths: Vec<(&str, &'static str)> =
            owned.iter().map(|(id, p)| (id.as_str(), *p)).collect();
        let slice = vec![cat("deep", paths.iter().map(|(id, _)| doc(id)).collect())];
        let out = reshape(slice, &paths, 2, true);
        let mut depth = 0;
        let mut level = &out[0]["items"];
        while let Some(next) = level.as_array().unwrap().iter().find(|i| is_category(i)) {
            depth += 1;
            level = &next["items"];
        }
        assert_eq!(depth, MAX_NESTING - 1);
    }

    #[test]
    fn items_a_hook_made_odd_stay_where_they_were() {
        // A `createDocItem` hook may return anything: nulls and id-less items are left alone.
        let slice = vec![cat(
            "groups.site",
            SITE_PATHS
                .iter()
                .map(|(id, _)| doc(id))
                .chain([Value::Null, json!({"type": "doc"}), json!("text")])
                .collect(),
        )];
        let out = reshape(slice, &SITE_PATHS, 3, false);
        let items = out[0]["items"].as_array().unwrap();
        assert_eq!(items.len(), 7);
        assert_eq!(
            &items[4..],
            &[Value::Null, json!({"type": "doc"}), json!("text")]
        );
    }

    #[test]
    fn a_category_within_the_limit_and_the_top_level_docs_are_left_as_they_are() {
        let slice = vec![
            doc("intro"),
            site_category(),
            cat("UNTAGGED", vec![doc("x")]),
        ];
        assert_eq!(reshape(slice.clone(), &SITE_PATHS, 7, false), slice);
    }

    #[test]
    fn a_long_top_level_gathers_categories_by_name_prefix() {
        let slice = vec![
            doc("intro"),
            cat("users.user", vec![doc("u1")]),
            cat("me.calendar", vec![doc("m1")]),
            cat("users", vec![doc("u0")]),
            cat("users.message", vec![doc("u2")]),
            cat("me.Actions", vec![doc("m2")]),
            cat("drives.drive", vec![doc("d1")]),
            cat("UNTAGGED", vec![doc("n1")]),
        ];
        let out = reshape(slice.clone(), &[], 3, true);
        // The category `users` gathers the `users.*` ones after its own items; `drives.drive`
        // is alone under its name and stays.
        assert_eq!(
            outline(&out),
            "intro,users(u0,users.user(u1),users.message(u2)),me(me.calendar(m1),me.Actions(m2)),drives.drive(d1),UNTAGGED(n1)"
        );
        assert_eq!(out[2]["key"], "me");
        assert_eq!(
            out[1].get("key"),
            None,
            "the tag's own category keeps what it had"
        );
        // Within the limit, nothing moves.
        assert_eq!(reshape(slice.clone(), &[], 7, true), slice);
    }

    #[test]
    fn keys_name_the_parents_so_two_lists_stay_apart() {
        let store_paths: Vec<(&str, &str)> = SITE_PATHS
            .iter()
            .map(|(id, path)| -> (&str, &str) {
                let id: &'static str = Box::leak(format!("store-{id}").into_boxed_str());
                let path: &'static str =
                    Box::leak(path.replace("groups", "sites").into_boxed_str());
                (id, path)
            })
            .collect();
        let mut paths = SITE_PATHS.to_vec();
        paths.extend(store_paths.iter().copied());
        let store = cat(
            "sites.store",
            store_paths.iter().map(|(id, _)| doc(id)).collect(),
        );
        let out = reshape(vec![site_category(), store], &paths, 3, true);
        assert_eq!(out[0]["items"][1]["key"], "groups-site-lists");
        assert_eq!(out[1]["items"][1]["key"], "sites-store-lists");
        let out = reshape(vec![site_category()], &SITE_PATHS, 3, false);
        assert_eq!(
            out[0]["items"][1].get("key"),
            None,
            "no keys where the target has none"
        );
    }
}
