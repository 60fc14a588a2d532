/**
 * Declares an aspect. The declaration is returned as given; the function only keeps its name and
 * schema as literal types, from which `AspectValue<'…'>` is derived (an `: AspectDecl` annotation
 * would widen them away).
 */
import type { RecordType } from '../schema/types.js';
import type { AspectDecl } from '../types.js';

export function aspect<const N extends string, S extends RecordType>(decl: AspectDecl<N, S>): AspectDecl<N, S> {
  return decl;
}
