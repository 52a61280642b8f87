// In the browser, with `jsonProps: "fetch"` (json-props.js): a page's props file, fetched from the
// URL the build emitted it to. A failed request is tried once more before the page's module fails
// to load, as a chunk that fails to load would.

const RETRY_MS = 500;

async function fetchJson(url) {
  const response = await fetch(url, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`docusaurus-plugin-openapi-docs-rs: ${url}: HTTP ${response.status}`);
  return response.json();
}

export function loadJsonProps(url) {
  return fetchJson(url).catch(() => new Promise((resolve) => setTimeout(resolve, RETRY_MS)).then(() => fetchJson(url)));
}
