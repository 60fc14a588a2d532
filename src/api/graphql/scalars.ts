/**
 * The custom scalars of DataHub's schema. `Long` is a 64-bit integer (times in epoch milliseconds,
 * versions, counts): a variable or literal that is not a whole number a JavaScript number holds
 * exactly is the client's mistake, refused while the request is checked, before anything runs.
 */
import { GraphQLError, isScalarType, Kind, type GraphQLSchema, type ValueNode } from 'graphql';

function toLong(value: unknown): number {
  const n = typeof value === 'string' && /^-?\d{1,20}$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n)) {
    throw new GraphQLError(
      `Long cannot represent ${JSON.stringify(value)?.slice(0, 40) ?? String(value)}: it must be a whole number from ${-Number.MAX_SAFE_INTEGER} to ${Number.MAX_SAFE_INTEGER}`,
    );
  }
  return n;
}

function literalLong(node: ValueNode): number {
  if (node.kind === Kind.INT || node.kind === Kind.STRING) return toLong(node.kind === Kind.INT ? Number(node.value) : node.value);
  throw new GraphQLError(`Long cannot represent a ${node.kind.toLowerCase().replace('value', '')} value`, { nodes: node });
}

/** Gives the SDL's `Long` its parsing; values read from the store are served as they are. */
export function attachScalars(schema: GraphQLSchema): void {
  const long = schema.getType('Long');
  if (!isScalarType(long)) return;
  long.parseValue = toLong;
  long.parseLiteral = literalLong;
}
