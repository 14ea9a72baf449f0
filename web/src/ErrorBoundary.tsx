// Catches an error thrown while a page renders, so it stays in that page: Preact, given no boundary, abandons
// the diff half-way and its tree no longer matches the DOM, so the router's next page is drawn beside the dead
// one. The boundary keeps the person's work: it remembers the last address that worked on each page, says in
// plain words where the page failed, and "Try again" goes back there (the page's whole state is in its address).
// It logs the error as a console error and offers a report to copy.
import { Component, type ComponentChildren } from 'preact';
import { CopyButton } from './CopyButton.js';

interface Props {
  /** The page's id and title, and its route's params (a new object for each address followed). */
  page: string;
  title: string;
  params: URLSearchParams;
  /** Draws the page again from the address it now has. */
  onRetry: () => void;
  children?: ComponentChildren;
}

interface State {
  error: string | null;
  /** The error's stack, for the report. */
  stack?: string;
  /** The params the failure came with: another address followed clears it. */
  failedParams?: URLSearchParams;
  /** The address that failed, or null when a change made on the page failed (it never reached the address). */
  failedAt?: string | null;
  /** Where "Try again" goes: the last address that worked on this page. */
  back?: string;
}

/** The last address that worked, per page: kept across visits to other pages. */
const worked = new Map<string, string>();

const pageOf = (hash: string): string => hash.replace(/^#\/?/, '').split('?')[0].replace(/\/+$/, '');

/** Wrap each page in one, keyed by the page, so following a link to another page starts it afresh. */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null };
  /** The params of the last render that worked. */
  private shown: URLSearchParams | undefined;

  static getDerivedStateFromError(e: unknown): Partial<State> {
    return { error: e instanceof Error ? e.message : String(e), stack: e instanceof Error ? e.stack : undefined };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    // Another address followed while the error shows: the page is drawn afresh from it.
    if (state.error !== null && state.failedParams !== undefined && props.params !== state.failedParams)
      return { error: null, failedParams: undefined };
    return null;
  }

  componentDidCatch(e: unknown): void {
    console.error('The page hit an error:', e);
    const { page, params } = this.props;
    const here = location.hash;
    if (params !== this.shown) {
      // The address itself failed (a link, a typed address, or the page's first one).
      const back = worked.get(page);
      this.setState({ failedParams: params, failedAt: here, back: back ?? `#/${page}` });
    } else {
      // A change made on the page failed; the address still holds the state before it, which worked.
      worked.set(page, here);
      this.setState({ failedParams: params, failedAt: null, back: here });
    }
  }

  componentDidMount(): void {
    addEventListener('hashchange', this.left);
    this.rendered();
  }

  componentDidUpdate(): void {
    this.rendered();
  }

  componentWillUnmount(): void {
    removeEventListener('hashchange', this.left);
  }

  /**
   * An address works once the page has drawn it and run its effects (which read the address too): after the next
   * frame, when Preact has run them. An error before that is the address's.
   */
  private rendered(): void {
    const { page, params } = this.props;
    requestAnimationFrame(() =>
      setTimeout(() => {
        if (this.state.error !== null || this.props.params !== params) return;
        this.shown = params;
        worked.set(page, location.hash);
      }, 50),
    );
  }

  /** Leaving an address that worked (with the changes the page wrote into it): it is the one to come back to. */
  private readonly left = (e: HashChangeEvent): void => {
    const old = new URL(e.oldURL).hash;
    if (this.state.error === null && pageOf(old) === this.props.page) worked.set(this.props.page, old);
  };

  private retry = (): void => {
    const back = this.state.back ?? `#/${this.props.page}`;
    if (location.hash !== back) history.replaceState(null, '', back);
    this.setState({ error: null, failedParams: undefined });
    this.props.onRetry();
  };

  render() {
    if (this.state.error === null) return this.props.children;
    const { title } = this.props;
    const { failedAt, back, error, stack } = this.state;
    const where = failedAt ? `${location.origin}${location.pathname}${failedAt}` : null;
    const same = failedAt !== null && back === failedAt;
    const report = [
      `Page: ${title}`,
      `Address: ${where ?? `a change made on ${location.origin}${location.pathname}${back ?? ''}`}`,
      `Error: ${error}`,
      `Browser: ${navigator.userAgent}`,
      ...(stack ? ['', stack] : []),
    ].join('\n');
    return (
      <section class="notice crashed" role="alert">
        <h1>{title} stopped</h1>
        <p>
          {where ? (
            <>
              {title} could not show this address: <code class="address">{where}</code>
            </>
          ) : (
            <>Your last change on {title} could not be shown. The address still holds what you had before it.</>
          )}
        </p>
        <p class="error">{error}</p>
        <p class="crash-actions">
          <button type="button" onClick={this.retry}>
            Try again
          </button>{' '}
          <span class="muted">
            {same ? 'with the same address' : where ? 'with the last one that worked here' : 'from before that change'}
          </span>
        </p>
        <p>
          <CopyButton
            label="Copy error report"
            text={() => report}
            done="Report copied"
            refused="Could not copy: the report is below"
          />{' '}
          or <a href="#/">go to the list of pages</a>.
        </p>
        <details>
          <summary>The error report</summary>
          <pre class="report">{report}</pre>
        </details>
      </section>
    );
  }
}
