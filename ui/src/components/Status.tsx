/** How a page says it is waiting, failed, or has nothing to show. */
import { Link } from '@tanstack/react-router';
import { ApiError } from '../api/client';

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="loading" role="status" aria-live="polite">
      {label}
    </div>
  );
}

export function ErrorBox({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : String(error);
  const denied = error instanceof ApiError && error.code === 403;
  return (
    <div className="error" role="alert">
      <strong>{denied ? 'Not allowed' : 'Something went wrong'}</strong>
      <p>{message}</p>
    </div>
  );
}

export function Empty({ children }: { children: React.ReactNode }) {
  return <p className="empty">{children}</p>;
}

export function NotFoundMessage({ what }: { what: string }) {
  return (
    <section className="notfound">
      <h1>Not found</h1>
      <p>{what}</p>
      <p>
        <Link to="/">Go to the home page</Link> or search for what you were looking for.
      </p>
    </section>
  );
}
