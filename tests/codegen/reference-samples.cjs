#!/usr/bin/env node
// The reference for our build-time code samples: what docusaurus-theme-openapi-docs 4.3.5 shows in
// its code-sample tabs before the reader edits anything, computed in Node with the theme's own
// modules and the postman-code-generators version it resolves to.
//
// For each generated `.api.mdx` page it rebuilds the explorer's state the way the browser does on
// a first visit (empty sessionStorage):
//   1. ApiItem's initial store (theme/ApiItem/index.js): accept = first content type of the first
//      2XX responses, contentType = first request body content type, params grouped by `in`, auth
//      from createAuth (required from the theme), body { type: "empty" }, no server;
//   2. what the explorer's components dispatch on mount:
//      - Server: the first of `api.servers` (Server/index.js);
//      - ParamArrayFormItem: a non-enum array parameter whose schema has an `example` array gets
//        those items (`item.toString()`), rendered for optional parameters too;
//      - Body (Body/index.js, LiveEditor): unless the body is a binary upload or a form
//        (multipart/urlencoded with an object schema), the editor's initial text, i.e. the
//        "Example (from schema)" tab: `jsonRequestBodyExample` as 2-space JSON, or as formatted XML
//        for XML content types, else "" (trailing newline removed);
//   3. CodeSnippets (CodeSnippets/index.js): credentials replaced by `<name>` placeholders
//      (cleanCredentials, replicated: it lives inside the React component), the theme's own
//      buildPostmanRequest, the language tabs merged with the theme's languages.js, and
//      postman-code-generators' convert() per language and variant.
// Replicated rather than required: ApiItem's state set-up, the mount effects above,
// cleanCredentials and json2xml (shipped as an ES module). Required from the theme:
// buildPostmanRequest.js, languages.js, Authorization/slice.js (createAuth).
//
// Usage: node reference-samples.cjs <pages-dir> [--tabs tabs.json] [--origin URL]
// Prints JSON: { "<page id>": [{ language, variant, text } | { language, variant, error }] }.
"use strict";
const fs = require("fs");
const path = require("path");
const zlib = require("zlib");
const Module = require("module");

const ROOT = path.resolve(__dirname, "../..");
const THEME = path.join(path.dirname(require.resolve("docusaurus-theme-openapi-docs/package.json", { paths: [ROOT] })), "lib/theme");

// The theme's modules import each other through Docusaurus' `@theme/` alias.
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (request.startsWith("@theme/")) request = path.join(THEME, request.slice("@theme/".length));
  return resolveFilename.call(this, request, ...rest);
};

// A first visit: empty storage. `window.location.origin` is the site's origin (used as the host
// when the spec has no servers).
function memoryStorage() {
  const items = new Map();
  return {
    getItem: (k) => (items.has(k) ? items.get(k) : null),
    setItem: (k, v) => items.set(k, String(v)),
    removeItem: (k) => items.delete(k),
    clear: () => items.clear(),
    key: () => null,
    get length() { return items.size; },
  };
}
globalThis.sessionStorage = memoryStorage();
globalThis.localStorage = memoryStorage();
globalThis.window = { location: { origin: "http://localhost:3000" }, btoa: globalThis.btoa, sessionStorage: globalThis.sessionStorage };

const requireFromTheme = (request) => require(require.resolve(request, { paths: [THEME] }));
const buildPostmanRequest = require(path.join(THEME, "ApiExplorer/buildPostmanRequest.js")).default;
const languages = require(path.join(THEME, "ApiExplorer/CodeSnippets/languages.js"));
const { createAuth } = require(path.join(THEME, "ApiExplorer/Authorization/slice.js"));
const sdk = requireFromTheme("postman-collection");
const codegen = requireFromTheme("postman-code-generators");
const formatXml = requireFromTheme("xml-formatter");

/** theme/ApiExplorer/Body/json2xml.js (an ES module in the package), verbatim. */
function json2xml(o, tab) {
  var toXml = function (v, name, ind) {
      var xml = "";
      if (v instanceof Array) {
        for (var i = 0, n = v.length; i < n; i++) xml += ind + toXml(v[i], name, ind + "\t") + "\n";
      } else if (typeof v == "object") {
        var hasChild = false;
        xml += ind + "<" + name;
        for (var m in v) {
          if (m.charAt(0) === "@") xml += " " + m.substr(1) + '="' + v[m].toString() + '"';
          else hasChild = true;
        }
        xml += hasChild ? ">" : "/>";
        if (hasChild) {
          for (var m2 in v) {
            if (m2 === "#text") xml += v[m2];
            else if (m2 === "#cdata") xml += "<![CDATA[" + v[m2] + "]]>";
            else if (m2.charAt(0) !== "@") xml += toXml(v[m2], m2, ind + "\t");
          }
          xml += (xml.charAt(xml.length - 1) === "\n" ? ind : "") + "</" + name + ">";
        }
      } else {
        xml += ind + "<" + name + ">" + v.toString() + "</" + name + ">";
      }
      return xml;
    },
    xml = "";
  for (var m3 in o) xml += toXml(o[m3], m3, "");
  return tab ? xml.replace(/\t/g, tab) : xml.replace(/\t|\n/g, "");
}

/** The `api` front-matter value of a generated page: JSON (disableCompression) or base64 of
 * deflated JSON (zlib; the theme inflates it with pako's `ungzip`, which also takes gzip). */
function readApi(mdx) {
  const line = mdx.split("\n").find((l) => l.startsWith("api: "));
  if (!line) return undefined;
  const value = line.slice("api: ".length).trim();
  if (value.startsWith("{")) return JSON.parse(value);
  return JSON.parse(zlib.unzipSync(Buffer.from(value, "base64")).toString("utf8"));
}

/** Body/index.js: the body the request editor dispatches on mount (undefined: none mounts). */
function defaultBody(api, contentType) {
  if (contentType === undefined) return undefined;
  const schema = api.requestBody?.content?.[contentType]?.schema;
  if (schema?.format === "binary") return undefined;
  if ((contentType === "multipart/form-data" || contentType === "application/x-www-form-urlencoded") && schema?.type === "object") return undefined;
  let body = "";
  const example = api.jsonRequestBodyExample;
  if (contentType.includes("application/json") || contentType.endsWith("+json")) {
    if (example) body = JSON.stringify(example, null, 2);
  }
  if (contentType === "application/xml" || contentType.endsWith("+xml")) {
    if (example) {
      try {
        body = formatXml(json2xml(example, ""), { indentation: "  ", lineSeparator: "\n", collapseContent: true });
      } catch {
        body = json2xml(example);
      }
    }
  }
  // LiveEditor: useState(children.replace(/\n$/, "")), then setStringRawBody(code).
  return body.replace(/\n$/, "");
}

/** ApiItem's initial store plus the explorer's mount effects (see the header). */
function defaultState(api) {
  const accept = [];
  for (const [code, content] of Object.entries(api.responses ?? [])) {
    if (/(20[0-9]|2[1-9][0-9])/.test(code)) accept.push(Object.keys(content.content ?? {}));
  }
  const contentType = Object.keys(api.requestBody?.content ?? {})[0];
  const servers = api.servers ?? [];
  const params = { path: [], query: [], header: [], cookie: [] };
  for (const param of api.parameters ?? []) params[param.in].push(param);
  // ParamArrayFormItem's effects. On mount every array parameter (without `items.enum`)
  // dispatches no value; those with an `example` list then dispatch its items as strings, empty
  // ones dropped. `setParam` replaces the first parameter of the same name in its group.
  for (const group of Object.values(params)) {
    const isArrayItem = (p) => p.schema?.type === "array" && !p.schema.items?.enum;
    const firstRound = [];
    const secondRound = [];
    for (const param of group) {
      if (!isArrayItem(param)) continue;
      firstRound.push({ ...param, value: undefined });
      if (param.schema?.example?.length > 0) {
        const values = param.schema.example.map((item) => item.toString()).filter((v) => !!v);
        secondRound.push({ ...param, value: values.length > 0 ? values : undefined });
      }
    }
    for (const update of [...firstRound, ...secondRound]) {
      group[group.findIndex((p) => p.name === update.name)] = update;
    }
  }
  const rawBody = defaultBody(api, contentType);
  return {
    accept: accept.flat()[0],
    contentType,
    server: servers[0],
    params,
    body: rawBody === undefined ? { type: "empty" } : { type: "raw", content: { type: "string", value: rawBody } },
    auth: createAuth({ security: api.security, securitySchemes: api.securitySchemes, options: undefined }),
  };
}

/** CodeSnippets' cleanCredentials, verbatim in behaviour. */
function cleanedAuth(auth) {
  const clonedAuth = structuredClone(auth);
  let placeholder;
  function cleanCredentials(obj) {
    for (const key in obj) {
      if (typeof obj[key] === "object" && obj[key] !== null) {
        const comboAuthId = Object.keys(obj).join(" and ");
        const authOptions = clonedAuth?.options?.[key] ?? clonedAuth?.options?.[comboAuthId];
        placeholder = authOptions?.[0]?.name;
        obj[key] = cleanCredentials(obj[key]);
      } else {
        obj[key] = `<${placeholder ?? key}>`;
      }
    }
    return obj;
  }
  return { ...clonedAuth, data: cleanCredentials(clonedAuth.data) };
}

/** The site's tabs merged into the theme's language set, as CodeSnippets does. */
function mergedLanguages(languageTabs) {
  const languageSet = languages.generateLanguageSet();
  const userDefined = languageTabs ?? languageSet;
  const filtered = languageSet.filter((ls) => userDefined.some((lang) => lang.language === ls.language));
  return languages.mergeArraysbyLanguage(userDefined, filtered);
}

/**
 * The (language, variant) pairs we generate for a merged language: its default variant, then the
 * variants the site's tab configures explicitly (case-insensitively distinct, lower-cased as the
 * theme's variant tabs name them).
 */
function variantsOf(lang, tab) {
  const out = [];
  for (const v of [lang.variant, ...(tab?.variants ?? [])]) {
    if (v !== undefined && !out.includes(v.toLowerCase())) out.push(v.toLowerCase());
  }
  return out;
}

function convert(language, variant, request, options) {
  let result;
  codegen.convert(language, variant, request, options, (error, snippet) => {
    result = error ? { error: String(error?.message ?? error) } : { text: snippet };
  });
  return result ?? { error: "convert did not call back synchronously" };
}

/** The samples of one page's `api` object, or undefined for pages without code samples. */
function pageSamples(api, languageTabs, origin) {
  if (!api || api.method === "event") return undefined;
  window.location.origin = origin;
  let state;
  // The generators mutate the request (headers, form data), and the theme builds a fresh one on
  // every render, i.e. for every language the reader selects: build one per conversion.
  const request = () =>
    buildPostmanRequest(new sdk.Request(api.postman), {
      queryParams: state.params.query,
      pathParams: state.params.path,
      cookieParams: state.params.cookie,
      contentType: state.contentType,
      accept: state.accept,
      headerParams: state.params.header,
      body: state.body,
      server: state.server,
      auth: cleanedAuth(state.auth),
    });
  let failure;
  try {
    state = defaultState(api);
    request();
  } catch (error) {
    // The explorer throws while rendering: the page shows no samples.
    failure = { error: String(error?.message ?? error) };
  }
  const samples = [];
  for (const lang of mergedLanguages(languageTabs)) {
    const tab = languageTabs?.find((t) => t.language === lang.language);
    for (const variant of variantsOf(lang, tab)) {
      samples.push({ language: lang.language, variant, ...(failure ?? convert(lang.language, variant, request(), lang.options)) });
    }
  }
  return samples;
}

/** Samples of every `.api.mdx` page of a folder, keyed by page file name without `.api.mdx`. */
function folderSamples(dir, languageTabs, origin) {
  const out = {};
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".api.mdx")).sort()) {
    const samples = pageSamples(readApi(fs.readFileSync(path.join(dir, file), "utf8")), languageTabs, origin);
    if (samples) out[file.slice(0, -".api.mdx".length)] = samples;
  }
  return out;
}

module.exports = { readApi, defaultState, pageSamples, folderSamples, mergedLanguages };

if (require.main === module) {
  const args = process.argv.slice(2);
  const flag = (name) => {
    const i = args.indexOf(name);
    return i >= 0 ? args.splice(i, 2)[1] : undefined;
  };
  const tabsFile = flag("--tabs");
  const origin = flag("--origin") ?? "http://localhost:3000";
  if (args.length !== 1) {
    console.error("usage: reference-samples.cjs <pages-dir> [--tabs tabs.json] [--origin URL]");
    process.exit(2);
  }
  const tabs = tabsFile ? JSON.parse(fs.readFileSync(tabsFile, "utf8")) : undefined;
  process.stdout.write(JSON.stringify(folderSamples(args[0], tabs, origin), null, 1) + "\n");
}
