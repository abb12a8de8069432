// The crash page (SPEC §8): when a template throws, the reader sees "This page crashed." with the error and its
// chain of causes, and a "Try again" button, instead of a blank page. The navbar stays usable around it.
import { Component, type ContextType, type ReactNode, useEffect } from 'react';
import { ClientContext } from './ClientContext.ts';

/** The error, then each `cause` in turn (at most 10 deep, in case of a cycle). */
export function errorChain(error: unknown): string[] {
  const chain: string[] = [];
  for (let current: unknown = error, depth = 0; current !== undefined && current !== null && depth < 10; depth++) {
    chain.push(
      current instanceof Error
        ? `${current.name === 'Error' ? '' : `${current.name}: `}${current.message}`
        : String(current),
    );
    current = current instanceof Error ? current.cause : undefined;
  }
  return chain;
}

export function CrashPage({ error, onTryAgain }: { error: unknown; onTryAgain: () => void }) {
  // A passive effect, so it runs after the router has set the new route's title.
  useEffect(() => {
    const before = document.title;
    document.title = 'Page Error';
    return () => {
      if (document.title === 'Page Error') document.title = before;
    };
  }, []);
  const [message, ...causes] = errorChain(error);
  return (
    <main id="main" className="container narrow crash-page">
      <h1>This page crashed.</h1>
      <div className="crash-error" role="alert">
        <p className="crash-message">{message}</p>
        {causes.map((cause, i) => (
          <p key={i} className="crash-cause">
            <span className="crash-cause-label">Cause:</span> {cause}
          </p>
        ))}
      </div>
      <button type="button" className="button button-primary" onClick={onTryAgain}>
        Try again
      </button>
    </main>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** When this changes (the reader went to another route), a crash is cleared. */
  resetKey: string;
}

export class ErrorBoundary extends Component<BoundaryProps, { error: unknown; failed: boolean }> {
  static contextType = ClientContext;
  declare context: ContextType<typeof ClientContext>;
  state = { error: undefined as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  componentDidUpdate(previous: BoundaryProps) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey)
      this.setState({ error: undefined, failed: false });
  }

  /** Loads the route's data again (a payload from an older or newer build can crash a template), then renders again. */
  tryAgain = async () => {
    await this.context.reload?.();
    this.setState({ error: undefined, failed: false });
  };

  render() {
    return this.state.failed ? <CrashPage error={this.state.error} onTryAgain={this.tryAgain} /> : this.props.children;
  }
}
