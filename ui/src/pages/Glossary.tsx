/** The business glossary as a tree: term groups open in place; terms open their pages. */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { gql } from '../api/client';
import { useMe } from '../api/session';
import { CreateDialog } from '../components/CreateDialog';
import { Empty, ErrorBox, Loading } from '../components/Status';
import { displayName } from '../entity/summary';
import { GLOSSARY_CHILDREN, ROOT_GLOSSARY } from '../graphql/browse';
import { CREATE_TERM, CREATE_TERM_GROUP } from '../graphql/mutations';

const byName = (a: any, b: any) => displayName(a).localeCompare(displayName(b));
const MANAGE = 'You need the “Manage Glossaries” privilege to change the glossary.';

export function GlossaryPage() {
  const me = useMe();
  const [parent, setParent] = useState<{ urn: string; name: string } | undefined>();
  const root = useQuery({ queryKey: ['glossary-root'], queryFn: () => gql<any>(ROOT_GLOSSARY) });
  const allowed = Boolean(me.data?.privileges.manageGlossaries);
  if (root.isPending) return <Loading />;
  if (root.error) return <ErrorBox error={root.error} />;
  const nodes = [...root.data.getRootGlossaryNodes.nodes].sort(byName);
  const terms = [...root.data.getRootGlossaryTerms.terms].sort(byName);
  const parentNode = parent?.urn;
  return (
    <div className="glossary">
      <div className="page-head">
        <h1>Glossary</h1>
        <div className="actions">
          <CreateDialog
            title="Create glossary term"
            mutation={CREATE_TERM}
            variables={(name, description) => ({ input: { name, description, ...(parentNode ? { parentNode } : {}) } })}
            allowed={allowed}
            reason={MANAGE}
          />
          <CreateDialog
            title="Create term group"
            mutation={CREATE_TERM_GROUP}
            variables={(name, description) => ({ input: { name, description, ...(parentNode ? { parentNode } : {}) } })}
            allowed={allowed}
            reason={MANAGE}
          />
        </div>
      </div>
      {!allowed && me.data && <p className="note">{MANAGE}</p>}
      <p className="muted">
        {parent ? (
          <>
            New terms go in <strong>{parent.name}</strong>.{' '}
            <button type="button" className="link" onClick={() => setParent(undefined)}>
              Put them at the top instead
            </button>
          </>
        ) : (
          'New terms go at the top level; choose a group to create them inside it.'
        )}
      </p>
      {nodes.length + terms.length === 0 ? (
        <Empty>The glossary is empty.</Empty>
      ) : (
        <ul className="tree" aria-label="Glossary">
          {nodes.map((n: any) => (
            <TreeNode key={n.urn} node={n} onChoose={setParent} chosen={parentNode} />
          ))}
          {terms.map((t: any) => (
            <TermItem key={t.urn} term={t} />
          ))}
        </ul>
      )}
    </div>
  );
}

function TermItem({ term }: { term: any }) {
  return (
    <li>
      <Link to="/entity/$urn" params={{ urn: term.urn }}>
        {displayName(term)}
      </Link>
      {term.properties?.description && <span className="muted"> — {term.properties.description.slice(0, 100)}</span>}
    </li>
  );
}

function TreeNode({
  node,
  onChoose,
  chosen,
}: {
  node: any;
  onChoose: (p: { urn: string; name: string }) => void;
  chosen?: string | undefined;
}) {
  const [open, setOpen] = useState(false);
  const children = useQuery({
    queryKey: ['glossary-children', node.urn],
    enabled: open,
    queryFn: () =>
      gql<any>(GLOSSARY_CHILDREN, { urn: node.urn }).then((d) => d.glossaryNode.children.relationships.map((r: any) => r.entity)),
  });
  const name = displayName(node);
  const items = [...(children.data ?? [])].sort(byName);
  return (
    <li>
      <button
        type="button"
        className="twisty"
        aria-expanded={open}
        aria-label={`${open ? 'Collapse' : 'Expand'} ${name}`}
        onClick={() => setOpen(!open)}
      >
        {open ? '▾' : '▸'}
      </button>
      <Link to="/entity/$urn" params={{ urn: node.urn }}>
        {name}
      </Link>{' '}
      <button type="button" className="link small" onClick={() => onChoose({ urn: node.urn, name })}>
        {chosen === node.urn ? 'chosen' : 'create inside'}
      </button>
      {open && (
        <ul>
          {children.isPending && <li>Loading…</li>}
          {items.map((c: any) =>
            c.type === 'GLOSSARY_NODE' ? (
              <TreeNode key={c.urn} node={c} onChoose={onChoose} chosen={chosen} />
            ) : (
              <TermItem key={c.urn} term={c} />
            ),
          )}
          {children.data && items.length === 0 && <li className="muted">Empty.</li>}
        </ul>
      )}
    </li>
  );
}
