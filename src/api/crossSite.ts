/**
 * Cross-site request forgery: a page of another site can make a person's browser send a request
 * here with that person's cookies. Browsers say where a request comes from (Sec-Fetch-Site in
 * current ones, Origin on every POST for years): an unsafe request they say came from elsewhere is
 * refused. Requests that carry no such header (programs, curl) are not from a browser page and
 * pass; they cannot carry a person's cookies without being given them.
 */
import type { FastifyRequest } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What a forged request would do, said in every refusal. */
export const WITH_SESSION = 'it would act with the session cookie';

/** Why the request must be refused as coming from another site; undefined when it may proceed. */
export function crossSiteRefusal(request: FastifyRequest, consequence = WITH_SESSION): string | undefined {
  if (SAFE_METHODS.has(request.method)) return undefined;
  const site = header(request, 'sec-fetch-site');
  // `same-site` is another origin too: a sibling subdomain may be someone else's.
  if (site === 'cross-site' || site === 'same-site')
    return `Refused: the browser says this ${request.method} came from another site (Sec-Fetch-Site: ${site}), and ${consequence}`;
  const origin = header(request, 'origin');
  if (origin !== undefined && originHost(origin) !== (request.host ?? '').toLowerCase())
    return `Refused: this ${request.method} came from ${origin}, not from the catalog's own origin (${request.host}), and ${consequence}`;
  return undefined;
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** host:port of an origin; undefined for `null` (sandboxed pages, some redirects) or anything unreadable. */
function originHost(origin: string): string | undefined {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return undefined;
  }
}
