/**
 * Every resolver module of the schema. A new area of the interface adds its module here.
 */
import type { ResolverModule } from './module.js';

export const resolverModules: ResolverModule[] = [];
