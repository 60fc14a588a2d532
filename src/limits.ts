/**
 * Bounds on the text one request may hand to the database: a search query, an autocomplete prefix,
 * a browse path, a filter. Past them, LIKE patterns and full-text queries cost far more than any
 * real client needs (SQLite refuses a LIKE pattern over 50,000 bytes outright).
 */
import { badRequest } from './errors.js';

/** The longest query, prefix, path, pattern or filter value, in characters. */
export const MAX_TEXT = 1_000;

/** The most values one search filter may hold, over all its criteria. */
export const MAX_FILTER_VALUES = 1_000;

/** The text, when it is within MAX_TEXT and holds no NUL (which no database here takes); otherwise a 400 naming it. */
export function boundedText(text: string, name: string): string {
  if (text.length > MAX_TEXT) throw badRequest(`${name} is ${text.length} characters long; at most ${MAX_TEXT} are allowed`);
  if (text.includes('\u0000')) throw badRequest(`${name} holds a NUL character`);
  return text;
}
