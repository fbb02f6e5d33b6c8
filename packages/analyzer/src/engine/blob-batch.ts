import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

/**
 * Reads `<rev>:<path>` contents through one `git cat-file --batch` process: one spawn for the
 * hundreds of old file versions the doc-history pass may need, instead of one per version.
 * Requests are answered in order, so a FIFO of waiters pairs answers with requests.
 */
export class BlobBatch {
  private child: ChildProcessWithoutNullStreams | null = null;
  private waiters: Array<(text: string | null) => void> = [];
  private buffer: Buffer = Buffer.alloc(0);
  private readonly cache = new Map<string, Promise<string | null>>();

  constructor(private readonly root: string) {}

  /** The file at `rev`, or null when it does not exist there, is no blob, or git failed. */
  read(rev: string, path: string): Promise<string | null> {
    if (!rev || /[\n\r]/.test(rev + path)) return Promise.resolve(null);
    const key = `${rev}:${path}`;
    let pending = this.cache.get(key);
    if (!pending) {
      pending = new Promise<string | null>((resolve) => {
        const child = this.start();
        if (!child) return resolve(null);
        this.waiters.push(resolve);
        child.stdin.write(`${key}\n`);
      });
      this.cache.set(key, pending);
    }
    return pending;
  }

  close(): void {
    this.child?.stdin.end();
    this.child?.kill('SIGKILL');
    this.child = null;
    for (const waiter of this.waiters.splice(0)) waiter(null);
  }

  private start(): ChildProcessWithoutNullStreams | null {
    if (this.child) return this.child;
    try {
      this.child = spawn('git', ['-c', 'core.fsmonitor=false', '-c', 'core.quotepath=off', 'cat-file', '--batch'], {
        cwd: this.root,
        env: { ...process.env, GIT_OPTIONAL_LOCKS: '0', GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' },
      });
    } catch {
      return null;
    }
    this.child.stdout.on('data', (chunk: Buffer) => {
      this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
      this.drain();
    });
    this.child.stderr.resume();
    const fail = (): void => {
      this.child = null;
      for (const waiter of this.waiters.splice(0)) waiter(null);
    };
    this.child.on('error', fail);
    this.child.on('close', fail);
    this.child.stdin.on('error', fail);
    return this.child;
  }

  /** Hands complete answers to their waiters: `<oid> <type> <size>\n<bytes>\n` or `<name> missing\n`. */
  private drain(): void {
    for (;;) {
      const eol = this.buffer.indexOf(10);
      if (eol < 0) return;
      const header = this.buffer.subarray(0, eol).toString('utf8');
      const parts = header.split(' ');
      const size = Number(parts[parts.length - 1]);
      if (parts.length === 3 && Number.isInteger(size)) {
        if (this.buffer.length < eol + 1 + size + 1) return;
        const body = this.buffer.subarray(eol + 1, eol + 1 + size);
        this.buffer = this.buffer.subarray(eol + 1 + size + 1);
        const text = parts[1] === 'blob' && !body.includes(0) ? body.toString('utf8') : null;
        this.waiters.shift()?.(text);
      } else {
        // "<name> missing" / "ambiguous": no content follows.
        this.buffer = this.buffer.subarray(eol + 1);
        this.waiters.shift()?.(null);
      }
    }
  }
}
