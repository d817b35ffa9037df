// The selected step, on the right: its title and facts (intent, side effects, effect runs,
// problems), its diff from the step before, the state after it as a tree, and the search inside
// that state. The step buttons and Copy JSON above them act on the selection.

import { effectText } from './steps.mjs';
import { el, stateTree, valueView } from './tree.mjs';
import { applyChanges, clone, enumCase, findMembers, fullCaseLabel, pathText, plural, short, valueAt } from './values.mjs';

const SEARCH_HITS = 50; // members the search lists; it counts the rest

export class Detail {
  #ui;
  #page;
  #expanded = new Map(); // tree path → open or closed, as the user left it, across steps
  #searchChanged = false;

  /**
   * `ui`: the elements of the detail pane. `page`: `steps` (the session shown), `select(item)`,
   * `move(delta)` (the selection that many rows away), `notice(text, kind)` and
   * `scheduleRender()`.
   */
  constructor(ui, page) {
    this.#ui = ui;
    this.#page = page;
    ui.stateSearch.addEventListener('input', () => {
      this.#searchChanged = true;
      page.scheduleRender();
    });
    ui.stepBack.addEventListener('click', () => page.move(-1));
    ui.stepNext.addEventListener('click', () => page.move(1));
    ui.copyState.addEventListener('click', () => this.#copyState());
  }

  /** Draws the selected step when it, or the search, changed since the last draw. True when a
   *  step is shown after it drew. */
  render(steps) {
    if (!steps.selectionChanged && !this.#searchChanged) return false;
    steps.selectionChanged = this.#searchChanged = false;
    const ui = this.#ui;
    const { selected } = steps;
    for (const panel of [ui.facts, ui.diff, ui.tree]) panel.replaceChildren();
    const index = selected ? steps.displayIndex(selected) : -1;
    ui.stepBack.disabled = index <= 0;
    ui.stepNext.disabled = index < 0 || index >= steps.displayCount() - 1;
    ui.copyState.disabled = !selected || selected.gone;
    if (!selected || selected.gone) {
      ui.title.textContent = 'Select a step';
      return false;
    }
    const facts = [];
    const changed = new Set(); // the changed members and their parents: open and marked in the tree
    let state;
    if (selected.type === 'base') {
      ui.title.textContent = `Initial state (before step ${(steps.baseStep + 1).toLocaleString('en-US')})`;
      state = steps.stateAfter(steps.baseStep);
      ui.diff.append(el('div', 'quiet', 'The state before the oldest kept step: nothing before it to compare with.'));
    } else {
      const time = selected.time ? ' · ' + clockTime(selected.time) : '';
      const run = Number.isInteger(selected.run) ? ` #${selected.run}` : '';
      ui.title.textContent = `Step ${selected.step.toLocaleString('en-US')} · from ${selected.origin || 'view'}${run}${time}`;
      const intent = selected.intent === undefined ? el('span', 'quiet', 'not received') : valueView(selected.intent, 'intent', fullCaseLabel(selected.intent));
      facts.push(['Intent', intent]);
      if (selected.site) facts.push(['Sent from', el('span', 'site', selected.site)]);
      // The old values come from the state before, as the changes are applied one by one.
      const before = steps.stateAfter(selected.step - 1);
      const olds = [];
      try {
        state = applyChanges(clone(before), selected.changes, (change, old) => olds.push(old));
      } catch (error) {
        ui.diff.append(el('div', 'problem', 'The changes do not apply: ' + error.message));
      }
      this.#renderDiff(selected.changes.slice(0, olds.length), olds, before, state);
      for (const { path } of selected.changes) for (let i = 1; i <= path.length; i++) changed.add(pathText(path.slice(0, i)));
    }
    for (const value of selected.sideEffects) facts.push(['Side effect', valueView(value, 'side-effect', fullCaseLabel(value))]);
    for (const e of selected.effects || []) facts.push(['Effect', el('span', 'run', effectText(e, steps))]);
    for (const p of selected.problems) facts.push([p.kind === 'error' ? 'Error' : 'Warning', el('span', 'problem', p.message)]);
    for (const [name, view] of facts) {
      const fact = el('div', 'fact');
      fact.append(el('span', 'fact-name', name), view);
      ui.facts.append(fact);
    }
    if (state !== undefined) ui.tree.append(stateTree(state, changed, this.#expanded));
    this.#renderSearch(steps, state);
    return true;
  }

  #renderDiff(changes, olds, before, after) {
    const { diff } = this.#ui;
    if (!changes.length) diff.append(el('div', 'quiet', 'No change: the state after this step is the state before it.'));
    const switched = new Set(); // enums that changed case: one row `mode  idle → busy(since: 1)`
    changes.forEach((change, i) => {
      const row = el('div', 'change');
      const parent = change.path.slice(0, -1);
      const [was, is] = [valueAt(before, parent), valueAt(after, parent)];
      const caseSwitch = parent.length > 0 && enumCase(was) && enumCase(is) && enumCase(was).name !== enumCase(is).name;
      const path = pathText(caseSwitch ? parent : change.path);
      if (caseSwitch && switched.has(path)) return;
      row.dataset.path = path;
      row.append(el('span', 'path', path));
      if (caseSwitch) {
        switched.add(path);
        row.append(valueView(was, 'old', short(was, 80)), el('span', 'arrow', '→'), valueView(is, 'new', short(is, 80)));
      } else if (change.removed === true) {
        row.classList.add('removed');
        row.append(el('span', 'tag removed', 'removed'), valueView(olds[i], 'old'));
      } else if (olds[i] === undefined) {
        row.classList.add('added');
        row.append(el('span', 'tag added', 'added'), valueView(change.value, 'new'));
      } else {
        row.append(valueView(olds[i], 'old'), el('span', 'arrow', '→'), valueView(change.value, 'new'));
      }
      diff.append(row);
    });
  }

  // Search inside the state: members whose path or value holds the text, in the state after the
  // selected step, each with the steps where it changed; a step there selects it.
  #renderSearch(steps, state) {
    const { stateSearch, searchResults } = this.#ui;
    const query = stateSearch.value.trim().toLowerCase();
    searchResults.replaceChildren();
    searchResults.hidden = !query || state === undefined;
    if (searchResults.hidden) return;
    const { hits, more } = findMembers(state, query, SEARCH_HITS);
    const { selected } = steps;
    const where = selected.type === 'base' ? 'the initial state' : `the state after step ${selected.step.toLocaleString('en-US')}`;
    searchResults.append(el('div', 'search-count',
      hits.length ? `${plural(hits.length + more, 'match')} in ${where}${more ? `, the first ${SEARCH_HITS} shown` : ''}` : `No member of ${where} has “${stateSearch.value.trim()}” in its path or value.`));
    for (const hit of hits) {
      const row = el('div', 'search-hit');
      row.dataset.path = hit.path;
      row.append(el('span', 'path', hit.path), el('span', 'value summary', short(hit.value, 60)));
      const sorted = steps.stepsChanging(hit.path);
      const links = el('span', 'changed-at');
      links.append(sorted.length ? 'changed at step' + (sorted.length === 1 ? ' ' : 's ') : 'not changed in the kept steps');
      sorted.slice(-12).forEach((step, i) => {
        if (i > 0) links.append(', ');
        const link = el('button', 'step-link', step.toLocaleString('en-US'));
        link.type = 'button';
        link.dataset.step = step;
        link.addEventListener('click', () => this.#page.select(this.#page.steps.byStep.get(step)));
        links.append(link);
      });
      if (sorted.length > 12) links.append(` (and ${sorted.length - 12} earlier)`);
      row.append(links);
      searchResults.append(row);
    }
  }

  async #copyState() {
    const { steps } = this.#page;
    const selected = steps && steps.selected;
    if (!selected || selected.gone) return;
    const text = steps.selectedStateJSON();
    try {
      await navigator.clipboard.writeText(text);
      const which = selected.type === 'base' ? 'the initial state' : `the state after step ${selected.step.toLocaleString('en-US')}`;
      this.#page.notice(`Copied ${which} as JSON (${text.length.toLocaleString('en-US')} characters).`);
    } catch {
      this.#page.notice('The browser did not let the page copy: open Export for the whole session as a file.', 'error');
    }
  }
}

const pad = (n, width = 2) => String(n).padStart(width, '0');

/** `14:03:07.042`, in the browser's time zone. */
function clockTime(seconds) {
  const d = new Date(seconds * 1000);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
}
