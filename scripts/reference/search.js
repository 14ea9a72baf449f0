// The reference's search box: names (members too) matching what is typed, best first; arrows and Enter choose,
// '/' jumps to the box. PAGES, KINDS and NAMES come before this code in the same file.
/* global PAGES, KINDS, NAMES, document, location, matchMedia, setTimeout */
const box = document.getElementById('q');
const list = document.getElementById('hits');
let hits = [];
let chosen = 0;

function rank(name, q) {
  const n = name.toLowerCase();
  const last = n.slice(n.lastIndexOf('.') + 1);
  if (n === q || last === q) return 0;
  if (n.startsWith(q) || last.startsWith(q)) return 1;
  return n.includes(q) ? 2 : -1;
}

function show() {
  const q = box.value.trim().toLowerCase();
  list.replaceChildren();
  hits = [];
  if (q === '') {
    list.hidden = true;
    return;
  }
  for (const [name, kind, page] of NAMES) {
    const r = rank(name, q);
    if (r >= 0) hits.push({ name, kind, page, r });
  }
  hits.sort((a, b) => a.r - b.r || a.name.length - b.name.length || a.name.localeCompare(b.name));
  hits = hits.slice(0, 14);
  chosen = 0;
  hits.forEach((h, i) => {
    const li = document.createElement('li');
    li.setAttribute('role', 'option');
    li.setAttribute('aria-selected', String(i === chosen));
    const a = document.createElement('a');
    a.href = `${PAGES[h.page][0]}#${h.name}`;
    a.textContent = h.name + ' ';
    const small = document.createElement('small');
    small.textContent = `${KINDS[h.kind]}, ${PAGES[h.page][1]}`;
    a.append(small);
    li.append(a);
    list.append(li);
  });
  if (hits.length === 0) {
    const li = document.createElement('li');
    li.textContent = 'no name matches';
    li.className = 'c';
    li.style.padding = '0.2rem 0.7rem';
    list.append(li);
  }
  list.hidden = false;
}

function choose(step) {
  if (hits.length === 0) return;
  chosen = (chosen + step + hits.length) % hits.length;
  [...list.children].forEach((li, i) => li.setAttribute('aria-selected', String(i === chosen)));
}

box.addEventListener('input', show);
box.addEventListener('keydown', (e) => {
  if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
    choose(e.key === 'ArrowDown' ? 1 : -1);
    e.preventDefault();
  } else if (e.key === 'Enter' && hits.length > 0) {
    location.href = list.children[chosen].querySelector('a').href;
    list.hidden = true;
  } else if (e.key === 'Escape') {
    box.value = '';
    show();
  }
});
box.addEventListener('blur', () => setTimeout(() => (list.hidden = true), 200));
document.addEventListener('keydown', (e) => {
  if (e.key === '/' && document.activeElement !== box) {
    box.focus();
    e.preventDefault();
  }
});
// On a wide screen the page's contents stay open beside it; on a phone they fold above it.
const toc = document.querySelector('details.toc');
if (toc && matchMedia('(min-width: 60rem)').matches) toc.open = true;
