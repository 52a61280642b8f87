#!/usr/bin/env node
// The reference for our build-time code samples: what docusaurus-theme-openapi-docs shows in its
// code-sample tabs before the reader edits anything, computed in Node with the theme's own
// modules and the postman-code-generators version it resolves to. Two targets: 4.3.5 (the
// default: the root node_modules) and 5.2.0 (`--target 5.2.0`: tests/reference-5.2/node_modules,
// theme 5.2.0, postman-code-generators 2.1.1, postman-collection 5.3.1).
//
// For each generated `.api.mdx` page it rebuilds the explorer's state the way the browser does on
// a first visit (empty sessionStorage):
//   1. ApiItem's initial store (theme/ApiItem/index.js): accept = first content type of the first
//      2XX responses, contentType = first request body content type, params grouped by `in`, auth
//      from createAuth (required from the theme), body { type: "empty" }, no server; 5.2.0 also
//      pre-fills each parameter's value with `schema.default ?? example ?? schema.example ??
//      first examples[].value`;
//   2. what the explorer's components dispatch on mount:
//      - Server: the first of `api.servers` (Server/index.js);
//      - ParamArrayFormItem: a non-enum array parameter dispatches no value, then, when its schema
//        has an `example` array (4.3.5: anything with a length), those items (`item.toString()`),
//        rendered for optional parameters too; 5.2.0's ParamBooleanFormItem turns a boolean value
//        into "true"/"false";
//      - Body (Body/index.js, LiveEditor): unless the body is a binary upload or a form
//        (multipart/urlencoded with an object schema), the editor's initial text, i.e. the
//        "Example (from schema)" tab: the example as 2-space JSON, or as formatted XML for XML
//        content types, else "" (trailing newline removed). 4.3.5's example is
//        `jsonRequestBodyExample`; 5.2.0's is `sampleFromSchema` of the content type's schema
//        (anyOf/oneOf resolved to their first option), `jsonRequestBodyExample` without one.
//        5.2.0's form bodies: each property's FormBodyItem dispatches its `example` (objects as
//        2-space JSON), and the first content type of its `encoding`;
//   3. CodeSnippets (CodeSnippets/index.js): credentials replaced by `<name>` placeholders
//      (cleanCredentials, replicated: it lives inside the React component; 5.2.0 names the
//      scheme of the same key, 4.3.5 the option's first, and skips this with
//      `mask_credentials: false`), the theme's own buildPostmanRequest (5.2.0: with the resolved
//      `encoding`), the language tabs merged with the theme's languages.js, and
//      postman-code-generators' convert() per language and variant.
// Replicated rather than required: ApiItem's state set-up, the mount effects above,
// cleanCredentials and json2xml (shipped as an ES module). Required from the theme:
// buildPostmanRequest.js, languages.js, Authorization/slice.js (createAuth), and for 5.2.0
// Body/resolveSchemaWithSelections.js and the plugin's sampleFromSchema.
//
// Usage: node reference-samples.cjs <pages-dir> [--tabs tabs.json] [--origin URL] [--target 5.2.0]
// Prints JSON: { "<page id>": [{ language, variant, text } | { language, variant, error }] }.
"use strict";
const fs = require("fs");
const path = require("path");
const zlib = require("zlib");
const Module = require("module");

const ROOT = path.resolve(__dirname, "../..");
const TARGET = (() => {
  const i = process.argv.indexOf("--target");
  return i >= 0 ? process.argv.splice(i, 2)[1] : "4.3.5";
})();
if (TARGET !== "4.3.5" && TARGET !== "5.2.0") throw new Error(`--target: 4.3.5 or 5.2.0, not ${TARGET}`);
const V5 = TARGET === "5.2.0";
// Where the target's packages are installed.
const PACKAGES = V5 ? path.join(ROOT, "tests/reference-5.2") : ROOT;
const THEME = path.join(path.dirname(require.resolve("docusaurus-theme-openapi-docs/package.json", { paths: [PACKAGES] })), "lib/theme");

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
const v5 = V5
  ? {
      resolveSchemaWithSelections: require(path.join(THEME, "ApiExplorer/Body/resolveSchemaWithSelections.js")).resolveSchemaWithSelections,
      sampleFromSchema: require(path.join(path.dirname(require.resolve("docusaurus-plugin-openapi-docs/package.json", { paths: [PACKAGES] })), "lib/openapi/createSchemaExample.js")).sampleFromSchema,
    }
  : undefined;

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

const { safeApi } = require("../differential/theme-safe.cjs");

/** The `api` front-matter value of a generated page: JSON (disableCompression) or base64 of
 * deflated JSON (zlib; the theme inflates it with pako's `ungzip`, which also takes gzip). */
function readApi(mdx) {
  const line = mdx.split("\n").find((l) => l.startsWith("api: "));
  if (!line) return undefined;
  const value = line.slice("api: ".length).trim();
  if (value.startsWith("{")) return JSON.parse(value);
  return JSON.parse(zlib.unzipSync(Buffer.from(value, "base64")).toString("utf8"));
}

/** The Body component's default text of `example` for `contentType` (both themes): JSON
 * indented by 2, XML from json2xml, formatted when it parses; "" otherwise. */
function exampleText(contentType, example) {
  if (!example) return "";
  // XML first: a type that is both (`application/json+xml`) ends as XML in the theme.
  if (contentType === "application/xml" || contentType.endsWith("+xml")) {
    try {
      return formatXml(json2xml(example, ""), { indentation: "  ", lineSeparator: "\n", collapseContent: true });
    } catch {
      return json2xml(example);
    }
  }
  if (contentType.includes("application/json") || contentType.endsWith("+json")) return JSON.stringify(example, null, 2);
  return "";
}

/** Body/index.js: the body the request editor dispatches on mount (undefined: none mounts). */
function defaultBody(api, contentType) {
  if (contentType === undefined) return undefined;
  const schema = api.requestBody?.content?.[contentType]?.schema;
  if (schema?.format === "binary") return undefined;
  if ((contentType === "multipart/form-data" || contentType === "application/x-www-form-urlencoded") && schema?.type === "object") return undefined;
  const body = exampleText(contentType, api.jsonRequestBodyExample);
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

/** 5.2.0's Body (Body/index.js, FormBodyItem, LiveEditor): the body state after mount. */
function defaultBody5(api, contentType) {
  if (contentType === undefined) return { type: "empty" };
  const media = api.requestBody?.content?.[contentType];
  const rawSchema = media?.schema;
  const schema = rawSchema ? v5.resolveSchemaWithSelections(rawSchema, {}, "requestBody") : rawSchema;
  // A binary upload: FormFileUpload dispatches nothing until a file is picked.
  if (schema?.format === "binary") return { type: "empty" };
  if ((contentType === "multipart/form-data" || contentType === "application/x-www-form-urlencoded") && schema?.type === "object") {
    // The "Example (from schema)" tab (the others are lazy): one FormBodyItem per property,
    // each dispatching its example (setStringFormBody) or clearing its key.
    let body = { type: "empty" };
    for (const [key, val] of Object.entries(schema.properties ?? {})) {
      let value = val.example ?? "";
      if (val.type === "object" && val.example) value = JSON.stringify(val.example, null, 2);
      if (value) {
        if (body.type !== "form") body = { type: "form", content: {} };
        body.content[key] = { type: "string", value };
      } else if (body.type === "form") {
        delete body.content[key];
      }
    }
    return body;
  }
  let example;
  if (schema) example = v5.sampleFromSchema(schema, { type: "request" });
  else if (api.jsonRequestBodyExample) example = api.jsonRequestBodyExample;
  const body = exampleText(contentType, example);
  // LiveApp (a child: its effect runs first) dispatches its text without the final newline,
  // then Body's effect dispatches the default body itself when it is not empty.
  return { type: "raw", content: { type: "string", value: body ? body : body.replace(/\n$/, "") } };
}

/** 5.2.0's `encoding` as useResolvedEncoding gives it after the FormBodyItems' mount: each
 * field's content type is the first of its comma-separated list. */
function resolvedEncoding5(api, contentType) {
  const media = api.requestBody?.content?.[contentType];
  const spec = media?.encoding ?? {};
  if (!Object.keys(spec).length) return undefined;
  const rawSchema = media?.schema;
  const schema = rawSchema ? v5.resolveSchemaWithSelections(rawSchema, {}, "requestBody") : rawSchema;
  const form = (contentType === "multipart/form-data" || contentType === "application/x-www-form-urlencoded") && schema?.type === "object" && schema?.format !== "binary";
  const selection = {};
  if (form) {
    for (const key of Object.keys(schema.properties ?? {})) {
      const first = (spec[key]?.contentType ?? "").split(",").map((t) => t.trim()).filter(Boolean)[0];
      if (first) selection[key] = first;
    }
  }
  return Object.fromEntries(Object.entries(spec).map(([field, enc]) => [field, { ...enc, contentType: selection[field] ?? enc.contentType }]));
}

/** 5.2.0's ApiItem store plus the explorer's mount effects (see the header). */
function defaultState5(api) {
  const accept = [];
  for (const [code, content] of Object.entries(api.responses ?? [])) {
    if (/(20[0-9]|2[1-9][0-9])/.test(code)) accept.push(Object.keys(content.content ?? {}));
  }
  const contentType = Object.keys(api.requestBody?.content ?? {})[0];
  const servers = api.servers ?? [];
  const params = { path: [], query: [], header: [], cookie: [] };
  for (const p of api.parameters ?? []) {
    const firstNamedExample = p.examples && typeof p.examples === "object" ? Object.values(p.examples)[0]?.value : undefined;
    const prefill = p.schema?.default ?? p.example ?? p.schema?.example ?? firstNamedExample;
    params[p.in]?.push(prefill !== undefined ? { ...p, value: prefill } : p);
  }
  // The form items' mount effects, in ParamOptions' order (required, then optional; path, query,
  // cookie, header). `setParam` replaces the first parameter of the same name in its group.
  const setParam = (param) => {
    const group = params[param.in];
    group[group.findIndex((p) => p.name === param.name)] = param;
  };
  const all = [...params.path, ...params.query, ...params.cookie, ...params.header];
  const order = [...all.filter((p) => p.required), ...all.filter((p) => !p.required)];
  const schemaEnum = (schema) => schema?.enum ?? (Array.isArray(schema?.allOf) ? schema.allOf.find((i) => i.enum)?.enum : undefined) ?? (schema?.const !== undefined ? [schema.const] : undefined);
  const secondRound = [];
  for (const param of order) {
    if (param.schema?.type === "array" && schemaEnum(param.schema?.items)) continue; // multi-select: no effect
    if (param.schema?.type === "array") {
      setParam({ ...param, value: undefined });
      const example = param.schema?.example;
      if (Array.isArray(example) && example.length > 0) {
        const values = example.map((item) => item.toString()).filter((v) => !!v);
        secondRound.push({ ...param, value: values.length > 0 ? values : undefined });
      }
      continue;
    }
    if (schemaEnum(param.schema)) continue; // select: form value only
    if (param.schema?.type === "boolean") {
      if (typeof param.value === "boolean") setParam({ ...param, value: String(param.value) });
      continue;
    }
  }
  secondRound.forEach(setParam);
  return {
    accept: accept.flat()[0],
    contentType,
    server: servers[0],
    params,
    body: defaultBody5(api, contentType),
    encoding: contentType === undefined ? undefined : resolvedEncoding5(api, contentType),
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
        placeholder = V5 ? authOptions?.find((opt) => opt.key === key)?.name : authOptions?.[0]?.name;
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
function pageSamples(api, languageTabs, origin, maskCredentials = true) {
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
      auth: maskCredentials ? cleanedAuth(state.auth) : state.auth,
      ...(V5 && { encoding: state.encoding }),
    });
  let failure;
  try {
    state = V5 ? defaultState5(api) : defaultState(api);
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
    const mdx = fs.readFileSync(path.join(dir, file), "utf8");
    // 5.2.0's ApiExplorer passes `mask_credentials` (false with the `maskCredentials: false` option).
    const maskCredentials = !(V5 && /^mask_credentials: false$/m.test(mdx.split("\n---")[0]));
    // The page's `api` as ours writes it: without the values the target's theme throws on
    // (../differential/theme-safe.cjs). Where the reference's page crashes, the theme shows no
    // sample; ours renders and shows these (GitHub's `orgs/list-pat-grants`: a list parameter
    // whose example is a string, mapped by the 4.3.5 explorer).
    const api = readApi(mdx);
    const samples = pageSamples(api === undefined ? api : safeApi(api, TARGET), languageTabs, origin, maskCredentials);
    if (samples) out[file.slice(0, -".api.mdx".length)] = samples;
  }
  return out;
}

module.exports = { readApi, defaultState: V5 ? (api) => defaultState5(api) : defaultState, pageSamples, folderSamples, mergedLanguages };

if (require.main === module) {
  const args = process.argv.slice(2);
  const flag = (name) => {
    const i = args.indexOf(name);
    return i >= 0 ? args.splice(i, 2)[1] : undefined;
  };
  const tabsFile = flag("--tabs");
  const origin = flag("--origin") ?? "http://localhost:3000";
  if (args.length !== 1) {
    console.error("usage: reference-samples.cjs <pages-dir> [--tabs tabs.json] [--origin URL] [--target 5.2.0]");
    process.exit(2);
  }
  const tabs = tabsFile ? JSON.parse(fs.readFileSync(tabsFile, "utf8")) : undefined;
  process.stdout.write(JSON.stringify(folderSamples(args[0], tabs, origin), null, 1) + "\n");
}
