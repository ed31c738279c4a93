import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { AuthApiError, authApi, type CurrentSession } from './auth-api';

type Mode = 'sign-in' | 'sign-up';

export function App() {
  const [current, setCurrent] = useState<CurrentSession | null | undefined>(undefined);
  const refresh = useCallback(() => authApi.getSession().then(setCurrent), []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  return (
    <main>
      <h1>authsvc</h1>
      {current === undefined && <p>Loading…</p>}
      {current === null && <CredentialsForm onSignedIn={refresh} />}
      {current && <SignedIn current={current} onSignedOut={refresh} />}
      <footer>
        <a href="/dev/mailbox">Development mailbox</a>
      </footer>
    </main>
  );
}

function SignedIn({ current, onSignedOut }: { current: CurrentSession; onSignedOut: () => void }) {
  const { user, session } = current;
  return (
    <section aria-label="session">
      <p>
        Signed in as <strong>{user.name}</strong> ({user.email}){user.emailVerified ? '' : ', email not verified yet'}.
      </p>
      <p>Session valid until {new Date(session.expiresAt).toLocaleString()}.</p>
      <button type="button" onClick={() => authApi.signOut().then(onSignedOut)}>
        Sign out
      </button>
    </section>
  );
}

function CredentialsForm({ onSignedIn }: { onSignedIn: () => void }) {
  const [mode, setMode] = useState<Mode>('sign-up');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email'));
    const password = String(form.get('password'));
    setError(null);
    try {
      if (mode === 'sign-up') await authApi.signUp({ name: String(form.get('name')), email, password });
      else await authApi.signIn({ email, password });
      onSignedIn();
    } catch (failure) {
      setError(failure instanceof AuthApiError ? failure.message : 'The server could not be reached');
    }
  }

  return (
    <form onSubmit={submit} aria-label={mode}>
      <h2>{mode === 'sign-up' ? 'Create an account' : 'Sign in'}</h2>
      {mode === 'sign-up' && (
        <label>
          Name <input name="name" required autoComplete="name" />
        </label>
      )}
      <label>
        Email <input name="email" type="email" required autoComplete="email" />
      </label>
      <label>
        Password <input name="password" type="password" required minLength={8} autoComplete="current-password" />
      </label>
      {error && <p role="alert">{error}</p>}
      <button type="submit">{mode === 'sign-up' ? 'Sign up' : 'Sign in'}</button>
      <button type="button" onClick={() => setMode(mode === 'sign-up' ? 'sign-in' : 'sign-up')}>
        {mode === 'sign-up' ? 'I already have an account' : 'I need an account'}
      </button>
    </form>
  );
}
