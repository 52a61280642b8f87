// A real site's Docusaurus config, read the way Docusaurus reads it (jiti: TypeScript and ES
// modules), without the site's dependencies installed. A module the site's own files cannot
// satisfy is looked for in `resolveFrom` (the reference plugin's install, which holds what a
// site's option functions import: the plugin's own modules, clsx, ...), and failing that becomes
// a stub (a callable proxy that returns itself for any property), so a config that imports a
// Tailwind helper or a theme still evaluates. The config's functions (markdownGenerators,
// sidebarGenerators) are the site's own, as Docusaurus would hand them to the plugin.
"use strict";
const fs = require("fs");
const path = require("path");
const Module = require("module");

/** A value that stands for any missing module: callable, constructible, every property itself. */
function stub(name) {
  const target = function () {};
  const proxy = new Proxy(target, {
    get(_, key) {
      if (key === Symbol.toPrimitive) return () => `[stub ${name}]`;
      if (key === "__esModule") return false;
      if (key === "then") return undefined;
      return proxy;
    },
    apply: () => proxy,
    construct: () => proxy,
  });
  return proxy;
}

/** A file that exports the stub of module `name` (jiti reads what a resolution returns, so a
 * stub must be a real file). */
function stubFile(name) {
  const dir = path.join(require("os").tmpdir(), "real-sites-stubs");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${require("crypto").createHash("sha1").update(name).digest("hex").slice(0, 16)}.cjs`);
  if (!fs.existsSync(file)) fs.writeFileSync(file, `module.exports = require(${JSON.stringify(__filename)}).stub(${JSON.stringify(name)});\n`);
  return file;
}

/**
 * Evaluates `configFile` (relative to `siteDir`) and returns the site config object (a config
 * exported as a function, sync or async, is called, as Docusaurus does). `env` is set in
 * process.env while the config runs. Resolves to { config, stubbed: [module names], localFiles:
 * [site-relative files the config loaded or read] }.
 */
async function loadSiteConfig(siteDir, configFile, { env = {}, resolveFrom = [] } = {}) {
  const root = path.resolve(siteDir);
  const file = path.resolve(root, configFile);
  if (!fs.existsSync(file)) throw new Error(`no ${configFile} in ${siteDir}`);
  const stubbed = new Set();
  const localFiles = new Set();
  const noteLocal = (abs) => {
    if (typeof abs !== "string" || !abs.startsWith(root + path.sep) || abs.includes(`${path.sep}node_modules${path.sep}`)) return;
    // Only files that exist (module loaders probe `<file>/package.json` and the like).
    try {
      if (!fs.statSync(abs).isFile()) return;
    } catch {
      return;
    }
    localFiles.add(path.relative(root, abs).split(path.sep).join("/"));
  };
  const originalResolve = Module._resolveFilename;
  Module._resolveFilename = function (request, parent, ...rest) {
    try {
      const resolved = originalResolve.call(this, request, parent, ...rest);
      noteLocal(resolved);
      return resolved;
    } catch (err) {
      for (const dir of resolveFrom) {
        try {
          return originalResolve.call(this, request, { id: dir, filename: path.join(dir, "index.js"), paths: Module._nodeModulePaths(dir) }, ...rest);
        } catch {}
        // A TypeScript module of a package (`docusaurus-plugin-openapi-docs/src/markdown/utils`),
        // which jiti loads but Node's resolver does not know.
        if (!request.startsWith(".") && !path.isAbsolute(request)) {
          const base = path.join(dir, "node_modules", request);
          for (const candidate of [`${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) {
            if (fs.existsSync(candidate)) return candidate;
          }
        }
      }
      stubbed.add(request);
      return stubFile(request);
    }
  };
  // Files the config reads itself (a versions list, a JSON of entries).
  const originalRead = fs.readFileSync;
  fs.readFileSync = function (p, ...rest) {
    if (typeof p === "string" || p instanceof URL) noteLocal(path.resolve(String(p instanceof URL ? p.pathname : p)));
    return originalRead.call(this, p, ...rest);
  };
  const saved = {};
  for (const [key, value] of Object.entries(env)) {
    saved[key] = process.env[key];
    process.env[key] = value;
  }
  const cwd = process.cwd();
  try {
    process.chdir(root);
    noteLocal(file);
    const jiti = require("jiti")(file, { interopDefault: true, esmResolve: true, cache: false, requireCache: false });
    let config = jiti(file);
    if (config && typeof config === "object" && "default" in config && Object.keys(config).length === 1) config = config.default;
    if (typeof config === "function") config = await config();
    return { config, stubbed: [...stubbed].sort(), localFiles: [...localFiles].sort() };
  } finally {
    process.chdir(cwd);
    Module._resolveFilename = originalResolve;
    fs.readFileSync = originalRead;
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

/** Whether a plugin reference (a name, a path, or require.resolve's result) is the reference plugin. */
const isOpenApiPlugin = (name) => typeof name === "string" && /(^|[\\/])docusaurus-plugin-openapi-docs([\\/]|$)/.test(name) && !/-rs([\\/]|$)/.test(name);

/**
 * The instances of docusaurus-plugin-openapi-docs in `config.plugins`: [{ options }], options as
 * the site gives them (id, docsPluginId, config).
 */
function openApiPlugins(config) {
  const out = [];
  for (const entry of config.plugins ?? []) {
    const [name, options] = Array.isArray(entry) ? entry : [entry, {}];
    if (isOpenApiPlugin(name)) out.push({ options: options ?? {} });
  }
  return out;
}

module.exports = { loadSiteConfig, openApiPlugins, isOpenApiPlugin, stub };

if (require.main === module) {
  const [siteDir, configFile = "docusaurus.config.js"] = process.argv.slice(2);
  loadSiteConfig(siteDir, configFile).then(({ config, stubbed, localFiles }) => {
    const plugins = openApiPlugins(config);
    console.log(JSON.stringify({ stubbed, localFiles, plugins: plugins.map((p) => ({ id: p.options.id, docsPluginId: p.options.docsPluginId, entries: Object.keys(p.options.config ?? {}).length })) }, null, 2));
  });
}
