//! What the dependency versions installed in a site change in a target. The reference declares
//! its dependencies with caret ranges, so a site's lockfile decides which releases generate its
//! pages; a target follows the releases its own reference pins (ARCHITECTURE.md's table) unless
//! the site's installed versions say otherwise here. The Node plugin reads them from the site
//! (the installed reference plugin's dependencies: the `dependencies` option).
//!
//! Followed so far: the YAML reader. @redocly/openapi-core reads every spec file with the
//! js-yaml it resolves; 2.x releases before its move to js-yaml 5 resolve js-yaml 4 (a site
//! that locks @redocly/openapi-core 2.26 reads a sequence key as its `String()`, where js-yaml 5
//! refuses it). docs/notes/2026-12-06-dependency-versions.md has the measured change points of
//! the other dependencies and what following them would take.

use std::collections::BTreeMap;
use std::sync::Mutex;

use super::{Target, YamlReader};

/// The js-yaml reader of an installed js-yaml version (its major release), if known.
fn yaml_reader(version: &str) -> Option<YamlReader> {
    match version
        .trim_start_matches(['^', '~', '=', 'v'])
        .split('.')
        .next()?
    {
        "4" => Some(YamlReader::JsYaml4),
        "5" => Some(YamlReader::JsYaml5),
        _ => None,
    }
}

/// Targets made for installed versions, kept for the process (a few at most).
static DERIVED: Mutex<Vec<&'static Target>> = Mutex::new(Vec::new());

/// `base` with the behaviours `installed` (package name -> version, as the site has them: the
/// js-yaml @redocly/openapi-core resolves under `js-yaml`) change; `base` itself when they
/// change none.
pub fn with_dependencies(
    base: &'static Target,
    installed: &BTreeMap<String, String>,
) -> &'static Target {
    let yaml = installed
        .get("js-yaml")
        .and_then(|v| yaml_reader(v))
        .unwrap_or(base.yaml);
    if yaml == base.yaml {
        return base;
    }
    let wanted = Target { yaml, ..*base };
    let mut derived = DERIVED.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(found) = derived
        .iter()
        .find(|t| t.release == base.release && t.yaml == yaml)
    {
        return found;
    }
    let made: &'static Target = Box::leak(Box::new(wanted));
    derived.push(made);
    made
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_installed_js_yaml_picks_the_yaml_reader() {
        let five = crate::target::for_release("5.2.0").expect("a target");
        assert_eq!(five.yaml, YamlReader::JsYaml5);
        let with = |v: &str| {
            with_dependencies(
                five,
                &BTreeMap::from([("js-yaml".to_string(), v.to_string())]),
            )
        };
        assert_eq!(with("4.1.0").yaml, YamlReader::JsYaml4);
        assert_eq!(with("4.1.0").release, five.release);
        assert!(std::ptr::eq(with("4.1.0"), with("4.1.1")), "made once");
        assert!(
            std::ptr::eq(with("5.2.3"), five),
            "unchanged: the target itself"
        );
        assert!(
            std::ptr::eq(with("9.0.0"), five),
            "an unknown major changes nothing"
        );
        assert!(std::ptr::eq(
            with_dependencies(five, &BTreeMap::new()),
            five
        ));
    }
}
