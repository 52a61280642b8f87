//! The diff against oasdiff's own expectations. oasdiff could not be run here (the Go module
//! proxy does not resolve from this machine; see docs/notes/2026-11-28-spec-diff.md), so its
//! test pairs are vendored instead (`tests/fixtures/diff/oasdiff/`, Apache-2.0, origin in each
//! file's header) with the findings its checker tests (`checker/check_*_test.go` at commit
//! 4553c69d) expect of them, and the level of each of its rules (`levels.tsv`, from its
//! `checker/rules.go` at the same commit).
//!
//! oasdiff's tests run one check at a time (`singleCheckConfig`), so a pair can hold other
//! changes those tests do not look at. Each case therefore lists oasdiff's expected findings,
//! which must all be ours (same check id, same operation, and the level oasdiff's table gives
//! that id), and every other breaking change we report with the reason it is there. Our
//! breaking changes must be exactly the two lists together, where "breaking" is oasdiff's `ERR`
//! read from its table, never from ours: agreement on what breaks, with every difference
//! explained here. Separately, every rule of our checks table that claims to be oasdiff's must
//! carry the id and level oasdiff gives it.

use std::collections::HashMap;
use std::path::Path;

use openapi_docs_core::diff::{CHECKS, Level, diff};

struct Case {
    /// oasdiff's test function.
    test: &'static str,
    base: &'static str,
    revision: &'static str,
    /// (check id, operation) oasdiff expects.
    expected: &'static [(&'static str, &'static str)],
    /// Other breaking changes we report, each (check id, operation, why).
    also_breaking: &'static [(&'static str, &'static str, &'static str)],
}

const CASES: &[Case] = &[
    Case {
        test: "TestAPISecurityAdded",
        base: "api_security_added_base",
        revision: "api_security_added_revision",
        expected: &[("api-security-added", "POST /subscribe")],
        also_breaking: &[],
    },
    Case {
        test: "TestAPISecurityDeleted",
        base: "api_security_added_revision",
        revision: "api_security_added_base",
        expected: &[("api-security-removed", "POST /subscribe")],
        also_breaking: &[],
    },
    Case {
        test: "TestAPISecurityScopeRemoved",
        base: "api_security_updated_base",
        revision: "api_security_updated_revision",
        expected: &[("api-security-scope-removed", "POST /subscribe")],
        also_breaking: &[],
    },
    Case {
        test: "TestAPISecurityScopeAdded",
        base: "api_security_updated_revision",
        revision: "api_security_updated_base",
        expected: &[("api-security-scope-added", "POST /subscribe")],
        also_breaking: &[],
    },
    Case {
        test: "TestAPIGlobalSecurityyAdded",
        base: "api_security_global_added_base",
        revision: "api_security_global_added_revision",
        expected: &[("api-global-security-added", "")],
        also_breaking: &[],
    },
    Case {
        test: "TestAPIGlobalSecurityyDeleted",
        base: "api_security_global_added_revision",
        revision: "api_security_global_added_base",
        expected: &[("api-global-security-removed", "")],
        also_breaking: &[],
    },
    Case {
        test: "TestRequestBodyMediaTypeAdded",
        base: "request_body_media_type_updated_base",
        revision: "request_body_media_type_updated_revision",
        expected: &[("request-body-media-type-added", "POST /api/v1.0/groups")],
        also_breaking: &[],
    },
    Case {
        test: "TestRequestBodyMediaTypeRemoved",
        base: "request_body_media_type_updated_revision",
        revision: "request_body_media_type_updated_base",
        expected: &[("request-body-media-type-removed", "POST /api/v1.0/groups")],
        also_breaking: &[],
    },
    Case {
        test: "TestRequestBodyRemoved",
        base: "request_body_removed_base",
        revision: "request_body_removed_revision",
        expected: &[("request-body-removed", "POST /api/v1.0/test")],
        also_breaking: &[],
    },
    Case {
        test: "TestRequestParameterBecameEnum",
        base: "request_parameter_became_enum_base",
        revision: "request_parameter_became_enum_revision",
        expected: &[("request-parameter-became-enum", "POST /api/v1.0/groups")],
        also_breaking: &[(
            "request-parameter-type-changed",
            "POST /api/v1.0/groups",
            "the revision also turns the parameter's type from string to integer; oasdiff's test runs only its became-enum check",
        )],
    },
    Case {
        test: "TestRequestParameterEnumValueRemovedCheck",
        base: "request_parameter_enum_value_updated_base",
        revision: "request_parameter_enum_value_updated_revision",
        expected: &[("request-parameter-enum-value-removed", "GET /test")],
        also_breaking: &[],
    },
    Case {
        test: "TestRequestParameterEnumValueAddedCheck",
        base: "request_parameter_enum_value_updated_revision",
        revision: "request_parameter_enum_value_updated_base",
        expected: &[("request-parameter-enum-value-added", "GET /test")],
        also_breaking: &[],
    },
    Case {
        test: "TestRequestPropertyTypeChangedCheck",
        base: "request_property_type_changed_base",
        revision: "request_property_type_changed_revision",
        expected: &[("request-property-type-changed", "POST /pets")],
        also_breaking: &[],
    },
    Case {
        test: "TestRequestBodyAndPropertyTypesChangedCheckArrayToObject",
        base: "request_property_type_changed_base_array_to_object",
        revision: "request_property_type_changed_revision_array_to_object",
        expected: &[
            ("request-property-type-changed", "POST /dogs"),
            ("request-body-type-changed", "POST /pets"),
        ],
        also_breaking: &[],
    },
    Case {
        test: "TestRequestBodyAndPropertyTypesChangedCheckObjectToArray",
        base: "request_property_type_changed_revision_array_to_object",
        revision: "request_property_type_changed_base_array_to_object",
        expected: &[
            ("request-property-type-changed", "POST /dogs"),
            ("request-body-type-changed", "POST /pets"),
        ],
        also_breaking: &[],
    },
    Case {
        test: "TestRequiredRequestPropertyAdded",
        base: "request_property_added_base",
        revision: "request_property_added_revision",
        expected: &[("new-required-request-property", "POST /products")],
        also_breaking: &[],
    },
    Case {
        test: "TestRequiredRequestPropertiesAdded",
        base: "request_property_added_base",
        revision: "request_property_added_revision2",
        expected: &[
            ("new-required-request-property", "POST /products"),
            ("new-optional-request-property", "POST /products"),
        ],
        also_breaking: &[],
    },
    Case {
        test: "TestRequiredRequestPropertyRemoved",
        base: "request_property_added_revision",
        revision: "request_property_added_base",
        expected: &[("request-property-removed", "POST /products")],
        also_breaking: &[],
    },
    Case {
        test: "TestAddNewMediaType",
        base: "add_new_media_type_base",
        revision: "add_new_media_type_revision",
        expected: &[("response-media-type-added", "POST /api/v1.0/groups")],
        also_breaking: &[],
    },
    Case {
        test: "TestDeleteNewMediaType",
        base: "add_new_media_type_revision",
        revision: "add_new_media_type_base",
        expected: &[("response-media-type-removed", "POST /api/v1.0/groups")],
        also_breaking: &[],
    },
    Case {
        test: "TestResponseOptionalPropertyUpdatedCheck",
        base: "response_optional_property_removed_base",
        revision: "response_optional_property_removed_revision",
        expected: &[(
            "response-optional-property-removed",
            "POST /api/v1.0/groups",
        )],
        also_breaking: &[],
    },
    Case {
        test: "TestResponseOptionalPropertyAddedCheck",
        base: "response_optional_property_removed_revision",
        revision: "response_optional_property_removed_base",
        expected: &[("response-optional-property-added", "POST /api/v1.0/groups")],
        also_breaking: &[],
    },
    Case {
        test: "TestResponsePropertyBecameOptionalCheck",
        base: "response_property_became_optional_base",
        revision: "response_property_became_optional_revision",
        expected: &[("response-property-became-optional", "POST /api/v1.0/groups")],
        also_breaking: &[(
            "response-required-property-removed",
            "POST /api/v1.0/groups",
            "the revision also drops the required property `location`; oasdiff's test runs only its became-optional check",
        )],
    },
    Case {
        test: "TestResponsePropertyBecameRequiredlCheck",
        base: "response_property_became_optional_revision",
        revision: "response_property_became_optional_base",
        expected: &[("response-property-became-required", "POST /api/v1.0/groups")],
        also_breaking: &[],
    },
    Case {
        test: "TestResponseSchemaTypeChangedCheck",
        base: "response_schema_type_changed_base",
        revision: "response_schema_type_changed_revision",
        expected: &[("response-body-type-changed", "POST /api/v1.0/groups")],
        also_breaking: &[],
    },
    Case {
        test: "TestResponseRequiredPropertyAdded",
        base: "response_required_property_added_base",
        revision: "response_required_property_added_revision",
        expected: &[("response-required-property-added", "POST /api/v1.0/groups")],
        also_breaking: &[],
    },
    Case {
        test: "TestResponseAdditionalPropertyTypeChangedCheck",
        base: "additional_properties_base",
        revision: "additional_properties_revision",
        expected: &[("response-property-type-changed", "GET /value")],
        also_breaking: &[],
    },
    // oasdiff reports a webhook added or removed as a change of its `webhooks` component with
    // the webhook's name as argument; ours names it `webhook:<name>`, where an operation's
    // changes name the operation.
    Case {
        test: "TestWebhookAddedAndRemoved",
        base: "webhook_base",
        revision: "webhook_revision",
        expected: &[
            ("webhook-removed", "webhook:orderDeleted"),
            ("webhook-added", "webhook:orderUpdated"),
        ],
        also_breaking: &[],
    },
    // A webhook both sides have: its operations checked as those of the path
    // `webhook:orderCreated`. oasdiff's test asks for either of the two findings; both are
    // its findings with every check on, so both are asked here.
    Case {
        test: "TestWebhookOperationChangesDetected",
        base: "webhook_operation_base",
        revision: "webhook_operation_revision",
        expected: &[
            ("request-body-became-required", "POST webhook:orderCreated"),
            ("new-optional-request-property", "POST webhook:orderCreated"),
        ],
        also_breaking: &[],
    },
];

fn fixture(name: &str) -> String {
    format!("tests/fixtures/diff/oasdiff/{name}.yaml")
}

/// oasdiff's level of each of its rule ids (`levels.tsv`), as our [`Level`].
fn oasdiff_levels() -> HashMap<String, Level> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/diff/oasdiff/levels.tsv");
    let text = std::fs::read_to_string(&path).expect("levels.tsv is vendored");
    let levels: HashMap<String, Level> = text
        .lines()
        .filter(|line| !line.starts_with('#') && !line.is_empty())
        .map(|line| {
            let (id, level) = line.split_once('\t').expect("`<id>\\t<level>`");
            let level = match level {
                "ERR" => Level::Breaking,
                "WARN" => Level::Warning,
                "INFO" => Level::Info,
                other => panic!("levels.tsv: unknown level {other:?} for {id}"),
            };
            (id.to_string(), level)
        })
        .collect();
    // oasdiff's rules.go at 4553c69d has 509 rules: a truncated table must not pass quietly.
    assert_eq!(levels.len(), 509, "levels.tsv: rules read");
    levels
}

fn oasdiff_level(levels: &HashMap<String, Level>, id: &str, test: &str) -> Level {
    *levels
        .get(id)
        .unwrap_or_else(|| panic!("{test}: {id} is not one of oasdiff's rules (levels.tsv)"))
}

#[test]
fn oasdiff_test_pairs_agree_on_findings_and_levels() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let levels = oasdiff_levels();
    let mut expected_total = 0;
    for case in CASES {
        let report = diff(&fixture(case.base), &fixture(case.revision), dir)
            .unwrap_or_else(|e| panic!("{}: {e}", case.test));
        let ours: Vec<(&str, &str, Level)> = report
            .changes
            .iter()
            .map(|c| (c.id, c.operation.as_deref().unwrap_or(""), c.level))
            .collect();
        for (id, operation) in case.expected {
            expected_total += 1;
            let theirs = oasdiff_level(&levels, id, case.test);
            let found: Vec<Level> = ours
                .iter()
                .filter(|(i, o, _)| i == id && o == operation)
                .map(|(_, _, level)| *level)
                .collect();
            assert!(
                !found.is_empty(),
                "{}: oasdiff expects {id} on `{operation}`; ours: {ours:?}",
                case.test
            );
            assert!(
                found.iter().all(|level| *level == theirs),
                "{}: {id} on `{operation}` is {theirs:?} in oasdiff, ours reports {found:?}",
                case.test
            );
        }
        for (id, operation, _) in case.also_breaking {
            assert_eq!(
                oasdiff_level(&levels, id, case.test),
                Level::Breaking,
                "{}: {id}, listed as also breaking, is not breaking in oasdiff",
                case.test
            );
            assert!(
                ours.iter().any(|(i, o, _)| i == id && o == operation),
                "{}: {id} on `{operation}` is listed as also breaking but ours does not report it",
                case.test
            );
        }
        let mut breaking: Vec<(&str, &str)> = ours
            .iter()
            .filter(|(_, _, level)| *level == Level::Breaking)
            .map(|(i, o, _)| (*i, *o))
            .collect();
        breaking.sort_unstable();
        breaking.dedup();
        let expected_breaking = case
            .expected
            .iter()
            .filter(|(id, _)| oasdiff_level(&levels, id, case.test) == Level::Breaking);
        let mut explained: Vec<(&str, &str)> = expected_breaking
            .copied()
            .chain(case.also_breaking.iter().map(|(i, o, _)| (*i, *o)))
            .collect();
        explained.sort_unstable();
        explained.dedup();
        assert_eq!(
            breaking, explained,
            "{}: our breaking changes differ from oasdiff's plus the explained ones",
            case.test
        );
    }
    eprintln!(
        "oasdiff test pairs: {} cases, {expected_total} expected findings, all found at oasdiff's level",
        CASES.len()
    );
}

#[test]
fn checks_table_levels_are_oasdiffs() {
    let levels = oasdiff_levels();
    let mut compared = 0;
    for check in CHECKS.iter().filter(|c| c.oasdiff) {
        let theirs = oasdiff_level(&levels, check.id, "CHECKS");
        assert_eq!(
            check.level, theirs,
            "rules.rs gives {} the level {:?}; oasdiff's rules.go gives it {theirs:?}",
            check.id, check.level
        );
        compared += 1;
    }
    for check in CHECKS.iter().filter(|c| !c.oasdiff) {
        assert!(
            !levels.contains_key(check.id),
            "{} is marked as ours but oasdiff has a rule of that id",
            check.id
        );
    }
    assert_eq!(compared, 67, "oasdiff rules in our checks table");
}
