import type { Plugin } from 'vite';

export type BarrelMap = Map<string, { from: string; imported: string }>;
export function rewriteBarrelImports(code: string, maps: Record<'antd' | '@ant-design/icons', BarrelMap>): string;
export function directImports(): Plugin;
