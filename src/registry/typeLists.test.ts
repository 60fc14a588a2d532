/**
 * What DataHub says of each entity type is registry data (entities.ts): a list of types, a table keyed
 * by type or a branch on a type name elsewhere would have to be found and extended with every type
 * added. This reads the code outside the registry and fails naming each one that crept back.
 *
 * Naming one type stays fine: a service handles its own type, makes urns of it, and refuses, or skips,
 * what is not of it (`if (type !== 'tag') throw ...`). What is looked for:
 * - an array of two or more type names;
 * - an object keyed mostly by type names (two or more);
 * - `case '<type>':` in a switch on an entity type;
 * - an entity type compared with a type name (`entityType === 'dataset'`), but for the guard above: a
 *   `!==` in the condition of an `if` that only throws or returns.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { loadRegistry } from './registry.js';

const SRC = join(import.meta.dirname, '..');

/** Code left out: the registry itself, tests (they name types freely), and GraphQL's generated types. */
const SKIPPED = [/^registry\//, /\.test\.ts$/, /^api\/graphql\/generated\//];

/**
 * Files and what they may name, each with its reason.
 */
const ALLOWED: ReadonlyArray<{ file: string; reason: string; found?: RegExp }> = [
  {
    file: 'api/graphql/resolvers/queryEntities.ts',
    found: /^object: dataset, schemaField$/,
    reason: "GraphQL's QuerySubject has a field of each",
  },
  {
    file: 'write/patch.ts',
    found: /^comparison: urnEntityType\(first\) === 'dataset'$/,
    reason: "DataHub's FineGrainedLineageUpstreamType: DATASET names a dataset's urn, FIELD_SET a column's",
  },
];

const names = new Set(loadRegistry().entities.keys());

/** Text that reads as an entity type: `entityType`, `entity.name`, `ref.entityName`, `type`. */
const TYPE_LIKE = /entity|type/i;

function sourceFiles(): string[] {
  return (readdirSync(SRC, { recursive: true }) as string[])
    .map((f) => f.split('\\').join('/'))
    .filter((f) => f.endsWith('.ts') && !SKIPPED.some((s) => s.test(f)));
}

const isTypeName = (n: ts.Node | undefined): n is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral =>
  n !== undefined && (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) && names.has(n.text);

const keyName = (p: ts.ObjectLiteralElementLike): string | undefined =>
  p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : undefined;

/** An `if` that only throws or returns, as a statement or a block of one. */
function exits(s: ts.Statement): boolean {
  if (ts.isBlock(s)) return s.statements.length === 1 && exits(s.statements[0]!);
  return ts.isThrowStatement(s) || ts.isReturnStatement(s);
}

/** A `!==` comparison inside the condition of an `if` that only throws or returns. */
function isGuard(n: ts.BinaryExpression): boolean {
  if (n.operatorToken.kind !== ts.SyntaxKind.ExclamationEqualsEqualsToken && n.operatorToken.kind !== ts.SyntaxKind.ExclamationEqualsToken)
    return false;
  let at: ts.Node = n;
  while (ts.isBinaryExpression(at.parent) || ts.isParenthesizedExpression(at.parent) || ts.isPrefixUnaryExpression(at.parent))
    at = at.parent;
  return ts.isIfStatement(at.parent) && at.parent.expression === at && exits(at.parent.thenStatement);
}

const EQUALITY = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

/** What code holds of the kinds looked for, each as `<kind>: <what>`. */
function findings(file: string, text: string): Array<{ line: number; found: string }> {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: Array<{ line: number; found: string }> = [];
  const at = (n: ts.Node, found: string) => out.push({ line: source.getLineAndCharacterOfPosition(n.getStart()).line + 1, found });
  const visit = (n: ts.Node): void => {
    if (ts.isArrayLiteralExpression(n)) {
      const named = n.elements.filter(isTypeName).map((e) => e.text);
      if (named.length >= 2) at(n, `array: ${named.join(', ')}`);
    } else if (ts.isObjectLiteralExpression(n)) {
      const keyed = n.properties.flatMap((p) => keyName(p) ?? []).filter((k) => names.has(k));
      if (keyed.length >= 2 && keyed.length * 2 >= n.properties.length) at(n, `object: ${keyed.join(', ')}`);
    } else if (ts.isCaseClause(n) && isTypeName(n.expression) && TYPE_LIKE.test(n.parent.parent.expression.getText())) {
      at(n, `case: ${n.expression.text}`);
    } else if (ts.isBinaryExpression(n) && EQUALITY.has(n.operatorToken.kind)) {
      const other = isTypeName(n.right) ? n.left : isTypeName(n.left) ? n.right : undefined;
      if (other && TYPE_LIKE.test(other.getText()) && !isGuard(n)) at(n, `comparison: ${n.getText()}`);
    }
    ts.forEachChild(n, visit);
  };
  visit(source);
  return out;
}

describe('entity types outside the registry', () => {
  it('are neither listed, nor keyed, nor branched on', () => {
    const crept: string[] = [];
    const used = new Set<(typeof ALLOWED)[number]>();
    for (const file of sourceFiles()) {
      for (const { line, found } of findings(file, readFileSync(join(SRC, file), 'utf8'))) {
        const allowed = ALLOWED.find((a) => a.file === file && (a.found === undefined || a.found.test(found)));
        if (allowed) used.add(allowed);
        else crept.push(`src/${file}:${line} ${found}`);
      }
    }
    // Each one's fact belongs on the entity declarations (registry/entities.ts, types.ts), read through Registry.
    expect(crept).toEqual([]);
    // An entry that allows nothing any more goes.
    expect(ALLOWED.filter((a) => !used.has(a)).map((a) => a.file)).toEqual([]);
  });

  it('are found where they would be', () => {
    const found = (code: string) => findings('x.ts', code).map((f) => f.found);
    expect(found("const T = new Set(['dataset', 'chart']);")).toEqual(['array: dataset, chart']);
    expect(found("const M = { dataset: 'a', chart: 'b', other: 'c' };")).toEqual(['object: dataset, chart']);
    expect(found('const M = { dataset: 1, a: 1, b: 1, c: 1, d: 1 };')).toEqual([]);
    expect(found("switch (entityType) { case 'chart': break; }")).toEqual(['case: chart']);
    expect(found("switch (op) { case 'test': break; }")).toEqual([]);
    expect(found("if (ref.entityName === 'dataset') x();")).toEqual(["comparison: ref.entityName === 'dataset'"]);
    expect(found("const n = type !== 'domain' ? 1 : 2;")).toEqual(["comparison: type !== 'domain'"]);
    expect(found("if (entity.name !== 'corpuser') throw new Error('a user, please');")).toEqual([]);
    expect(found("if (!x || tryParseUrn(u)?.entityType !== 'tag') { return; }")).toEqual([]);
    expect(found("if (entityType !== 'dataset') x();")).toEqual(["comparison: entityType !== 'dataset'"]);
    expect(found("if (kind === 'tag') x();")).toEqual([]);
  });
});
