// The home page: what the playground is, and a card per page saying what it does (the ones not built yet are marked
// as coming), all on the first screen of a phone.
import { pointWord, useTouch } from './controls/touch.js';
import { PAGES } from './pages.js';

export function Home() {
  const touch = useTouch();
  return (
    <section class="home">
      <h1>gridbits playground</h1>
      <p class="lead">
        Pieces on boards of any size, worked out in your browser as you {pointWord(touch)}. Pick a page; each keeps what
        you do in its address, so a link brings it back.
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
