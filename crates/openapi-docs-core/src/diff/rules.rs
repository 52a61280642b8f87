//! The checks table: every kind of change the diff reports, with oasdiff's rule id and level
//! (`checker/rules.go` and the `*Id` constants of `checker/check_*.go` in oasdiff/oasdiff at
//! commit 4553c69d; `ERR` is [`Level::Breaking`], `WARN` [`Level::Warning`], `INFO`
//! [`Level::Info`]). The two server checks are ours: oasdiff has no rule for `servers` (its
//! `AreaServers` "has no rules yet: server changes are treated as deployment metadata").

use serde::Serialize;

/// How much a change matters to a client written against the old document.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// A client written against the old document can fail against the new one (oasdiff `ERR`).
    Breaking,
    /// It may fail, depending on what the client does (oasdiff `WARN`).
    Warning,
    /// Nothing a client relies on changed (oasdiff `INFO`).
    Info,
}

impl Level {
    /// `breaking`, `warning` or `info`.
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Breaking => "breaking",
            Level::Warning => "warning",
            Level::Info => "info",
        }
    }
}

/// One kind of change: its check id and level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Check {
    /// oasdiff's rule id (`api-path-removed-without-deprecation`, ...).
    pub id: &'static str,
    /// Its level.
    pub level: Level,
    /// Whether the id is oasdiff's (`false` for the server checks, which oasdiff has not).
    pub oasdiff: bool,
}

const fn rule(id: &'static str, level: Level) -> Check {
    Check {
        id,
        level,
        oasdiff: true,
    }
}

const fn ours(id: &'static str, level: Level) -> Check {
    Check {
        id,
        level,
        oasdiff: false,
    }
}

use Level::{Breaking, Info, Warning};

// Operations.
pub(crate) const ENDPOINT_ADDED: Check = rule("endpoint-added", Info);
pub(crate) const ENDPOINT_DEPRECATED: Check = rule("endpoint-deprecated", Info);
pub(crate) const ENDPOINT_REACTIVATED: Check = rule("endpoint-reactivated", Info);
pub(crate) const API_PATH_REMOVED_WITHOUT_DEPRECATION: Check =
    rule("api-path-removed-without-deprecation", Breaking);
pub(crate) const API_PATH_REMOVED_WITH_DEPRECATION: Check =
    rule("api-path-removed-with-deprecation", Info);
pub(crate) const API_REMOVED_WITHOUT_DEPRECATION: Check =
    rule("api-removed-without-deprecation", Breaking);
pub(crate) const API_REMOVED_WITH_DEPRECATION: Check = rule("api-removed-with-deprecation", Info);

// Webhooks (a webhook both sides have is compared with the operation checks).
pub(crate) const WEBHOOK_ADDED: Check = rule("webhook-added", Info);
pub(crate) const WEBHOOK_REMOVED: Check = rule("webhook-removed", Breaking);

// Parameters.
pub(crate) const NEW_REQUIRED_REQUEST_PARAMETER: Check =
    rule("new-required-request-parameter", Breaking);
pub(crate) const NEW_OPTIONAL_REQUEST_PARAMETER: Check =
    rule("new-optional-request-parameter", Info);
pub(crate) const REQUEST_PARAMETER_REMOVED: Check = rule("request-parameter-removed", Warning);
pub(crate) const REQUEST_PARAMETER_REMOVED_WITH_DEPRECATION: Check =
    rule("request-parameter-removed-with-deprecation", Info);
pub(crate) const REQUEST_PARAMETER_BECAME_REQUIRED: Check =
    rule("request-parameter-became-required", Breaking);
pub(crate) const REQUEST_PARAMETER_BECAME_OPTIONAL: Check =
    rule("request-parameter-became-optional", Info);
pub(crate) const REQUEST_PARAMETER_DEPRECATED: Check = rule("request-parameter-deprecated", Info);
pub(crate) const REQUEST_PARAMETER_TYPE_CHANGED: Check =
    rule("request-parameter-type-changed", Breaking);
pub(crate) const REQUEST_PARAMETER_TYPE_GENERALIZED: Check =
    rule("request-parameter-type-generalized", Info);
pub(crate) const REQUEST_PARAMETER_ENUM_VALUE_ADDED: Check =
    rule("request-parameter-enum-value-added", Info);
pub(crate) const REQUEST_PARAMETER_ENUM_VALUE_REMOVED: Check =
    rule("request-parameter-enum-value-removed", Breaking);
pub(crate) const REQUEST_PARAMETER_BECAME_ENUM: Check =
    rule("request-parameter-became-enum", Breaking);

// Request bodies.
pub(crate) const REQUEST_BODY_ADDED_REQUIRED: Check = rule("request-body-added-required", Breaking);
pub(crate) const REQUEST_BODY_ADDED_OPTIONAL: Check = rule("request-body-added-optional", Info);
pub(crate) const REQUEST_BODY_REMOVED: Check = rule("request-body-removed", Breaking);
pub(crate) const REQUEST_BODY_BECAME_REQUIRED: Check =
    rule("request-body-became-required", Breaking);
pub(crate) const REQUEST_BODY_BECAME_OPTIONAL: Check = rule("request-body-became-optional", Info);
pub(crate) const REQUEST_BODY_MEDIA_TYPE_ADDED: Check = rule("request-body-media-type-added", Info);
pub(crate) const REQUEST_BODY_MEDIA_TYPE_REMOVED: Check =
    rule("request-body-media-type-removed", Breaking);
pub(crate) const REQUEST_BODY_TYPE_CHANGED: Check = rule("request-body-type-changed", Breaking);
pub(crate) const REQUEST_BODY_TYPE_GENERALIZED: Check = rule("request-body-type-generalized", Info);
pub(crate) const REQUEST_BODY_ENUM_VALUE_REMOVED: Check =
    rule("request-body-enum-value-removed", Breaking);
pub(crate) const REQUEST_BODY_BECAME_ENUM: Check = rule("request-body-became-enum", Breaking);

// Request body properties.
pub(crate) const NEW_REQUIRED_REQUEST_PROPERTY: Check =
    rule("new-required-request-property", Breaking);
pub(crate) const NEW_OPTIONAL_REQUEST_PROPERTY: Check = rule("new-optional-request-property", Info);
pub(crate) const REQUEST_PROPERTY_REMOVED: Check = rule("request-property-removed", Warning);
pub(crate) const REQUEST_PROPERTY_BECAME_REQUIRED: Check =
    rule("request-property-became-required", Breaking);
pub(crate) const REQUEST_PROPERTY_BECAME_OPTIONAL: Check =
    rule("request-property-became-optional", Info);
pub(crate) const REQUEST_PROPERTY_TYPE_CHANGED: Check =
    rule("request-property-type-changed", Breaking);
pub(crate) const REQUEST_PROPERTY_TYPE_GENERALIZED: Check =
    rule("request-property-type-generalized", Info);
pub(crate) const REQUEST_PROPERTY_ENUM_VALUE_ADDED: Check =
    rule("request-property-enum-value-added", Info);
pub(crate) const REQUEST_PROPERTY_ENUM_VALUE_REMOVED: Check =
    rule("request-property-enum-value-removed", Breaking);
pub(crate) const REQUEST_PROPERTY_BECAME_ENUM: Check =
    rule("request-property-became-enum", Breaking);

// Responses.
pub(crate) const RESPONSE_SUCCESS_STATUS_ADDED: Check = rule("response-success-status-added", Info);
pub(crate) const RESPONSE_SUCCESS_STATUS_REMOVED: Check =
    rule("response-success-status-removed", Breaking);
pub(crate) const RESPONSE_NON_SUCCESS_STATUS_ADDED: Check =
    rule("response-non-success-status-added", Info);
pub(crate) const RESPONSE_NON_SUCCESS_STATUS_REMOVED: Check =
    rule("response-non-success-status-removed", Info);
pub(crate) const RESPONSE_MEDIA_TYPE_ADDED: Check = rule("response-media-type-added", Info);
pub(crate) const RESPONSE_MEDIA_TYPE_REMOVED: Check = rule("response-media-type-removed", Breaking);
pub(crate) const RESPONSE_BODY_TYPE_CHANGED: Check = rule("response-body-type-changed", Breaking);
pub(crate) const RESPONSE_MEDIATYPE_ENUM_VALUE_REMOVED: Check =
    rule("response-mediatype-enum-value-removed", Info);

// Response body properties.
pub(crate) const RESPONSE_REQUIRED_PROPERTY_ADDED: Check =
    rule("response-required-property-added", Info);
pub(crate) const RESPONSE_OPTIONAL_PROPERTY_ADDED: Check =
    rule("response-optional-property-added", Info);
pub(crate) const RESPONSE_REQUIRED_PROPERTY_REMOVED: Check =
    rule("response-required-property-removed", Breaking);
pub(crate) const RESPONSE_OPTIONAL_PROPERTY_REMOVED: Check =
    rule("response-optional-property-removed", Warning);
pub(crate) const RESPONSE_PROPERTY_BECAME_OPTIONAL: Check =
    rule("response-property-became-optional", Breaking);
pub(crate) const RESPONSE_PROPERTY_BECAME_REQUIRED: Check =
    rule("response-property-became-required", Info);
pub(crate) const RESPONSE_PROPERTY_TYPE_CHANGED: Check =
    rule("response-property-type-changed", Breaking);
pub(crate) const RESPONSE_PROPERTY_ENUM_VALUE_ADDED: Check =
    rule("response-property-enum-value-added", Warning);
pub(crate) const RESPONSE_PROPERTY_ENUM_VALUE_REMOVED: Check =
    rule("response-property-enum-value-removed", Info);

// Security.
pub(crate) const API_SECURITY_ADDED: Check = rule("api-security-added", Info);
pub(crate) const API_SECURITY_REMOVED: Check = rule("api-security-removed", Info);
pub(crate) const API_SECURITY_SCOPE_ADDED: Check = rule("api-security-scope-added", Info);
pub(crate) const API_SECURITY_SCOPE_REMOVED: Check = rule("api-security-scope-removed", Info);
pub(crate) const API_GLOBAL_SECURITY_ADDED: Check = rule("api-global-security-added", Info);
pub(crate) const API_GLOBAL_SECURITY_REMOVED: Check = rule("api-global-security-removed", Info);
pub(crate) const API_GLOBAL_SECURITY_SCOPE_ADDED: Check =
    rule("api-global-security-scope-added", Info);
pub(crate) const API_GLOBAL_SECURITY_SCOPE_REMOVED: Check =
    rule("api-global-security-scope-removed", Info);

// Servers (ours).
pub(crate) const SERVER_ADDED: Check = ours("server-added", Info);
pub(crate) const SERVER_REMOVED: Check = ours("server-removed", Warning);

/// Every check, in the order of the table above (what `--list-checks` would print).
pub const ALL: &[Check] = &[
    ENDPOINT_ADDED,
    ENDPOINT_DEPRECATED,
    ENDPOINT_REACTIVATED,
    API_PATH_REMOVED_WITHOUT_DEPRECATION,
    API_PATH_REMOVED_WITH_DEPRECATION,
    API_REMOVED_WITHOUT_DEPRECATION,
    API_REMOVED_WITH_DEPRECATION,
    WEBHOOK_ADDED,
    WEBHOOK_REMOVED,
    NEW_REQUIRED_REQUEST_PARAMETER,
    NEW_OPTIONAL_REQUEST_PARAMETER,
    REQUEST_PARAMETER_REMOVED,
    REQUEST_PARAMETER_REMOVED_WITH_DEPRECATION,
    REQUEST_PARAMETER_BECAME_REQUIRED,
    REQUEST_PARAMETER_BECAME_OPTIONAL,
    REQUEST_PARAMETER_DEPRECATED,
    REQUEST_PARAMETER_TYPE_CHANGED,
    REQUEST_PARAMETER_TYPE_GENERALIZED,
    REQUEST_PARAMETER_ENUM_VALUE_ADDED,
    REQUEST_PARAMETER_ENUM_VALUE_REMOVED,
    REQUEST_PARAMETER_BECAME_ENUM,
    REQUEST_BODY_ADDED_REQUIRED,
    REQUEST_BODY_ADDED_OPTIONAL,
    REQUEST_BODY_REMOVED,
    REQUEST_BODY_BECAME_REQUIRED,
    REQUEST_BODY_BECAME_OPTIONAL,
    REQUEST_BODY_MEDIA_TYPE_ADDED,
    REQUEST_BODY_MEDIA_TYPE_REMOVED,
    REQUEST_BODY_TYPE_CHANGED,
    REQUEST_BODY_TYPE_GENERALIZED,
    REQUEST_BODY_ENUM_VALUE_REMOVED,
    REQUEST_BODY_BECAME_ENUM,
    NEW_REQUIRED_REQUEST_PROPERTY,
    NEW_OPTIONAL_REQUEST_PROPERTY,
    REQUEST_PROPERTY_REMOVED,
    REQUEST_PROPERTY_BECAME_REQUIRED,
    REQUEST_PROPERTY_BECAME_OPTIONAL,
    REQUEST_PROPERTY_TYPE_CHANGED,
    REQUEST_PROPERTY_TYPE_GENERALIZED,
    REQUEST_PROPERTY_ENUM_VALUE_ADDED,
    REQUEST_PROPERTY_ENUM_VALUE_REMOVED,
    REQUEST_PROPERTY_BECAME_ENUM,
    RESPONSE_SUCCESS_STATUS_ADDED,
    RESPONSE_SUCCESS_STATUS_REMOVED,
    RESPONSE_NON_SUCCESS_STATUS_ADDED,
    RESPONSE_NON_SUCCESS_STATUS_REMOVED,
    RESPONSE_MEDIA_TYPE_ADDED,
    RESPONSE_MEDIA_TYPE_REMOVED,
    RESPONSE_BODY_TYPE_CHANGED,
    RESPONSE_MEDIATYPE_ENUM_VALUE_REMOVED,
    RESPONSE_REQUIRED_PROPERTY_ADDED,
    RESPONSE_OPTIONAL_PROPERTY_ADDED,
    RESPONSE_REQUIRED_PROPERTY_REMOVED,
    RESPONSE_OPTIONAL_PROPERTY_REMOVED,
    RESPONSE_PROPERTY_BECAME_OPTIONAL,
    RESPONSE_PROPERTY_BECAME_REQUIRED,
    RESPONSE_PROPERTY_TYPE_CHANGED,
    RESPONSE_PROPERTY_ENUM_VALUE_ADDED,
    RESPONSE_PROPERTY_ENUM_VALUE_REMOVED,
    API_SECURITY_ADDED,
    API_SECURITY_REMOVED,
    API_SECURITY_SCOPE_ADDED,
    API_SECURITY_SCOPE_REMOVED,
    API_GLOBAL_SECURITY_ADDED,
    API_GLOBAL_SECURITY_REMOVED,
    API_GLOBAL_SECURITY_SCOPE_ADDED,
    API_GLOBAL_SECURITY_SCOPE_REMOVED,
    SERVER_ADDED,
    SERVER_REMOVED,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique() {
        let mut ids: Vec<_> = ALL.iter().map(|c| c.id).collect();
        ids.sort_unstable();
        let before = ids.len();
        ids.dedup();
        assert_eq!(before, ids.len());
    }
}
