import dns from "node:dns";
import type net from "node:net";
import ipaddr from "ipaddr.js";

/**
 * Which addresses a server-side request to a user-supplied address may reach. Only globally
 * routed unicast is allowed: a website stored in the catalogue must never make this server talk
 * to itself, its network, or a cloud metadata service (169.254.169.254).
 */

/** The name of the reserved range `address` falls in, or null when it is public unicast. */
export function refusedRange(address: string): string | null {
  if (!ipaddr.isValid(address)) return "invalid";
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6") {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) {
      parsed = v6.toIPv4Address();
    } else {
      const bytes = v6.toByteArray();
      const range = v6.range();
      // NAT64 (64:ff9b::a.b.c.d) and 6to4 (2002:aabb:ccdd::) carry an IPv4 address that decides
      // where the packets end up; on an IPv6-only host with DNS64 every IPv4 site looks like NAT64.
      if (range === "rfc6052") return refusedEmbedded(bytes.slice(12, 16));
      if (range === "6to4") return refusedEmbedded(bytes.slice(2, 6));
      // The deprecated IPv4-compatible form ::a.b.c.d, which ipaddr.js calls unicast.
      if (range === "unicast" && bytes.slice(0, 12).every((byte) => byte === 0)) return "ipv4Compatible";
    }
  }
  const range = parsed.range();
  return range === "unicast" ? null : range;
}

function refusedEmbedded(bytes: number[]): string | null {
  const embedded = refusedRange(ipaddr.fromByteArray(bytes).toString());
  return embedded === null ? null : `embedded ${embedded}`;
}

/** A request refused because of where it would go: a reserved address, or a scheme other than http(s). */
export class OutboundAddressRefused extends Error {
  override readonly name = "OutboundAddressRefused";
  readonly code = "OUTBOUND_ADDRESS_REFUSED";
  constructor(
    message: string,
    /** The host name or address literal asked for. */
    readonly host: string,
    /** The refused addresses it resolved to, empty for a refused scheme. */
    readonly addresses: string[] = [],
  ) {
    super(message);
  }
}

export type ResolvedAddress = { address: string; family: number };
/** Turns a host name into addresses; the system resolver by default, a fixed map in tests. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

export type AddressPolicy = {
  /** OUTBOUND_ALLOW_PRIVATE: every address is allowed (a site on the operator's own network, tests). */
  allowPrivate: boolean;
  /** Exceptions to the refusal, e.g. exactly 127.0.0.1 for a test's loopback site. */
  allowAddress?: (address: string) => boolean;
};

export function permits(policy: AddressPolicy, address: string): boolean {
  // Classified first even when allowed, so tests and the benchmark pay what production pays.
  return refusedRange(address) === null || policy.allowPrivate || policy.allowAddress?.(address) === true;
}

/**
 * A `lookup` for net.connect/tls.connect that resolves the name and hands back only permitted
 * addresses. The socket connects to exactly what this returns, so the address checked is the
 * address used: a DNS answer that changes between a check and the connection (rebinding) cannot
 * slip through. A name with no permitted address fails with OutboundAddressRefused.
 */
export function guardedLookup(policy: AddressPolicy, resolve: Resolver = systemResolver): net.LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (resolved) => {
        const wanted = options.family === 4 || options.family === 6 ? options.family : undefined;
        const candidates = resolved.filter((entry) => wanted === undefined || entry.family === wanted);
        const allowed = candidates.filter((entry) => permits(policy, entry.address));
        if (allowed.length === 0) {
          const addresses = candidates.map((entry) => entry.address);
          const error = new OutboundAddressRefused(
            `${hostname} resolves only to reserved addresses (${addresses.join(", ") || "none"})`,
            hostname,
            addresses,
          );
          callback(error as unknown as NodeJS.ErrnoException, "", 0);
          return;
        }
        if (options.all) (callback as unknown as (error: null, all: ResolvedAddress[]) => void)(null, allowed);
        else callback(null, allowed[0]!.address, allowed[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, "", 0),
    );
  };
}
