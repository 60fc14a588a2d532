/** The change history of an entity (DataHub's timeline): what changed, when, and by whom. */
import { useQuery } from '@tanstack/react-query';
import { gql } from '../api/client';
import { Empty, ErrorBox, Loading } from '../components/Status';
import { TIMELINE } from '../graphql/entity';
import { humanize, nameFromUrn } from './types';

const CATEGORIES = ['TECHNICAL_SCHEMA', 'DOCUMENTATION', 'TAG', 'GLOSSARY_TERM', 'OWNERSHIP'];

export function HistoryTab({ urn }: { urn: string }) {
  const query = useQuery({
    queryKey: ['timeline', urn],
    queryFn: () => gql<{ getTimeline: any }>(TIMELINE, { input: { urn, changeCategories: CATEGORIES } }).then((d) => d.getTimeline),
  });
  if (query.isPending) return <Loading />;
  if (query.error) return <ErrorBox error={query.error} />;
  const transactions = [...(query.data?.changeTransactions ?? [])].sort((a, b) => b.timestampMillis - a.timestampMillis);
  if (transactions.length === 0) return <Empty>No changes are recorded yet.</Empty>;
  return (
    <section>
      <h2>History</h2>
      <ol className="timeline">
        {transactions.map((t: any) => (
          <li key={`${t.timestampMillis}-${t.lastSemanticVersion}`}>
            <time dateTime={new Date(t.timestampMillis).toISOString()}>{new Date(t.timestampMillis).toLocaleString()}</time>{' '}
            <span className="badge">{t.lastSemanticVersion}</span>
            <ul>
              {(t.changes ?? []).map((c: any) => (
                <li key={`${c.category}/${c.operation}/${c.modifier}/${c.description}`}>
                  <span className="muted">{humanize(c.category ?? '')}:</span>{' '}
                  {c.description ?? `${humanize(c.operation ?? '')} ${c.modifier ?? ''}`}
                  {c.auditStamp?.actor ? <span className="muted"> — {nameFromUrn(c.auditStamp.actor)}</span> : null}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  );
}
