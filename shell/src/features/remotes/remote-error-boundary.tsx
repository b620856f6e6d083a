import { Component, type ReactNode } from 'react';
import { Button } from '@cardirect/ui';

interface Props {
  onRetry: () => void;
  children: ReactNode;
}

/**
 * Catches a remote that fails to load or render, so only its own route shows the problem. Retry
 * asks the parent to try again, which remounts this boundary with a fresh state.
 */
export class RemoteErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <section role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-slate-900">This page is taking a break</h1>
        <p className="mt-3 text-slate-600">
          We could not load this part of CarDirect. Check your connection and try again; the rest of the site keeps working.
        </p>
        <Button className="mt-6" onClick={this.props.onRetry}>
          Retry
        </Button>
      </section>
    );
  }
}
