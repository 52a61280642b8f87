//! YAML to a `serde_json::Value` the way js-yaml (the reference's parser) reads it, within limits:
//! duplicate keys are errors, merge keys (`<<`) are applied, integers too large for 64 bits
//! become floats, tags are ignored, and aliases may not expand the document past a budget of
//! values (the "billion laughs" defence; serde_yaml_ng's own guard only bounds alias jumps).

use std::cell::Cell;
use std::fmt;

use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Number, Value};

/// Prefix of the message of a budget error, so the caller can report it as a limit.
pub const BUDGET_MARKER: &str = "E_LIMIT: ";

/// The most values a YAML text of `len` bytes may expand to. Without aliases a value needs at
/// least two bytes of text, so only alias expansion can come near this.
pub fn value_budget(len: usize) -> usize {
    2_000_000 + 2 * len
}

/// Builds one value, counting it against the shared budget.
#[derive(Clone, Copy)]
pub struct YamlValue<'b> {
    /// Values still allowed.
    pub budget: &'b Cell<usize>,
    /// The budget the document started with (for the message).
    pub total: usize,
}

impl YamlValue<'_> {
    fn spend<E: de::Error>(&self) -> Result<(), E> {
        match self.budget.get().checked_sub(1) {
            Some(left) => {
                self.budget.set(left);
                Ok(())
            }
            None => Err(E::custom(format!(
                "{BUDGET_MARKER}YAML aliases expand this document to more than {} values (an alias bomb?); write the repeated parts out once and refer to them with $ref",
                self.total
            ))),
        }
    }
}

impl<'de> DeserializeSeed<'de> for YamlValue<'_> {
    type Value = Value;

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

/// A mapping key: YAML scalars are read as their text (`200:` is the key `"200"`). A key the
/// mapping already has is an error, raised here so that it carries the key's position.
struct Key<'m> {
    map: &'m Map<String, Value>,
    /// Keys that came from a merge (`<<`) and that an explicit key may still override.
    merged: &'m [String],
}

impl<'de> DeserializeSeed<'de> for Key<'_> {
    type Value = String;

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<String, D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for Key<'_> {
    type Value = String;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a string or number as mapping key")
    }

    fn visit_str<E: de::Error>(self, key: &str) -> Result<String, E> {
        if self.map.contains_key(key) && !self.merged.iter().any(|m| m == key) {
            return Err(E::custom(format!(
                "duplicated mapping key `{key}` (the second one would silently replace the first)"
            )));
        }
        Ok(key.to_string())
    }
}

fn float(f: f64) -> Value {
    // JSON.stringify writes NaN and the infinities as null.
    Number::from_f64(f).map_or(Value::Null, Value::Number)
}

impl<'de> Visitor<'de> for YamlValue<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any YAML value")
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Value, E> {
        self.spend()?;
        Ok(Value::Bool(v))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Value, E> {
        self.spend()?;
        Ok(Value::Number(v.into()))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Value, E> {
        self.spend()?;
        Ok(Value::Number(v.into()))
    }

    fn visit_i128<E: de::Error>(self, v: i128) -> Result<Value, E> {
        self.spend()?;
        Ok(float(v as f64))
    }

    fn visit_u128<E: de::Error>(self, v: u128) -> Result<Value, E> {
        self.spend()?;
        Ok(float(v as f64))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Value, E> {
        self.spend()?;
        Ok(float(v))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Value, E> {
        self.spend()?;
        Ok(Value::String(v.to_string()))
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<Value, E> {
        self.spend()?;
        Ok(Value::String(v))
    }

    fn visit_unit<E: de::Error>(self) -> Result<Value, E> {
        self.spend()?;
        Ok(Value::Null)
    }

    fn visit_none<E: de::Error>(self) -> Result<Value, E> {
        self.visit_unit()
    }

    fn visit_some<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        self.spend()?;
        let mut items = Vec::new();
        while let Some(item) = seq.next_element_seed(self)? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Value, A::Error> {
        self.spend()?;
        let mut map = Map::new();
        // Keys that came from a merge (`<<`) and that an explicit key may still override.
        let mut merged: Vec<String> = Vec::new();
        while let Some(key) = access.next_key_seed(Key {
            map: &map,
            merged: &merged,
        })? {
            let value = access.next_value_seed(self)?;
            if key == "<<" && (value.is_object() || value.is_array()) {
                let sources = match value {
                    Value::Array(items) => items,
                    other => vec![other],
                };
                for source in sources {
                    let Value::Object(source) = source else {
                        return Err(de::Error::custom(
                            "a merge key (<<) must refer to a mapping or a list of mappings",
                        ));
                    };
                    for (k, v) in source {
                        if !map.contains_key(&k) {
                            merged.push(k.clone());
                            map.insert(k, v);
                        }
                    }
                }
                continue;
            }
            if let Some(at) = merged.iter().position(|m| *m == key) {
                merged.swap_remove(at);
            }
            map.insert(key, value);
        }
        Ok(Value::Object(map))
    }

    fn visit_enum<A: de::EnumAccess<'de>>(self, data: A) -> Result<Value, A::Error> {
        // A tagged node (`!tag value`): js-yaml knows only its standard tags; keep the value.
        use de::VariantAccess;
        let (_tag, variant): (String, _) = data.variant()?;
        variant.newtype_variant_seed(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Value, String> {
        let total = value_budget(text.len());
        let budget = Cell::new(total);
        let de = serde_yaml_ng::Deserializer::from_str(text);
        YamlValue {
            budget: &budget,
            total,
        }
        .deserialize(de)
        .map_err(|e| e.to_string())
    }

    #[test]
    fn duplicate_keys_are_errors_with_a_position() {
        let error = parse("a: 1\nb: 2\na: 3\n").unwrap_err();
        assert!(error.contains("duplicated mapping key `a`"), "{error}");
        assert!(error.contains("line 3"), "{error}");
    }

    #[test]
    fn merge_keys_apply_and_explicit_keys_override_them() {
        let value = parse("base: &b {x: 1, y: 2}\nuse:\n  <<: *b\n  y: 3\n").unwrap();
        assert_eq!(value["use"], serde_json::json!({"x": 1, "y": 3}));
    }

    #[test]
    fn huge_integers_and_special_floats_become_json_numbers_or_null() {
        let value = parse("big: 123456789012345678901234567890\nnan: .nan\ninf: -.inf\n").unwrap();
        assert_eq!(value["big"].as_f64(), Some(1.2345678901234568e29));
        assert_eq!(value["nan"], Value::Null);
        assert_eq!(value["inf"], Value::Null);
    }

    #[test]
    fn alias_expansion_is_bounded() {
        let total = 1000;
        let budget = Cell::new(total);
        let text = "a: &a [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\n";
        let error = YamlValue {
            budget: &budget,
            total,
        }
        .deserialize(serde_yaml_ng::Deserializer::from_str(text))
        .unwrap_err()
        .to_string();
        assert!(error.contains(BUDGET_MARKER), "{error}");
    }
}
