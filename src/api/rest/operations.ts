/** The `operations` resource: maintenance actions. */
import { restoreIndicesAction } from './aspects.js';
import type { RestResource } from './resource.js';

export const operationsResource: RestResource = {
  name: 'operations',
  doc: 'Maintenance of the derived rows.',
  reads: [],
  actions: [restoreIndicesAction],
};
