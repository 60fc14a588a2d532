/** A dataset's profiles and usage over time, as charts, and its columns' latest profile as a table. */
import { useQuery } from '@tanstack/react-query';
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { gql } from '../api/client';
import { Empty, ErrorBox, Loading } from '../components/Status';
import { STATS } from '../graphql/entity';
import { simplePath } from './SchemaTab';

const day = (ms: number) => new Date(ms).toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
const n = (v: unknown) => (v === null || v === undefined ? '' : Number(v).toLocaleString());

export default function StatsTab({ urn }: { urn: string }) {
  const query = useQuery({ queryKey: ['stats', urn], queryFn: () => gql<{ dataset: any }>(STATS, { urn }).then((d) => d.dataset) });
  if (query.isPending) return <Loading />;
  if (query.error) return <ErrorBox error={query.error} />;
  const profiles = [...(query.data.datasetProfiles ?? [])].sort((a, b) => a.timestampMillis - b.timestampMillis);
  const usage = query.data.usageStats;
  const buckets = [...(usage?.buckets ?? [])]
    .filter((b: any) => b?.bucket)
    .sort((a: any, b: any) => a.bucket - b.bucket)
    .map((b: any) => ({ day: day(b.bucket), queries: b.metrics?.totalSqlQueries ?? 0, users: b.metrics?.uniqueUserCount ?? 0 }));
  const latest = profiles[profiles.length - 1];
  const rows = profiles.map((p) => ({ day: day(p.timestampMillis), rows: p.rowCount ?? null }));
  const users = usage?.aggregations?.users ?? [];

  return (
    <div className="stats">
      <section>
        <h2>Row count</h2>
        {rows.length === 0 ? (
          <Empty>No profile has been ingested for this dataset.</Empty>
        ) : (
          <figure className="chart" aria-label="Row count over time">
            <ResponsiveContainer width="100%" height={220}>
              <LineChart data={rows}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="day" />
                <YAxis width={80} tickFormatter={(v) => Number(v).toLocaleString()} />
                <Tooltip formatter={(v) => Number(v).toLocaleString()} />
                <Line type="monotone" dataKey="rows" stroke="#1f4e79" strokeWidth={2} dot={rows.length < 40} isAnimationActive={false} />
              </LineChart>
            </ResponsiveContainer>
          </figure>
        )}
      </section>
      <section>
        <h2>Queries per day</h2>
        {buckets.length === 0 ? (
          <Empty>No usage has been ingested for this dataset.</Empty>
        ) : (
          <figure className="chart" aria-label="Queries per day">
            <ResponsiveContainer width="100%" height={220}>
              <BarChart data={buckets}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="day" />
                <YAxis width={60} />
                <Tooltip />
                <Bar dataKey="queries" fill="#2e7d6b" isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </figure>
        )}
        {usage?.aggregations && (
          <p className="muted">
            {n(usage.aggregations.totalSqlQueries)} queries by {n(usage.aggregations.uniqueUserCount)} users in the last month
            {users.length > 0
              ? `; most by ${users
                  .slice(0, 3)
                  .map((u: any) => u.user?.properties?.displayName || u.user?.username)
                  .join(', ')}`
              : ''}
            .
          </p>
        )}
      </section>
      {latest?.fieldProfiles?.length > 0 && (
        <section>
          <h2>Columns, as last profiled on {new Date(latest.timestampMillis).toLocaleDateString()}</h2>
          <table className="columns">
            <thead>
              <tr>
                <th scope="col">Column</th>
                <th scope="col">Distinct</th>
                <th scope="col">Nulls</th>
                <th scope="col">Min</th>
                <th scope="col">Max</th>
                <th scope="col">Mean</th>
              </tr>
            </thead>
            <tbody>
              {latest.fieldProfiles.map((f: any) => (
                <tr key={f.fieldPath}>
                  <th scope="row">{simplePath(f.fieldPath)}</th>
                  <td>{n(f.uniqueCount)}</td>
                  <td>
                    {n(f.nullCount)}
                    {f.nullProportion !== null && f.nullProportion !== undefined ? ` (${(f.nullProportion * 100).toFixed(1)}%)` : ''}
                  </td>
                  <td>{f.min ?? ''}</td>
                  <td>{f.max ?? ''}</td>
                  <td>{f.mean ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}
