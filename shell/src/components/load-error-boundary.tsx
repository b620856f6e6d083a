import { Component, type ReactNode } from 'react';
import { Button } from '@cardirect/ui';

interface Props {
  onRetry: () => void;
  /** When this changes (e.g. the visitor navigates elsewhere), a shown failure is forgotten. */
  resetKey?: string;
  children: ReactNode;
}

interface State {
  failed: boolean;
  resetKey?: string;
}

/**
 * Offline, the connection is the likely cause; online, it is more often the part itself (its
 * server restarting, a release being rolled out or rolled back), which a later retry gets past.
 */
function adviceFor(online: boolean): string {
  return online ? 'Please try again in a moment.' : 'You seem to be offline: check your connection, then try again.';
}

/**
 * Catches a part of the page whose code fails to load or render (a remote, a lazily loaded page),
 * so only that part shows a friendly message with Retry while header and footer keep working.
 */
export class LoadErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <section role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-slate-900">This page is taking a break</h1>
        <p className="mt-3 text-slate-600">
          We could not load this part of CarDirect. {adviceFor(navigator.onLine)} The rest of the site keeps working.
        </p>
        <Button className="mt-6" onClick={this.props.onRetry}>
          Retry
        </Button>
      </section>
    );
  }
}
