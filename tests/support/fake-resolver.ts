/**
 * A host resolver for tests (modules/web-push/endpoint.ts `HostResolver`), so no test asks the
 * network: a name set in `hosts` resolves to its addresses (or fails with its error code), a name
 * of the form `<IPv4>.nip.io` resolves to that address as the public nip.io service does, and any
 * other name fails with ENOTFOUND. `asked` lists every name resolved, in order.
 */
import { isIP } from 'node:net';
import type { LookupAddress } from 'node:dns';
import type { HostResolver } from '../../src/server/modules/web-push/endpoint.js';

export interface FakeResolver {
  resolve: HostResolver;
  /** Name → its addresses, or an error code to fail with ('EAI_AGAIN': the resolver is down). */
  hosts: Map<string, string[] | { code: string }>;
  asked: string[];
}

export function fakeResolver(): FakeResolver {
  const hosts = new Map<string, string[] | { code: string }>();
  const asked: string[] = [];
  const fail = (hostname: string, code: string) => Promise.reject(Object.assign(new Error(`${code} ${hostname}`), { code }));
  const resolve: HostResolver = async (hostname) => {
    asked.push(hostname);
    const set = hosts.get(hostname.toLowerCase());
    const nip = /^(\d+\.\d+\.\d+\.\d+)\.nip\.io$/i.exec(hostname)?.[1];
    const addresses = Array.isArray(set) ? set : set ? undefined : nip ? [nip] : undefined;
    if (!addresses) return fail(hostname, set && !Array.isArray(set) ? set.code : 'ENOTFOUND');
    return addresses.map((address): LookupAddress => ({ address, family: isIP(address) === 6 ? 6 : 4 }));
  };
  return { resolve, hosts, asked };
}
