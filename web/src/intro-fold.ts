// A page's intro (its `.lead` paragraph) is cut to two lines on phones, so the board starts on the first screen; a
// "more" button at the end of what shows opens it whole and folds it again. The shell adds the button to every page's
// intro as the page is drawn, and shows it only while the intro is cut short.
import { useEffect } from 'preact/hooks';

let next = 0;

/** Adds the button to an intro that has none yet. */
function fold(lead: HTMLElement): void {
  lead.dataset.fold = '';
  if (!lead.id) lead.id = `intro-${++next}`;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'more';
  button.setAttribute('aria-controls', lead.id);
  const show = (open: boolean): void => {
    lead.classList.toggle('open', open);
    button.setAttribute('aria-expanded', String(open));
    button.textContent = open ? 'less' : 'more';
  };
  show(false);
  button.addEventListener('click', () => show(button.getAttribute('aria-expanded') !== 'true'));
  lead.append(button);
  // Shown only while the intro is cut short (or open): a wide screen, or a short intro, shows it whole.
  const measure = (): void => {
    const open = lead.classList.contains('open');
    button.hidden = !open && lead.scrollHeight <= lead.clientHeight + 1;
  };
  new ResizeObserver(measure).observe(lead);
}

/** Watches the page area and gives each intro drawn in it its button. */
export function useIntroFold(): void {
  useEffect(() => {
    const main = document.getElementById('main');
    if (!main || typeof ResizeObserver !== 'function') return;
    const scan = (): void => main.querySelectorAll<HTMLElement>('.lead:not([data-fold])').forEach(fold);
    scan();
    const seen = new MutationObserver(scan);
    seen.observe(main, { childList: true, subtree: true });
    return () => seen.disconnect();
  }, []);
}
