/**
 * What every search index reads alike from a query's `match` (store/types.ts): the text terms that
 * rank, the criteria it holds, and its value patterns, so the in-memory index and SQL agree.
 */
import type { Criterion, Match, SearchQuery } from './types.js';

/** A term of the full text that ranks the hits: a word (or a prefix of one), or a phrase. */
export type TextTerm = { kind: 'word'; word: string; prefix: boolean } | { kind: 'phrase'; words: readonly string[] };

/**
 * The terms that rank: the query's words (first, in order) and the text terms of its match that are
 * not negated (a negated term is absent from every hit, or holds only as one alternative that lost).
 */
export function rankingTerms(q: SearchQuery): TextTerm[] {
  const out: TextTerm[] = q.words.map((word) => ({ kind: 'word', word, prefix: true }));
  const visit = (m: Match, negated: boolean): void => {
    switch (m.kind) {
      case 'word':
      case 'phrase':
        if (!negated) out.push(m);
        return;
      case 'criterion':
        return;
      case 'not':
        visit(m.of, !negated);
        return;
      default:
        for (const part of m.of) visit(part, negated);
    }
  };
  if (q.match) visit(q.match, false);
  return out;
}

/** Every criterion of a match, negated or not. */
export function matchCriteria(m: Match | undefined): Criterion[] {
  if (!m) return [];
  switch (m.kind) {
    case 'criterion':
      return [m.criterion];
    case 'word':
    case 'phrase':
      return [];
    case 'not':
      return matchCriteria(m.of);
    default:
      return m.of.flatMap(matchCriteria);
  }
}

/** Whether a match holds a term of the full text anywhere. */
export function hasText(m: Match | undefined): boolean {
  if (!m) return false;
  switch (m.kind) {
    case 'word':
    case 'phrase':
      return true;
    case 'criterion':
      return false;
    case 'not':
      return hasText(m.of);
    default:
      return m.of.some(hasText);
  }
}

/** The pieces of a WILDCARD pattern: literal texts and the wildcards `*` and `?`. */
export function wildcardPieces(pattern: string): Array<{ literal: string } | { wildcard: '*' | '?' }> {
  const out: Array<{ literal: string } | { wildcard: '*' | '?' }> = [];
  let literal = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === '\\' && i + 1 < pattern.length) literal += pattern[++i];
    else if (c === '*' || c === '?') {
      if (literal !== '') out.push({ literal });
      literal = '';
      out.push({ wildcard: c });
    } else literal += c;
  }
  if (literal !== '') out.push({ literal });
  return out;
}

/** A WILDCARD pattern as a regular expression over a whole lower-cased value. */
export function wildcardRegExp(pattern: string): RegExp {
  const body = wildcardPieces(pattern.toLowerCase())
    .map((p) => ('literal' in p ? p.literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : p.wildcard === '*' ? '.*' : '.'))
    .join('');
  return new RegExp(`^${body}$`, 'su');
}
