/**
 * Every page of the UI and its URL. A page's state that a person may want to share (the query, the
 * filters, the tab) lives in the URL's search parameters, so copying the address shares the view.
 */
import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, createRoute, createRouter, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { entityQuery } from './api/entity';
import { sessionQuery } from './api/session';
import { AppLayout } from './components/AppLayout';
import { NotFound } from './pages/NotFound';
import { RootLayout } from './components/RootLayout';

const str = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const num = (value: unknown, fallback: number): number => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};
const list = (value: unknown): string[] | undefined => {
  const items = (Array.isArray(value) ? value : typeof value === 'string' ? [value] : []).filter((v) => typeof v === 'string' && v);
  return items.length > 0 ? (items as string[]) : undefined;
};

const rootRoute = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: RootLayout,
  notFoundComponent: NotFound,
});

export interface LoginSearch {
  redirect_uri?: string | undefined;
  reason?: string | undefined;
}

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: (s: Record<string, unknown>): LoginSearch => ({ redirect_uri: str(s.redirect_uri), reason: str(s.reason) }),
  component: lazyRouteComponent(() => import('./pages/Login'), 'LoginPage'),
});

const signUpRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/signup',
  validateSearch: (s: Record<string, unknown>): { invite_token?: string | undefined } => ({ invite_token: str(s.invite_token) }),
  component: lazyRouteComponent(() => import('./pages/Login'), 'SignUpPage'),
});

const resetRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset',
  validateSearch: (s: Record<string, unknown>): { reset_token?: string | undefined } => ({ reset_token: str(s.reset_token) }),
  component: lazyRouteComponent(() => import('./pages/Login'), 'ResetPage'),
});

/** Every page behind sign-in: without a session, the sign-in page first, then back here. */
const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  component: AppLayout,
  beforeLoad: async ({ context, location }) => {
    const session = await context.queryClient.ensureQueryData(sessionQuery);
    if (session.authEnabled && !session.actor) throw redirect({ to: '/login', search: { redirect_uri: location.href } });
  },
});

const homeRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/',
  component: lazyRouteComponent(() => import('./pages/Home'), 'HomePage'),
});

export interface SearchParams {
  q?: string | undefined;
  type?: string[] | undefined;
  platform?: string[] | undefined;
  domain?: string[] | undefined;
  owner?: string[] | undefined;
  tag?: string[] | undefined;
  term?: string[] | undefined;
  sort?: string | undefined;
  page?: number | undefined;
}

const searchRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/search',
  validateSearch: (s: Record<string, unknown>): SearchParams => ({
    q: str(s.q),
    type: list(s.type),
    platform: list(s.platform),
    domain: list(s.domain),
    owner: list(s.owner),
    tag: list(s.tag),
    term: list(s.term),
    sort: str(s.sort),
    page: s.page === undefined ? undefined : num(s.page, 1),
  }),
  component: lazyRouteComponent(() => import('./pages/Search'), 'SearchPage'),
});

export interface EntitySearch {
  tab?: string | undefined;
  field?: string | undefined;
  hops?: number | undefined;
}

const entityRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/entity/$urn',
  validateSearch: (s: Record<string, unknown>): EntitySearch => ({
    tab: str(s.tab),
    field: str(s.field),
    hops: s.hops === undefined ? undefined : num(s.hops, 1),
  }),
  // Asked for while the page's code loads, not after.
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(entityQuery(params.urn));
  },
  component: lazyRouteComponent(() => import('./pages/Entity'), 'EntityPage'),
});

const browseRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/browse',
  validateSearch: (s: Record<string, unknown>): { platform?: string | undefined; path?: string[] | undefined } => ({
    platform: str(s.platform),
    path: list(s.path),
  }),
  component: lazyRouteComponent(() => import('./pages/Browse'), 'BrowsePage'),
});

const glossaryRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/glossary',
  component: lazyRouteComponent(() => import('./pages/Glossary'), 'GlossaryPage'),
});

const domainsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/domains',
  component: lazyRouteComponent(() => import('./pages/Domains'), 'DomainsPage'),
});

const settingsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/settings',
  validateSearch: (s: Record<string, unknown>): { section?: string | undefined } => ({ section: str(s.section) }),
  component: lazyRouteComponent(() => import('./pages/Settings'), 'SettingsPage'),
});

const routeTree = rootRoute.addChildren([
  loginRoute,
  signUpRoute,
  resetRoute,
  appRoute.addChildren([homeRoute, searchRoute, entityRoute, browseRoute, glossaryRoute, domainsRoute, settingsRoute]),
]);

export const router = createRouter({
  routeTree,
  context: { queryClient: undefined! },
  defaultPreload: 'intent',
  defaultNotFoundComponent: NotFound,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
