/** Product version shown in the sidebar footer (spec §1/§9). */
export const APP_VERSION = 'v1.2.0';
