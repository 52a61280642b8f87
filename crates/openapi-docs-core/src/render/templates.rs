//! The reference's page templates, verbatim (including their trailing spaces): Mustache
//! templates rendered with an item view.

/// Front matter and body of API pages, and of info pages unless `categoryLinkSource` is `info`.
pub const API_TEMPLATE: &str = r#"---
id: {{{id}}}
title: "{{{title}}}"
description: "{{{frontMatter.description}}}"
{{^api}}
sidebar_label: Introduction
{{/api}}
{{#api}}
sidebar_label: "{{{title}}}"
{{/api}}
{{^api}}
sidebar_position: 0
{{/api}}
hide_title: true
{{#api}}
hide_table_of_contents: true
{{/api}}
{{#json}}
api: {{{json}}}
{{/json}}
{{#api.method}}
sidebar_class_name: "{{{api.method}}} api-method"
{{/api.method}}
{{#infoPath}}
info_path: {{{infoPath}}}
{{/infoPath}}
custom_edit_url: null
{{#frontMatter.proxy}}
proxy: {{{frontMatter.proxy}}}
{{/frontMatter.proxy}}
{{#frontMatter.hide_send_button}}
hide_send_button: true
{{/frontMatter.hide_send_button}}
{{#frontMatter.show_extensions}}
show_extensions: true
{{/frontMatter.show_extensions}}
---

{{{markdown}}}
      "#;

/// [`API_TEMPLATE`] of 5.x: the deprecated sidebar class (5.1) and `mask_credentials` (4.6).
pub const API_TEMPLATE_5_2: &str = r#"---
id: {{{id}}}
title: "{{{title}}}"
description: "{{{frontMatter.description}}}"
{{^api}}
sidebar_label: Introduction
{{/api}}
{{#api}}
sidebar_label: "{{{title}}}"
{{/api}}
{{^api}}
sidebar_position: 0
{{/api}}
hide_title: true
{{#api}}
hide_table_of_contents: true
{{/api}}
{{#json}}
api: {{{json}}}
{{/json}}
{{#api.method}}
sidebar_class_name: "{{{api.method}}} api-method{{#api.deprecated}} menu__list-item--deprecated{{/api.deprecated}}"
{{/api.method}}
{{#infoPath}}
info_path: {{{infoPath}}}
{{/infoPath}}
custom_edit_url: null
{{#frontMatter.proxy}}
proxy: {{{frontMatter.proxy}}}
{{/frontMatter.proxy}}
{{#frontMatter.hide_send_button}}
hide_send_button: true
{{/frontMatter.hide_send_button}}
{{#frontMatter.show_extensions}}
show_extensions: true
{{/frontMatter.show_extensions}}
{{#frontMatter.mask_credentials_disabled}}
mask_credentials: false
{{/frontMatter.mask_credentials_disabled}}
---

{{{markdown}}}
      "#;

/// [`API_TEMPLATE_5_2`] before 5.1: `mask_credentials` without the deprecated sidebar class.
static API_TEMPLATE_4_6: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    API_TEMPLATE_5_2.replace(
        "{{#api.deprecated}} menu__list-item--deprecated{{/api.deprecated}}",
        "",
    )
});

/// The built-in API template `template` names.
pub fn api_template(template: crate::target::ApiTemplate) -> &'static str {
    match template {
        crate::target::ApiTemplate::Original => API_TEMPLATE,
        crate::target::ApiTemplate::MaskCredentials => API_TEMPLATE_4_6.as_str(),
        crate::target::ApiTemplate::DeprecatedClassAndMaskCredentials => API_TEMPLATE_5_2,
    }
}

/// Info pages when `categoryLinkSource` is `info`.
pub const INFO_TEMPLATE: &str = r#"---
id: {{{id}}}
title: "{{{title}}}"
description: "{{{frontMatter.description}}}"
sidebar_label: "{{{title}}}"
hide_title: true
custom_edit_url: null
---

{{{markdown}}}

```mdx-code-block
import DocCardList from '@theme/DocCardList';
import {useCurrentSidebarCategory} from '@docusaurus/theme-common';

<DocCardList items={useCurrentSidebarCategory().items}/>
```
      "#;

/// Tag pages.
pub const TAG_TEMPLATE: &str = r#"---
id: {{{id}}}
title: "{{{frontMatter.description}}}"
description: "{{{frontMatter.description}}}"
custom_edit_url: null
---

{{{markdown}}}

```mdx-code-block
import DocCardList from '@theme/DocCardList';
import {useCurrentSidebarCategory} from '@docusaurus/theme-common';

<DocCardList items={useCurrentSidebarCategory().items}/>
```
      "#;

/// Schema pages.
pub const SCHEMA_TEMPLATE: &str = r#"---
id: {{{id}}}
title: "{{{title}}}"
description: "{{{frontMatter.description}}}"
sidebar_label: "{{{title}}}"
hide_title: true
{{#schema}}
hide_table_of_contents: true
{{/schema}}
schema: true
sample: {{{frontMatter.sample}}}
custom_edit_url: null
---

{{{markdown}}}
            "#;

/// The `sidebar.ts` module around the JSON5 sidebar slice.
pub const SIDEBAR_TEMPLATE: &str = r#"import type { SidebarsConfig } from "@docusaurus/plugin-content-docs";

const sidebar: SidebarsConfig = {{{slice}}};

export default sidebar.apisidebar;
"#;
