import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { GATEWAY_CACHE_CONTROL_HEADER } from '@cardirect/service-kit';

/** Headers that describe one connection, not the message; they must not cross the proxy. */
const hopByHopHeaders = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
]);

/** The headers of a message that may cross the proxy, in either direction. */
export function forwardableHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const forwarded: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !hopByHopHeaders.has(name)) forwarded[name] = value;
  }
  return forwarded;
}

/** The headers of a service's answer that reach the client: the field aimed at the gateway's cache stays here. */
export function relayedAnswerHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const relayed = forwardableHeaders(headers);
  delete relayed[GATEWAY_CACHE_CONTROL_HEADER];
  return relayed;
}
