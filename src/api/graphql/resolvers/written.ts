/** What mutations do after a service wrote: forget what this request had read of the urns written. */
import type { GraphQLContext } from '../context.js';

/** Clears the request's aspects of the urns a service wrote, and passes its result on. */
export function forgetWritten<T extends { written: readonly string[] }>(ctx: GraphQLContext, result: T): T {
  for (const urn of result.written) ctx.aspects.clear(urn);
  return result;
}
