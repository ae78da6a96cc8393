import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorNotice } from './error-notice';

interface State {
  error: unknown;
}

/** Catches render errors so a bug shows a message and a way out, never a blank screen. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };
  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Render error', error, info.componentStack);
  }
  override render() {
    if (this.state.error === null) return this.props.children;
    return (
      <main className="page">
        <ErrorNotice error={this.state.error} action="This page failed" />
        <p>
          Your unsaved edits are kept in this browser.{' '}
          <button type="button" onClick={() => window.location.reload()}>
            Reload the page
          </button>
        </p>
      </main>
    );
  }
}
