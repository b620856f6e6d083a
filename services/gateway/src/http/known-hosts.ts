import type { RequestHandler } from 'express';
import { AppError } from '@cardirect/service-kit';

const loopbackNames = ['localhost', '127.0.0.1', '[::1]'];

/** The host name of a Host header, without its port, lower case ('[::1]:8080' → '[::1]'). */
function hostNameOf(hostHeader: string): string {
  const name = hostHeader.startsWith('[') ? hostHeader.slice(0, hostHeader.indexOf(']') + 1) : hostHeader.split(':')[0]!;
  return name.toLowerCase();
}

/**
 * The names the gateway answers for: the public URL's host, the names internal callers use
 * (ALLOWED_HOSTS), and, when the public URL is on this machine (the local default), its loopback
 * names. Ports are not compared: a page that rebinds its own name to our address controls the
 * name, not the port it reaches.
 */
export function knownHostNames(publicUrl: string, internalHosts: string[]): Set<string> {
  const publicName = hostNameOf(new URL(publicUrl).host);
  const names = new Set([publicName, ...internalHosts.map(hostNameOf)]);
  if (loopbackNames.includes(publicName)) for (const name of loopbackNames) names.add(name);
  return names;
}

/**
 * Answers 421 to a request for a host the gateway does not serve. A web page whose own name was
 * made to resolve to this machine (DNS rebinding) can then read nothing here: its requests carry its
 * name, not ours. Probes (/healthz, /readyz) are answered before this, whatever name they use.
 */
export function answerOnlyKnownHosts(names: Set<string>): RequestHandler {
  return (req, _res, next) => {
    const host = req.headers.host;
    if (host !== undefined && names.has(hostNameOf(host))) {
      next();
      return;
    }
    next(new AppError(421, 'This server does not answer for that host name'));
  };
}
