/** The frame of every signed-in page: the header with the search box and the menu, then the page. */
import { Link, Outlet } from '@tanstack/react-router';
import { useMe, useSession } from '../api/session';
import { ErrorBox, Loading } from './Status';
import { SearchBox } from './SearchBox';

export function AppLayout() {
  // The route checked the session before rendering this (router.tsx).
  const session = useSession();
  const me = useMe();
  if (session.isPending) return <Loading />;
  if (session.error) return <ErrorBox error={session.error} />;
  return (
    <div className="app">
      <header className="topbar">
        <Link to="/" className="brand" aria-label="Home">
          <img src="/favicon.svg" alt="" width={24} height={24} />
          <span>metadata-catalog</span>
        </Link>
        <SearchBox />
        <nav aria-label="Main" className="mainnav">
          <Link to="/browse" activeProps={{ className: 'active' }}>
            Browse
          </Link>
          <Link to="/glossary" activeProps={{ className: 'active' }}>
            Glossary
          </Link>
          <Link to="/domains" activeProps={{ className: 'active' }}>
            Domains
          </Link>
          <Link to="/settings" activeProps={{ className: 'active' }}>
            Settings
          </Link>
        </nav>
        <div className="user">
          {me.data && (
            <Link to="/entity/$urn" params={{ urn: me.data.urn }} className="username">
              {me.data.displayName}
            </Link>
          )}
          {session.data.authEnabled && (
            <a href="/logOut" className="button subtle">
              Sign out
            </a>
          )}
        </div>
      </header>
      {!session.data.authEnabled && (
        <div className="banner warning" role="status">
          Authentication is off (AUTH_ENABLED=false): anyone who can reach this service acts as {me.data?.username ?? 'the system'}, with
          every privilege of that user.
        </div>
      )}
      <main className="content">
        <Outlet />
      </main>
    </div>
  );
}
