import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const packageFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../package.json');

/** The app's version, from package.json (the release carries its package.json beside the server, as a checkout does). */
export const APP_VERSION: string = (JSON.parse(fs.readFileSync(packageFile, 'utf8')) as { version: string }).version;
