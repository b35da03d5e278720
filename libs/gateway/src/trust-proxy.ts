import { isIP } from 'node:net';

/** Which proxies may tell the client's address in `X-Forwarded-For`, in the forms express's `trust proxy` takes. */
export type TrustProxy = boolean | number | string;

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function validEntry(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, range, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(range) === 4;
}

/**
 * TRUST_PROXY: unset or `false` trusts no proxy (the peer is the client); `true` trusts every hop; a number
 * trusts that many hops; else a comma list of addresses, CIDR ranges and `loopback` / `linklocal` / `uniquelocal`.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((e) => e.trim());
  const bad = entries.find((e) => !validEntry(e));
  if (bad !== undefined) throw new Error(`"${bad}" is neither an address, a CIDR range, loopback, linklocal nor uniquelocal`);
  return entries.join(',');
}
