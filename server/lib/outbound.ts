import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import ipaddr from 'ipaddr.js';
import type { Agent, fetch as UndiciFetch, RequestInit, Response } from 'undici';

/**
 * Outbound HTTP for URLs a user typed (external API tools, registered gateway instances). The
 * address is checked when the socket connects — after DNS resolution — so neither a private IP
 * literal nor a hostname that resolves (or re-resolves) to one gets through: the SSRF guard.
 */
export class BlockedAddressError extends Error {
  override name = 'BlockedAddressError';
}

/** Only globally routable unicast addresses; loopback, private, link-local etc. are refused. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === 'unicast';
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

function guardedLookup(hostname: string, options: object, callback: LookupCallback) {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const list = addresses;
    const blocked = list.find((a) => !isPublicAddress(a.address));
    if (blocked) {
      return callback(new BlockedAddressError(`${hostname} resolves to a non-public address`), []);
    }
    const wantsAll = (options as { all?: boolean }).all;
    if (wantsAll) return callback(null, list);
    const first = list[0]!;
    callback(null, first.address, first.family);
  });
}

// undici loads on the first outbound call to a user-supplied URL, not at start-up.
let agents: Promise<{ guarded: Agent; open: Agent; fetch: typeof UndiciFetch }> | undefined;
function loadAgents() {
  agents ??= import('undici').then((undici) => ({
    guarded: new undici.Agent({ connect: { lookup: guardedLookup } }),
    open: new undici.Agent(),
    fetch: undici.fetch,
  }));
  return agents;
}

export interface OutboundOptions {
  /** OUTBOUND_ALLOW_PRIVATE: self-hosted set-ups and tests may reach private addresses */
  allowPrivate: boolean;
}

export async function outboundFetch(
  url: string,
  init: RequestInit,
  options: OutboundOptions,
): Promise<Response> {
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new BlockedAddressError(`unsupported protocol ${parsed.protocol}`);
  }
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (!options.allowPrivate && ipaddr.isValid(host) && !isPublicAddress(host)) {
    throw new BlockedAddressError(`${host} is not a public address`);
  }
  const { guarded, open, fetch } = await loadAgents();
  return fetch(url, {
    ...init,
    redirect: 'manual',
    dispatcher: options.allowPrivate ? open : guarded,
  });
}
