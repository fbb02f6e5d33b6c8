import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateRepository } from '../src/index.ts';
import { fixtureRepos } from './support/fixture-repo.ts';

/** docs/metrics/docgen-quality.md, "Set 35" (held out), causes 5–7, and "Set 35 leftovers fixed (tuning)". */

const repo = fixtureRepos('s35l');

async function writeRun(root: string) {
  const r = await generateRepository(root);
  for (const c of r.changes) fs.writeFileSync(path.join(root, c.path), c.after);
  return r;
}

const stream =
  "<?php\n\nnamespace Nyholm\\Psr7;\n\nclass Stream\n{\n    /**\n     * Creates a new PSR-7 stream.\n     *\n     * @param string|resource $body\n     *\n     * @throws \\InvalidArgumentException\n     */\n    public static function create($body = ''): self\n    {\n        return new self();\n    }\n}\n";

const factory = (implementsList: string) =>
  `<?php\n\nnamespace Nyholm\\Psr7\\Factory;\n\nuse Nyholm\\Psr7\\Stream;\nuse Psr\\Http\\Message\\StreamFactoryInterface;\n\nclass Psr17Factory ${implementsList}\n{\n    public function createStream(string $content = '')\n    {\n        return Stream::create($content);\n    }\n\n    public static function make(string $content = '')\n    {\n        return Stream::create($content);\n    }\n}\n`;

describe('set 35 cause 7: a method of a class implementing an interface the repository does not declare inherits its doc', () => {
  it('PHP: `implements StreamFactoryInterface` (a Composer package) — no doc lands on its public method; a static one still gets one', async () => {
    const root = repo({ 'src/Stream.php': stream, 'src/Factory/Psr17Factory.php': factory('implements StreamFactoryInterface') });
    await writeRun(root);
    const out = fs.readFileSync(path.join(root, 'src/Factory/Psr17Factory.php'), 'utf8');
    expect(out).toContain('implements StreamFactoryInterface\n{\n    public function createStream(');
    expect(out).toContain('    /** Same as Stream::create(). */\n    public static function make(');
  });

  it('PHP: the same class implementing an interface the repository declares (undocumented) still gets its doc', async () => {
    const root = repo({
      'src/Stream.php': stream,
      'src/Factory/StreamFactoryInterface.php':
        "<?php\n\nnamespace Psr\\Http\\Message;\n\ninterface StreamFactoryInterface\n{\n    public function createStream(string $content = '');\n}\n",
      'src/Factory/Psr17Factory.php': factory('implements StreamFactoryInterface'),
    });
    await writeRun(root);
    const out = fs.readFileSync(path.join(root, 'src/Factory/Psr17Factory.php'), 'utf8');
    expect(out).toMatch(/\*\/\n {4}public function createStream\(/);
  });

  it('PHP: a builtin interface (`Countable`) covers only its own methods', async () => {
    const root = repo({ 'src/Stream.php': stream, 'src/Factory/Psr17Factory.php': factory('implements \\Countable') });
    await writeRun(root);
    const out = fs.readFileSync(path.join(root, 'src/Factory/Psr17Factory.php'), 'utf8');
    expect(out).toMatch(/\*\/\n {4}public function createStream\(/);
  });

  it('TypeScript: `implements` an imported interface from a package — no doc on its public method', async () => {
    const body =
      '/**\n * Creates a body from a string.\n *\n * @param content - The text.\n */\nexport function createBody(content: string): string {\n  return content;\n}\n';
    const src = (impl: string) =>
      `import type { Transport } from 'some-vendor';\nimport { createBody } from './body';\n\nexport class HttpTransport${impl} {\n  create(content: string): string {\n    return createBody(content);\n  }\n}\n`;
    const plain = repo({ 'package.json': '{"name":"x"}\n', 'src/body.ts': body, 'src/transport.ts': src('') });
    await writeRun(plain);
    expect(fs.readFileSync(path.join(plain, 'src/transport.ts'), 'utf8')).not.toBe(src(''));
    const root = repo({ 'package.json': '{"name":"x"}\n', 'src/body.ts': body, 'src/transport.ts': src(' implements Transport') });
    await writeRun(root);
    expect(fs.readFileSync(path.join(root, 'src/transport.ts'), 'utf8')).toBe(src(' implements Transport'));
  });
});
