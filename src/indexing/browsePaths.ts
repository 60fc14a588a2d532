/**
 * Default browse paths (DataHub's legacy flavour), computed from an entity's key when none were
 * ingested: the registry's browse rule names the key fields that make up the path.
 */
import type { EntitySpec } from '../registry/types.js';
import { parseUrn } from '../urn.js';

export function defaultBrowsePaths(entity: EntitySpec, key: Record<string, string>): string[] {
  const rule = entity.browse;
  // Entities without a rule get a path list holding one empty path, as DataHub writes them.
  if (!rule) return [''];
  const parts = rule.parts.map((part) => {
    if (typeof part === 'string') return key[part] ?? '';
    const nested = key[part.field];
    try {
      return parseUrn(nested).parts[part.part] ?? '';
    } catch {
      return nested ?? '';
    }
  });
  let path = `/${parts.join('/')}`;
  if (rule.dotsAsSlashes) path = path.replaceAll('.', '/');
  return [path.toLowerCase()];
}
