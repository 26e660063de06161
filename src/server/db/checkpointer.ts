// Checkpoints the write-ahead log from a worker thread, on its own connection, instead of inside a request.
// SQLite's automatic checkpoint runs in whichever write crosses 1,000 WAL pages: under a team's load that was one
// save in thirty stalling the whole event loop for 10–20 ms (copying pages to the database file, then an fsync),
// with every request queued behind it. A PASSIVE checkpoint from a second connection never blocks the writer or the
// readers, so the worker does it every 100 ms; the main connection keeps an automatic checkpoint at a much higher
// mark only as a safety net (the worker stopped, or fell far behind). Durability is unchanged: a commit is in the WAL
// before it is answered, whoever copies it on later.
//
// Why so often, and why the mark so high (proof:load, docs/DECISIONS.md "Operations"): a save writes ~17 WAL pages,
// so 50 clients saving back to back add ~8,000 a second. The WAL starts over from its beginning only when a write
// finds every page copied, which a checkpoint every half second almost never left behind under that load; the WAL
// then reached the old mark of 10,000 pages about once a second, and the save that crossed it checkpointed and synced
// 16 MB in the event loop (20–40 ms, every client waiting). Every 100 ms each copy is small, the WAL starts over
// several times a second when the writes leave it a moment (the main thread then only syncs the WAL's header, under a
// millisecond); under a flood of saves without pause the mark is reached every few seconds instead of every second,
// and that checkpoint has little left to copy. The WAL file is not cut back when it starts over (journal_size_limit):
// freeing ~50 MB of its blocks took the event loop 20–60 ms, longer than the checkpoint itself.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Db } from './database';

export interface WalCheckpointer {
  /** Stops the worker and closes its connection; the main connection then checkpoints as usual on close. */
  stop(): Promise<void>;
}

/** WAL pages (4 KiB) past which the main connection checkpoints by itself: ~200 MiB. */
const SAFETY_NET_PAGES = 50_000;

// Plain CommonJS, evaluated in the worker: it must run the same from the TypeScript sources and from the bundle.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    // SQLITE_BUSY (another checkpoint is running) or a transient error: the next tick tries again.
  }
}, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export function startWalCheckpointer(db: Db, file: string, intervalMs = 100): WalCheckpointer {
  db.$client.pragma(`wal_autocheckpoint = ${SAFETY_NET_PAGES}`);
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, file, intervalMs } });
  // The worker only ever helps: if it fails, the safety net checkpoints, and the server goes on.
  worker.on('error', () => db.$client.pragma('wal_autocheckpoint = 1000'));
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    stop() {
      worker.postMessage('stop');
      return exited;
    },
  };
}
