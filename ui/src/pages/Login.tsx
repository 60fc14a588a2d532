/** Sign in, sign up with an invite link, and set a new password with a reset link. */
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { postJson } from '../api/client';
import { useSession } from '../api/session';
import { ErrorBox } from '../components/Status';

/** Only a path of this site: a sign-in link must not send anyone elsewhere. */
function safeRedirect(uri: string | undefined): string {
  return uri?.startsWith('/') && !uri.startsWith('//') && !uri.startsWith('/login') ? uri : '/';
}

function useSubmit(path: string, redirect: string | undefined) {
  const client = useQueryClient();
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const submit = async (body: unknown) => {
    setBusy(true);
    setError(undefined);
    try {
      await postJson(path, body);
      client.clear();
      // A full load, so nothing of an earlier session stays in memory.
      window.location.assign(safeRedirect(redirect));
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  };
  return { submit, error, busy };
}

function Frame({ title, children }: { title: string; children: React.ReactNode }) {
  const session = useSession();
  return (
    <main className="login">
      <div className="login-card">
        <div className="brand">
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span>metadata-catalog</span>
        </div>
        <h1>{title}</h1>
        {session.data && !session.data.authEnabled && (
          <p className="banner warning">
            Authentication is off (AUTH_ENABLED=false): no sign-in is needed. <a href="/">Open the catalog</a>.
          </p>
        )}
        {children}
      </div>
    </main>
  );
}

const loginRoute = getRouteApi('/login');

export function LoginPage() {
  const { redirect_uri, reason } = loginRoute.useSearch();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const { submit, error, busy } = useSubmit('/logIn', redirect_uri);
  return (
    <Frame title="Sign in">
      {reason && !error && (
        <p className="note" role="note">
          Your session has ended: {reason}. Sign in again.
        </p>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit({ username: username.trim(), password });
        }}
      >
        <label className="field">
          User name
          <input autoComplete="username" required value={username} onChange={(e) => setUsername(e.target.value)} />
        </label>
        <label className="field">
          Password
          <input type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
        {error !== undefined && <ErrorBox error={error} />}
        <button type="submit" disabled={busy}>
          Sign in
        </button>
      </form>
      <p className="muted small">
        First time here? The operator sets the admin's password with <code>npx catalog user password datahub</code>, then signs in as{' '}
        <code>datahub</code> and invites others from Settings.
      </p>
    </Frame>
  );
}

const signUpRoute = getRouteApi('/signup');

export function SignUpPage() {
  const { invite_token } = signUpRoute.useSearch();
  const [form, setForm] = useState({ fullName: '', email: '', title: '', password: '' });
  const { submit, error, busy } = useSubmit('/signUp', '/');
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [k]: e.target.value });
  if (!invite_token)
    return (
      <Frame title="Sign up">
        <p>Signing up needs an invite link from an admin of this catalog.</p>
      </Frame>
    );
  return (
    <Frame title="Create your account">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit({ ...form, inviteToken: invite_token });
        }}
      >
        <label className="field">
          Full name
          <input required value={form.fullName} onChange={set('fullName')} />
        </label>
        <label className="field">
          Email (your user name)
          <input type="email" autoComplete="username" required value={form.email} onChange={set('email')} />
        </label>
        <label className="field">
          Title
          <input required value={form.title} onChange={set('title')} />
        </label>
        <label className="field">
          Password
          <input type="password" autoComplete="new-password" required value={form.password} onChange={set('password')} />
        </label>
        {error !== undefined && <ErrorBox error={error} />}
        <button type="submit" disabled={busy}>
          Sign up
        </button>
      </form>
    </Frame>
  );
}

const resetRoute = getRouteApi('/reset');

export function ResetPage() {
  const { reset_token } = resetRoute.useSearch();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { submit, error, busy } = useSubmit('/resetNativeUserCredentials', '/');
  return (
    <Frame title="Set a new password">
      {!reset_token ? (
        <p>Resetting a password needs a reset link from an admin of this catalog.</p>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit({ email: email.trim(), password, resetToken: reset_token });
          }}
        >
          <label className="field">
            User name
            <input autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
          </label>
          <label className="field">
            New password
            <input type="password" autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
          </label>
          {error !== undefined && <ErrorBox error={error} />}
          <button type="submit" disabled={busy}>
            Set password
          </button>
        </form>
      )}
    </Frame>
  );
}
