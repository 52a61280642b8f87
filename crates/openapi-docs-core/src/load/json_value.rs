//! JSON text to a `serde_json::Value`, refusing a key an object already has: the reference reads
//! a JSON file with js-yaml, which throws "duplicated mapping key" where `JSON.parse` (and
//! serde_json's own `Value`) would keep the last value.

use std::fmt;

use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

/// The message of a duplicate key (js-yaml's).
pub(super) const DUPLICATE_KEY: &str = "duplicated mapping key";

/// `text` parsed as JSON, a duplicate key an error.
pub(super) fn from_str(text: &str) -> serde_json::Result<Value> {
    let mut deserializer = serde_json::Deserializer::from_str(text);
    let value = JsonValue.deserialize(&mut deserializer)?;
    deserializer.end()?;
    Ok(value)
}

/// One value; its objects refuse a repeated key.
#[derive(Clone, Copy)]
struct JsonValue;

impl<'de> DeserializeSeed<'de> for JsonValue {
    type Value = Value;

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for JsonValue {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_string()))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0));
        while let Some(item) = seq.next_element_seed(self)? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Value, A::Error> {
        let mut map = Map::new();
        while let Some(key) = access.next_key::<String>()? {
            let value = access.next_value_seed(self)?;
            if map.insert(key, value).is_some() {
                return Err(de::Error::custom(DUPLICATE_KEY));
            }
        }
        Ok(Value::Object(map))
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_repeated_key_is_an_error_with_its_position() {
        let error = super::from_str("{\"a\": 1,\n \"a\": 2}").unwrap_err();
        assert!(error.to_string().contains(super::DUPLICATE_KEY), "{error}");
        assert_eq!(error.line(), 2);
        assert_eq!(
            super::from_str("{\"a\": [1, {\"b\": 2.5}], \"c\": null}").unwrap(),
            serde_json::json!({"a": [1, {"b": 2.5}], "c": null})
        );
    }
}
