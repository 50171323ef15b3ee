/**
 * Which Web Push endpoints the server may fetch (server-side request forgery guard): a resident
 * chooses the URL, so it is checked when stored (`checkEndpoint`, its text; `checkEndpointHost`,
 * every address its name resolves to now) and again when connecting (`publicOnlyLookup`: the
 * socket connects only to addresses just checked, so a DNS answer changed after registration, or
 * between the check and the connect, cannot turn a push into a request to the inside).
 */
import { promises as dns, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { MAX_WEB_PUSH_ENDPOINT, WEB_PUSH_MSG } from '../../../shared/contracts/web-push.js';
import { MSG } from '../../../shared/messages.js';
import { BadRequestError, ServiceUnavailableError } from '../../lib/errors.js';
import { UNAVAILABLE_RETRY_AFTER_S } from '../../lib/error-handler.js';
import { withTimeout } from '../../lib/with-timeout.js';

/** Addresses no push service has: loopback, private, link-local, shared, multicast, reserved, documentation, NAT64. */
const NOT_PUBLIC = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(net, bits, 'ipv6');

/** An IP address (v4 or v6, brackets allowed) a push service may have; v4-mapped v6 is checked as v4. */
export function isPublicAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '');
  const family = isIP(ip);
  if (family === 0) return false;
  if (family === 4) return !NOT_PUBLIC.check(ip, 'ipv4');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return !NOT_PUBLIC.check(mapped[1], 'ipv4');
  // ::ffff:7f00:1 (the mapped form in hex) is refused whole: no push service uses it.
  if (/^::ffff:/i.test(ip)) return false;
  return !NOT_PUBLIC.check(ip, 'ipv6');
}

/** Whether `url`'s host (`host:port` or just the name) is one of the configured test hosts. */
export function isTestHost(url: URL, testHosts: readonly string[]): boolean {
  return testHosts.includes(url.host.toLowerCase()) || testHosts.includes(url.hostname.toLowerCase());
}

/**
 * The endpoint a resident sent, checked and normalised (`URL.href`), or a 400 naming `endpoint`:
 * an https URL on the default port, without credentials, whose host is a name with a dot (not an
 * IP address, `localhost`, nor a `.localhost`, `.local`, `.internal` or `.home.arpa` one). A configured test host
 * (WEB_PUSH_TEST_HOSTS) may be http, any port and any address.
 * @throws BadRequestError field `endpoint`
 */
export function checkEndpoint(raw: string, testHosts: readonly string[]): string {
  const bad = () => new BadRequestError(WEB_PUSH_MSG.endpoint, 'endpoint');
  if (!URL.canParse(raw)) throw bad();
  const url = new URL(raw);
  if (url.href.length > MAX_WEB_PUSH_ENDPOINT) throw bad();
  if (url.username || url.password || url.hash) throw bad();
  if (isTestHost(url, testHosts)) {
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw bad();
    return url.href;
  }
  if (url.protocol !== 'https:' || url.port !== '') throw bad();
  // Push services are named hosts: an address literal (public or not) is refused outright.
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (isIP(host.replace(/^\[|\]$/g, '')) !== 0) throw bad();
  if (!host.includes('.') || host === 'localhost' || /\.(localhost|local|internal|home\.arpa)$/.test(host)) throw bad();
  return url.href;
}

/**
 * Every address a host name resolves to (`dns.lookup(host, {all: true})`), or a rejection with
 * the resolver's `code` (ENOTFOUND: no such name). Injected so that tests need no network.
 */
export type HostResolver = (hostname: string) => Promise<LookupAddress[]>;

/** The system's resolver (getaddrinfo, as every other connection of the process resolves). */
export const systemResolver: HostResolver = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

/** The longest a name may take to resolve at subscription time, ms: a push service's name is answered at once. */
export const RESOLVE_TIMEOUT_MS = 5_000;
/** What a refused resolution's error carries as `code`. */
const NOT_PUBLIC_CODE = 'ENOTPUBLIC';
/** Resolver codes that mean the name does not exist (or has no address): the endpoint is wrong, not the resolver. */
const NO_SUCH_NAME = new Set(['ENOTFOUND', 'ENODATA', 'EAI_NONAME', 'EAI_NODATA']);

/** `hostname`'s addresses when every one is public; else an error whose `code` is ENOTPUBLIC (or the resolver's). */
async function publicAddresses(hostname: string, resolve: HostResolver): Promise<LookupAddress[]> {
  const addresses = await resolve(hostname.replace(/^\[|\]$/g, ''));
  const refused = addresses.find((a) => !isPublicAddress(a.address));
  if (addresses.length === 0 || refused) {
    throw Object.assign(new Error(`push endpoint host ${hostname} resolves to a non-public address ${refused?.address ?? '(none)'}`), {
      code: NOT_PUBLIC_CODE,
    });
  }
  return addresses;
}

/** True for the error of a host refused because it resolves to an address that is not public. */
export function isNotPublicError(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === NOT_PUBLIC_CODE;
}

/**
 * The subscription-time address check of an endpoint `checkEndpoint` accepted (`href`): its host
 * must resolve, within RESOLVE_TIMEOUT_MS, to public addresses only ({@link isPublicAddress}: any
 * private, loopback, link-local, unique-local, shared (CGNAT), multicast, unspecified or
 * IPv4-mapped form of those refuses it). A configured test host is not resolved.
 * @throws BadRequestError field `endpoint` (a non-public address, or no such name);
 *   ServiceUnavailableError (503) when the resolver fails or is slow (the client retries).
 */
export async function checkEndpointHost(href: string, testHosts: readonly string[], resolve: HostResolver): Promise<void> {
  const url = new URL(href);
  if (isTestHost(url, testHosts)) return;
  try {
    await withTimeout(publicAddresses(url.hostname, resolve), RESOLVE_TIMEOUT_MS, 'push endpoint host lookup timed out');
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (isNotPublicError(err) || (typeof code === 'string' && NO_SUCH_NAME.has(code))) throw new BadRequestError(WEB_PUSH_MSG.endpoint, 'endpoint');
    throw new ServiceUnavailableError(MSG.serviceUnavailable, UNAVAILABLE_RETRY_AFTER_S);
  }
}

/**
 * A `lookup` for sockets to push services (an `https.Agent` option): resolves through `resolve`,
 * and fails with `ENOTPUBLIC` ({@link isNotPublicError}) when any address of the name is not
 * public; otherwise the socket connects to the addresses checked here, and to no other.
 */
export function publicOnlyLookup(resolve: HostResolver = systemResolver): LookupFunction {
  return (hostname, options, callback) => {
    publicAddresses(hostname, resolve).then(
      (all) => {
        const family = options.family === 4 || options.family === 6 ? options.family : undefined;
        const addresses = family ? all.filter((a) => a.family === family) : all;
        const first = addresses[0];
        if (!first) return callback(Object.assign(new Error(`push endpoint host ${hostname} has no IPv${family} address`), { code: 'ENOTFOUND' }), '', 0);
        // Node's sockets ask with `all: true` (happy eyeballs) and then expect the list, a call shape
        // @types/node's LookupFunction does not describe: the one cast says so.
        if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
        return callback(null, first.address, first.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}
