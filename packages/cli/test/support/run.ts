import { spawn, spawnSync } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The `docent` command as installed: bin/docent.js, which runs the bundle. */
export const BIN = path.resolve(import.meta.dirname, '../../bin/docent.js');

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `docent <args>` to completion. */
export function docent(
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv; nodeArgs?: readonly string[]; cwd?: string } = {},
): Run {
  const child = spawnSync(process.execPath, [...(options.nodeArgs ?? []), BIN, ...args], {
    encoding: 'utf8',
    env: { ...process.env, ...options.env },
    cwd: options.cwd,
    maxBuffer: 1 << 26,
    timeout: 90_000,
  });
  return { status: child.status, stdout: child.stdout, stderr: child.stderr };
}

/** Runs `docent <args>` without blocking the test's event loop (for commands that talk to a server in this process). */
export function docentAsync(args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** A fresh temporary folder. */
export const tempDir = (prefix: string): string => fs.mkdtempSync(path.join(os.tmpdir(), `docent-cli-${prefix}-`));

/** A git repository holding `files`, committed once. */
export function repo(files: Record<string, string>): string {
  const dir = tempDir('repo');
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  execFileSync('git', ['init', '-q'], { cwd: dir });
  execFileSync('git', ['add', '.'], { cwd: dir });
  execFileSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', 'commit', '-qm', 'init'], { cwd: dir });
  return dir;
}

/** A small Express service: routes, a module cycle, documented and undocumented functions; a Python module. */
export const SHOP = {
  'src/server.js':
    "const express = require('express');\nconst users = require('./routes/users');\nconst app = express();\napp.use('/api/users', users);\napp.listen(process.env.PORT);\n",
  'src/routes/users.js':
    "const router = require('express').Router();\nconst db = require('../db');\n/** Shows one user. */\nfunction show(req, res) { res.json(db.find(req.params.id)); }\nrouter.get('/:id', show);\nfunction remove(req, res) {}\nrouter.delete('/:id', remove);\nmodule.exports = router;\nmodule.exports.show = show;\nmodule.exports.remove = remove;\n",
  'src/db.js': "const users = require('./routes/users');\nexports.find = function find(id) { return id; };\n",
  // a documented function and two thin wrappers of it: their docstrings are grounded (docs/docgen.md)
  'src/m.py':
    'def load(path):\n    """Load a file.\n\n    Args:\n        path: Where the file lives, relative to the root.\n    """\n    return open(path).read()\n\n\ndef f0(path):\n    return load(path)\n\n\ndef f1(path):\n    return load(path)\n',
};
