/**
 * Spring Boot's servlet context path: `server.servlet.context-path` (Boot 2+) or `server.context-path`
 * (Boot 1), in any spelling relaxed binding accepts (`contextPath`, `context_path`), in a module's `src/main/resources/application.{yml,yaml,properties}`, else — with Spring
 * Cloud Config — in the config server's file named after the module's `spring.application.name`
 * (`config/src/main/resources/shared/account-service.yml`). Every route of the module is served under
 * it (docs/metrics/arch-api-facts.md, ninth round).
 */
import path from 'node:path';
import type { SourceFile } from './imports.ts';
import { joinPath, type Route } from './routes.ts';

/** A config server's native files: `src/main/resources/shared/<application>.yml`, `…/config/<application>.properties`. */
export const SPRING_CLOUD_CONFIG_FILE = /(?:^|\/)src\/main\/resources\/(?:shared|config|config-repo)\/[^/]+\.(?:ya?ml|properties)$/;

/** A key in the form Spring's relaxed binding compares (`contextPath`, `context_path` and `context-path` are one). */
const canonical = (key: string): string => key.toLowerCase().replace(/[-_]/g, '');

/** A setting of a Spring configuration file (the first YAML document, or a `.properties` file): its value and line. */
export function springSetting(file: SourceFile, wanted: string): { value: string; line: number } | null {
  const key = canonical(wanted);
  const lines = file.text.split('\n');
  if (file.rel.endsWith('.properties')) {
    for (let i = 0; i < lines.length; i++) {
      const m = /^\s*([\w.-]+)\s*[=:]\s*(.*?)\s*$/.exec(lines[i]!);
      if (m && canonical(m[1]!) === key) return { value: m[2]!, line: i + 1 };
    }
    return null;
  }
  // YAML: nested keys by indentation (`server:` / `  servlet:` / `    context-path: /x`) or dotted (`server.servlet.context-path: /x`).
  const stack: Array<{ indent: number; key: string }> = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^---/.test(line) && i > 0) break;
    const m = /^(\s*)([\w.-]+)\s*:\s*(.*?)\s*$/.exec(line.replace(/\s+#.*$/, ''));
    if (!m || /^\s*#/.test(line)) continue;
    const indent = m[1]!.length;
    while (stack.length > 0 && stack.at(-1)!.indent >= indent) stack.pop();
    const full = [...stack.map((s) => s.key), m[2]!].join('.');
    if (m[3] === '') stack.push({ indent, key: m[2]! });
    else if (canonical(full) === key) return { value: m[3]!.replace(/^(["'])(.*)\1$/, '$2'), line: i + 1 };
  }
  return null;
}

/** The configuration files the context path is read from: a module's own, and a config server's. */
export const SPRING_CONFIG_FILE = new RegExp(
  String.raw`(?:^|\/)src\/main\/resources\/(?:application|bootstrap)\.(?:ya?ml|properties)$|` + SPRING_CLOUD_CONFIG_FILE.source,
);

const CONTEXT_KEYS = ['server.servlet.context-path', 'server.context-path'];

/** Each Spring route under its module's context path; a placeholder (`${CONTEXT:/api}`) takes its default, marked. */
export function applySpringContextPath(routes: Route[], configs: readonly SourceFile[]): void {
  const contextOf = new Map<string, { value: string; at: string } | null>();
  const lookup = (root: string): { value: string; at: string } | null => {
    const own = (names: string[]): SourceFile[] => configs.filter((c) => names.some((n) => c.rel === `${root}src/main/resources/${n}`));
    const files = own(['application.yml', 'application.yaml', 'application.properties']);
    for (const f of files)
      for (const key of CONTEXT_KEYS) {
        const s = springSetting(f, key);
        if (s) return { value: s.value, at: `${f.rel}:${s.line}` };
      }
    // Spring Cloud Config: the config server's file named after the application.
    for (const f of own(['bootstrap.yml', 'bootstrap.yaml', 'bootstrap.properties', ...files.map((x) => path.basename(x.rel))])) {
      const name = springSetting(f, 'spring.application.name')?.value;
      if (!name) continue;
      for (const c of configs) {
        if (!SPRING_CLOUD_CONFIG_FILE.test(c.rel) || path.basename(c.rel).replace(/\.\w+$/, '') !== name) continue;
        for (const key of CONTEXT_KEYS) {
          const s = springSetting(c, key);
          if (s) return { value: s.value, at: `${c.rel}:${s.line}` };
        }
      }
    }
    return null;
  };
  for (let i = 0; i < routes.length; i++) {
    const r = routes[i]!;
    if (r.framework !== 'spring') continue;
    const at = r.file.indexOf('src/main/');
    if (at < 0 || (at > 0 && r.file[at - 1] !== '/')) continue;
    const root = r.file.slice(0, at);
    if (!contextOf.has(root)) contextOf.set(root, lookup(root));
    const ctx = contextOf.get(root);
    if (!ctx || ctx.value === '' || ctx.value === '/') continue;
    const placeholder = /^\$\{[\w.-]+(?::([^}]*))?\}$/.exec(ctx.value);
    if (placeholder) {
      // The default the placeholder gives, the prefix marked: the environment may set another.
      routes[i] = {
        ...r,
        path: joinPath(placeholder[1] ?? '', r.path),
        resolved: false,
        unresolvedPrefix: r.unresolvedPrefix ?? `${ctx.at} ${ctx.value}`,
      };
      continue;
    }
    if (ctx.value.includes('${')) continue;
    routes[i] = { ...r, path: joinPath(ctx.value, r.path) };
  }
}
