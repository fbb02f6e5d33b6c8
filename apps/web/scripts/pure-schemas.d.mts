import type { Plugin } from 'vite';

export function markSchemasPure(code: string): string;
export function pureSchemas(options: { include: RegExp }): Plugin;
