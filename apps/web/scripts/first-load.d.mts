import type { Plugin } from 'vite';

export interface BuiltChunk {
  fileName: string;
  isEntry: boolean;
  imports: string[];
  moduleIds: string[];
  code: string;
  css?: string[];
}
export interface Budget {
  jsGzipBytes: number;
  requests: number;
}
export const FIRST_PAINT_ROUTES: string[];
export const SIGN_IN_ROUTES: string[];
export const FIRST_LOAD_IMPORTS: string[];
export const TARGET: Budget;
export const BUDGET: Budget;
export const OTHER_REQUESTS: number;
export const ENTRY_SCREENS: { name: string; url: string; routes: string[]; otherRequests: number }[];
export function loadedChunks<C extends Omit<BuiltChunk, 'code'>>(chunks: C[], dynamic?: string[]): C[];
export function screenFirstLoad<C extends Omit<BuiltChunk, 'code'>>(chunks: C[], root: string, routes: string[]): C[];
export function dashboardFirstLoad<C extends Omit<BuiltChunk, 'code'>>(chunks: C[], root: string): C[];
export function budgetProblems(figures: Budget, budget?: Budget, screen?: string): string[];
export function firstLoadFigures(
  loaded: BuiltChunk[],
  otherRequests?: number,
): {
  js: { file: string; gzip: number }[];
  css: string[];
  jsGzipBytes: number;
  requests: number;
};
export function firstLoadBudget(options: { root: string; budget?: Budget }): Plugin;
