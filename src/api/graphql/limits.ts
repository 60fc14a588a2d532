/**
 * Validation rules bounding the work one document may ask for: nesting depth and the number of
 * fields it selects (fragments expanded), with DataHub's defaults of 50 and 2000.
 */
import { GraphQLError, Kind, type ASTNode, type FragmentDefinitionNode, type SelectionSetNode, type ValidationContext, type ASTVisitor } from 'graphql';

export const MAX_DEPTH = 50;
export const MAX_COMPLEXITY = 2000;

interface Measure {
  depth: number;
  fields: number;
}

function measure(set: SelectionSetNode | undefined, fragments: Record<string, FragmentDefinitionNode>, seen: Set<string>): Measure {
  if (!set) return { depth: 0, fields: 0 };
  let depth = 0;
  let fields = 0;
  for (const sel of set.selections) {
    let inner: Measure;
    if (sel.kind === Kind.FIELD) {
      const sub = measure(sel.selectionSet, fragments, seen);
      inner = { depth: sub.depth + 1, fields: sub.fields + 1 };
    } else if (sel.kind === Kind.INLINE_FRAGMENT) {
      inner = measure(sel.selectionSet, fragments, seen);
    } else {
      const name = sel.name.value;
      // A fragment spread cycle is reported by graphql-js's own rules; do not loop on it.
      if (seen.has(name) || !fragments[name]) continue;
      inner = measure(fragments[name].selectionSet, fragments, new Set([...seen, name]));
    }
    depth = Math.max(depth, inner.depth);
    fields += inner.fields;
  }
  return { depth, fields };
}

export function limitsRule(maxDepth = MAX_DEPTH, maxComplexity = MAX_COMPLEXITY) {
  return (context: ValidationContext): ASTVisitor => ({
    Document(node: ASTNode) {
      if (node.kind !== Kind.DOCUMENT) return;
      const fragments: Record<string, FragmentDefinitionNode> = {};
      for (const def of node.definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments[def.name.value] = def;
      for (const def of node.definitions) {
        if (def.kind !== Kind.OPERATION_DEFINITION) continue;
        const { depth, fields } = measure(def.selectionSet, fragments, new Set());
        if (depth > maxDepth) context.reportError(new GraphQLError(`maximum query depth exceeded ${depth} > ${maxDepth}`, { nodes: [def] }));
        if (fields > maxComplexity) context.reportError(new GraphQLError(`maximum query complexity exceeded ${fields} > ${maxComplexity}`, { nodes: [def] }));
      }
    },
  });
}
