// The timeline: the steps the filters let through as rows, the base row first, and the count
// above them. Virtualized: only the rows in sight are in the DOM, each kept while it stays in
// sight, so that a batch of steps costs O(rows on screen), not O(steps).

import { effectText, stepLabel } from './steps.mjs';
import { el } from './tree.mjs';
import { caseLabel, fullCaseLabel, plural } from './values.mjs';

/** A row's height in px, fixed: row i sits at i * ROW_HEIGHT (--row in inspector.css agrees). */
export const ROW_HEIGHT = 24;
const OVERSCAN = 8; // rows drawn above and below the visible ones

export class Timeline {
  #ui;
  #rows = new Map(); // item → {el, stamp, index}
  #followed = -1; // view.shifted + view.length when the timeline last scrolled to the newest
  #lastShifted = 0; // view.shifted when last drawn: the rows since gone from its top

  /** `ui`: the elements #timeline, #timeline-spacer, #pause-scroll and #step-count, as
   *  timeline, spacer, pauseScroll and count. Each row element's `item` is its record. */
  constructor(ui) {
    this.#ui = ui;
  }

  /** Another session is shown: its rows replace every row, and the newest is followed. */
  reset() {
    for (const entry of this.#rows.values()) entry.el.remove();
    this.#rows.clear();
    this.#followed = -1;
  }

  /** Scrolls to the newest row at the next draw, unless auto-scroll is paused. */
  follow() {
    this.#followed = -1;
  }

  /** The view was rebuilt: its rows' positions start again. */
  viewRebuilt() {
    this.#lastShifted = 0;
  }

  render(steps) {
    this.#renderCount(steps);
    const { timeline, spacer, pauseScroll } = this.#ui;
    const count = steps.displayCount();
    spacer.style.height = count * ROW_HEIGHT + 'px';
    const total = steps.view.shifted + steps.view.length;
    if (!pauseScroll.checked && total !== this.#followed) {
      timeline.scrollTop = timeline.scrollHeight; // follow the newest step
    } else if (pauseScroll.checked && steps.view.shifted > this.#lastShifted) {
      timeline.scrollTop -= (steps.view.shifted - this.#lastShifted) * ROW_HEIGHT; // rows left at the top
    }
    this.#followed = total;
    this.#lastShifted = steps.view.shifted;

    const top = timeline.scrollTop;
    const first = Math.max(0, Math.floor(top / ROW_HEIGHT) - OVERSCAN);
    const last = Math.min(count - 1, Math.ceil((top + timeline.clientHeight) / ROW_HEIGHT) + OVERSCAN);
    const inSight = new Set();
    for (let i = first; i <= last; i++) {
      const item = steps.displayAt(i);
      inSight.add(item);
      let entry = this.#rows.get(item);
      if (!entry) {
        entry = { el: el('div'), stamp: null, index: -1 };
        entry.el.item = item;
        this.#rows.set(item, entry);
        timeline.append(entry.el);
      }
      const stamp = `${item.version}|${item === steps.selected}|${steps.baseStep}`;
      if (entry.stamp !== stamp) fillRow(entry.el, item, steps);
      entry.stamp = stamp;
      if (entry.index !== i) entry.el.style.transform = `translateY(${i * ROW_HEIGHT}px)`;
      entry.index = i;
    }
    for (const [item, entry] of this.#rows) {
      if (inSight.has(item)) continue;
      entry.el.remove();
      this.#rows.delete(item);
    }
  }

  /** Scrolls the selected row into sight, when it is in the list. */
  reveal(steps) {
    const index = steps.displayIndex(steps.selected);
    if (index < 0) return;
    const { timeline } = this.#ui;
    const top = index * ROW_HEIGHT;
    if (top < timeline.scrollTop) timeline.scrollTop = top;
    else if (top + ROW_HEIGHT > timeline.scrollTop + timeline.clientHeight) timeline.scrollTop = top + ROW_HEIGHT - timeline.clientHeight;
  }

  #renderCount(steps) {
    const { count } = this.#ui;
    count.textContent = countText(steps);
    Object.assign(count.dataset, { steps: steps.count, dropped: steps.appDropped, lagged: steps.lagged, withheld: steps.withheld });
  }
}

/** The line above the rows: how many steps, what the app dropped or withheld, what did not
 *  arrive, how many the filters show, and when the page keeps fewer than the app does. An app
 *  that keeps every step (or a recording imported from a file) has no count to name: the page
 *  says it keeps the newest only once it holds as many as it keeps. */
export function countText(steps) {
  const parts = [plural(steps.count, 'step')];
  if (steps.appDropped) parts.push(`${steps.appDropped.toLocaleString('en-US')} dropped by the app`);
  if (steps.withheld) parts.push(`${steps.withheld.toLocaleString('en-US')} withheld by the app's privacy settings`);
  if (steps.lagged) parts.push(`${steps.lagged.toLocaleString('en-US')} not received`);
  const shown = steps.shownCount;
  let pageKeeps = '';
  const appKeepsMore = Number.isFinite(steps.appLimit) ? steps.appLimit > steps.limit : steps.count >= steps.limit;
  if (appKeepsMore) {
    const of = Number.isFinite(steps.appLimit) ? ` of the app's ${steps.appLimit.toLocaleString('en-US')}` : '';
    pageKeeps = ` · the page keeps the newest ${steps.limit.toLocaleString('en-US')}${of}`;
  }
  return parts.join(', ') + (shown !== steps.count ? ` · ${shown.toLocaleString('en-US')} shown` : '') + pageKeeps;
}

function fillRow(row, item, steps) {
  row.replaceChildren();
  if (item.type === 'gap') {
    row.className = 'row gap-row';
    row.textContent = `${plural(item.missing, 'step')} not received: ${item.slow ? 'the page was too slow' : 'the app dropped them first'}`;
    return;
  }
  const isBase = item.type === 'base';
  const selected = item === steps.selected;
  row.className = 'row step-row' + (isBase ? ' base-row' : '') + (selected ? ' selected' : '');
  row.setAttribute('role', 'option');
  row.setAttribute('aria-selected', String(selected));
  row.dataset.step = steps.stepOf(item);
  if (isBase) {
    row.append(el('span', 'num'), el('span', 'label', 'initial state'));
  } else {
    const origin = item.origin || 'view';
    row.dataset.origin = origin;
    row.append(el('span', 'num', String(item.step)), el('span', 'origin ' + origin, origin), el('span', 'label', stepLabel(item)));
    // The whole nesting on hover, and where the View sent it from.
    row.title = (item.intent === undefined ? stepLabel(item) : fullCaseLabel(item.intent))
      + (item.site ? '\nsent from ' + item.site : '');
  }
  if (item.sideEffects.length) {
    const labels = item.sideEffects.map(fullCaseLabel);
    const effects = el('span', 'effects', '→ ' + (labels.length > 2 ? plural(labels.length, 'side effect') : item.sideEffects.map(caseLabel).join(', ')));
    effects.title = labels.join('\n');
    row.append(effects);
    row.classList.add('has-effects');
  }
  if (item.effects && item.effects.length) {
    const texts = item.effects.map((e) => effectText(e, steps));
    const effects = el('span', 'runs', '⚙ ' + (texts.length === 1 ? texts[0] : plural(texts.length, 'effect event')));
    effects.title = texts.join('\n');
    row.append(effects);
  }
  if (item.problems.length) {
    const problems = el('span', 'problems', '⚠ ' + (item.problems.length === 1 ? item.problems[0].message : plural(item.problems.length, 'problem')));
    problems.title = item.problems.map((p) => `${p.kind}: ${p.message}`).join('\n');
    row.append(problems);
    row.classList.add('has-problems');
  }
}
