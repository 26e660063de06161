// The data folder holds what nobody but the service may read: the database (webhook secrets, password hashes), the
// outbox (reset and share links), backups and pre-migration copies, the app's secret, the release's runtime. So the
// folder is 0700 and every file the server writes there 0600, set explicitly at each write rather than left to the
// umask (docs/DECISIONS.md "Hardening": files only for the service).
import fs from 'node:fs';
import path from 'node:path';
import { logger } from '../logging';

export const PRIVATE_FOLDER = 0o700;
export const PRIVATE_FILE = 0o600;

/** The folder is the server's own when its user owns it and it is not a shared one such as /tmp (sticky bit). */
function ownFolder(stat: fs.Stats): boolean {
  const uid = process.getuid?.();
  return (uid === undefined || stat.uid === uid) && (stat.mode & 0o1000) === 0;
}

/** Creates `dir` (0700) or makes an existing folder of the server's own 0700; a shared folder is left alone, with a warning. */
export function privateFolder(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_FOLDER });
  const stat = fs.statSync(dir);
  if ((stat.mode & 0o777) === PRIVATE_FOLDER) return;
  if (ownFolder(stat)) fs.chmodSync(dir, PRIVATE_FOLDER);
  else
    logger.warn(`The folder ${dir} is not the server's own (another owner, or shared): its files stay 0600, but give the data a folder of its own.`);
}

/** `file` readable and writable by the server's user only; a file that is not there is skipped. */
export function privateFile(file: string): void {
  try {
    fs.chmodSync(file, PRIVATE_FILE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** Creates `file` empty and 0600 when missing, so that whatever writes it later (SQLite) keeps that mode. */
export function privateEmptyFile(file: string): void {
  fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE));
  privateFile(file);
}

/**
 * Everything under the data folder made private, for what an earlier version (or another umask) left readable:
 * folders 0700, files 0600. The release's runtime is the launcher's to keep (its executables stay executable).
 */
export function privateDataFolder(dir: string): void {
  privateFolder(dir);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === '.runtime') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) privateDataFolder(full);
    else if (entry.isFile() && (fs.statSync(full).mode & 0o077) !== 0) privateFile(full);
  }
}
