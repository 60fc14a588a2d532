/** Domains: the parts of the business data belongs to, with how much each holds. */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { gql } from '../api/client';
import { useMe } from '../api/session';
import { CreateDialog } from '../components/CreateDialog';
import { Empty, ErrorBox, Loading } from '../components/Status';
import { plainText } from '../components/Markdown';
import { displayName } from '../entity/summary';
import { DOMAINS } from '../graphql/browse';
import { CREATE_DOMAIN } from '../graphql/mutations';

export function DomainsPage() {
  const me = useMe();
  const query = useQuery({ queryKey: ['domains'], queryFn: () => gql<any>(DOMAINS).then((d) => d.listDomains) });
  const allowed = Boolean(me.data?.privileges.createDomains || me.data?.privileges.manageDomains);
  if (query.isPending) return <Loading />;
  if (query.error) return <ErrorBox error={query.error} />;
  const domains = [...query.data.domains].sort((a: any, b: any) => displayName(a).localeCompare(displayName(b)));
  return (
    <div className="domains">
      <div className="page-head">
        <h1>Domains</h1>
        <CreateDialog
          title="Create domain"
          mutation={CREATE_DOMAIN}
          variables={(name, description) => ({ input: { name, description } })}
          allowed={allowed}
          reason="You need the “Manage Domains” privilege to create domains."
        />
      </div>
      {domains.length === 0 && <Empty>No domains yet.</Empty>}
      <ul className="cards">
        {domains.map((d: any) => (
          <li key={d.urn} className="card">
            <h2>
              <Link to="/entity/$urn" params={{ urn: d.urn }}>
                {displayName(d)}
              </Link>
            </h2>
            <p>{plainText(d.properties?.description ?? '').slice(0, 200)}</p>
            <p className="muted small">
              {d.entities?.total ?? 0} assets
              {d.ownership?.owners?.length ? ` · owned by ${d.ownership.owners.map((o: any) => displayName(o.owner)).join(', ')}` : ''}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
