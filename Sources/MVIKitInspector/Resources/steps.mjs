// The steps model: everything the page knows of one app session or one imported recording, what
// the app's messages change in it, which steps the filters let through, and which one is
// selected. No DOM and no socket: the views draw it, the connection feeds it, and Node's tests
// run it (Tests/InspectorPage).

import { applyChanges, caseLabel, clone, cut, fullCaseLabel, isObject, pathText, touches } from './values.mjs';

/** The most steps the page keeps, however many the app keeps (an app may keep 100,000). */
export const PAGE_STEPS = 10000;
const CHECKPOINT_EVERY = 100; // steps between two kept copies of the state

/** The filters as the page opens: every step shows. */
export const NO_FILTERS = Object.freeze({ text: '', view: true, effect: true, onlyEffects: false, onlyProblems: false });

/** A queue with O(1) push and shift (Array.prototype.shift is O(n) on long arrays) whose items
 *  keep their positions: an item's index is the position `push` returned minus `shifted`. */
class Seq {
  constructor() { this.items = []; this.head = 0; this.shifted = 0; }
  get length() { return this.items.length - this.head; }
  at(i) { return this.items[this.head + i]; }
  last() { return this.length ? this.items[this.items.length - 1] : undefined; }
  push(item) { this.items.push(item); return this.shifted + this.length - 1; }
  pop() { return this.length ? this.items.pop() : undefined; }
  shift() {
    const item = this.items[this.head];
    this.items[this.head++] = undefined;
    this.shifted++;
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head); // drop the emptied front now and then
      this.head = 0;
    }
    return item;
  }
}

// The row before the oldest kept step: the state the kept steps start from.
const newBaseRecord = () => ({ type: 'base', sideEffects: [], problems: [], effects: [], version: 0 });

/**
 * The steps of one session. Step records `{type: 'step', step, origin, time, intent, changes,
 * sideEffects, problems, effects}` and gap markers `{type: 'gap', missing, slow}` go into `rows`,
 * oldest first; `view` holds those the filters let through, in the same order. `base` is the
 * state before the oldest kept step. `checkpoints` keeps copies of the state after some steps
 * (every CHECKPOINT_EVERY, and the states a resync gave, in ascending order), so that the state
 * after any step is one copy and at most ~100 steps' changes away. `tip` is the state after
 * `tipStep`, kept up as changes come.
 *
 * The views read the fields; only the methods change them. Reading events is in batches: any
 * number of `ingest` calls, then one `settle`.
 */
export class Steps {
  #touched = new Set(); // records the batch being read made or changed
  #changeIndex = null; // path text → the steps whose changes touched it; null once stale

  /** The session of an app's `hello`: the state before `firstStep`, and the app's counts. */
  static fromHello(message, filters = NO_FILTERS) {
    const steps = new Steps(String(message.model ?? 'App'), message.state, message.firstStep ?? 1, message.limit, filters);
    steps.appDropped = message.dropped || 0;
    steps.withheld = message.withheld || 0;
    steps.exportable = message.exportable !== false;
    return steps;
  }

  /** No steps yet: `state` is the state before `firstStep`. `limit` is how many the app keeps
   *  (none given: no limit); the page keeps at most PAGE_STEPS of them. */
  constructor(model, state, firstStep = 1, limit = Infinity, filters = NO_FILTERS) {
    this.model = model;
    this.limit = Math.min(limit > 0 ? limit : Infinity, PAGE_STEPS);
    this.appLimit = limit > 0 ? limit : Infinity;
    this.exportable = true; // whether the app can write the session as a recording
    this.app = null; // the app's last `status`: {live, shownStep}
    this.rows = new Seq();
    this.view = new Seq();
    this.byStep = new Map();
    this.checkpoints = new Map();
    this.base = clone(state);
    this.baseStep = firstStep - 1;
    this.baseRecord = newBaseRecord();
    this.tip = clone(state);
    this.tipStep = firstStep - 1;
    this.lastStep = firstStep - 1;
    this.lastCheckpoint = firstStep - 1;
    this.count = 0; // the steps kept
    this.appDropped = 0; // steps the app no longer keeps
    this.withheld = 0; // steps the app's privacy settings kept from the page
    this.lagged = 0; // steps the app did not send because the page read too slowly
    this.nextSeq = 0;
    this.sentByRun = new Map(); // effect run → {first: the first steps of the intents it sent, count}
    this.filters = { ...filters };
    this.selected = null; // a step record or baseRecord
    /** The selected step, or what it holds, changed since the views last drew it; they clear it. */
    this.selectionChanged = true;
    this.viewDirty = false; // `view` must be rebuilt (a filter changed, a late event): refreshView
  }

  /** The record of `step`, made when the step is new; the base record for a step before the
   *  oldest kept one; null for a step the page skipped. */
  #recordFor(step) {
    if (!Number.isInteger(step)) return null;
    if (step <= this.baseStep) return this.baseRecord;
    const known = this.byStep.get(step);
    if (known || step <= this.lastStep) return known || null;
    this.#advanceTip(step - 1);
    const record = {
      type: 'step', step, origin: null, time: null, intent: undefined, changes: [], sideEffects: [],
      problems: [], effects: [], version: 0, seq: this.nextSeq++, inView: false, gone: false,
    };
    this.rows.push(record);
    this.byStep.set(step, record);
    this.lastStep = step;
    this.count += 1;
    return record;
  }

  // The tip is now the state after `step` too (a step without a changes event changed nothing);
  // it is copied aside every CHECKPOINT_EVERY steps.
  #advanceTip(step) {
    if (step <= this.tipStep) return;
    this.tipStep = step;
    if (step - this.lastCheckpoint >= CHECKPOINT_EVERY) {
      this.checkpoints.set(step, clone(this.tip));
      this.lastCheckpoint = step;
    }
  }

  /** Reads events `from`..<`to` of a live `events` message, or the events of an imported
   *  recording; `settle` then ends the batch. */
  ingest(events, from = 0, to = events.length) {
    this.#changeIndex = null;
    for (let i = from; i < to; i++) {
      const event = events[i];
      const record = isObject(event) ? this.#recordFor(event.step) : null;
      if (!record) continue;
      const isStep = record.type === 'step';
      if (event.kind === 'intent' && isStep) {
        record.origin = event.origin === 'effect' ? 'effect' : 'view';
        record.time = typeof event.time === 'number' ? event.time : null;
        record.intent = event.intent;
        // Where the View sent it from (`Module/File.swift:42`), when the app knows.
        record.site = typeof event.site === 'string' ? event.site : null;
        if (Number.isInteger(event.run)) {
          record.run = event.run;
          // The first few steps and a count: a run that lives as long as its screen (a database
          // observation) may send for ever.
          const sent = this.sentByRun.get(event.run) || { first: [], count: 0 };
          if (sent.first.length < 8) sent.first.push(event.step);
          sent.count += 1;
          this.sentByRun.set(event.run, sent);
        }
      } else if (event.kind === 'changes' && isStep && Array.isArray(event.changes)) {
        record.changes = record.changes.length ? record.changes.concat(event.changes) : event.changes;
        if (event.step >= this.tipStep) {
          this.tip = this.#tryApply(this.tip, event.changes, record);
          this.tipStep = event.step;
        }
      } else if (event.kind === 'sideEffect') {
        record.sideEffects.push(event.value);
      } else if (event.kind === 'warning' || event.kind === 'error') {
        record.problems.push({ kind: event.kind, message: String(event.message ?? '') });
      } else if (event.kind === 'effect' && Number.isInteger(event.run)) {
        record.effects.push(event);
      } else {
        continue;
      }
      record.version++;
      this.#touched.add(record);
      if (record === this.selected) this.selectionChanged = true;
    }
  }

  /** Ends a batch: the records it made or changed join the view when the filters let them
   *  through, and the oldest steps go past the limit. O(batch). */
  settle() {
    for (const record of this.#touched) {
      if (record.type !== 'step' || record.inView || record.gone || !this.matches(record)) continue;
      const last = this.view.last();
      if (!last || last.seq < record.seq) this.#addToView(record);
      else this.viewDirty = true; // a late event made an older step match: rebuild once, at render
    }
    this.#touched.clear();
    while (this.count > this.limit) this.#dropOldest();
  }

  // Applies changes the page cannot check beforehand: one that does not apply is the record's error.
  #tryApply(state, changes, record) {
    try {
      return applyChanges(state, changes);
    } catch (error) {
      record.problems.push({ kind: 'error', message: 'The page could not follow this step: ' + error.message });
      return state;
    }
  }

  #addToView(item) {
    item.viewPos = this.view.push(item);
    item.inView = true;
  }

  /** Forgets the oldest step: the base becomes the state after it. */
  #dropOldest() {
    this.#changeIndex = null;
    const record = this.rows.shift();
    record.gone = true;
    if (record.inView) this.view.shift(); // the view is in the rows' order: it was first there too
    this.byStep.delete(record.step);
    this.count--;
    // A gap right after it no longer separates kept steps: the base is now after it.
    while (this.rows.length && this.rows.at(0).type === 'gap') if (this.rows.shift().inView) this.view.shift();
    const next = this.rows.at(0);
    const baseStep = next ? next.step - 1 : record.step;
    // A checkpoint there is moved, not copied: it leaves the map below.
    this.base = this.checkpoints.has(baseStep) ? this.checkpoints.get(baseStep) : this.#tryApply(this.base, record.changes, record);
    this.baseStep = baseStep;
    for (const step of this.checkpoints.keys()) {
      if (step > baseStep) break;
      this.checkpoints.delete(step);
    }
    this.baseRecord = newBaseRecord();
    if (this.selected === record) this.selected = null;
    this.selectionChanged = true;
  }

  /** The state after `step` (baseStep: the base state), a copy the caller may change. A step
   *  whose changes do not apply is followed as the newest state followed it (its record says
   *  the page could not): the steps after it are still shown, not an error. */
  stateAfter(step) {
    let from = step;
    while (from > this.baseStep && !this.checkpoints.has(from)) from--;
    let state = clone(from > this.baseStep ? this.checkpoints.get(from) : this.base);
    for (let s = from + 1; s <= step; s++) {
      const record = this.byStep.get(s);
      if (!record || !record.changes.length) continue;
      try {
        state = applyChanges(state, record.changes);
      } catch {
        // Already on the record's problems, from when the step arrived (#tryApply).
      }
    }
    return state;
  }

  /** The step a row stands for: the base row's is the step before the oldest kept one. */
  stepOf(item) {
    return item.type === 'base' ? this.baseStep : item.step;
  }

  /** The state after the selected step as JSON, indented, as the app encoded it. */
  selectedStateJSON() {
    return JSON.stringify(this.stateAfter(this.stepOf(this.selected)), null, 2);
  }

  /**
   * `resync`: the app skipped steps for this page. Events go on after the given state; a gap
   * marker shows where steps are missing. Steps from `firstStep` on, should the page have any,
   * are replaced by what follows. False for a message without its first step.
   */
  resync(message) {
    this.#changeIndex = null;
    const firstStep = message.firstStep;
    if (!Number.isInteger(firstStep) || firstStep < 1) {
      console.warn('inspector: a resync without its first step', message);
      return false;
    }
    this.settle();
    for (let last = this.rows.last(); last && (last.type === 'gap' || last.step >= firstStep); last = this.rows.last()) {
      this.rows.pop();
      if (last.inView) this.view.pop();
      if (last.type === 'step' && this.byStep.delete(last.step)) this.count--;
      last.gone = true;
      if (last === this.selected) this.selected = null;
    }
    for (const step of [...this.checkpoints.keys()]) if (step >= firstStep - 1) this.checkpoints.delete(step);
    const lastKept = this.rows.last();
    if (!lastKept) {
      Object.assign(this, { base: clone(message.state), baseStep: firstStep - 1, baseRecord: newBaseRecord() });
    } else {
      this.checkpoints.set(firstStep - 1, clone(message.state));
      const missing = firstStep - 1 - lastKept.step;
      if (missing > 0) {
        // Steps the app did not send because the page read too slowly count as lagged; others
        // left the app's log before they were sent (more at once than it keeps).
        const slow = typeof message.lagged === 'number' && message.lagged > this.lagged;
        const gap = { type: 'gap', missing, slow, seq: this.nextSeq++, inView: false, version: 0 };
        this.rows.push(gap);
        this.#addToView(gap);
      }
    }
    this.tip = clone(message.state);
    this.tipStep = this.lastStep = this.lastCheckpoint = firstStep - 1;
    if (typeof message.lagged === 'number') this.lagged = message.lagged;
    this.selectionChanged = true;
    return true;
  }

  /** The app's `status`: whether it is live or shows a past step, and its counts. */
  appStatus(message) {
    this.app = { live: message.live !== false, shownStep: message.shownStep ?? null };
    if (typeof message.dropped === 'number') this.appDropped = message.dropped;
    if (typeof message.withheld === 'number') this.withheld = message.withheld;
    if (typeof message.lagged === 'number') this.lagged = message.lagged;
  }

  // ---------------------------------------------------------------------------------------------
  // Filters: `text` (lower case) in the intent, its side effects or problems, the origins shown,
  // and whether only steps with side effects or with problems show.

  /** New filters: the view is rebuilt once, at `refreshView`. */
  setFilters(filters) {
    this.filters = { ...filters };
    this.viewDirty = true;
  }

  matches(record) {
    const { filters } = this;
    if (!(record.origin === 'effect' ? filters.effect : filters.view)) return false;
    if ((filters.onlyEffects && !record.sideEffects.length) || (filters.onlyProblems && !record.problems.length)) return false;
    return !filters.text || searchText(record).includes(filters.text);
  }

  /** Rebuilds the view when it is stale; true when it did (the rows' positions changed). */
  refreshView() {
    if (!this.viewDirty) return false;
    this.view = new Seq();
    for (let i = 0; i < this.rows.length; i++) {
      const item = this.rows.at(i);
      item.inView = false;
      if (item.type === 'gap' || this.matches(item)) this.#addToView(item);
    }
    this.viewDirty = false;
    return true;
  }

  /** The steps the view holds (gap markers always show). */
  get shownCount() {
    return this.view.length - (this.rows.length - this.count);
  }

  // ---------------------------------------------------------------------------------------------
  // The list the timeline shows: the base row, then the view.

  displayCount() {
    return 1 + this.view.length;
  }

  displayAt(i) {
    return i === 0 ? this.baseRecord : this.view.at(i - 1);
  }

  /** A row's place in the list; -1 when it is not there (filtered out, or gone). */
  displayIndex(item) {
    if (!item) return -1;
    if (item.type === 'base') return 0;
    return item.inView && !item.gone ? item.viewPos - this.view.shifted + 1 : -1;
  }

  // ---------------------------------------------------------------------------------------------
  // Selection.

  /** Selects a step record or the base record; false for nothing or a gap marker. */
  select(item) {
    if (!item || item.type === 'gap') return false;
    this.selected = item;
    this.selectionChanged = true;
    return true;
  }

  /** The row `delta` rows away from the selected one in the list, clamped to it, past gap
   *  markers: what ↑, ↓, Page Up and the step buttons select. */
  rowAway(delta) {
    const count = this.displayCount();
    const from = this.displayIndex(this.selected);
    const start = Math.min(count - 1, Math.max(0, (from < 0 ? (delta > 0 ? -1 : count) : from) + delta));
    for (const direction of delta > 0 ? [1, -1] : [-1, 1]) {
      for (let i = start; i >= 0 && i < count; i += direction) if (this.displayAt(i).type !== 'gap') return this.displayAt(i);
    }
    return null;
  }

  // ---------------------------------------------------------------------------------------------
  // What the page derives from the kept steps.

  /** The kept steps at which the member at the path text `path` changed (a change to it, inside
   *  it, or to what holds it), ascending. */
  stepsChanging(path) {
    const steps = new Set();
    for (const [changed, at] of this.#changedAt()) if (touches(changed, path)) for (const s of at) steps.add(s);
    return [...steps].sort((a, b) => a - b);
  }

  // The steps at which each path changed, made again once steps change.
  #changedAt() {
    if (this.#changeIndex) return this.#changeIndex;
    const map = new Map();
    for (let i = 0; i < this.rows.length; i++) {
      const row = this.rows.at(i);
      if (row.type !== 'step') continue;
      for (const change of row.changes) {
        const text = pathText(change.path);
        const steps = map.get(text) || [];
        if (steps[steps.length - 1] !== row.step) steps.push(row.step);
        map.set(text, steps);
      }
    }
    this.#changeIndex = map;
    return map;
  }

  /** The intents seen, one per case (the latest of each), by their full label: to start from. */
  seenIntents() {
    const byCase = new Map();
    for (let i = this.rows.length - 1; i >= 0 && byCase.size < 100; i--) {
      const row = this.rows.at(i);
      if (row.type !== 'step' || row.intent === undefined) continue;
      const label = fullCaseLabel(row.intent);
      if (!byCase.has(label)) byCase.set(label, row.intent);
    }
    return [...byCase].sort((a, b) => a[0].localeCompare(b[0]));
  }
}

/** A step record's label on the timeline: its intent by its action, cached on the record. */
export function stepLabel(record) {
  if (record.labelOf !== record.intent) {
    record.label = record.intent === undefined ? '(intent not received)' : cut(caseLabel(record.intent), 200);
    record.labelOf = record.intent;
  }
  return record.label;
}

// What the text filter looks in, cached on the record until it changes.
function searchText(record) {
  if (record.searchVersion !== record.version) {
    record.search = [fullCaseLabel(record.intent ?? null), JSON.stringify(record.intent ?? null),
      ...record.sideEffects.map((v) => fullCaseLabel(v) + ' ' + JSON.stringify(v)),
      ...record.problems.map((p) => p.message)].join('\n').toLowerCase();
    record.searchVersion = record.version;
  }
  return record.search;
}

/** An effect run's start or end: `#3 started (id: search)`, `#3 finished after 0.42 s, started
 *  at step 5; sent steps 6, 7`, `#2 cancelled…`, `#4 failed…: reason`. What the run sent comes
 *  from `steps` (none: nothing). */
export function effectText(e, steps) {
  const id = e.id ? ` (id: ${cut(String(e.id), 40)})` : '';
  if (e.moment === 'started') return `#${e.run} started${id}`;
  const after = typeof e.duration === 'number' ? ` after ${e.duration < 1 ? Math.round(e.duration * 1000) + ' ms' : e.duration.toFixed(2) + ' s'}` : '';
  const from = Number.isInteger(e.startedAt) ? `, started at step ${e.startedAt.toLocaleString('en-US')}` : '';
  const error = e.moment === 'failed' && e.error ? `: ${cut(String(e.error), 120)}` : '';
  const sentBy = steps && steps.sentByRun.get(e.run);
  const sent = sentBy ? `; sent ${sentBy.count === 1 ? 'step' : 'steps'} ${listSteps(sentBy)}` : '; sent nothing';
  return `#${e.run} ${e.moment}${id}${after}${from}${sent}${error}`;
}

/** `5, 6, 9` (and how many more past eight). */
function listSteps({ first, count }) {
  const shown = first.map((s) => s.toLocaleString('en-US')).join(', ');
  return count > first.length ? `${shown} and ${count - first.length} more` : shown;
}
