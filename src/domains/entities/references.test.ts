import { describe, expect, it } from 'vitest';
import { withoutReferences } from './references.js';

const U = 'urn:li:corpuser:gone';

describe('withoutReferences', () => {
  it('drops the list elements holding the urn along relationship paths, and leaves audit stamps alone', () => {
    const ownership = {
      owners: [
        { owner: U, type: 'DATAOWNER' },
        { owner: 'urn:li:corpuser:kept', type: 'DATAOWNER' },
      ],
      lastModified: { time: 1, actor: U },
    };
    expect(withoutReferences(ownership, U, ['/owners/*/owner'])).toEqual({
      kind: 'changed',
      value: { owners: [{ owner: 'urn:li:corpuser:kept', type: 'DATAOWNER' }], lastModified: { time: 1, actor: U } },
    });
    expect(withoutReferences({ domains: [U, 'urn:li:domain:x'] }, U, ['/domains/*'])).toEqual({
      kind: 'changed',
      value: { domains: ['urn:li:domain:x'] },
    });
    const fields = { editableSchemaFieldInfo: [{ fieldPath: 'a', globalTags: { tags: [{ tag: U }, { tag: 'urn:li:tag:k' }] } }] };
    expect(withoutReferences(fields, U, ['/editableSchemaFieldInfo/*/globalTags/tags/*/tag'])).toEqual({
      kind: 'changed',
      value: { editableSchemaFieldInfo: [{ fieldPath: 'a', globalTags: { tags: [{ tag: 'urn:li:tag:k' }] } }] },
    });
  });

  it('says unchanged when the urn is not on a path, and orphaned when a single field needs it', () => {
    expect(withoutReferences({ tags: [{ tag: 'urn:li:tag:x' }] }, U, ['/tags/*/tag'])).toEqual({ kind: 'unchanged' });
    expect(withoutReferences({ container: U }, U, ['/container'])).toEqual({ kind: 'orphaned' });
  });
});
