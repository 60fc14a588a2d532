/** What mutations do after a service wrote: forget what this request had read of the urns written. */
import type { GraphQLContext } from '../context.js';

/** Clears the request's aspects of the urns written, so the fields asked after a mutation read what it wrote. */
export function forget(ctx: GraphQLContext, urns: Iterable<string>): void {
  for (const urn of urns) ctx.aspects.clear(urn);
}

/** The same for a service's result that names what it wrote, which is passed on. */
export function forgetWritten<T extends { written: readonly string[] }>(ctx: GraphQLContext, result: T): T {
  forget(ctx, result.written);
  return result;
}
