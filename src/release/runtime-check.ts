// The release runs only what it shipped (docs/DECISIONS.md "A release a team installs"): the executable holds the
// SHA-256 of every file of the app it carries, and at every start the launcher compares the unpacked folder with that
// list. A file changed, missing or added means the folder is not the release's any more: it is unpacked afresh, so a
// line appended to an unpacked module never runs. Node built-ins only: this is bundled into the launcher.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Relative path (with `/`) → SHA-256 (hex) of every file the release carries. */
export type Manifest = Record<string, string>;

/** The marker the launcher writes last into a complete unpack; it is the launcher's own, not the release's. */
export const COMPLETE_MARKER = '.complete';

export const PRIVATE_FOLDER = 0o700;

export function digestOf(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** A shipped file's mode as unpacked: the owner's bits only (executables stay executable, for the server's user). */
export function privateMode(mode: number): number {
  return mode & 0o700;
}

export interface Differences {
  changed: string[];
  missing: string[];
  added: string[];
}

/** How `folder` differs from `manifest`; all three lists empty when it holds exactly the release's files. */
export function differences(folder: string, manifest: Manifest): Differences {
  const found: Differences = { changed: [], missing: [], added: [] };
  const seen = new Set<string>();
  for (const entry of fs.readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (entry.isDirectory()) continue;
    const full = path.join(entry.parentPath, entry.name);
    const rel = path.relative(folder, full).split(path.sep).join('/');
    if (rel === COMPLETE_MARKER) continue;
    const expected = manifest[rel];
    // a link or any other kind of entry is not something the release unpacks
    if (expected === undefined || !entry.isFile()) found.added.push(rel);
    else {
      seen.add(rel);
      if (digestOf(fs.readFileSync(full)) !== expected) found.changed.push(rel);
    }
  }
  for (const rel of Object.keys(manifest)) if (!seen.has(rel) && !found.added.includes(rel)) found.missing.push(rel);
  return found;
}

export function isIntact(d: Differences): boolean {
  return d.changed.length === 0 && d.missing.length === 0 && d.added.length === 0;
}

/** One line for the log: what differed (the first few of each kind). */
export function describeDifferences(d: Differences): string {
  const some = (list: string[]) => list.slice(0, 3).join(', ') + (list.length > 3 ? ` and ${list.length - 3} more` : '');
  return [
    d.changed.length > 0 && `changed ${some(d.changed)}`,
    d.missing.length > 0 && `missing ${some(d.missing)}`,
    d.added.length > 0 && `added ${some(d.added)}`,
  ]
    .filter(Boolean)
    .join('; ');
}
