/**
 * Default browse paths, computed from an entity's key when none were ingested: DataHub's legacy flavour
 * (the registry's browse rule names the key fields that make up the path) and `browsePathsV2` (its
 * browseV2 rule).
 */
import type { EntitySpec } from '../registry/types.js';
import { parseUrn } from '../urn.js';

/** DataHub's separator of browse path v2 segments, each segment prefixed by it: `␟a␟b`. */
export const BROWSE_PATH_V2_DELIMITER = '\u241f';

export function defaultBrowsePaths(entity: EntitySpec, key: Record<string, string>): string[] {
  const rule = entity.browse;
  // Entities without a rule get a path list holding one empty path, as DataHub writes them.
  if (!rule) return [''];
  const parts = rule.parts.map((part) => {
    if (typeof part === 'string') return key[part] ?? '';
    const nested = key[part.field];
    if (nested === undefined) return '';
    try {
      return parseUrn(nested).parts[part.part] ?? '';
    } catch {
      return nested;
    }
  });
  let path = `/${parts.join('/')}`;
  if (rule.dotsAsSlashes) path = path.replaceAll('.', '/');
  return [path.toLowerCase()];
}

/** DataHub's folder for what has no better place. */
const DEFAULT_FOLDER = 'Default';

export interface BrowsePathEntry {
  id: string;
  urn?: string;
}

export function defaultBrowsePathsV2(entity: EntitySpec, key: Record<string, string>): { path: BrowsePathEntry[] } {
  const rule = entity.browseV2;
  const parent = rule?.parent ? key[rule.parent] : undefined;
  if (parent) return { path: [{ id: parent, urn: parent }] };
  const folders = rule?.nameFolders
    ? (key[rule.nameFolders] ?? '')
        .split('.')
        .filter((part) => part !== '')
        .slice(0, -1)
    : [];
  return { path: folders.length > 0 ? folders.map((id) => ({ id })) : [{ id: DEFAULT_FOLDER }] };
}
