import type { Plugin } from 'vite';
export declare const PAGE_SECTIONS: string[];
export declare function textPart(texts: Record<string, unknown>, part: 'first' | 'pages'): Record<string, unknown>;
export declare function textSections(options: { i18nDir: string }): Plugin;
