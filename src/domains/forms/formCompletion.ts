/**
 * Whether an asset's assignment of a form is complete: every required prompt of the form answered;
 * a form without required prompts, once nothing is left unanswered. Written (domains/forms/forms.ts)
 * and read (the app's `forms` of an asset) by this one rule, so what is written is what the app shows.
 */
import type { AspectValue } from '../../registry/aspectValues.js';

/** A form's assignment to an asset, as the asset's `forms` keeps it. */
export type FormAssignment = AspectValue<'forms'>['incompleteForms'][number];

export function isFormComplete(assignment: FormAssignment, required: readonly { id: string }[]): boolean {
  const answered = new Set((assignment.completedPrompts ?? []).map((p) => p.id));
  if (required.length > 0) return required.every((p) => answered.has(p.id));
  return (assignment.incompletePrompts ?? []).every((p) => answered.has(p.id));
}
