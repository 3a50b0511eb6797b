// Which network addresses the server may contact on a user's behalf. Addresses are classified with node's
// BlockList (exact CIDR arithmetic for IPv4 and IPv6); everything not public is refused unless the admin allows
// private networks, or the host/address is on the admin's allow-list (home labs reach their LAN that way).
import { BlockList, isIP } from 'node:net';

/** Why an address is not public; null when it is. */
export type AddressClass =
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'cgnat'
  | 'multicast'
  | 'reserved'
  | 'unique-local'
  | 'ipv4-mapped';

const RANGES: [AddressClass, 'ipv4' | 'ipv6', string, number][] = [
  ['unspecified', 'ipv4', '0.0.0.0', 8],
  ['loopback', 'ipv4', '127.0.0.0', 8],
  ['private', 'ipv4', '10.0.0.0', 8],
  ['private', 'ipv4', '172.16.0.0', 12],
  ['private', 'ipv4', '192.168.0.0', 16],
  ['link-local', 'ipv4', '169.254.0.0', 16],
  ['cgnat', 'ipv4', '100.64.0.0', 10],
  ['reserved', 'ipv4', '192.0.0.0', 24],
  ['reserved', 'ipv4', '192.0.2.0', 24],
  ['reserved', 'ipv4', '198.18.0.0', 15],
  ['reserved', 'ipv4', '198.51.100.0', 24],
  ['reserved', 'ipv4', '203.0.113.0', 24],
  ['multicast', 'ipv4', '224.0.0.0', 4],
  ['reserved', 'ipv4', '240.0.0.0', 4],
  ['unspecified', 'ipv6', '::', 128],
  ['loopback', 'ipv6', '::1', 128],
  ['reserved', 'ipv6', '64:ff9b::', 96],
  ['reserved', 'ipv6', '100::', 64],
  ['reserved', 'ipv6', '2001:db8::', 32],
  ['unique-local', 'ipv6', 'fc00::', 7],
  ['link-local', 'ipv6', 'fe80::', 10],
  ['multicast', 'ipv6', 'ff00::', 8],
];

const LISTS = new Map<AddressClass, BlockList>();
// Kept apart: BlockList matches IPv4 rules against IPv4-mapped IPv6 addresses and the other way round.
const MAPPED = new BlockList();
MAPPED.addSubnet('::ffff:0:0', 96, 'ipv6');
for (const [cls, family, net, prefix] of RANGES) {
  let list = LISTS.get(cls);
  if (!list) LISTS.set(cls, (list = new BlockList()));
  list.addSubnet(net, prefix, family);
}

function familyOf(ip: string): 'ipv4' | 'ipv6' | null {
  const v = isIP(ip);
  return v === 4 ? 'ipv4' : v === 6 ? 'ipv6' : null;
}

/** The class of a non-public address, or null for a public one (and for strings that are not addresses). */
export function classifyAddress(ip: string): AddressClass | null {
  const family = familyOf(ip);
  if (!family) return null;
  if (family === 'ipv6' && MAPPED.check(ip, 'ipv6')) return 'ipv4-mapped';
  for (const [cls, list] of LISTS) if (list.check(ip, family)) return cls;
  return null;
}

export interface OutboundPolicy {
  /** Private, loopback and other non-public addresses may be contacted. */
  allowPrivate: boolean;
  /** Host names (`nas.lan`, `*.lan`) and addresses or CIDRs (`192.168.1.0/24`) allowed even when private. */
  allowList: string[];
}

/** A compiled allow-list: host patterns and address ranges. */
export interface AllowMatcher {
  host(hostname: string): boolean;
  address(ip: string): boolean;
}

export function compileAllowList(entries: string[]): AllowMatcher {
  const blocks = new BlockList();
  const hosts: string[] = [];
  let hasBlocks = false;
  for (const raw of entries) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    const [net, bits] = entry.split('/');
    const family = familyOf(net!);
    if (family) {
      const max = family === 'ipv4' ? 32 : 128;
      const prefix = bits === undefined ? max : Number(bits);
      if (!Number.isInteger(prefix) || prefix < 0 || prefix > max) continue;
      blocks.addSubnet(net!, prefix, family);
      hasBlocks = true;
    } else if (!bits) {
      hosts.push(entry.replace(/\.$/, ''));
    }
  }
  return {
    host(hostname) {
      const h = hostname.toLowerCase().replace(/\.$/, '');
      return hosts.some((p) => (p.startsWith('*.') ? h.endsWith(p.slice(1)) : h === p));
    },
    address(ip) {
      const family = familyOf(ip);
      return hasBlocks && !!family && blocks.check(ip, family);
    },
  };
}

/** Whether an allow-list entry is well formed (a host name, an address or a CIDR). */
export function isAllowListEntry(entry: string): boolean {
  const [net, bits, extra] = entry.trim().split('/');
  if (extra !== undefined || !net) return false;
  const family = familyOf(net);
  if (family) {
    const max = family === 'ipv4' ? 32 : 128;
    return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= max);
  }
  return (
    bits === undefined &&
    /^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.?$/i.test(net)
  );
}

export interface Refusal {
  /** For the user who asked: names nothing they did not type (a host name's addresses stay on the server). */
  reason: string;
  /** For the log and administrators: the address the name resolved to and its class. */
  detail: string;
}

const SETTING = 'private networks are not allowed (admin setting outboundAllowPrivate or outboundAllowList)';

/**
 * Why contacting `ip` (resolved from `hostname`) is refused under `policy`, or null when it is allowed. An address
 * typed as such is named with its class (`127.0.0.1 is a loopback address`); for a host name, only the detail says
 * what the server's DNS answered (`localhost resolves to 127.0.0.1, which is a loopback address`): that is how
 * internal names resolve, which no user should learn from a refusal.
 */
export function refusal(
  ip: string,
  hostname: string,
  policy: OutboundPolicy,
  allow: AllowMatcher = compileAllowList(policy.allowList),
): Refusal | null {
  const cls = classifyAddress(ip);
  if (!cls || policy.allowPrivate) return null;
  if (allow.host(hostname) || allow.address(ip)) return null;
  const article = /^([aei]|un[s])/.test(cls) ? 'an' : 'a';
  if (hostname === ip) {
    const reason = `${ip} is ${article} ${cls} address; ${SETTING}`;
    return { reason, detail: reason };
  }
  return {
    reason: `${hostname} is on a private network; ${SETTING}`,
    detail: `${hostname} resolves to ${ip}, which is ${article} ${cls} address`,
  };
}
