/**
 * Notebooks (Pegasus `com.linkedin.notebook.*`).
 */
import { any, arrayOf, optional, record, string, withDefault } from '../schema/dsl.js';
import { ChangeAuditStamps, CustomProperties, ExternalReference } from '../schema/common.js';
import { customPropertiesSearchable, externalUrlSearchable } from './shared.js';
import { aspect } from './aspect.js';

const N = 'com.linkedin.notebook.';

export const notebookInfo = aspect({
  name: 'notebookInfo',
  type: record(
    `${N}NotebookInfo`,
    {
      title: string,
      description: optional(string),
      changeAuditStamps: ChangeAuditStamps,
    },
    CustomProperties,
    ExternalReference,
  ),
  searchable: [
    customPropertiesSearchable,
    externalUrlSearchable,
    { path: '/title', fieldType: 'TEXT_PARTIAL', enableAutocomplete: true, boostScore: 10 },
    { path: '/description', fieldType: 'TEXT', hasValuesFieldName: 'hasDescription' },
  ],
});

export const notebookContent = aspect({
  name: 'notebookContent',
  type: record(`${N}NotebookContent`, {
    cells: withDefault(arrayOf(any), []),
  }),
});

export const editableNotebookProperties = aspect({
  name: 'editableNotebookProperties',
  type: record(
    `${N}EditableNotebookProperties`,
    {
      description: optional(string),
    },
    ChangeAuditStamps,
  ),
  searchable: [{ path: '/description', fieldName: 'editedDescription', fieldType: 'TEXT' }],
});

export const notebookAspects = [notebookInfo, notebookContent, editableNotebookProperties];
