// Shared by the scripts that start a server process (measure:start, measure:typing, bench:http, proof:load,
// proof:backup, load:hardening, screenshots:readme) and the tests that do (tests/e2e/harness.ts, backup-restore): a free
// loopback port, the environment of a server on a temp folder, waiting until the server answers, and the compiled
// server started that way (startServerProcess).
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/** A TCP port on 127.0.0.1 that nothing listens on right now (the OS picks it; it is released again at once). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The environment of a server process on 127.0.0.1:`port` (APP_URL `appUrl`) with its database (app.db) and outbox in
 * `dir` and the demo accounts seeded: this process's environment, those settings, then `extra` (CLIENT_DIR, NODE_ENV…).
 */
export function serverEnv(
  { port, appUrl, dir }: { port: number; appUrl: string; dir: string },
  extra: Record<string, string> = {},
): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: appUrl,
    DATABASE_PATH: path.join(dir, 'app.db'),
    OUTBOX_DIR: path.join(dir, 'outbox'),
    SEED_DEMO: 'true',
    ...extra,
  };
}

export interface WaitOptions {
  /** The process that should answer: when it exits (or is killed) first, the wait ends with 'exited'. */
  child?: ChildProcess;
  /** How long to keep asking, in ms (default 60 s). */
  timeoutMs?: number;
  /** The pause between two requests, in ms (default 200). */
  intervalMs?: number;
  /** Which answer counts as up (default: a 2xx status). */
  ready?: (res: Response) => boolean;
}

/**
 * GETs `url` until an answer passes `ready`: 'ready' then, 'exited' as soon as `child` has exited, 'timeout' once
 * `timeoutMs` has passed. A refused connection counts as not yet. The caller says what a failure means.
 */
export async function waitForServer(url: string, options: WaitOptions = {}): Promise<'ready' | 'exited' | 'timeout'> {
  const { child, timeoutMs = 60_000, intervalMs = 200, ready = (res: Response) => res.ok } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) return 'exited';
    try {
      if (ready(await fetch(url))) return 'ready';
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) return 'timeout';
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** What the process printed so far (stdout and stderr). */
  output(): string;
  /** SIGTERM (when still running), then its exit code. */
  stop(): Promise<number | null>;
}

/**
 * Starts the compiled server as `npm start` runs it (`node dist/server/main.js`, which must be built) on a free port,
 * with its data in `dir` (serverEnv, then `env`), and waits until it answers /api/health. Throws with what it printed
 * when it exits first or never answers.
 */
export async function startServerProcess({
  dir,
  env = {},
  nodeArgs = [],
  umask,
}: {
  dir: string;
  env?: Record<string, string>;
  nodeArgs?: string[];
  /** The umask the server starts under (octal, e.g. '000'); the caller's when not given. */
  umask?: string;
}): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const args = [...nodeArgs, 'dist/server/main.js'];
  // `exec`: the shell becomes the server, so the stop signal reaches it
  const [command, commandArgs] =
    umask === undefined ? [process.execPath, args] : ['/bin/sh', ['-c', `umask ${umask} && exec "$0" "$@"`, process.execPath, ...args]];
  const child = spawn(command, commandArgs, { cwd: ROOT, env: serverEnv({ port, appUrl: url, dir }, env), stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const up = await waitForServer(`${url}/api/health`, { child, intervalMs: 100 });
  if (up !== 'ready') {
    child.kill('SIGKILL');
    throw new Error(`the server ${up === 'exited' ? `exited early (${child.exitCode})` : 'did not become healthy'}:\n${log}`);
  }
  return {
    url,
    child,
    output: () => log,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
