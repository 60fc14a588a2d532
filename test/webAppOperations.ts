/**
 * DataHub's web app operations (../shared/fixtures/datahub/web-app-graphql), as the app sends them: one operation
 * with every fragment it spreads, directly or through other fragments, and `__typename` in every
 * selection below the root, which the app's GraphQL client (Apollo) adds.
 *
 *   const { body } = await http(`${url}/api/v2/graphql`, { method: 'POST', body: { query: webAppOperation('getMe') } });
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  Kind,
  parse,
  print,
  visit,
  type DefinitionNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { FIXTURES } from './datahubFixtures.js';

const DIR = join(FIXTURES, 'web-app-graphql');

interface Catalogue {
  operations: Map<string, OperationDefinitionNode>;
  fragments: Map<string, FragmentDefinitionNode>;
}

let catalogue: Catalogue | undefined;

/** Every operation and fragment of the app's files, by name. */
function load(): Catalogue {
  if (catalogue) return catalogue;
  const operations = new Map<string, OperationDefinitionNode>();
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const file of readdirSync(DIR)
    .filter((f) => f.endsWith('.graphql'))
    .sort()) {
    for (const def of parse(readFileSync(join(DIR, file), 'utf8')).definitions) {
      const table: Map<string, DefinitionNode> | undefined =
        def.kind === Kind.OPERATION_DEFINITION ? operations : def.kind === Kind.FRAGMENT_DEFINITION ? fragments : undefined;
      const name = 'name' in def ? def.name?.value : undefined;
      if (!table || !name) continue;
      // The app's files repeat a few definitions word for word; only differing ones would be ambiguous.
      const known = table.get(name);
      if (known && print(known) !== print(def))
        throw new Error(`${file}: ${name} is defined twice, differently, in the web app's operations`);
      table.set(name, def);
    }
  }
  catalogue = { operations, fragments };
  return catalogue;
}

/** Names of all the app's operations. */
export function webAppOperationNames(): string[] {
  return [...load().operations.keys()];
}

/** The fragments `root` spreads, transitively, each once, in the order first reached. */
function fragmentsOf(root: OperationDefinitionNode, fragments: ReadonlyMap<string, FragmentDefinitionNode>): FragmentDefinitionNode[] {
  const used = new Map<string, FragmentDefinitionNode>();
  const pending: Array<OperationDefinitionNode | FragmentDefinitionNode> = [root];
  while (pending.length > 0) {
    visit(pending.shift()!, {
      FragmentSpread(node) {
        const name = node.name.value;
        if (used.has(name)) return;
        const fragment = fragments.get(name);
        if (!fragment) throw new Error(`fragment ${name} is spread but not defined in the web app's operations`);
        used.set(name, fragment);
        pending.push(fragment);
      },
    });
  }
  return [...used.values()];
}

/** Adds `__typename` to every selection set but the operation's own, as Apollo does. */
function withTypenames<T extends OperationDefinitionNode | FragmentDefinitionNode>(def: T): T {
  return visit(def, {
    SelectionSet: {
      leave(node: SelectionSetNode, _key, parent) {
        const root = parent && 'kind' in parent && parent.kind === Kind.OPERATION_DEFINITION;
        if (root || node.selections.some((s) => s.kind === Kind.FIELD && s.name.value === '__typename')) return undefined;
        return { ...node, selections: [...node.selections, { kind: Kind.FIELD, name: { kind: Kind.NAME, value: '__typename' } }] };
      },
    },
  });
}

/** The document the app sends for operation `name`: the operation and every fragment it uses. */
export function webAppOperation(name: string): string {
  const known = documents.get(name);
  if (known) return known;
  const { operations, fragments } = load();
  const operation = operations.get(name);
  if (!operation) throw new Error(`the web app has no operation named ${name}`);
  const document = [operation, ...fragmentsOf(operation, fragments)].map((def) => print(withTypenames(def))).join('\n\n');
  documents.set(name, document);
  return document;
}
/** Documents already put together: the test files of a worker send the same operations hundreds of times. */
const documents = new Map<string, string>();
