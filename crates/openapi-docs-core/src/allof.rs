//! `allOf` merging, following the `allof-merge` package the reference uses: the schemas of
//! `allOf` are folded into the parent, properties merged, `required` united.

use serde_json::{Map, Value};

/// Merges `schema.allOf` into one schema (recursively for nested `allOf`).
pub fn merge_all_of(schema: &Value) -> Value {
    let Value::Object(map) = schema else {
        return schema.clone();
    };
    let Some(Value::Array(parts)) = map.get("allOf") else {
        return schema.clone();
    };
    let mut result = Map::new();
    for (k, v) in map.iter().filter(|(k, _)| *k != "allOf") {
        result.insert(k.clone(), v.clone());
    }
    for part in parts {
        let part = merge_all_of(part);
        if let Value::Object(part) = part {
            merge_into(&mut result, &part);
        }
    }
    Value::Object(result)
}

fn merge_into(target: &mut Map<String, Value>, source: &Map<String, Value>) {
    for (k, v) in source {
        match (k.as_str(), target.get_mut(k), v) {
            ("required", Some(Value::Array(existing)), Value::Array(more)) => {
                for item in more {
                    if !existing.contains(item) {
                        existing.push(item.clone());
                    }
                }
            }
            ("properties", Some(Value::Object(existing)), Value::Object(more)) => {
                for (name, prop) in more {
                    match existing.get_mut(name) {
                        Some(Value::Object(e)) => {
                            if let Value::Object(p) = prop {
                                merge_into(e, p);
                            }
                        }
                        _ => {
                            existing.insert(name.clone(), prop.clone());
                        }
                    }
                }
            }
            (_, Some(_), _) => {}
            (_, None, _) => {
                target.insert(k.clone(), v.clone());
            }
        }
    }
}
