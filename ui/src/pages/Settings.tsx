/** Settings: one's own access tokens; for admins, users (invite, suspend), groups and roles. */
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { gql } from '../api/client';
import { useEdit } from '../api/edits';
import { type Me, useMe } from '../api/session';
import { CreateDialog } from '../components/CreateDialog';
import { Empty, ErrorBox, Loading } from '../components/Status';
import { displayName } from '../entity/summary';
import {
  CREATE_GROUP,
  CREATE_INVITE,
  CREATE_RESET,
  CREATE_TOKEN,
  LIST_GROUPS,
  LIST_ROLES,
  LIST_TOKENS,
  LIST_USERS,
  REVOKE_TOKEN,
  UPDATE_USER_STATUS,
} from '../graphql/settings';

const route = getRouteApi('/app/settings');

const SECTIONS = [
  { id: 'tokens', label: 'Access tokens', needs: undefined },
  { id: 'users', label: 'Users', needs: 'manageIdentities' },
  { id: 'groups', label: 'Groups', needs: 'manageIdentities' },
  { id: 'roles', label: 'Roles', needs: 'managePolicies' },
] as const;

export function SettingsPage() {
  const { section = 'tokens' } = route.useSearch();
  const me = useMe();
  if (me.isPending) return <Loading />;
  if (me.error) return <ErrorBox error={me.error} />;
  const shown = SECTIONS.filter((s) => !s.needs || me.data.privileges[s.needs]);
  const current = shown.find((s) => s.id === section) ?? shown[0]!;
  return (
    <div className="settings">
      <nav aria-label="Settings" className="side-nav">
        {shown.map((s) => (
          <Link key={s.id} to="/settings" search={{ section: s.id }} className={s.id === current.id ? 'active' : undefined}>
            {s.label}
          </Link>
        ))}
      </nav>
      <div className="settings-body">
        {current.id === 'tokens' && <Tokens me={me.data} />}
        {current.id === 'users' && <Users />}
        {current.id === 'groups' && <Groups />}
        {current.id === 'roles' && <Roles />}
      </div>
    </div>
  );
}

const DURATIONS = ['ONE_HOUR', 'ONE_DAY', 'ONE_MONTH', 'THREE_MONTHS', 'SIX_MONTHS', 'ONE_YEAR', 'NO_EXPIRY'];

function Tokens({ me }: { me: Me }) {
  const list = useQuery({
    queryKey: ['tokens', me.urn],
    queryFn: () =>
      gql<any>(LIST_TOKENS, { input: { start: 0, count: 100, filters: [{ field: 'ownerUrn', values: [me.urn] }] } }).then(
        (d) => d.listAccessTokens,
      ),
  });
  const create = useEdit(CREATE_TOKEN);
  const revoke = useEdit(REVOKE_TOKEN);
  const [name, setName] = useState('');
  const [duration, setDuration] = useState('ONE_MONTH');
  const [shown, setShown] = useState<string | undefined>();
  const allowed = Boolean(me.privileges.generatePersonalAccessTokens || me.privileges.manageTokens);
  return (
    <section>
      <h1>Access tokens</h1>
      <p>A token lets a program (the Python emitter, the CLI, an ingestion recipe) act as you, with your privileges.</p>
      {!allowed && <p className="note">You need the “Generate Personal Access Tokens” privilege to create tokens.</p>}
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate(
            { input: { type: 'PERSONAL', actorUrn: me.urn, duration, name: name.trim() } },
            {
              onSuccess: (data: any) => {
                setShown(data.createAccessToken.accessToken);
                setName('');
              },
            },
          );
        }}
      >
        <label className="field">
          Token name
          <input required value={name} onChange={(e) => setName(e.target.value)} disabled={!allowed} />
        </label>
        <label className="field">
          Expires after
          <select value={duration} onChange={(e) => setDuration(e.target.value)} disabled={!allowed}>
            {DURATIONS.map((d) => (
              <option key={d} value={d}>
                {d === 'NO_EXPIRY' ? 'Never' : d.toLowerCase().replace(/_/g, ' ')}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={!allowed || create.isPending}>
          Create token
        </button>
      </form>
      {create.error && <ErrorBox error={create.error} />}
      {shown && (
        <div className="token-once" role="status">
          <p>
            <strong>Copy this token now: it is not shown again.</strong>
          </p>
          <textarea readOnly value={shown} aria-label="New token" rows={3} onFocus={(e) => e.target.select()} />
          <button type="button" className="subtle" onClick={() => setShown(undefined)}>
            Done
          </button>
        </div>
      )}
      {revoke.error && <ErrorBox error={revoke.error} />}
      {list.isPending ? (
        <Loading />
      ) : list.error ? (
        <ErrorBox error={list.error} />
      ) : list.data.tokens.length === 0 ? (
        <Empty>You have no tokens.</Empty>
      ) : (
        <table className="list">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Created</th>
              <th scope="col">Expires</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.tokens.map((t: any) => (
              <tr key={t.id}>
                <td>{t.name}</td>
                <td>{new Date(t.createdAt).toLocaleString()}</td>
                <td>{t.expiresAt ? new Date(t.expiresAt).toLocaleString() : 'Never'}</td>
                <td>
                  <button
                    type="button"
                    className="small danger"
                    aria-label={`Revoke token ${t.name}`}
                    onClick={() => revoke.mutate({ tokenId: t.id })}
                  >
                    Revoke
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Users() {
  const [query, setQuery] = useState('');
  const users = useQuery({
    queryKey: ['users', query],
    queryFn: () => gql<any>(LIST_USERS, { input: { start: 0, count: 100, query } }).then((d) => d.listUsers),
  });
  const status = useEdit(UPDATE_USER_STATUS);
  const invite = useEdit(CREATE_INVITE);
  const reset = useEdit(CREATE_RESET);
  const [link, setLink] = useState<string | undefined>();
  const origin = window.location.origin;
  return (
    <section>
      <div className="page-head">
        <h1>Users</h1>
        <button
          type="button"
          onClick={() =>
            invite.mutate(
              { input: {} },
              { onSuccess: (d: any) => setLink(`${origin}/signup?invite_token=${d.createInviteToken.inviteToken}`) },
            )
          }
        >
          Invite users
        </button>
      </div>
      {invite.error && <ErrorBox error={invite.error} />}
      {status.error && <ErrorBox error={status.error} />}
      {reset.error && <ErrorBox error={reset.error} />}
      {link && (
        <div className="token-once" role="status">
          <p>Send this link to whoever should join; they choose their own password.</p>
          <input readOnly value={link} aria-label="Link to share" onFocus={(e) => e.target.select()} />
        </div>
      )}
      <label className="field">
        Find users
        <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
      </label>
      {users.isPending ? (
        <Loading />
      ) : users.error ? (
        <ErrorBox error={users.error} />
      ) : (
        <table className="list">
          <thead>
            <tr>
              <th scope="col">User</th>
              <th scope="col">Role</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {users.data.users.map((u: any) => {
              const name = displayName(u);
              const suspended = u.status === 'SUSPENDED';
              return (
                <tr key={u.urn}>
                  <td>
                    <Link to="/entity/$urn" params={{ urn: u.urn }}>
                      {name}
                    </Link>{' '}
                    <span className="muted small">{u.username}</span>
                  </td>
                  <td>{(u.roles?.relationships ?? []).map((r: any) => r.entity?.name).join(', ')}</td>
                  <td>{suspended ? 'Suspended' : (u.status ?? 'Active').toString().toLowerCase()}</td>
                  <td className="row-actions">
                    <button
                      type="button"
                      className={suspended ? 'small' : 'small danger'}
                      aria-label={`${suspended ? 'Reactivate' : 'Suspend'} ${name}`}
                      onClick={() => status.mutate({ urn: u.urn, status: suspended ? 'ACTIVE' : 'SUSPENDED' })}
                    >
                      {suspended ? 'Reactivate' : 'Suspend'}
                    </button>
                    {u.isNativeUser && (
                      <button
                        type="button"
                        className="small subtle"
                        aria-label={`Reset password of ${name}`}
                        onClick={() =>
                          reset.mutate(
                            { input: { userUrn: u.urn } },
                            { onSuccess: (d: any) => setLink(`${origin}/reset?reset_token=${d.createNativeUserResetToken.resetToken}`) },
                          )
                        }
                      >
                        Reset password
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Groups() {
  const groups = useQuery({
    queryKey: ['groups'],
    queryFn: () => gql<any>(LIST_GROUPS, { input: { start: 0, count: 200 } }).then((d) => d.listGroups),
  });
  return (
    <section>
      <div className="page-head">
        <h1>Groups</h1>
        <CreateDialog
          title="Create group"
          mutation={CREATE_GROUP}
          variables={(name, description) => ({ input: { name, description } })}
          allowed
          reason=""
        />
      </div>
      {groups.isPending ? (
        <Loading />
      ) : groups.error ? (
        <ErrorBox error={groups.error} />
      ) : groups.data.groups.length === 0 ? (
        <Empty>No groups yet.</Empty>
      ) : (
        <ul className="plain">
          {groups.data.groups.map((g: any) => (
            <li key={g.urn}>
              <Link to="/entity/$urn" params={{ urn: g.urn }}>
                {displayName(g)}
              </Link>{' '}
              <span className="count">{g.members?.total ?? 0} members</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Roles() {
  const roles = useQuery({
    queryKey: ['roles'],
    queryFn: () => gql<any>(LIST_ROLES, { input: { start: 0, count: 50 } }).then((d) => d.listRoles),
  });
  if (roles.isPending) return <Loading />;
  if (roles.error) return <ErrorBox error={roles.error} />;
  return (
    <section>
      <h1>Roles</h1>
      <table className="list">
        <thead>
          <tr>
            <th scope="col">Role</th>
            <th scope="col">What it allows</th>
            <th scope="col">Users</th>
          </tr>
        </thead>
        <tbody>
          {roles.data.roles.map((r: any) => (
            <tr key={r.urn}>
              <td>{r.name}</td>
              <td>{r.description}</td>
              <td>{r.users?.total ?? 0}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
