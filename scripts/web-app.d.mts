/** Types of web-app.mjs (plain JavaScript, so that it runs before anything is compiled). */
export declare const WEB_STAMP: string;
export declare function webInputsHash(repoRoot: string, webDir?: string): string;
export interface WebAppOptions {
  repoRoot: string;
  webDir?: string;
  say: (text: string) => void;
  build?: () => void;
  canBuild?: boolean;
}
export declare function ensureWebApp(options: WebAppOptions): 'up to date' | 'built' | 'kept';
