/**
 * The value types of structured properties (DataHub's `data-types` bootstrap). Qualified and display
 * names are DataHub's; the descriptions are ours.
 */
export const DATA_TYPES: ReadonlyArray<readonly [qualifiedName: string, displayName: string, description: string]> = [
  ['datahub.string', 'String', 'Text.'],
  ['datahub.number', 'Number', 'A whole or decimal number.'],
  ['datahub.urn', 'Urn', 'A reference to an entity of the catalog.'],
  ['datahub.rich_text', 'Rich Text', 'Formatted text (Markdown).'],
  ['datahub.date', 'Date', 'A calendar date.'],
];
