// Catches an error thrown while a page renders, so it stays in that page: Preact, given no boundary, abandons
// the diff half-way and its tree no longer matches the DOM, so the router's next page is drawn beside the dead
// one. The boundary shows what went wrong with a way to retry, and logs it as a console error.
import { Component, type ComponentChildren } from 'preact';

interface Props {
  children?: ComponentChildren;
}

interface State {
  error: string | null;
}

/** Wrap each page in one, keyed by the page, so following a link to another page starts it afresh. */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(e: unknown): State {
    return { error: e instanceof Error ? e.message : String(e) };
  }

  componentDidCatch(e: unknown): void {
    console.error('The page hit an error:', e);
  }

  render() {
    if (this.state.error === null) return this.props.children;
    return (
      <section class="notice" role="alert">
        <p class="error">Something went wrong on this page: {this.state.error}</p>
        <p>
          <button type="button" onClick={() => this.setState({ error: null })}>
            Try again
          </button>{' '}
          or <a href="#/">go to the list of pages</a>.
        </p>
      </section>
    );
  }
}
