// npm start: rebuild what is stale (the client when its sources or the lockfile changed, e.g. after a git pull; the
// server when its sources changed), then run the compiled server in this process. No TypeScript is transpiled at
// start when the builds are current. CLIENT_DIR (a build of its own, e.g. the browser tests') skips the client check.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt, SERVER_OUT } from './build.mjs';

await ensureBuilt({ client: !process.env.CLIENT_DIR });
await import(pathToFileURL(path.join(SERVER_OUT, 'main.js')).href);
