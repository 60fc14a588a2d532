/** One entity in a list of results: what it is, where it lives, what it is about, who owns it. */
import { summarize } from '../entity/summary';
import { Chips, EntityLink, PlatformIcon } from './Labels';
import { plainText } from './Markdown';

export function ResultRow({
  entity,
  matched,
  extra,
}: {
  entity: any;
  matched?: Array<{ name: string; value: string }>;
  extra?: React.ReactNode;
}) {
  const s = summarize(entity);
  const description = plainText(s.description);
  const fieldHits = (matched ?? []).filter((m) => m.name === 'fieldPaths' || m.name === 'fieldDescriptions').slice(0, 3);
  return (
    <li className="result">
      <div className="result-title">
        <PlatformIcon platform={s.platform} />
        <EntityLink urn={s.urn}>{s.name}</EntityLink>
        <span className="muted">{[s.subType ?? s.type.label, s.platform?.name].filter(Boolean).join(' · ')}</span>
        {s.deprecated && <span className="badge warn">Deprecated</span>}
        {extra}
      </div>
      {description && <p className="result-description">{description.length > 240 ? `${description.slice(0, 240)}…` : description}</p>}
      {fieldHits.length > 0 && <p className="muted small">Matches column {fieldHits.map((m) => m.value).join(', ')}</p>}
      <div className="result-labels">
        {s.owners.length > 0 && <span className="muted small">Owners: {s.owners.map((o) => o.name).join(', ')}</span>}
        <Chips labels={s.tags} kind="tag" />
        <Chips labels={s.terms} kind="term" />
        {s.domain && <Chips labels={[s.domain]} kind="domain" />}
      </div>
    </li>
  );
}
