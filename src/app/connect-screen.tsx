import { useId, useState, type FormEvent } from 'react';
import { defaultBaseUrl, type Session } from './session';
import { Checkbox } from '../components/fields';

interface Props {
  initial?: Partial<Session>;
  error?: string | null;
  busy?: boolean;
  onConnect: (session: Session) => void;
}

/** Sign in: the service address (same origin by default) and an API key, checked with GET /me. */
export function ConnectScreen({ initial, error, busy = false, onConnect }: Props) {
  const [baseUrl, setBaseUrl] = useState(initial?.baseUrl ?? defaultBaseUrl());
  const [apiKey, setApiKey] = useState(initial?.apiKey ?? '');
  const [remember, setRemember] = useState(initial?.remember ?? false);
  const errorId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConnect({ baseUrl: baseUrl.trim(), apiKey: apiKey.trim(), remember });
  };

  return (
    <main className="connect">
      <form
        className="connect-card"
        onSubmit={submit}
        aria-describedby={error ? errorId : undefined}
      >
        <h1>Karaoke Timing Studio</h1>
        <p className="muted">
          Connect to a Karaoke service with its address and your API key. Running locally?{' '}
          <code>npm start</code> prints a one-click sign-in link.
        </p>
        <label>
          Service address
          <input
            type="url"
            required
            value={baseUrl}
            onChange={(e) => setBaseUrl(e.target.value)}
            placeholder="https://example.com/api/v1"
          />
        </label>
        <label>
          API key
          <input
            type="password"
            required
            autoComplete="off"
            value={apiKey}
            onChange={(e) => setApiKey(e.target.value)}
          />
        </label>
        <Checkbox checked={remember} onChange={setRemember}>
          Remember on this device
        </Checkbox>
        {error && (
          <p id={errorId} role="alert" className="error-text">
            {error}
          </p>
        )}
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Connecting…' : 'Connect'}
        </button>
      </form>
    </main>
  );
}
