//! The targets: the releases of docusaurus-plugin-openapi-docs whose pages the core writes, each
//! as the behaviours of `super::Target`, and the table from the installed theme's release to
//! its target. The only place, with `options::Compat`, where release numbers are spelt.
//! What differs between releases was measured page by page
//! (`docs/notes/2026-11-28-reference-releases.md`, `tests/reference-releases/`).

use super::{
    Admonition, ApiTemplate, Bundler, Explorer, ExternalProps, HeadingTitle, OptionSupport,
    PageMarkup, PathLayout, Postman, RefParser, Sampler, SidebarBehaviour, Target, ThemeFaults,
    UnsetProps,
};

/// docusaurus-plugin-openapi-docs 4.3.5, for docusaurus-theme-openapi-docs 4.3.x.
static PLUGIN_4_3_5: Target = Target {
    release: "4.3.5",
    docusaurus: "3.5",
    bundler: Bundler::RedoclyCore1,
    ref_parser: RefParser::V11,
    sampler: Sampler::RequestAndResponseBuilders,
    explorer: Explorer::Unmasked,
    postman: Postman::Converter4,
    theme_faults: ThemeFaults::Theme4,
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

/// docusaurus-plugin-openapi-docs 5.2.0, for docusaurus-theme-openapi-docs 5.2.x.
static PLUGIN_5_2_0: Target = Target {
    release: "5.2.0",
    docusaurus: "3.10",
    bundler: Bundler::RedoclyCore2,
    ref_parser: RefParser::V15,
    sampler: Sampler::SchemaExample,
    explorer: Explorer::MaskingCredentials,
    postman: Postman::Converter6,
    theme_faults: ThemeFaults::Theme5,
    pages: PageMarkup {
        api_template: ApiTemplate::DeprecatedClassAndMaskCredentials,
        admonition: Admonition::BracketTitle,
        unset_props: UnsetProps::Absent,
        heading: HeadingTitle::AsIs,
        translated_request_heading: true,
        api_key_label_names_place: true,
        license_spdx_link: true,
        download_url_on_every_item: true,
        webhook_named_after_event: true,
        sorted_by_x_position: true,
        external_props: ExternalProps::PluginFiles,
    },
    paths: PathLayout::BasePathFromOutput,
    sidebar: SidebarBehaviour {
        tag_group_keys: true,
    },
    options: OptionSupport {
        page_templates: true,
        show_info_page: true,
        schemas_only: true,
        mask_credentials: true,
        tag_parent: true,
    },
};

/// Every target, the default (`compat` unset) first.
pub static TARGETS: [&Target; 2] = [&PLUGIN_4_3_5, &PLUGIN_5_2_0];

/// The theme release lines the plugin serves (`major.minor` of docusaurus-theme-openapi-docs)
/// and the target of each. The plugin reads the installed theme's version and picks its target.
pub static THEMES: [(&str, &Target); 2] = [("4.3", &PLUGIN_4_3_5), ("5.2", &PLUGIN_5_2_0)];

/// The target whose `release` is `release`.
pub fn for_release(release: &str) -> Option<&'static Target> {
    TARGETS.iter().copied().find(|t| t.release == release)
}

/// The target for an installed docusaurus-theme-openapi-docs `version` (`4.3.5`, `5.2.0-beta.1`):
/// its `major.minor` line's, if the plugin serves that line.
pub fn for_theme(version: &str) -> Option<&'static Target> {
    let mut parts = version.trim_start_matches(['v', '=', '^', '~']).split('.');
    let line = format!("{}.{}", parts.next()?, parts.next()?);
    THEMES
        .iter()
        .find(|(theme, _)| *theme == line)
        .map(|(_, target)| *target)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn themes_map_to_their_line_s_target() {
        assert_eq!(for_theme("4.3.5").unwrap().release, "4.3.5");
        assert_eq!(for_theme("4.3.7").unwrap().release, "4.3.5");
        assert_eq!(for_theme("5.2.0").unwrap().release, "5.2.0");
        assert_eq!(for_theme("5.2.1-beta.0").unwrap().release, "5.2.0");
        assert!(for_theme("4.4.0").is_none());
        assert!(for_theme("5.1.3").is_none());
        assert!(for_theme("5").is_none());
        assert!(for_theme("").is_none());
    }

    #[test]
    fn every_target_has_a_release_of_its_own_and_the_default_is_first() {
        assert_eq!(TARGETS[0].release, "4.3.5");
        for (i, a) in TARGETS.iter().enumerate() {
            assert_eq!(for_release(a.release).map(|t| t.release), Some(a.release));
            assert!(TARGETS[i + 1..].iter().all(|b| b.release != a.release));
        }
        for (_, target) in &THEMES {
            assert!(TARGETS.iter().any(|t| std::ptr::eq(*t, *target)));
        }
    }
}
