// Types of the sidebar helpers: the reference's `lib/sidebars/utils.d.ts`, so a `sidebars.ts`
// type-checks the same after the import is renamed.

/** The HTML of a hoverable dropdown linking each version's `baseUrl`, labelled with its
 * `label` (the entries of the `versions.json` that `gen-api-docs:version` writes): the value of an `html` sidebar item. */
export declare function versionSelector(versions: object[]): string;

/** The HTML of a breadcrumb showing `version` (for example `v1.0.0`): the value of an `html`
 * sidebar item. */
export declare function versionCrumb(version: string): string;
