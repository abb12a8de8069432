// A part of a page loaded on demand (its code is a separate file). Nothing shows for the first `delay` ms, so a
// fast load does not flash a spinner; then a spinner; on failure a red box that says so in plain words, with Retry
// and the technical detail folded away. `load` gets the attempt number, so a retry can ask in a way that works
// where the browser remembers the failure (see src/client/parts.ts).
import { type ComponentType, useEffect, useState } from 'react';

type State<P> =
  { status: 'loading' } | { status: 'ready'; Component: ComponentType<P> } | { status: 'failed'; error: unknown };

export function Lazy<P extends object>({
  load,
  props,
  delay,
}: {
  load: (attempt: number) => Promise<ComponentType<P>>;
  props: P;
  delay: number;
}) {
  const [state, setState] = useState<State<P>>({ status: 'loading' });
  const [spinner, setSpinner] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    setSpinner(false);
    const timer = setTimeout(() => live && setSpinner(true), delay);
    load(attempt)
      .then(
        (Component) => live && setState({ status: 'ready', Component }),
        (error: unknown) => live && setState({ status: 'failed', error }),
      )
      .finally(() => clearTimeout(timer));
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // `load` is a new function on each render of the parent; what to load does not change for one Lazy.
  }, [attempt, delay]);
  if (state.status === 'ready') return <state.Component {...props} />;
  if (state.status === 'failed') {
    return (
      <div className="lazy-error" role="alert">
        <p>
          <strong>This part of the page could not be loaded.</strong> The connection may have dropped, or the site may
          have been updated since this page was opened. Check your connection, then try again.
        </p>
        <button type="button" className="button" onClick={() => setAttempt(attempt + 1)}>
          Retry
        </button>
        <details className="lazy-error-details">
          <summary>Technical details</summary>
          <code>{state.error instanceof Error ? state.error.message : String(state.error)}</code>
        </details>
      </div>
    );
  }
  return spinner ? (
    <div className="lazy-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">Loading…</span>
    </div>
  ) : (
    <div className="lazy-loading" />
  );
}
