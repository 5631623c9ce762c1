import proxyaddr from 'proxy-addr';
import type { AppConfig } from '../config/config';

/**
 * The client address of a request by the same rule Express applies to `req.ip` under
 * `app.set('trust proxy', TRUST_PROXY)`: the connection's address, or with trusted proxies the
 * right-most X-Forwarded-For entry that no trusted proxy wrote. Never the left-most entry as such: the
 * client writes that one. For requests Express does not see (socket.io handshakes).
 */
export function trustFunction(trustProxy: AppConfig['trustProxy']): (address: string, hop: number) => boolean {
  if (trustProxy === false) return () => false;
  if (typeof trustProxy === 'number') return (_address, hop) => hop < trustProxy;
  return proxyaddr.compile(trustProxy);
}

/** A Node request as proxy-addr reads it (the socket.io handshake's `socket.request`). */
type ProxiedRequest = Parameters<typeof proxyaddr>[0];

export function clientAddress(req: ProxiedRequest, trust: (address: string, hop: number) => boolean): string {
  return proxyaddr(req, trust) || 'unknown';
}
