/** An asset's `testResults`: the tests it passes and fails. */
import { refOf, type GraphQLContext } from '../context.js';

type Json = Record<string, any>;

export function testResults(ctx: GraphQLContext, r: Json) {
  const results = (list: Json[] | undefined) =>
    (list ?? []).flatMap((x) => (refOf(ctx.services, x.test) ? [{ test: refOf(ctx.services, x.test), type: x.type }] : []));
  return { passing: results(r.passing), failing: results(r.failing) };
}
