/**
 * Who a request counts as, for the limits each caller has a share of: the user its credentials
 * name, or, where nothing was authenticated (a public route, or authentication off, where a request
 * names whom it acts as), the address it comes from.
 */
import type { FastifyRequest } from 'fastify';

export function callerOf(request: FastifyRequest): string {
  return request.authenticationOn && request.actor !== '' ? request.actor : `address ${request.ip}`;
}
