/**
 * The TypeScript type of each aspect's value, derived from its schema in the catalogue: services and
 * mappers read `AspectValue<'ownership'>` rather than an untyped record, so a misspelt field is a
 * compile error. Records keep fields they do not declare at run time; the types show only the
 * declared ones. A field with a default is optional, as nothing fills defaults in.
 */
import type { allAspects } from './aspects/index.js';
import type { Static } from './schema/types.js';

type Declared = (typeof allAspects)[number];

export type AspectValues = { [D in Declared as D['name']]: Static<D['type']> };

export type AspectName = keyof AspectValues;

export type AspectValue<N extends AspectName> = AspectValues[N];

/**
 * A stored value of aspect `N`, as its schema's type. Every value is validated against its aspect's
 * schema on the way in (write/proposals.ts), so this only forgets the fields the schema does not
 * declare, which a stored value may keep.
 */
export function aspectValue<N extends AspectName>(_aspect: N, value: Record<string, unknown>): AspectValue<N>;
export function aspectValue<N extends AspectName>(_aspect: N, value: Record<string, unknown> | undefined): AspectValue<N> | undefined;
export function aspectValue<N extends AspectName>(_aspect: N, value: Record<string, unknown> | undefined): AspectValue<N> | undefined {
  return value as AspectValue<N> | undefined;
}
