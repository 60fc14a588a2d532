/**
 * Every resolver module of the schema. A new area of the interface adds its module here.
 */
import type { ResolverModule } from './module.js';
import { lineageModule } from './lineage.js';
import { searchModule } from './search.js';
import { timelineModule } from './timeline.js';

export const resolverModules: ResolverModule[] = [
  lineageModule,
  searchModule,
  timelineModule,
];
