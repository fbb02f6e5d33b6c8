import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildBundle } from '../build/bundle.mjs';
import { main } from '../src/cli.ts';
import { docent, docentAsync, repo, SHOP, tempDir } from './support/run.ts';

// The command line as a whole (docs/cli.md): one help listing every command, one grammar
// (`--name value` and `--name=value` for every option of every command), one usage-error policy.

const EVERY_COMMAND = ['analyze', 'badge', 'docs', 'docstrings', 'login', 'logout', 'repos'];
const work = tempDir('grammar');
let dir: string;

beforeAll(async () => {
  await buildBundle();
  dir = repo(SHOP);
}, 180_000);
afterAll(() => {
  fs.rmSync(work, { recursive: true, force: true });
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs main() in this process (for help and usage errors, which load no command module). */
async function inProcess(args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((stdout += String(chunk)), true));
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((stderr += String(chunk)), true));
  try {
    return { status: await main(args), stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

describe('docent --help', () => {
  it('lists every command with a line of its own (the installed command)', () => {
    const help = docent(['--help']);
    expect(help.status).toBe(0);
    const commands = help.stdout.slice(help.stdout.indexOf('\nCommands:\n'));
    for (const name of EVERY_COMMAND) {
      expect(commands).toMatch(new RegExp(`\\n  ${name} +\\S`));
      expect(help.stdout).toContain(`docent ${name}`);
    }
    const own = docent(['docstrings', '--help']);
    expect(own.status).toBe(0);
    expect(own.stdout.startsWith('Usage: docent docstrings <path>')).toBe(true);
  });

  it('the same help for no arguments, -h and help; each command has its own --help', async () => {
    const help = await inProcess(['--help']);
    for (const form of [[], ['-h'], ['help']]) expect(await inProcess(form)).toEqual(help);
    for (const name of EVERY_COMMAND) {
      const own = await inProcess([name, '--help']);
      expect(own.status).toBe(0);
      expect(own.stdout.startsWith(`Usage: docent ${name}`)).toBe(true);
      expect(own.stdout).toContain('  -h, --help');
      expect(await inProcess([name, '-h'])).toEqual(own);
      expect(await inProcess(['help', name])).toEqual(own);
    }
  });

  it('documents each option with its value placeholder', async () => {
    const analyze = (await inProcess(['analyze', '--help'])).stdout;
    for (const option of [
      '--json',
      '--only <card>',
      '--fail-under <percent>',
      '--no-git-history',
      '--history-depth <n>',
      '--workers <n>',
      '--cache-dir <dir>',
      '--remote <org/repo>',
      '--vendor <V>',
      '--server <URL>',
    ]) {
      expect(analyze).toContain(option);
    }
    expect((await inProcess(['docstrings', '--help'])).stdout).toContain('--max-line-length <n>');
    expect((await inProcess(['login', '--help'])).stdout).toContain('--timeout <seconds>');
  });
});

describe('usage errors', () => {
  it("an unknown option is exit 2 with a docent: line and a hint to the command's --help, for every command", async () => {
    const spawned = docent(['badge', dir, '--bogus=1']);
    expect(spawned.status).toBe(2);
    expect(spawned.stderr).toBe(
      'docent: Unknown option "--bogus".\nUsage: docent badge <path> [--out <file.svg>]\nRun "docent badge --help" for usage.\n',
    );
    expect(spawned.stdout).toBe('');
    for (const name of EVERY_COMMAND) {
      for (const bogus of ['--bogus=1', '--bogus', '-x']) {
        const run = await inProcess([name, ...(['analyze', 'badge', 'docs', 'docstrings'].includes(name) ? [dir] : []), bogus]);
        expect(run.status, name).toBe(2);
        expect(run.stderr.split('\n')[0]).toBe(`docent: Unknown option "${bogus.split('=')[0]}".`);
        expect(run.stderr).toContain(`Run "docent ${name} --help" for usage.`);
        expect(run.stdout).toBe('');
      }
    }
  });

  it('an unknown command, a value given to a switch, a missing value or a stray argument is exit 2', async () => {
    const unknown = await inProcess(['analyse', dir]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain(
      'docent: Unknown command "analyse". Commands: analyze, badge, docs, docstrings, login, logout, repos.',
    );
    expect(unknown.stderr).toContain('Run "docent --help" for usage.');
    const switchValue = await inProcess(['analyze', dir, '--json=yes']);
    expect([switchValue.status, switchValue.stderr]).toEqual([
      2,
      expect.stringContaining('docent: Option "--json" does not take an argument'),
    ]);
    const noValue = await inProcess(['docs', dir, '--type']);
    expect([noValue.status, noValue.stderr]).toEqual([2, expect.stringContaining('docent: --type needs a value.')]);
    const stray = await inProcess(['badge', dir, 'other']);
    expect([stray.status, stray.stderr]).toEqual([2, expect.stringContaining('docent: Unexpected argument "other".')]);
    const logout = await inProcess(['logout', 'now']);
    expect([logout.status, logout.stderr]).toEqual([2, expect.stringContaining('docent: Unexpected argument "now".')]);
    const noPath = await inProcess(['docstrings', '--write']);
    expect([noPath.status, noPath.stderr]).toEqual([2, expect.stringContaining('docent: Missing <path>.')]);
    const localOption = await inProcess(['analyze', '--remote', 'a/b', '--workers', '2']);
    expect([localOption.status, localOption.stderr]).toEqual([
      2,
      expect.stringContaining('--workers is for a local analysis; it does not apply with --remote.'),
    ]);
    const remoteOption = await inProcess(['analyze', dir, '--vendor', 'GITHUB']);
    expect([remoteOption.status, remoteOption.stderr]).toEqual([2, expect.stringContaining('--vendor belongs to analyze --remote.')]);
  });
});

describe('--name=value and --name value, on every command', () => {
  it('analyze: every value option in both forms', () => {
    const runs = [
      ['--only=basicDoc', '--workers=2', '--history-depth=3', `--cache-dir=${path.join(work, 'eq')}`, '--fail-under=10', '--json'],
      [
        '--only',
        'basicDoc',
        '--workers',
        '2',
        '--history-depth',
        '3',
        '--cache-dir',
        path.join(work, 'space'),
        '--fail-under',
        '10',
        '--json',
      ],
    ].map((options) => docent(['analyze', dir, ...options]));
    for (const run of runs) {
      expect(run.status).toBe(0);
      expect(run.stderr).toContain('docent: passed: documented share');
      const result = JSON.parse(run.stdout) as { report: Record<string, unknown> };
      expect(Object.keys(result.report).filter((k) => result.report[k] != null)).toEqual(['basicFuncDocAnalysis']);
    }
    expect(fs.readdirSync(path.join(work, 'eq')).length).toBeGreaterThan(0);
    expect(fs.readdirSync(path.join(work, 'space')).length).toBeGreaterThan(0);
    expect(runs[0]!.stdout).toBe(runs[1]!.stdout.replace(/"durationMs":\d+/, runs[0]!.stdout.match(/"durationMs":\d+/)![0]));
  });

  it('badge: --out=, --workers=, --cache-dir=', () => {
    const file = path.join(work, 'badge.svg');
    const run = docent(['badge', dir, `--out=${file}`, '--workers=1', `--cache-dir=${path.join(work, 'badge-cache')}`]);
    expect(run.status).toBe(0);
    expect(fs.readFileSync(file, 'utf8')).toMatch(/^<svg xmlns/);
  });

  it('docs: --type=, --format=, --out=', () => {
    const out = path.join(work, 'docs');
    const run = docent(['docs', dir, '--type=arch', '--format=md,rst', `--out=${out}`]);
    expect(run.status).toBe(0);
    expect(fs.readdirSync(out)).toEqual(expect.arrayContaining(['architecture.md', 'architecture.rst']));
  });

  it('docstrings: --style=, --max-line-length=, --files=', () => {
    const run = docent(['docstrings', dir, '--style=numpy', '--max-line-length=60', '--files=src/m.py', '--diff']);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('+++ b/src/m.py');
    expect(run.stdout).toContain('+    """Same as `load()`.');
    expect(run.stdout).not.toContain('users.js');
  });

  it('login: --server=, --timeout=', async () => {
    const run = await docentAsync(['login', '--server=http://127.0.0.1:9', '--no-browser', '--timeout=1'], {
      DOCENT_CONFIG_DIR: path.join(work, 'config'),
    });
    expect(run.stdout).toContain('To sign in, visit:\n  http://127.0.0.1:9/auth/localhost/login?redirectUri=');
    expect(run.stderr).toContain('docent: no sign-in within 1 s; not signed in.');
    expect(run.status).toBe(1);
  });

  it('repos and analyze --remote: --server=, --remote=, --vendor=, --only=', async () => {
    const env = { DOCENT_API_KEY: 'dk_test', DOCENT_URL: '', DOCENT_SERVER: '', DOCENT_CONFIG_DIR: path.join(work, 'config') };
    const repos = await docentAsync(['repos', '--server=http://127.0.0.1:9'], env);
    expect([repos.status, repos.stderr]).toEqual([2, expect.stringContaining('docent: cannot reach http://127.0.0.1:9')]);
    const remote = await docentAsync(
      ['analyze', '--remote=org/repo', '--vendor=github', '--only=readme', '--server=http://127.0.0.1:9'],
      env,
    );
    expect([remote.status, remote.stderr]).toEqual([2, expect.stringContaining('docent: cannot reach http://127.0.0.1:9')]);
    const badOnly = await docentAsync(['analyze', '--remote=org/repo', '--only=languages'], env);
    expect([badOnly.status, badOnly.stderr]).toEqual([
      2,
      expect.stringContaining('--only with --remote must be one of basicDoc, advancedDoc, readme (got "languages")'),
    ]);
  });
});
