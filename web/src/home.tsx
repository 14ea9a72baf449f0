// The home page: what the playground is and a card per page (the ones not built yet are marked as coming).
import { PAGES } from './pages.js';

export function Home() {
  return (
    <section class="home">
      <h1>gridbits playground</h1>
      <p class="lead">
        Bitboards for any grid: click a board and watch the engines answer. Each page runs the library itself, in your
        browser; heavy work runs in a background worker you can cancel.
      </p>
      <ul class="cards" aria-label="Pages">
        {PAGES.map((p) => (
          <li key={p.id} class={p.load ? 'card' : 'card coming'} data-page={p.id}>
            {p.load ? (
              <a href={`#/${p.id}`}>
                <h2>{p.title}</h2>
                <p>{p.blurb}</p>
              </a>
            ) : (
              <div aria-disabled="true">
                <h2>
                  {p.title} <span class="badge">coming</span>
                </h2>
                <p>{p.blurb}</p>
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
