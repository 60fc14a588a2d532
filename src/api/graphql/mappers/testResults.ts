/** An asset's `testResults`: the tests it passes and fails. */
import { aspectValue, type AspectValue } from '../../../registry/aspectValues.js';
import { refOf, type GraphQLContext } from '../context.js';

/** `stored`: the aspect's value as a store row holds it. */
export function testResults(ctx: GraphQLContext, stored: Record<string, unknown>) {
  const r = aspectValue('testResults', stored);
  const results = (list: AspectValue<'testResults'>['passing'] | undefined) =>
    (list ?? []).flatMap((x) => (refOf(ctx.services, x.test) ? [{ test: refOf(ctx.services, x.test), type: x.type }] : []));
  return { passing: results(r.passing), failing: results(r.failing) };
}
