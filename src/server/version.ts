import fs from 'node:fs';

/** The app's version, from package.json (the release carries its package.json beside the server, as a checkout does). */
export const APP_VERSION: string = (JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
