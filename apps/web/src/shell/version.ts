/** Product version shown in the sidebar footer (docs/spec-conformance.md §1/§9). */
export const APP_VERSION = 'v1.2.0';
