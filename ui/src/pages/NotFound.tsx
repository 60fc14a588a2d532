import { useRouterState } from '@tanstack/react-router';
import { NotFoundMessage } from '../components/Status';

export function NotFound() {
  const path = useRouterState({ select: (s) => s.location.pathname });
  return (
    <main className="content">
      <NotFoundMessage what={`There is no page at ${path}.`} />
    </main>
  );
}
