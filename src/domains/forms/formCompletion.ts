/**
 * Whether an asset's assignment of a form is complete: every required prompt of the form answered;
 * a form without required prompts, once nothing is left unanswered. Written (domains/forms/forms.ts)
 * and read (the app's `forms` of an asset) by this one rule, so what is written is what the app shows.
 */
type Json = Record<string, any>;

export function isFormComplete(assignment: Json, required: Json[]): boolean {
  const answered = new Set((assignment.completedPrompts ?? []).map((p: Json) => p.id));
  if (required.length > 0) return required.every((p) => answered.has(p.id));
  return (assignment.incompletePrompts ?? []).every((p: Json) => answered.has(p.id));
}
