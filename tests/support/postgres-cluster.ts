// A private PostgreSQL for the tests: Debian's server binaries (the `postgresql` package), a new cluster in a temporary
// folder, listening only on a Unix socket in that folder, trusted for the user that made it. As root the cluster is
// the `postgres` user's (initdb refuses root). Nothing of the machine's own PostgreSQL is touched.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const PG_ROOT = '/usr/lib/postgresql';

/** The newest installed server's bin folder, or null when Debian's postgresql package is not installed. */
export function postgresBinDir(): string | null {
  if (!fs.existsSync(PG_ROOT)) return null;
  const versions = fs
    .readdirSync(PG_ROOT)
    .filter((v) => /^\d+$/.test(v) && fs.existsSync(path.join(PG_ROOT, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(PG_ROOT, versions[0], 'bin') : null;
}

export interface PostgresCluster {
  /** A connection string for the cluster's `postgres` database. */
  url: string;
  /** A new empty database on the cluster, as a connection string. */
  createDatabase(name: string): string;
  stop(): void;
}

export function startPostgresCluster(): PostgresCluster {
  const bin = postgresBinDir();
  if (bin === null) throw new Error('PostgreSQL is not installed: apt-get install -y postgresql');
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? 'postgres' : os.userInfo().username;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qc-pg-'));
  const data = path.join(dir, 'data');
  const run = (tool: string, args: string[]) => {
    const cmd = asRoot ? 'runuser' : path.join(bin, tool);
    const argv = asRoot ? ['-u', 'postgres', '--', path.join(bin, tool), ...args] : args;
    const r = spawnSync(cmd, argv, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed (${r.status}): ${r.stderr || r.stdout}`);
  };
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  run('initdb', ['-D', data, '-U', owner, '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8', '--no-sync']);
  // no TCP at all: the socket in the private folder is the only way in
  const options = `-c listen_addresses='' -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'server.log'), '-w', 'start']);
  const urlOf = (db: string) => `postgres://${owner}@localhost/${db}?host=${encodeURIComponent(dir)}`;
  return {
    url: urlOf('postgres'),
    createDatabase(name) {
      run('createdb', ['-h', dir, '-U', owner, name]);
      return urlOf(name);
    },
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
