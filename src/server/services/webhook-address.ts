// Where a webhook may send (docs/API.md "Webhooks"): only to public addresses, unless WEBHOOK_ALLOW_PRIVATE says the
// receivers are on the team's own network. The URL's host is checked when the admin saves it, and the address each
// delivery connects to is checked again as the connection is made, so a name that later resolves inside is refused.
// WHATWG `URL` has already turned every IPv4 spelling (`127.1`, `2130706433`, `0x7f.0.0.1`, octal, a trailing dot)
// into dotted decimal and every IPv6 one into its short form; `net.BlockList` matches ranges, IPv4-mapped IPv6
// (`::ffff:127.0.0.1`) against the IPv4 ones.
import { promises as dns, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { webhookMessages } from '../../shared/schemas/webhooks';
import type { AppConfig } from '../config';
import { InvalidInputError } from '../errors';

/** Loopback, private, link-local, unique-local, shared, unspecified, multicast and broadcast (and the rest of 240/4). */
const NOT_PUBLIC: readonly [string, number, 'ipv4' | 'ipv6'][] = [
  ['0.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['224.0.0.0', 4, 'ipv4'],
  ['240.0.0.0', 4, 'ipv4'],
  ['::', 128, 'ipv6'],
  ['::1', 128, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
  ['fec0::', 10, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
  // IPv4-compatible (deprecated), local-use NAT64 and Teredo: nothing a public receiver is reached by
  ['::', 96, 'ipv6'],
  ['64:ff9b:1::', 48, 'ipv6'],
  ['2001::', 32, 'ipv6'],
];
/**
 * IPv6 prefixes that carry an IPv4 address a gateway connects to: NAT64's well-known prefix (its last 32 bits) and 6to4
 * (the 32 bits after 2002:). Such an address is as public as the IPv4 address inside it.
 */
const EMBEDS_IPV4: readonly { prefix: string; bits: number; at: number }[] = [
  { prefix: '64:ff9b::', bits: 96, at: 12 },
  { prefix: '2002::', bits: 16, at: 2 },
];
const blockList = new BlockList();
for (const [network, prefix, type] of NOT_PUBLIC) blockList.addSubnet(network, prefix, type);

const embeddingPrefixes = EMBEDS_IPV4.map(({ prefix, bits, at }) => {
  const list = new BlockList();
  list.addSubnet(prefix, bits, 'ipv6');
  return { list, at };
});

/** The 16 bytes of an IPv6 address (`::` expanded, a dotted IPv4 tail read), or null when it is not one. */
function ipv6Bytes(address: string): Uint8Array | null {
  let text = address;
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail[1]!.split('.').map(Number) as [number, number, number, number];
    text = text.slice(0, tail.index) + ((a << 8) | b).toString(16) + ':' + ((c << 8) | d).toString(16);
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const groups = (g: string) => (g === '' ? [] : g.split(':'));
  const left = groups(head);
  const right = rest === undefined ? [] : groups(rest);
  const all = rest === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  if (all.length !== 8) return null;
  const bytes = new Uint8Array(16);
  for (let i = 0; i < 8; i++) {
    const v = parseInt(all[i]!, 16);
    if (!(v >= 0 && v <= 0xffff)) return null;
    bytes[2 * i] = v >> 8;
    bytes[2 * i + 1] = v & 0xff;
  }
  return bytes;
}

/** The IPv4 address inside a NAT64 or 6to4 address, or null for any other. */
function embeddedIpv4(address: string): string | null {
  for (const { list, at } of embeddingPrefixes) {
    if (!list.check(address, 'ipv6')) continue;
    const b = ipv6Bytes(address);
    return b === null ? null : `${b[at]}.${b[at + 1]}.${b[at + 2]}.${b[at + 3]}`;
  }
  return null;
}

/** An IP address (bare: no brackets) outside the public internet. A zone (`fe80::1%eth0`) is link-local anyway. */
function isBlockedAddress(address: string): boolean {
  const bare = address.split('%')[0]!;
  const family = isIP(bare);
  if (family === 0) return true;
  if (family === 4) return blockList.check(bare, 'ipv4');
  if (blockList.check(bare, 'ipv6')) return true;
  const inside = embeddedIpv4(bare);
  return inside !== null && blockList.check(inside, 'ipv4');
}

/** A name's addresses, as `dns.lookup(name, { all: true })` answers them; it rejects when the name does not resolve. */
export type ResolveHost = (hostname: string) => Promise<LookupAddress[]>;
const systemResolveHost: ResolveHost = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

/** What the webhook code needs to know to decide where it may send. */
export interface WebhookTargets {
  /** WEBHOOK_ALLOW_PRIVATE: every address is allowed and nothing is looked up ahead. */
  allowPrivate: boolean;
  resolveHost: ResolveHost;
}

export function webhookTargets(config: Pick<AppConfig, 'webhookAllowPrivate'>, resolveHost: ResolveHost = systemResolveHost): WebhookTargets {
  return { allowPrivate: config.webhookAllowPrivate, resolveHost };
}

/** A create or update aims at an address inside: 400 at the `url` field (the form shows it there). */
class NotPublicAddressError extends InvalidInputError {
  readonly issues = [{ path: ['url'], message: webhookMessages.publicAddress }];
  constructor() {
    super(webhookMessages.publicAddress);
  }
}

/** A delivery's connection was refused before it was made: its host resolved inside. */
export class BlockedAddressError extends Error {
  readonly code = 'EBLOCKEDADDRESS';
  constructor(hostname: string) {
    super(`${hostname} resolves to an address that is not public`);
    this.name = 'BlockedAddressError';
  }
}

/** A URL's host without IPv6 brackets or a final dot, as a resolver or `isIP` takes it. */
function bareHostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
}

/** `localhost` and the names under it are loopback whatever a resolver says (RFC 6761). */
const isLocalhostName = (name: string) => name === 'localhost' || name.endsWith('.localhost');

/** How long a save waits for the name's addresses before taking it as not resolving. */
const SAVE_LOOKUP_MS = 5_000;

function withinSaveLookup(answer: Promise<LookupAddress[]>): Promise<LookupAddress[] | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), SAVE_LOOKUP_MS);
    timer.unref();
  });
  return Promise.race([answer.catch(() => null), late]).finally(() => clearTimeout(timer));
}

/**
 * Refuses a URL whose host is, or now resolves to, an address that is not public. A name that does not resolve (yet,
 * or through a passing DNS failure) is let through rather than turned into a form error: every delivery checks the
 * address it connects to anyway, and until the name resolves its deliveries fail as "connection failed".
 */
export async function assertPublicTarget(url: string, targets: WebhookTargets): Promise<void> {
  if (targets.allowPrivate) return;
  const target = new URL(url);
  if (literalIsBlocked(target)) throw new NotPublicAddressError();
  const host = bareHostOf(target);
  if (isIP(host) !== 0) return;
  if (isLocalhostName(host)) throw new NotPublicAddressError();
  const addresses = await withinSaveLookup(targets.resolveHost(host));
  if (addresses?.some((a) => isBlockedAddress(a.address))) throw new NotPublicAddressError();
}

/**
 * The `lookup` of a delivery's connection: the addresses it may connect to, or a BlockedAddressError when any address
 * of the name is not public. An IP literal never comes here (net connects to it directly): see literalIsBlocked.
 */
export function publicOnlyLookup(resolveHost: ResolveHost): LookupFunction {
  return (hostname, options, callback) => {
    const name = hostname.replace(/\.$/, '');
    const answer = isLocalhostName(name) ? Promise.reject(new BlockedAddressError(hostname)) : resolveHost(name);
    answer.then(
      (all) => {
        if (all.some((a) => isBlockedAddress(a.address))) return callback(new BlockedAddressError(hostname), '');
        const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
        const fitting = family ? all.filter((a) => a.family === family) : all;
        const first = fitting[0];
        if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '');
        if (options.all) callback(null, fitting);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}

/** A delivery to an IP literal that is not public: refused before any connection (no lookup happens for it). */
export function literalIsBlocked(url: URL): boolean {
  const host = bareHostOf(url);
  return isIP(host) !== 0 && isBlockedAddress(host);
}
