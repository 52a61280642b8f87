// Docusaurus i18n for the plugin: where a locale's translation file of a spec entry is (what
// `docusaurus write-translations` writes through `getTranslationFiles`), and the spec entry that
// generates that locale's pages into the docs plugin's localized folder
// (`i18n/<locale>/docusaurus-plugin-content-docs[-<id>]/current/<outputDir in the docs folder>`),
// where the docs plugin reads a page before the source one. What is translated, and how stale
// translations are told, is the core's (`crates/openapi-docs-core/src/translations/`).
"use strict";
const path = require("path");

const DEFAULT_PLUGIN_ID = "default";
const DOCS_PLUGIN_NAME = "docusaurus-plugin-content-docs";

/** `<name>` or `<name>-<id>`, as Docusaurus names a plugin's folder under `i18n/<locale>/`. */
const i18nFolder = (name, id) => (id && id !== DEFAULT_PLUGIN_ID ? `${name}-${id}` : name);

/** The locale Docusaurus runs for, from the plugin's `context`: `{ locale, isDefault }`. */
function currentLocale(context) {
  const i18n = context.i18n || {};
  const locale = i18n.currentLocale || i18n.defaultLocale;
  return { locale, isDefault: !locale || locale === i18n.defaultLocale };
}

/** The translation file of spec entry `key` for the current locale (absolute). */
function translationFile(context, pluginName, pluginId, key) {
  return path.join(context.localizationDir, i18nFolder(pluginName, pluginId), `${key}.json`);
}

/** The id of the docs plugin instance the pages go to: a preset's docs (their `id`, else
 * "default"), or a docs plugin's. */
function docsInstanceId(presetsPlugins, docsPlugin, docsPluginId) {
  for (const data of presetsPlugins) {
    if (!Array.isArray(data) || typeof data[0] !== "string") continue;
    if (data[0].endsWith(docsPluginId)) return (data[1] && data[1].docs && data[1].docs.id) || DEFAULT_PLUGIN_ID;
    if (data[0] === docsPlugin && ((data[1] && data[1].id) || DEFAULT_PLUGIN_ID) === docsPluginId) return docsPluginId;
  }
  return DEFAULT_PLUGIN_ID;
}

/**
 * The spec entry that writes the current locale's pages of `specOptions` (entry `key`): its
 * `translations` option (the locale's translation file, and the docs plugin's localized folder
 * as where the pages go) and, with the `markdown` option, `llms.txt` links under the locale's
 * URL. Undefined in the default locale, or when `outputDir` is not inside the docs folder
 * `docPath` (the docs plugin localizes only its own folder).
 */
function localizedEntry(specOptions, { key, context, pluginName, pluginId, docPath, docsId }) {
  const { locale, isDefault } = currentLocale(context);
  if (isDefault || !specOptions || typeof specOptions !== "object" || !specOptions.outputDir) return undefined;
  const { siteDir } = context;
  const inDocs = path.relative(path.resolve(siteDir, docPath || "docs"), path.resolve(siteDir, specOptions.outputDir));
  if (inDocs.startsWith("..") || path.isAbsolute(inDocs)) return undefined;
  const localized = path.join(context.localizationDir, i18nFolder(DOCS_PLUGIN_NAME, docsId), "current", inDocs);
  const relative = (p) => path.relative(siteDir, p).split(path.sep).join("/");
  const entry = {
    ...specOptions,
    translations: { file: relative(translationFile(context, pluginName, pluginId, key)), outputDir: relative(localized) },
  };
  if (specOptions.markdown) {
    // The locale's URLs: the locale's path (`fr/`) after the base URL (Docusaurus gives the
    // plugin a site config whose baseUrl has it already, so it is not read from there).
    const config = (context.i18n.localeConfigs || {})[locale];
    const segment = `${(config && config.path) || locale}/`;
    const base = specOptions.markdown.baseUrl || "/";
    entry.markdown = { ...specOptions.markdown, baseUrl: `${base}${base.endsWith("/") ? "" : "/"}${segment}` };
  }
  return { key: `${key}@${locale}`, locale, specOptions: entry };
}

module.exports = { currentLocale, translationFile, docsInstanceId, localizedEntry };
