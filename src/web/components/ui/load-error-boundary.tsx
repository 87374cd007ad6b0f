import { Component, type ReactNode } from 'react';
import { renewFailedLazies } from '@/web/lib/retryable-lazy';

interface LoadErrorBoundaryProps {
  children: ReactNode;
  /** What shows instead of the children that failed; `retry` renders them again. */
  fallback: (retry: () => void) => ReactNode;
  /** A new value (the next screen's path, a dialog opened again) starts over. */
  resetKey?: unknown;
  onError?: (error: unknown) => void;
}

interface LoadErrorBoundaryState {
  failed: boolean;
  resetKey: unknown;
}

/**
 * Catches what failed to render below it, above all a screen or dialog whose code did not
 * download (offline, a blip), so the app around it stays (issue 19: one failed chunk used to
 * unmount the whole tree). It tries again by itself when the browser is back online; the
 * lazy components below are retryableLazy ones, so trying again imports them afresh.
 */
export class LoadErrorBoundary extends Component<LoadErrorBoundaryProps, LoadErrorBoundaryState> {
  override state: LoadErrorBoundaryState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<LoadErrorBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: LoadErrorBoundaryProps,
    state: LoadErrorBoundaryState,
  ): Partial<LoadErrorBoundaryState> | null {
    if (Object.is(props.resetKey, state.resetKey)) return null;
    if (state.failed) renewFailedLazies();
    return { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown) {
    this.props.onError?.(error);
  }

  override componentDidMount() {
    window.addEventListener('online', this.retry);
  }

  override componentWillUnmount() {
    window.removeEventListener('online', this.retry);
  }

  retry = () => {
    if (!this.state.failed) return;
    renewFailedLazies();
    this.setState({ failed: false });
  };

  override render() {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children;
  }
}
