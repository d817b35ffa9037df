// Values drawn in the page: a leaf as text, a small value inline, a large one as a collapsible
// tree whose children are built when first opened.

import { SECRET, childPath, plural, short, stateCase } from './values.mjs';

const MAX_CHILDREN = 200; // children of a tree node drawn before a "show more" button

/** A new element, with a class and text when given. */
export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A value inline when it is small, else as a closed tree headed by its summary. */
export function valueView(value, role, summary) {
  const wrapper = el('span', 'diff-value ' + role);
  if (value === null || typeof value !== 'object') wrapper.append(leafView(value));
  else if (JSON.stringify(value).length <= 80) wrapper.append(el('span', 'value summary', summary ?? short(value, 80)));
  else wrapper.append(treeNode(null, value, null, 0, null, summary ?? short(value, 80)));
  return wrapper;
}

/**
 * The state as a tree, its root open. `changed` holds the path texts of the members the step
 * changed and their parents: marked, and open. `expanded` (path text → open) remembers the
 * nodes the user opened or closed, across steps.
 */
export function stateTree(state, changed, expanded) {
  return treeNode(null, state, '', 0, { changed, expanded });
}

function leafView(value) {
  if (value === SECRET) {
    const badge = el('span', 'value secret', 'secret ••••');
    badge.title = 'A Secret: the app never sends its value';
    return badge;
  }
  if (value === null || value === undefined) return el('span', 'value null', 'null');
  return el('span', 'value ' + typeof value, typeof value === 'string' ? JSON.stringify(value) : String(value));
}

/**
 * A node of a collapsible tree, its children built when first opened. `path` (text, '' for
 * the root) and `memory` ({changed, expanded}) make a node of the state tree; a null path and
 * memory make a throwaway tree (a value in the diff), closed at first. A case without payload
 * shows as a leaf: `.idle`.
 */
function treeNode(key, value, path, depth, memory, summary) {
  const node = el('div', key === null && path === '' ? 'node root' : 'node');
  const line = el('div', 'line');
  node.append(line);
  if (path !== null) node.dataset.path = path;
  if (path !== null && memory.changed.has(path)) node.classList.add('changed');
  const toggle = el('span', 'toggle');
  line.append(toggle);
  if (key !== null) line.append(el('span', 'key', String(key)), el('span', 'colon', ':'));
  const bareCase = stateCase(value);
  if (value === null || typeof value !== 'object' || (bareCase && !Object.keys(bareCase.payload).length)) {
    line.append(bareCase ? el('span', 'value enum', '.' + bareCase.name) : leafView(value));
    return node;
  }
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  const text = summary ?? (Array.isArray(value) ? plural(entries.length, 'item') : short(value, 60));
  line.append(el('span', 'value summary' + (bareCase ? ' enum' : ''), text));
  const children = el('div', 'children');
  node.append(children);
  let shown = 0;
  const showMore = () => {
    children.querySelector(':scope > .more')?.remove();
    for (const [k, v] of entries.slice(shown, shown + MAX_CHILDREN)) {
      children.append(treeNode(k, v, path === null ? null : childPath(path, k), depth + 1, memory));
    }
    shown = Math.min(entries.length, shown + MAX_CHILDREN);
    if (shown === entries.length) return;
    const more = el('button', 'more', `show ${Math.min(MAX_CHILDREN, entries.length - shown)} more of ${entries.length - shown}`);
    more.type = 'button';
    more.addEventListener('click', showMore);
    children.append(more);
  };
  let open;
  const setOpen = (value) => {
    open = value;
    toggle.textContent = open ? '▾' : '▸';
    node.classList.toggle('open', open);
    if (open && !shown) showMore();
  };
  const remembered = path === null ? undefined : memory.expanded.get(path);
  setOpen(path === '' || (remembered ?? (path !== null && ((depth < 2 && entries.length <= 50) || memory.changed.has(path)))));
  line.addEventListener('click', () => {
    setOpen(!open);
    if (path !== null) memory.expanded.set(path, open);
  });
  return node;
}
