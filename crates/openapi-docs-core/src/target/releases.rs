//! The targets: the releases of docusaurus-plugin-openapi-docs whose pages the core writes, each
//! as the behaviours of `super::Target`, and the table from the installed theme's release to
//! its target. The only place, with `options::Compat`, where release numbers are spelt.
//! What differs between releases was measured page by page
//! (`docs/notes/2026-11-28-reference-releases.md`, `tests/reference-releases/`).

use super::{
    Admonition, AllOfMerge, ApiTemplate, Bundler, Explorer, ExternalProps, HeadingTitle,
    OptionSupport, PageMarkup, PathLayout, Postman, PostmanBinding, RefParser, SampleBuilder,
    Sampler, SidebarBehaviour, Target, ThemeFaults, UnsetProps, YamlReader,
};

/// docusaurus-plugin-openapi-docs 4.3.5, for docusaurus-theme-openapi-docs 4.3.x.
const TARGET_4_3_5: Target = Target {
    release: "4.3.5",
    docusaurus: "3.5",
    bundler: Bundler::RedoclyCore1,
    ref_parser: RefParser::V11,
    yaml: YamlReader::JsYaml4,
    sampler: Sampler::REQUEST_AND_RESPONSE_BUILDERS,
    explorer: Explorer::Unmasked,
    postman: Postman {
        binding: PostmanBinding::ByPath,
        inherits_path_level_descriptions: false,
    },
    theme_faults: ThemeFaults {
        discriminator_without_tabs: true,
        discriminator_entry_properties: true,
        discriminator_in_all_of_member: false,
        one_of_not_a_list: true,
        all_of_not_a_list: false,
        parameter_without_place: true,
        array_example_not_a_list: true,
        keeps_key_order: false,
    },
    pages: PageMarkup {
        api_template: ApiTemplate::Original,
        admonition: Admonition::SpaceTitle,
        unset_props: UnsetProps::Undefined,
        heading: HeadingTitle::Cleaned,
        translated_request_heading: false,
        api_key_label_names_place: false,
        license_spdx_link: false,
        download_url_on_every_item: false,
        webhook_named_after_event: false,
        sorted_by_x_position: false,
        external_props: ExternalProps::LargeProps,
    },
    paths: PathLayout::SplitOnDocsPath,
    sidebar: SidebarBehaviour {
        tag_group_keys: false,
    },
    options: OptionSupport {
        page_templates: false,
        show_info_page: false,
        schemas_only: false,
        mask_credentials: false,
        tag_parent: false,
    },
};

/// 4.3.7: `downloadUrl` on every item (4.3.5's crash on `requestBody.content: {}` is fixed too;
/// ours never had it); the theme renders a discriminator without entries (no tab).
const TARGET_4_3_7: Target = Target {
    release: "4.3.7",
    theme_faults: ThemeFaults {
        discriminator_without_tabs: false,
        ..TARGET_4_3_5.theme_faults
    },
    pages: PageMarkup {
        download_url_on_every_item: true,
        ..TARGET_4_3_5.pages
    },
    ..TARGET_4_3_5
};

/// 4.4.0: the `infoTemplate`, `tagTemplate` and `schemaTemplate` options; the theme renders a
/// discriminator whose entries have no properties.
const TARGET_4_4_0: Target = Target {
    release: "4.4.0",
    theme_faults: ThemeFaults {
        discriminator_entry_properties: false,
        ..TARGET_4_3_7.theme_faults
    },
    options: OptionSupport {
        page_templates: true,
        ..TARGET_4_3_7.options
    },
    ..TARGET_4_3_7
};

/// 4.5.1: the info page's API key label, `x-position` order, one sample builder.
const TARGET_4_5_1: Target = Target {
    release: "4.5.1",
    sampler: Sampler {
        builder: SampleBuilder::SchemaExample,
        ..Sampler::REQUEST_AND_RESPONSE_BUILDERS
    },
    pages: PageMarkup {
        api_key_label_names_place: true,
        sorted_by_x_position: true,
        ..TARGET_4_4_0.pages
    },
    ..TARGET_4_4_0
};

/// 4.6.0: one sample builder reading OpenAPI 3.1 examples, path-level descriptions in the Postman
/// request, the translated request heading, titles as they are in the h1, webhooks named after
/// their event, and 5.x's `showInfoPage`, `maskCredentials` and `schemasOnly` options; the theme
/// filters an `allOf` unchecked where it renders it (`allOf.filter`), and checks that a list
/// parameter's example is a list.
const TARGET_4_6_0: Target = Target {
    release: "4.6.0",
    sampler: Sampler {
        explicit_examples: true,
        ..TARGET_4_5_1.sampler
    },
    postman: Postman {
        inherits_path_level_descriptions: true,
        ..TARGET_4_5_1.postman
    },
    explorer: Explorer::MaskingCredentials,
    theme_faults: ThemeFaults {
        all_of_not_a_list: true,
        array_example_not_a_list: false,
        ..TARGET_4_5_1.theme_faults
    },
    pages: PageMarkup {
        api_template: ApiTemplate::MaskCredentials,
        heading: HeadingTitle::AsIs,
        translated_request_heading: true,
        webhook_named_after_event: true,
        ..TARGET_4_5_1.pages
    },
    options: OptionSupport {
        show_info_page: true,
        schemas_only: true,
        mask_credentials: true,
        ..TARGET_4_5_1.options
    },
    ..TARGET_4_5_1
};

/// 4.7.1: `externalJsonProps`, on by default.
const TARGET_4_7_1: Target = Target {
    release: "4.7.1",
    pages: PageMarkup {
        external_props: ExternalProps::PluginFiles,
        ..TARGET_4_6_0.pages
    },
    ..TARGET_4_6_0
};

/// 5.0.0: Redocly 2 and json-schema-ref-parser 15, props without `undefined`, the 5.x theme. Its
/// Postman binding, which gives some pages another operation's request, is not reproduced: ours
/// binds as 5.1.0 does.
const TARGET_5_0_0: Target = Target {
    release: "5.0.0",
    docusaurus: "3.10",
    bundler: Bundler::RedoclyCore2,
    ref_parser: RefParser::V15,
    yaml: YamlReader::JsYaml5,
    sampler: Sampler {
        all_of_merge: AllOfMerge::EmptyWhenUndefined,
        ..TARGET_4_7_1.sampler
    },
    postman: Postman {
        binding: PostmanBinding::ByTemplate,
        inherits_path_level_descriptions: true,
    },
    // The 5.0.0 to 5.1.0 themes look for a discriminator in every schema they render
    // (`findDiscriminator`), iterating `oneOf` and `anyOf` unchecked: `one_of_not_a_list` stays.
    theme_faults: ThemeFaults {
        discriminator_in_all_of_member: true,
        parameter_without_place: false,
        keeps_key_order: true,
        ..TARGET_4_7_1.theme_faults
    },
    pages: PageMarkup {
        unset_props: UnsetProps::Absent,
        license_spdx_link: true,
        ..TARGET_4_7_1.pages
    },
    paths: PathLayout::BasePathFromOutput,
    sidebar: SidebarBehaviour {
        tag_group_keys: true,
    },
    ..TARGET_4_7_1
};

/// 5.0.1 and 5.0.2: the admonition's bracketed title.
const TARGET_5_0_1: Target = Target {
    release: "5.0.1",
    pages: PageMarkup {
        admonition: Admonition::BracketTitle,
        ..TARGET_5_0_0.pages
    },
    ..TARGET_5_0_0
};

/// 5.1.0: deprecated operations' sidebar class.
const TARGET_5_1_0: Target = Target {
    release: "5.1.0",
    sampler: Sampler::SCHEMA_EXAMPLE,
    pages: PageMarkup {
        api_template: ApiTemplate::DeprecatedClassAndMaskCredentials,
        ..TARGET_5_0_1.pages
    },
    ..TARGET_5_0_1
};

/// 5.1.2 and 5.1.3: 5.1.0's pages for a theme that finds discriminators without iterating
/// `oneOf` and `anyOf` (`getDiscriminator`), and whose `AnyOneOf` checks for a list: an `oneOf`
/// that is not a list is written as the plugin writes it.
const TARGET_5_1_2: Target = Target {
    release: "5.1.2",
    theme_faults: ThemeFaults {
        one_of_not_a_list: false,
        ..TARGET_5_1_0.theme_faults
    },
    ..TARGET_5_1_0
};

/// 5.2.0: `sidebarOptions.groupPathsBy: "tagParent"`.
const TARGET_5_2_0: Target = Target {
    release: "5.2.0",
    options: OptionSupport {
        tag_parent: true,
        ..TARGET_5_1_2.options
    },
    ..TARGET_5_1_2
};

static PLUGIN_4_3_5: Target = TARGET_4_3_5;
static PLUGIN_4_3_7: Target = TARGET_4_3_7;
static PLUGIN_4_4_0: Target = TARGET_4_4_0;
static PLUGIN_4_5_1: Target = TARGET_4_5_1;
static PLUGIN_4_6_0: Target = TARGET_4_6_0;
static PLUGIN_4_7_1: Target = TARGET_4_7_1;
static PLUGIN_5_0_0: Target = TARGET_5_0_0;
static PLUGIN_5_0_1: Target = TARGET_5_0_1;
static PLUGIN_5_1_0: Target = TARGET_5_1_0;
static PLUGIN_5_1_2: Target = TARGET_5_1_2;
static PLUGIN_5_2_0: Target = TARGET_5_2_0;

/// Every target, the default (`compat` unset) first, then by release.
pub static TARGETS: [&Target; 11] = [
    &PLUGIN_4_3_5,
    &PLUGIN_4_3_7,
    &PLUGIN_4_4_0,
    &PLUGIN_4_5_1,
    &PLUGIN_4_6_0,
    &PLUGIN_4_7_1,
    &PLUGIN_5_0_0,
    &PLUGIN_5_0_1,
    &PLUGIN_5_1_0,
    &PLUGIN_5_1_2,
    &PLUGIN_5_2_0,
];

/// Every release of docusaurus-plugin-openapi-docs the core reproduces (`npm view
/// docusaurus-plugin-openapi-docs versions` from 4.3.5 on; there is no 4.3.6 and no 5.1.1), and
/// its target: releases whose pages are identical share one. A site's
/// docusaurus-theme-openapi-docs has the same number as the plugin it came with.
pub static RELEASES: [(&str, &Target); 13] = [
    ("4.3.5", &PLUGIN_4_3_5),
    ("4.3.7", &PLUGIN_4_3_7),
    ("4.4.0", &PLUGIN_4_4_0),
    ("4.5.1", &PLUGIN_4_5_1),
    ("4.6.0", &PLUGIN_4_6_0),
    ("4.7.1", &PLUGIN_4_7_1),
    ("5.0.0", &PLUGIN_5_0_0),
    ("5.0.1", &PLUGIN_5_0_1),
    ("5.0.2", &PLUGIN_5_0_1),
    ("5.1.0", &PLUGIN_5_1_0),
    ("5.1.2", &PLUGIN_5_1_2),
    ("5.1.3", &PLUGIN_5_1_2),
    ("5.2.0", &PLUGIN_5_2_0),
];

/// The target of the plugin release `release` (as `compat` spells it).
pub fn for_release(release: &str) -> Option<&'static Target> {
    RELEASES
        .iter()
        .find(|(r, _)| *r == release)
        .map(|(_, target)| *target)
}

/// The release whose pages a site with docusaurus-theme-openapi-docs `version` gets (`4.3.5`,
/// `5.2.1-beta.0`): that release when the core knows it, else the newest known release of its
/// `major.minor` line (a later patch), else none.
pub fn release_for_theme(version: &str) -> Option<&'static str> {
    let version = version.trim_start_matches(['v', '=', '^', '~']);
    let core = version.split(['-', '+']).next().unwrap_or(version);
    if let Some((release, _)) = RELEASES.iter().find(|(r, _)| *r == core) {
        return Some(release);
    }
    let mut parts = core.split('.');
    let (major, minor) = (parts.next()?, parts.next()?);
    let patch: u32 = parts.next()?.parse().ok()?;
    RELEASES
        .iter()
        .rev()
        .find(|(r, _)| {
            let mut p = r.split('.');
            p.next() == Some(major)
                && p.next() == Some(minor)
                && p.next()
                    .and_then(|x| x.parse::<u32>().ok())
                    .is_some_and(|x| x < patch)
        })
        .map(|(r, _)| *r)
}

/// The target for an installed docusaurus-theme-openapi-docs `version`
/// ([`release_for_theme`]'s).
pub fn for_theme(version: &str) -> Option<&'static Target> {
    release_for_theme(version).and_then(for_release)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn themes_map_to_their_release_or_their_line_s_newest() {
        let release = |v| for_theme(v).map(|t| t.release);
        assert_eq!(release("4.3.5"), Some("4.3.5"));
        assert_eq!(release("4.3.7"), Some("4.3.7"));
        assert_eq!(release("4.3.9"), Some("4.3.7"));
        assert_eq!(release("5.0.2"), Some("5.0.1"));
        assert_eq!(release("5.1.3"), Some("5.1.2"));
        assert_eq!(release("5.2.0"), Some("5.2.0"));
        assert_eq!(release_for_theme("5.2.1-beta.0"), Some("5.2.0"));
        assert_eq!(release_for_theme("^5.1.1"), Some("5.1.0"));
        assert_eq!(release_for_theme("5.3.0"), None);
        assert_eq!(release_for_theme("4.2.0"), None);
        assert_eq!(release_for_theme("5"), None);
        assert_eq!(release_for_theme(""), None);
    }

    #[test]
    fn every_target_is_reached_and_named_after_its_first_release() {
        assert_eq!(TARGETS[0].release, "4.3.5");
        for target in TARGETS {
            let first = RELEASES.iter().find(|(_, t)| std::ptr::eq(*t, target));
            assert_eq!(first.map(|(r, _)| *r), Some(target.release));
        }
        for (_, target) in &RELEASES {
            assert!(TARGETS.iter().any(|t| std::ptr::eq(*t, *target)));
        }
        let mut releases: Vec<_> = RELEASES.iter().map(|(r, _)| *r).collect();
        releases.dedup();
        assert_eq!(releases.len(), RELEASES.len());
    }
}
