import { useQuery } from '@tanstack/react-query';
import { meQuery, useApiClient } from '../../api';
import { useSession } from '../../api/session-context';
import { QueryView } from '../../components/query-view';
import { BillingCatalogSection } from './billing-catalog-section';
import { CreditsSection } from './credits-section';
import { ManageBillingButton } from './manage-billing-button';
import './account.css';

export function AccountPage() {
  const me = useQuery(meQuery(useApiClient()));
  const { signOut } = useSession();
  return (
    <main className="page account-page">
      <h1>Account</h1>
      <section className="account-section" aria-labelledby="who">
        <h2 id="who">Signed in</h2>
        <QueryView query={me} loading="Loading your account…" failed="Could not load your account">
          {(data) => (
            <dl className="facts">
              <dt>Email</dt>
              <dd>{data.email}</dd>
              <dt>User id</dt>
              <dd>
                <code>{data.userId}</code>
              </dd>
              <dt>API key id</dt>
              <dd>
                <code>{data.apiKeyId}</code>
              </dd>
            </dl>
          )}
        </QueryView>
        <div className="form-actions">
          <ManageBillingButton />
          {/* Named apart from the header's Sign out so each control has its own name. */}
          <button type="button" onClick={signOut} aria-describedby="disconnect-hint">
            Disconnect
          </button>
          <span id="disconnect-hint" className="muted">
            Signs out and forgets the API key in this browser.
          </span>
        </div>
      </section>
      <CreditsSection />
      <BillingCatalogSection />
    </main>
  );
}
