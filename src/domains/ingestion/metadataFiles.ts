/**
 * Reading metadata files as DataHub's tools write them: a JSON array (or a single object, or JSON
 * lines) of MetadataChangeEvents (`proposedSnapshot`) and MetadataChangeProposals (aspect as a JSON
 * string in `aspect.value`, or as an object in `aspect.json`).
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

export type MetadataItem =
  | { kind: 'proposal'; source: string; proposal: Record<string, unknown> }
  | { kind: 'snapshot'; source: string; entity: Record<string, unknown>; systemMetadata?: unknown }
  | { kind: 'unreadable'; source: string; reason: string };

/** The JSON files named: files as given, folders searched recursively for `*.json`, in name order. */
export async function listMetadataFiles(paths: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const p of paths) {
    const info = await stat(p).catch(() => {
      throw new Error(`no such file or folder: ${p}`);
    });
    if (info.isDirectory()) {
      const entries = (await readdir(p, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
      const nested = entries.filter((e) => e.isDirectory() || e.name.endsWith('.json')).map((e) => join(p, e.name));
      out.push(...(await listMetadataFiles(nested)));
    } else {
      out.push(p);
    }
  }
  return out;
}

function parseDocument(text: string): unknown[] {
  const trimmed = text.trim();
  if (trimmed === '') return [];
  try {
    const doc = JSON.parse(trimmed) as unknown;
    return Array.isArray(doc) ? doc : [doc];
  } catch (err) {
    // JSON lines: one document a line.
    const lines = trimmed.split('\n').filter((l) => l.trim() !== '');
    if (lines.length > 1) return lines.map((l) => JSON.parse(l) as unknown);
    throw err;
  }
}

/** Drops nulls at the top of a proposal and turns `aspect.json` into the wire form `aspect.value`. */
function toWireProposal(item: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(item)) if (v !== null && v !== undefined) out[k] = v;
  const aspect = out.aspect as Record<string, unknown> | undefined;
  if (aspect && aspect.value === undefined && aspect.json !== undefined) {
    out.aspect = { value: JSON.stringify(aspect.json), contentType: 'application/json' };
  }
  return out;
}

export function classify(item: unknown, source: string): MetadataItem {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) {
    return { kind: 'unreadable', source, reason: 'not a JSON object' };
  }
  const obj = item as Record<string, unknown>;
  if (obj.proposedSnapshot && typeof obj.proposedSnapshot === 'object') {
    return {
      kind: 'snapshot',
      source,
      entity: { value: obj.proposedSnapshot },
      ...(obj.systemMetadata ? { systemMetadata: obj.systemMetadata } : {}),
    };
  }
  if (typeof obj.entityType === 'string' && typeof obj.changeType === 'string') {
    return { kind: 'proposal', source, proposal: toWireProposal(obj) };
  }
  return {
    kind: 'unreadable',
    source,
    reason: 'neither a MetadataChangeEvent (proposedSnapshot) nor a MetadataChangeProposal (entityType, changeType)',
  };
}

export async function readMetadataFile(path: string): Promise<MetadataItem[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    return [{ kind: 'unreadable', source: path, reason: `not JSON: ${(err as Error).message}` }];
  }
  return metadataItems(text, path);
}

/** The items of a metadata file's text, read from `path`. */
export function metadataItems(text: string, path: string): MetadataItem[] {
  let docs: unknown[];
  try {
    docs = parseDocument(text);
  } catch (err) {
    return [{ kind: 'unreadable', source: path, reason: `not JSON: ${(err as Error).message}` }];
  }
  return docs.map((d, i) => classify(d, `${path}[${i}]`));
}
