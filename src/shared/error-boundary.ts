/**
 * React's error boundary (a class: there is no hook for it), shared by both browser apps: what they
 * draw around each screen and each live listener so that a part that throws while rendering, or
 * whose lazy chunk cannot load, replaces only itself. A change of `resetKey` (the path) clears a
 * caught error, so moving to another screen after a failure works.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';

export interface ErrorBoundaryProps {
  /** A change of this value clears a caught error (the member moved on). */
  resetKey?: string;
  /** What is drawn instead of `children` once they failed. */
  fallback: (error: unknown) => ReactNode;
  /** Told once for each error caught (the report to the server, the console). */
  onError?: (error: unknown, componentStack: string | undefined) => void;
  children?: ReactNode;
}

interface ErrorBoundaryState {
  error: unknown;
  caught: boolean;
  key: string | undefined;
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  state: ErrorBoundaryState = { error: undefined, caught: false, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error, caught: true };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: ErrorBoundaryState): Partial<ErrorBoundaryState> | null {
    return props.resetKey === state.key ? null : { error: undefined, caught: false, key: props.resetKey };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    this.props.onError?.(error, info.componentStack ?? undefined);
  }

  render() {
    return this.state.caught ? this.props.fallback(this.state.error) : this.props.children;
  }
}
