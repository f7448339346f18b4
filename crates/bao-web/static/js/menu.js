// A header's controls folded into a menu on a phone (style.css: `.folding` is hidden
// below 700 px until its header has `menu-open`). The Menu button opens and closes it; a
// control chosen in it, or Escape, closes it.
//
// Use: `foldingMenu($('btn-menu'))`; the button's `aria-controls` names the folded nav.

/** Wires the Menu button `button` to the nav it controls; nothing when either is missing. */
export function foldingMenu(button) {
  const nav = button && document.getElementById(button.getAttribute('aria-controls'));
  const head = button && button.closest('header');
  if (!nav || !head) return;
  const fold = (open) => {
    head.classList.toggle('menu-open', open);
    button.setAttribute('aria-expanded', String(open));
  };
  button.addEventListener('click', () => fold(!head.classList.contains('menu-open')));
  nav.addEventListener('click', (ev) => { if (ev.target.closest('button, a')) fold(false); });
  document.addEventListener('keydown', (ev) => { if (ev.key === 'Escape' && head.classList.contains('menu-open')) fold(false); });
}
