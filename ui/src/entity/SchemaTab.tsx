/**
 * A dataset's columns: type, description, tags and terms (as ingested, and as edited here), a filter
 * to find a column, and for the column chosen, the columns it is computed from and feeds.
 */
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { gql } from '../api/client';
import { useEdit } from '../api/edits';
import { Chip } from '../components/Labels';
import { PickerDialog } from '../components/PickerDialog';
import { Empty, ErrorBox, Loading } from '../components/Status';
import { ADD_TAGS, ADD_TERMS } from '../graphql/mutations';
import { SCHEMA } from '../graphql/entity';
import { Description } from './Description';
import { EditButton } from './Sidebar';
import type { Label } from './summary';
import { nameFromUrn } from './types';

const route = getRouteApi('/app/entity/$urn');

/** `[version=2.0].[type=struct].address.[type=string].city` reads as `address.city`. */
export function simplePath(fieldPath: string): string {
  return fieldPath
    .split('.')
    .filter((part) => !part.startsWith('['))
    .join('.');
}

const labelsOf = (holder: any): { tags: Label[]; terms: Label[] } => ({
  tags: (holder?.tags?.tags ?? []).map((t: any) => ({
    urn: t.tag.urn,
    name: t.tag.properties?.name || t.tag.name,
    color: t.tag.properties?.colorHex,
  })),
  terms: (holder?.glossaryTerms?.terms ?? []).map((t: any) => ({ urn: t.term.urn, name: t.term.properties?.name || t.term.name })),
});

interface Column {
  fieldPath: string;
  name: string;
  type: string;
  nativeType: string;
  nullable: boolean;
  key: boolean;
  description: string;
  tags: Label[];
  terms: Label[];
}

export default function SchemaTab({ urn, field }: { urn: string; field?: string | undefined }) {
  const navigate = route.useNavigate();
  const [filter, setFilter] = useState('');
  const query = useQuery({ queryKey: ['schema', urn], queryFn: () => gql<{ dataset: any }>(SCHEMA, { urn }).then((d) => d.dataset) });
  const columns = useMemo<Column[]>(() => {
    const d = query.data;
    if (!d?.schemaMetadata) return [];
    const edited = new Map<string, any>((d.editableSchemaMetadata?.editableSchemaFieldInfo ?? []).map((e: any) => [e.fieldPath, e]));
    return d.schemaMetadata.fields.map((f: any) => {
      const e = edited.get(f.fieldPath);
      const own = labelsOf(f);
      const added = labelsOf(e);
      const unique = (list: Label[]) => [...new Map(list.map((l) => [l.urn, l])).values()];
      return {
        fieldPath: f.fieldPath,
        name: simplePath(f.fieldPath),
        type: f.type,
        nativeType: f.nativeDataType ?? '',
        nullable: f.nullable,
        key: Boolean(f.isPartOfKey) || (d.schemaMetadata.primaryKeys ?? []).includes(f.fieldPath),
        description: e?.description || f.description || '',
        tags: unique([...own.tags, ...added.tags]),
        terms: unique([...own.terms, ...added.terms]),
      };
    });
  }, [query.data]);

  if (query.isPending) return <Loading />;
  if (query.error) return <ErrorBox error={query.error} />;
  if (columns.length === 0) return <Empty>No schema has been ingested for this dataset.</Empty>;
  const words = filter.trim().toLowerCase();
  const shown = words
    ? columns.filter((c) =>
        [c.name, c.description, c.nativeType, ...c.tags.map((t) => t.name), ...c.terms.map((t) => t.name)].some((v) =>
          v.toLowerCase().includes(words),
        ),
      )
    : columns;
  const chosen = columns.find((c) => c.fieldPath === field);

  return (
    <section className="schema">
      <div className="schema-head">
        <h2>Schema</h2>
        <label className="inline-field">
          <span className="visually-hidden">Filter columns</span>
          <input
            type="search"
            placeholder={`Filter ${columns.length} columns`}
            aria-label="Filter columns"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
          />
        </label>
      </div>
      <table className="columns">
        <thead>
          <tr>
            <th scope="col">Column</th>
            <th scope="col">Type</th>
            <th scope="col">Description</th>
            <th scope="col">Tags and terms</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((c) => (
            <tr key={c.fieldPath} className={c.fieldPath === field ? 'selected' : undefined}>
              <th scope="row">
                <button
                  type="button"
                  className="link"
                  onClick={() =>
                    navigate({ search: (s: any) => ({ ...s, field: c.fieldPath === field ? undefined : c.fieldPath }), replace: true })
                  }
                >
                  {c.name}
                </button>
                {c.key && <span className="badge">key</span>}
              </th>
              <td>
                <code>{c.nativeType || c.type}</code>
                {c.nullable ? '' : ' not null'}
              </td>
              <td>{c.description}</td>
              <td>
                <span className="chips">
                  {c.tags.map((t) => (
                    <Chip key={t.urn} label={t} kind="tag" />
                  ))}
                  {c.terms.map((t) => (
                    <Chip key={t.urn} label={t} kind="term" />
                  ))}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {shown.length === 0 && <Empty>No column matches “{filter}”.</Empty>}
      {chosen && <ColumnDetail urn={urn} column={chosen} dataset={query.data} />}
    </section>
  );
}

function ColumnDetail({ urn, column, dataset }: { urn: string; column: Column; dataset: any }) {
  const privileges = dataset.privileges ?? {};
  const addTags = useEdit(ADD_TAGS);
  const addTerms = useEdit(ADD_TERMS);
  const sub = { resourceUrn: urn, subResource: column.fieldPath, subResourceType: 'DATASET_FIELD' };
  const upstream = (dataset.fineGrainedLineages ?? [])
    .filter((l: any) => (l.downstreams ?? []).some((d: any) => d.path === column.fieldPath || simplePath(d.path) === column.name))
    .flatMap((l: any) => (l.upstreams ?? []).map((u: any) => ({ ...u, op: l.transformOperation })));
  const reason = 'You need the “Edit Dataset Column” privileges (or “Edit Entity”) on this dataset.';
  return (
    <section className="column-detail" aria-label={`Column ${column.name}`}>
      <h3>Column {column.name}</h3>
      <Description
        urn={urn}
        field={column.fieldPath}
        text={column.description}
        allowed={Boolean(privileges.canEditSchemaFieldDescription)}
        reason={reason}
        label="Edit column description"
      />
      <div className="actions">
        <PickerDialog
          title={`Add tag to ${column.name}`}
          types={['TAG']}
          trigger={
            <EditButton allowed={Boolean(privileges.canEditSchemaFieldTags)} reason={reason}>
              Add column tag
            </EditButton>
          }
          onPick={(tagUrn) => addTags.mutateAsync({ input: { ...sub, tagUrns: [tagUrn] } })}
        />
        <PickerDialog
          title={`Add term to ${column.name}`}
          types={['GLOSSARY_TERM']}
          trigger={
            <EditButton allowed={Boolean(privileges.canEditSchemaFieldGlossaryTerms)} reason={reason}>
              Add column term
            </EditButton>
          }
          onPick={(termUrn) => addTerms.mutateAsync({ input: { ...sub, termUrns: [termUrn] } })}
        />
      </div>
      <h4>Computed from</h4>
      {upstream.length === 0 ? (
        <Empty>No column-level lineage is recorded for this column.</Empty>
      ) : (
        <ul>
          {upstream.map((u: any) => (
            <li key={`${u.urn}/${u.path}`}>
              <Link to="/entity/$urn" params={{ urn: u.urn }} search={{ tab: 'schema', field: u.path }}>
                {nameFromUrn(u.urn)}.{simplePath(u.path)}
              </Link>
              {u.op ? <span className="muted"> ({u.op})</span> : null}
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to="/entity/$urn" params={{ urn }} search={{ tab: 'lineage', field: column.fieldPath, hops: 3 }}>
          See this column's lineage
        </Link>
      </p>
    </section>
  );
}
