// A resolver for webhook hosts that answers from a table, so that no test asks the network's DNS: a name not in it
// does not resolve (getaddrinfo's ENOTFOUND). Each lookup of a name takes its next answer and the last one stays, so
// a test can have a name resolve outside when it is saved and inside when it is delivered to.
import { isIP } from 'node:net';
import type { ResolveHost } from '../../src/server/services/webhook-address';

export function fakeDns(table: Record<string, string[][]> = {}): ResolveHost {
  const asked = new Map<string, number>();
  return async (hostname) => {
    const name = hostname.toLowerCase();
    const answers = table[name];
    if (!answers || answers.length === 0) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname });
    const n = asked.get(name) ?? 0;
    asked.set(name, n + 1);
    return answers[Math.min(n, answers.length - 1)]!.map((address) => ({ address, family: isIP(address) }));
  };
}
