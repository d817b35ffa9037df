// The MVIKit inspector page. It follows a running app over the WebSocket described in
// InspectorProtocol.md, or shows an imported recording file, in the same views: a virtualized
// timeline of steps on the left; the selected step's diff and the state after it on the right.
'use strict';

(() => {
  const ROW_HEIGHT = 24; // px, fixed: row i sits at i * ROW_HEIGHT (--row in the CSS agrees)
  const OVERSCAN = 8; // rows rendered above and below the visible ones
  const CHECKPOINT_EVERY = 100; // steps between two kept copies of the state
  const PAGE_STEPS = 10000; // the most steps the page keeps, however many the app keeps
  const MAX_CHILDREN = 200; // children of a tree node rendered before a "show more" button
  const READ_BUDGET_MS = 6; // time a frame spends reading events; the rest waits for the next
  const SECRET = 'Secret(••••)';

  const $ = (id) => document.getElementById(id);
  const ui = {
    status: $('status'), appStatus: $('app-status'), live: $('live-button'), exportLink: $('export'),
    importInput: $('import-input'), notice: $('notice'), filter: $('filter'), count: $('step-count'),
    timeline: $('timeline'), spacer: $('timeline-spacer'), title: $('detail-title'), facts: $('facts'),
    diff: $('diff'), tree: $('state-tree'), showView: $('show-view'), showEffect: $('show-effect'),
    onlyEffects: $('only-effects'), onlyProblems: $('only-problems'), pauseScroll: $('pause-scroll'),
    copyTest: $('copy-test'), testDialog: $('test-dialog'), testSource: $('test-source'),
    stepBack: $('step-back'), stepNext: $('step-next'), copyState: $('copy-state'),
    testCopy: $('test-copy'), testClose: $('test-close'), explore: $('explore'),
    testTitle: $('test-title'), testSummary: $('test-summary'), testHint: $('test-hint'),
    stateSearch: $('state-search'), searchResults: $('search-results'),
    sendPanel: $('send-panel'), sendCase: $('send-case'), sendUseStep: $('send-use-step'),
    sendJSON: $('send-json'), sendButton: $('send-button'), forkButton: $('fork-button'),
    forkResult: $('fork-result'), check: $('check-button'),
  };
  // Without a token in the address the server still knows the page by its cookie.
  const token = new URLSearchParams(location.search).get('token');
  const tokenQuery = token ? '?token=' + encodeURIComponent(token) : '';

  // ---------------------------------------------------------------------------------------------
  // Values: applying changes, labels and summaries.

  const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
  const has = (object, key) => Object.prototype.hasOwnProperty.call(object, key);

  // A deep copy of a JSON value: far faster than structuredClone for the many small ones.
  function clone(v) {
    if (v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) return v.map(clone);
    const copy = {};
    for (const key of Object.keys(v)) setKey(copy, key, clone(v[key]));
    return copy;
  }

  // Assigning to `__proto__` would set the prototype instead of a key.
  function setKey(object, key, value) {
    if (key !== '__proto__') object[key] = value;
    else Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
  }

  /** `items[2].title`, as the Swift side writes a path; `(whole value)` for the root. */
  function pathText(path) {
    let text = '';
    for (const key of path) text += typeof key === 'number' ? `[${key}]` : text ? '.' + key : key;
    return text || '(whole value)';
  }

  /**
   * Applies a step's `changes` to `state` in place and returns the new root (a change at the
   * empty path replaces it). A path holds object keys (strings) and array indexes (numbers); a
   * value at an index equal to the array's length appends; `removed` on an index removes that
   * element, on a key deletes the key. `onOld(change, oldValue)` sees each member before it
   * changes. Values are copied in, so later changes never reach into the events they came from.
   */
  function applyChanges(state, changes, onOld) {
    for (const change of changes) {
      const { path } = change;
      const removed = change.removed === true;
      const fail = () => { throw new Error(`the change at ${pathText(path || [])} does not apply`); };
      if (!Array.isArray(path) || (!removed && !has(change, 'value'))) fail();
      if (path.length === 0) {
        if (onOld) onOld(change, state);
        state = removed ? null : clone(change.value);
        continue;
      }
      let parent = state;
      for (let i = 0; i < path.length - 1 && parent !== undefined; i++) parent = child(parent, path[i]);
      const key = path[path.length - 1];
      if (Array.isArray(parent) && Number.isInteger(key) && key >= 0) {
        if (onOld) onOld(change, parent[key]);
        if (removed && key < parent.length) parent.splice(key, 1);
        else if (!removed && key <= parent.length) parent[key] = clone(change.value);
        else fail();
      } else if (isObject(parent) && typeof key === 'string') {
        if (onOld) onOld(change, has(parent, key) ? parent[key] : undefined);
        if (removed) delete parent[key];
        else setKey(parent, key, clone(change.value));
      } else {
        fail();
      }
    }
    return state;
  }

  function child(value, key) {
    if (Array.isArray(value)) return typeof key === 'number' ? value[key] : undefined;
    return isObject(value) && typeof key === 'string' && has(value, key) ? value[key] : undefined;
  }

  /**
   * A Swift enum case as JSONEncoder writes it: `{"case":{}}`, `{"case":{"_0":…}}` or
   * `{"case":{"label":…}}`. A struct with one struct member looks the same in JSON, so this
   * reading is for intents and side effects, which are enums; the state tree uses `stateCase`.
   */
  function enumCase(v) {
    if (!isObject(v)) return null;
    const keys = Object.keys(v);
    return keys.length === 1 && isObject(v[keys[0]]) ? { name: keys[0], payload: v[keys[0]] } : null;
  }

  // A case the state tree shows as a case: no payload, or only unlabeled ones (`_0`, `_1`…).
  function stateCase(v) {
    const c = enumCase(v);
    return c && Object.keys(c.payload).every((k) => /^_\d+$/.test(k)) ? c : null;
  }

  const cut = (text, room) => (text.length > room ? text.slice(0, room - 1) + '…' : text);
  const plural = (n, word) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

  /** A value in a few characters: `"milk"`, `{name: "a", done: false}`, `loading("x")`. */
  function short(v, room = 40) {
    if (v === null || v === undefined) return 'null';
    if (typeof v === 'string') return v === SECRET ? '••••' : JSON.stringify(cut(v, 24));
    if (typeof v !== 'object') return String(v);
    if (Array.isArray(v)) {
      const text = '[' + listed(v.map((x) => [null, x]), room) + ']';
      return text.length <= room ? text : plural(v.length, 'item');
    }
    const c = enumCase(v);
    return c ? caseText(c.name, c.payload, room) : cut('{' + listed(Object.entries(v), room) + '}', room);
  }

  // `a: 1, b: "x"` from [key, value] pairs, stopping once past `room` characters.
  function listed(entries, room) {
    let text = '';
    for (const [key, value] of entries) {
      if (text.length > room) return text + ', …';
      text += (text ? ', ' : '') + (key === null || /^_\d+$/.test(key) ? '' : key + ': ') + short(value, room);
    }
    return text;
  }

  function caseText(name, payload, room = 60) {
    if (!Object.keys(payload).length) return name;
    return cut(`${name}(${listed(Object.entries(payload), room)})`, room + name.length);
  }

  // A row's or a screen's intent: MVIKit's `Keyed`, `{id, value}` with a case as its value.
  const isKeyed = (v) => isObject(v) && Object.keys(v).length === 2 && has(v, 'id') && has(v, 'value') && enumCase(v.value) !== null;

  /**
   * The cases an intent or side effect nests, outermost first, down to the one that says what
   * happened, which keeps its payload: a case that only wraps another (a child's intent) and a
   * `Keyed` (`screen[0]`) are followed through, so that no payload hides the action.
   */
  function casePath(v) {
    const path = [];
    let value = v;
    for (;;) {
      const c = enumCase(value);
      if (!c) return [...path, short(value, 60)];
      const keys = Object.keys(c.payload);
      const inner = keys.length === 1 && keys[0] === '_0' ? c.payload._0 : undefined;
      if (enumCase(inner)) {
        path.push(c.name);
        value = inner;
      } else if (isKeyed(inner)) {
        path.push(`${c.name}[${short(inner.id, 20)}]`);
        value = inner.value;
      } else {
        return [...path, caseText(c.name, c.payload)];
      }
    }
  }

  /** An intent or side effect by its action, with the case it happened in: `todos › addTapped`,
   *  `draftChanged("milk")`. `fullCaseLabel` has the whole nesting. */
  function caseLabel(v) {
    const path = casePath(v);
    return path.slice(-2).join(' › ');
  }

  /** An effect run's start or end: `#3 started (id: search)`, `#3 finished after 0.42 s, started
   *  at step 5`, `#2 cancelled…`, `#4 failed…: reason`. */
  function effectText(e) {
    const id = e.id ? ` (id: ${cut(String(e.id), 40)})` : '';
    if (e.moment === 'started') return `#${e.run} started${id}`;
    const after = typeof e.duration === 'number' ? ` after ${e.duration < 1 ? Math.round(e.duration * 1000) + ' ms' : e.duration.toFixed(2) + ' s'}` : '';
    const from = Number.isInteger(e.startedAt) ? `, started at step ${e.startedAt.toLocaleString('en-US')}` : '';
    const error = e.moment === 'failed' && e.error ? `: ${cut(String(e.error), 120)}` : '';
    const sentBy = data && data.sentByRun.get(e.run);
    const sent = sentBy ? `; sent ${sentBy.count === 1 ? 'step' : 'steps'} ${listSteps(sentBy)}` : '; sent nothing';
    return `#${e.run} ${e.moment}${id}${after}${from}${sent}${error}`;
  }

  /** `5, 6, 9` (and how many more past eight). */
  function listSteps({ first, count }) {
    const shown = first.map((s) => s.toLocaleString('en-US')).join(', ');
    return count > first.length ? `${shown} and ${count - first.length} more` : shown;
  }

  /** The whole nesting of an intent or side effect: `screen[0] › todos › addTapped`. */
  const fullCaseLabel = (v) => casePath(v).join(' › ');

  // ---------------------------------------------------------------------------------------------
  // The steps: everything the page knows of one app session or one imported file.

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

  let data = null; // see reset()
  let mode = 'none'; // 'live' (an app is or was attached) or 'imported'
  let selected = null; // a step record or data.baseRecord
  const touched = new Set(); // records the batch being read made or changed
  let viewDirty = false; // the filtered view must be rebuilt (a filter changed, a late event)
  let detailDirty = false;
  let exploring = false; // the app is exploring the session for the page
  let changeIndex = null; // path text → the steps whose changes touched it; null once stale

  // Step records `{type: 'step', step, origin, time, intent, changes, sideEffects, problems}` and
  // gap markers `{type: 'gap', missing}` go into `rows`, oldest first; `view` holds those the
  // filters let through, in the same order. `base` is the state before the oldest kept step.
  // `checkpoints` keeps copies of the state after some steps (every CHECKPOINT_EVERY, and the
  // states a resync gave, in ascending order), so that the state after any step is one copy and
  // at most ~100 steps' changes away. `tip` is the state after `tipStep`, kept up as changes come.
  function reset(model, state, firstStep, limit) {
    changeIndex = null;
    data = {
      // The page keeps the newest PAGE_STEPS: an app may keep far more (a 100,000-step buffer).
      model, limit: Math.min(limit > 0 ? limit : Infinity, PAGE_STEPS), appLimit: limit > 0 ? limit : Infinity,
      exportable: true, app: null,
      rows: new Seq(), view: new Seq(), byStep: new Map(), checkpoints: new Map(),
      base: clone(state), baseStep: firstStep - 1, baseRecord: newBaseRecord(),
      tip: clone(state), tipStep: firstStep - 1, lastStep: firstStep - 1, lastCheckpoint: firstStep - 1,
      steps: 0, appDropped: 0, lagged: 0, nextSeq: 0,
      sentByRun: new Map(), // effect run → {first: the first steps of the intents it sent, count}
    };
    touched.clear();
    selected = null;
    viewDirty = false;
    detailDirty = true;
    followed = -1;
    for (const entry of rowElements.values()) entry.el.remove();
    rowElements.clear();
  }

  const newBaseRecord = () => ({ type: 'base', sideEffects: [], problems: [], effects: [], version: 0 });

  /** The record of `step`, made when the step is new; the base record for a step before the
   *  oldest kept one; null for a step the page skipped. */
  function recordFor(step) {
    if (!Number.isInteger(step)) return null;
    if (step <= data.baseStep) return data.baseRecord;
    const known = data.byStep.get(step);
    if (known || step <= data.lastStep) return known || null;
    advanceTip(step - 1);
    const record = {
      type: 'step', step, origin: null, time: null, intent: undefined, changes: [], sideEffects: [],
      problems: [], effects: [], version: 0, seq: data.nextSeq++, inView: false, gone: false,
    };
    data.rows.push(record);
    data.byStep.set(step, record);
    data.lastStep = step;
    data.steps += 1;
    return record;
  }

  // The tip is now the state after `step` too (a step without a changes event changed nothing);
  // it is copied aside every CHECKPOINT_EVERY steps.
  function advanceTip(step) {
    if (step <= data.tipStep) return;
    data.tipStep = step;
    if (step - data.lastCheckpoint >= CHECKPOINT_EVERY) {
      data.checkpoints.set(step, clone(data.tip));
      data.lastCheckpoint = step;
    }
  }

  /** Reads events `from`..<`to` of a live `events` message, or the lines of an imported
   *  recording; `settle` then ends the batch. */
  function ingest(events, from = 0, to = events.length) {
    changeIndex = null;
    for (let i = from; i < to; i++) {
      const event = events[i];
      const record = isObject(event) ? recordFor(event.step) : null;
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
          const sent = data.sentByRun.get(event.run) || { first: [], count: 0 };
          if (sent.first.length < 8) sent.first.push(event.step);
          sent.count += 1;
          data.sentByRun.set(event.run, sent);
        }
      } else if (event.kind === 'changes' && isStep && Array.isArray(event.changes)) {
        record.changes = record.changes.length ? record.changes.concat(event.changes) : event.changes;
        if (event.step >= data.tipStep) {
          data.tip = tryApply(data.tip, event.changes, record);
          data.tipStep = event.step;
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
      touched.add(record);
      if (record === selected) detailDirty = true;
    }
  }

  // After a batch: the records it made or changed join the view when the filters let them
  // through, and the oldest steps go past the limit. O(batch), and no DOM work: that is render's.
  function settle() {
    for (const record of touched) {
      if (record.type !== 'step' || record.inView || record.gone || !matches(record)) continue;
      const last = data.view.last();
      if (!last || last.seq < record.seq) addToView(record);
      else viewDirty = true; // a late event made an older step match: rebuild once, at render
    }
    touched.clear();
    while (data.steps > data.limit) dropOldest();
  }

  // Applies changes the page cannot check beforehand: one that does not apply is the record's error.
  function tryApply(state, changes, record) {
    try {
      return applyChanges(state, changes);
    } catch (error) {
      record.problems.push({ kind: 'error', message: 'The page could not follow this step: ' + error.message });
      return state;
    }
  }

  function addToView(item) {
    item.viewPos = data.view.push(item);
    item.inView = true;
  }

  /** Forgets the oldest step: the base becomes the state after it. */
  function dropOldest() {
    changeIndex = null;
    const record = data.rows.shift();
    record.gone = true;
    if (record.inView) data.view.shift(); // the view is in the rows' order: it was first there too
    data.byStep.delete(record.step);
    data.steps--;
    // A gap right after it no longer separates kept steps: the base is now after it.
    while (data.rows.length && data.rows.at(0).type === 'gap') if (data.rows.shift().inView) data.view.shift();
    const next = data.rows.at(0);
    const baseStep = next ? next.step - 1 : record.step;
    // A checkpoint there is moved, not copied: it leaves the map below.
    data.base = data.checkpoints.has(baseStep) ? data.checkpoints.get(baseStep) : tryApply(data.base, record.changes, record);
    data.baseStep = baseStep;
    for (const step of data.checkpoints.keys()) {
      if (step > baseStep) break;
      data.checkpoints.delete(step);
    }
    data.baseRecord = newBaseRecord();
    if (selected === record) selected = null;
    detailDirty = true;
  }

  /** The state after `step` (data.baseStep: the base state), a copy the caller may change. */
  function stateAfter(step) {
    let from = step;
    while (from > data.baseStep && !data.checkpoints.has(from)) from--;
    let state = clone(from > data.baseStep ? data.checkpoints.get(from) : data.base);
    for (let s = from + 1; s <= step; s++) {
      const record = data.byStep.get(s);
      if (record && record.changes.length) state = applyChanges(state, record.changes);
    }
    return state;
  }

  // `resync`: the app skipped steps for this page. Events go on after the given state; a gap
  // marker shows where steps are missing.
  function onResync(message) {
    changeIndex = null;
    const firstStep = message.firstStep;
    if (!Number.isInteger(firstStep) || firstStep < 1) return console.warn('inspector: a resync without its first step', message);
    settle();
    // Steps from firstStep on, should the page have any, are replaced by what follows.
    for (let last = data.rows.last(); last && (last.type === 'gap' || last.step >= firstStep); last = data.rows.last()) {
      data.rows.pop();
      if (last.inView) data.view.pop();
      if (last.type === 'step' && data.byStep.delete(last.step)) data.steps--;
      last.gone = true;
      if (last === selected) selected = null;
    }
    for (const step of [...data.checkpoints.keys()]) if (step >= firstStep - 1) data.checkpoints.delete(step);
    const lastKept = data.rows.last();
    if (!lastKept) {
      Object.assign(data, { base: clone(message.state), baseStep: firstStep - 1, baseRecord: newBaseRecord() });
    } else {
      data.checkpoints.set(firstStep - 1, clone(message.state));
      const missing = firstStep - 1 - lastKept.step;
      if (missing > 0) {
        // Steps the app did not send because the page read too slowly count as lagged; others
        // left the app's log before they were sent (more at once than it keeps).
        const slow = typeof message.lagged === 'number' && message.lagged > data.lagged;
        const gap = { type: 'gap', missing, slow, seq: data.nextSeq++, inView: false, version: 0 };
        data.rows.push(gap);
        addToView(gap);
      }
    }
    data.tip = clone(message.state);
    data.tipStep = data.lastStep = data.lastCheckpoint = firstStep - 1;
    if (typeof message.lagged === 'number') data.lagged = message.lagged;
    detailDirty = true;
    scheduleRender();
  }

  // ---------------------------------------------------------------------------------------------
  // Filters.

  const filters = { text: '', view: true, effect: true, onlyEffects: false, onlyProblems: false };

  function matches(record) {
    if (!(record.origin === 'effect' ? filters.effect : filters.view)) return false;
    if ((filters.onlyEffects && !record.sideEffects.length) || (filters.onlyProblems && !record.problems.length)) return false;
    return !filters.text || searchText(record).includes(filters.text);
  }

  function stepLabel(record) {
    if (record.labelOf !== record.intent) {
      record.label = record.intent === undefined ? '(intent not received)' : cut(caseLabel(record.intent), 200);
      record.labelOf = record.intent;
    }
    return record.label;
  }

  function searchText(record) {
    if (record.searchVersion !== record.version) {
      record.search = [fullCaseLabel(record.intent ?? null), JSON.stringify(record.intent ?? null),
        ...record.sideEffects.map((v) => fullCaseLabel(v) + ' ' + JSON.stringify(v)),
        ...record.problems.map((p) => p.message)].join('\n').toLowerCase();
      record.searchVersion = record.version;
    }
    return record.search;
  }

  function rebuildView() {
    data.view = new Seq();
    for (let i = 0; i < data.rows.length; i++) {
      const item = data.rows.at(i);
      item.inView = false;
      if (item.type === 'gap' || matches(item)) addToView(item);
    }
    viewDirty = false;
    lastShifted = 0;
  }

  function readFilters() {
    Object.assign(filters, {
      text: ui.filter.value.trim().toLowerCase(), view: ui.showView.checked, effect: ui.showEffect.checked,
      onlyEffects: ui.onlyEffects.checked, onlyProblems: ui.onlyProblems.checked,
    });
    if (!data) return;
    viewDirty = true;
    followed = -1;
    scheduleRender();
    if (selected) requestAnimationFrame(revealSelected);
  }

  // ---------------------------------------------------------------------------------------------
  // Rendering, at most once per animation frame.

  const test = {
    renderedBatches: 0, // `events` messages whose steps all reached the screen
    lastBatchRenderMs: 0, // main-thread time of the last frame that read events: the parse of
    maxBatchRenderMs: 0, //   the messages since the frame before, the reading and the render
    lastBatchLatencyMs: 0, // from a batch's arrival to the end of the frame that drew its last step
    maxBatchLatencyMs: 0,
    recentRenderMs: [], // the last 100 frames' lastBatchRenderMs
    stepCount: () => (data ? data.steps : 0),
    tipStep: () => (data ? data.tipStep : 0), // the newest step whose state the page knows
    applyChanges, caseLabel, fullCaseLabel, pathText, effectText,
    effectsOf: (step) => (data && data.byStep.get(step) ? data.byStep.get(step).effects.map(effectText) : null),
    selectedStateJSON: () => (selected && !selected.gone ? selectedStateJSON() : null),
  };
  window.inspectorTest = test;
  const pending = { batches: 0, parseMs: 0, since: Infinity };

  let renderScheduled = false;
  function scheduleRender() {
    if (renderScheduled) return;
    renderScheduled = true;
    requestAnimationFrame(render);
  }

  // Each frame reads what the app sent, up to READ_BUDGET_MS, then draws once.
  function render() {
    const start = performance.now();
    const read = readInbox(READ_BUDGET_MS);
    if (data) {
      if (viewDirty) rebuildView();
      renderCount();
      renderTimeline();
      if (detailDirty) renderDetail();
    }
    renderControls();
    renderScheduled = false; // scheduleRender calls made while reading were for this frame
    if (inbox.length) scheduleRender();
    if (!read) return;
    const end = performance.now();
    // The longest task the page ran for this frame: the frame's reading and drawing, or the
    // parse of one message, each its own task between frames.
    test.lastBatchRenderMs = Math.max(pending.parseMs, end - start);
    test.maxBatchRenderMs = Math.max(test.maxBatchRenderMs, test.lastBatchRenderMs);
    if (test.recentRenderMs.push(Math.round(test.lastBatchRenderMs * 10) / 10) > 100) test.recentRenderMs.shift();
    if (pending.batches) {
      test.renderedBatches += pending.batches;
      test.lastBatchLatencyMs = end - pending.since;
      test.maxBatchLatencyMs = Math.max(test.maxBatchLatencyMs, test.lastBatchLatencyMs);
    }
    Object.assign(pending, { batches: 0, parseMs: 0, since: Infinity });
  }

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function renderCount() {
    const parts = [plural(data.steps, 'step')];
    if (data.appDropped) parts.push(`${data.appDropped.toLocaleString('en-US')} dropped by the app`);
    if (data.withheld) parts.push(`${data.withheld.toLocaleString('en-US')} withheld by the app's privacy settings`);
    if (data.lagged) parts.push(`${data.lagged.toLocaleString('en-US')} not received`);
    const shown = data.view.length - (data.rows.length - data.steps); // gaps always show
    const pageKeeps = data.appLimit > data.limit ? ` · the page keeps the newest ${data.limit.toLocaleString('en-US')} of the app's ${data.appLimit.toLocaleString('en-US')}` : '';
    ui.count.textContent = parts.join(', ') + (shown !== data.steps ? ` · ${shown.toLocaleString('en-US')} shown` : '') + pageKeeps;
    Object.assign(ui.count.dataset, { steps: data.steps, dropped: data.appDropped, lagged: data.lagged, withheld: data.withheld });
  }

  // The timeline shows the base row, then the view. Only the rows in sight are in the DOM, each
  // kept while it stays in sight, so that a batch costs O(rows on screen), not O(steps).
  const rowElements = new Map(); // item → {el, stamp, index}
  let followed = -1; // view.shifted + view.length when the timeline last scrolled to the newest
  let lastShifted = 0;

  const displayCount = () => 1 + data.view.length;
  const displayAt = (i) => (i === 0 ? data.baseRecord : data.view.at(i - 1));
  function displayIndex(item) {
    if (!item) return -1;
    if (item.type === 'base') return 0;
    return item.inView && !item.gone ? item.viewPos - data.view.shifted + 1 : -1;
  }

  function renderTimeline() {
    const { timeline } = ui;
    const count = displayCount();
    ui.spacer.style.height = count * ROW_HEIGHT + 'px';
    const total = data.view.shifted + data.view.length;
    if (!ui.pauseScroll.checked && total !== followed) {
      timeline.scrollTop = timeline.scrollHeight; // follow the newest step
    } else if (ui.pauseScroll.checked && data.view.shifted > lastShifted) {
      timeline.scrollTop -= (data.view.shifted - lastShifted) * ROW_HEIGHT; // rows left at the top
    }
    followed = total;
    lastShifted = data.view.shifted;

    const top = timeline.scrollTop;
    const first = Math.max(0, Math.floor(top / ROW_HEIGHT) - OVERSCAN);
    const last = Math.min(count - 1, Math.ceil((top + timeline.clientHeight) / ROW_HEIGHT) + OVERSCAN);
    const inSight = new Set();
    for (let i = first; i <= last; i++) {
      const item = displayAt(i);
      inSight.add(item);
      let entry = rowElements.get(item);
      if (!entry) {
        entry = { el: el('div'), stamp: null, index: -1 };
        entry.el.item = item;
        rowElements.set(item, entry);
        timeline.append(entry.el);
      }
      const stamp = `${item.version}|${item === selected}|${data.baseStep}`;
      if (entry.stamp !== stamp) fillRow(entry.el, item);
      entry.stamp = stamp;
      if (entry.index !== i) entry.el.style.transform = `translateY(${i * ROW_HEIGHT}px)`;
      entry.index = i;
    }
    for (const [item, entry] of rowElements) {
      if (inSight.has(item)) continue;
      entry.el.remove();
      rowElements.delete(item);
    }
  }

  function fillRow(row, item) {
    row.replaceChildren();
    if (item.type === 'gap') {
      row.className = 'row gap-row';
      row.textContent = `${plural(item.missing, 'step')} not received: ${item.slow ? 'the page was too slow' : 'the app dropped them first'}`;
      return;
    }
    const isBase = item.type === 'base';
    row.className = 'row step-row' + (isBase ? ' base-row' : '') + (item === selected ? ' selected' : '');
    row.setAttribute('role', 'option');
    row.setAttribute('aria-selected', String(item === selected));
    row.dataset.step = isBase ? data.baseStep : item.step;
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
      const texts = item.effects.map(effectText);
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

  // ---------------------------------------------------------------------------------------------
  // The selected step: its diff and the state after it.

  const expanded = new Map(); // tree path → open or closed, as the user left it

  function select(item, { travel = true } = {}) {
    if (!data || !item || item.type === 'gap') return;
    selected = item;
    detailDirty = true;
    if (travel && isAttached()) {
      socket.send(JSON.stringify({ type: 'travel', step: item.type === 'base' ? data.baseStep : item.step }));
    }
    revealSelected();
    scheduleRender();
  }

  function revealSelected() {
    const index = displayIndex(selected);
    if (index < 0) return;
    const { timeline } = ui;
    const top = index * ROW_HEIGHT;
    if (top < timeline.scrollTop) timeline.scrollTop = top;
    else if (top + ROW_HEIGHT > timeline.scrollTop + timeline.clientHeight) timeline.scrollTop = top + ROW_HEIGHT - timeline.clientHeight;
  }

  /** Selects the row `delta` rows away, clamped to the list, past gap markers. */
  function moveSelection(delta) {
    const count = displayCount();
    const from = displayIndex(selected);
    const start = Math.min(count - 1, Math.max(0, (from < 0 ? (delta > 0 ? -1 : count) : from) + delta));
    for (const direction of delta > 0 ? [1, -1] : [-1, 1]) {
      for (let i = start; i >= 0 && i < count; i += direction) if (displayAt(i).type !== 'gap') return select(displayAt(i));
    }
  }

  const pad = (n, width = 2) => String(n).padStart(width, '0');
  function clockTime(seconds) {
    const d = new Date(seconds * 1000);
    return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
  }

  function renderDetail() {
    detailDirty = false;
    for (const panel of [ui.facts, ui.diff, ui.tree]) panel.replaceChildren();
    const index = selected ? displayIndex(selected) : -1;
    ui.stepBack.disabled = index <= 0;
    ui.stepNext.disabled = index < 0 || index >= displayCount() - 1;
    ui.copyState.disabled = !selected || selected.gone;
    if (!selected || selected.gone) {
      ui.title.textContent = 'Select a step';
      return;
    }
    const facts = [];
    const changed = new Set(); // the changed members and their parents: open and marked in the tree
    let state;
    if (selected.type === 'base') {
      ui.title.textContent = `Initial state (before step ${(data.baseStep + 1).toLocaleString('en-US')})`;
      state = stateAfter(data.baseStep);
      ui.diff.append(el('div', 'quiet', 'The state before the oldest kept step: nothing before it to compare with.'));
    } else {
      const time = selected.time ? ' · ' + clockTime(selected.time) : '';
      const run = Number.isInteger(selected.run) ? ` #${selected.run}` : '';
      ui.title.textContent = `Step ${selected.step.toLocaleString('en-US')} · from ${selected.origin || 'view'}${run}${time}`;
      const intent = selected.intent === undefined ? el('span', 'quiet', 'not received') : valueView(selected.intent, 'intent', fullCaseLabel(selected.intent));
      facts.push(['Intent', intent]);
      if (selected.site) facts.push(['Sent from', el('span', 'site', selected.site)]);
      // The old values come from the state before, as the changes are applied one by one.
      const before = stateAfter(selected.step - 1);
      const olds = [];
      try {
        state = applyChanges(clone(before), selected.changes, (change, old) => olds.push(old));
      } catch (error) {
        ui.diff.append(el('div', 'problem', 'The changes do not apply: ' + error.message));
      }
      renderDiff(selected.changes.slice(0, olds.length), olds, before, state);
      for (const { path } of selected.changes) for (let i = 1; i <= path.length; i++) changed.add(pathText(path.slice(0, i)));
    }
    for (const value of selected.sideEffects) facts.push(['Side effect', valueView(value, 'side-effect', fullCaseLabel(value))]);
    for (const e of selected.effects || []) facts.push(['Effect', el('span', 'run', effectText(e))]);
    for (const p of selected.problems) facts.push([p.kind === 'error' ? 'Error' : 'Warning', el('span', 'problem', p.message)]);
    for (const [name, view] of facts) {
      const fact = el('div', 'fact');
      fact.append(el('span', 'fact-name', name), view);
      ui.facts.append(fact);
    }
    if (state !== undefined) ui.tree.append(treeNode(null, state, '', 0, changed));
    renderSearch(state);
    renderSendPanel();
  }

  // ---------------------------------------------------------------------------------------------
  // Search inside the state: members whose path or value holds the text, in the state after the
  // selected step, each with the steps where it changed.

  const SEARCH_HITS = 50;

  /** The steps at which each path changed, for the kept steps, made again once steps change. */
  function changedAt() {
    if (changeIndex) return changeIndex;
    const map = new Map();
    for (let i = 0; i < data.rows.length; i++) {
      const row = data.rows.at(i);
      if (row.type !== 'step') continue;
      for (const change of row.changes) {
        const text = pathText(change.path);
        const steps = map.get(text) || [];
        if (steps[steps.length - 1] !== row.step) steps.push(row.step);
        map.set(text, steps);
      }
    }
    changeIndex = map;
    return map;
  }

  /** Whether a change at `changed` changes the member at `path`: the same member, one inside
   *  it, or one that holds it (a parent replaced whole). */
  function touches(changed, path) {
    if (changed === '(whole value)' || changed === path) return true;
    const inside = (inner, outer) => inner.startsWith(outer + '.') || inner.startsWith(outer + '[');
    return inside(changed, path) || inside(path, changed);
  }

  function renderSearch(state) {
    const query = ui.stateSearch.value.trim().toLowerCase();
    ui.searchResults.replaceChildren();
    ui.searchResults.hidden = !query || state === undefined;
    if (ui.searchResults.hidden) return;
    const hits = [];
    let more = 0;
    (function walk(value, path) {
      const isLeaf = value === null || typeof value !== 'object';
      const byPath = path !== '' && path.toLowerCase().includes(query);
      const byValue = isLeaf && value !== SECRET && String(value).toLowerCase().includes(query);
      if (byPath || byValue) {
        if (hits.length < SEARCH_HITS) hits.push({ path, value });
        else more++;
      }
      if (isLeaf) return;
      for (const [key, inner] of Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value)) {
        walk(inner, childPath(path, key));
      }
    })(state, '');
    const where = selected.type === 'base' ? 'the initial state' : `the state after step ${selected.step.toLocaleString('en-US')}`;
    ui.searchResults.append(el('div', 'search-count',
      hits.length ? `${plural(hits.length + more, 'match')} in ${where}${more ? `, the first ${SEARCH_HITS} shown` : ''}` : `No member of ${where} has “${ui.stateSearch.value.trim()}” in its path or value.`));
    const index = hits.length ? changedAt() : new Map();
    for (const hit of hits) {
      const row = el('div', 'search-hit');
      row.dataset.path = hit.path;
      row.append(el('span', 'path', hit.path), el('span', 'value summary', short(hit.value, 60)));
      const steps = new Set();
      for (const [changed, at] of index) if (touches(changed, hit.path)) for (const s of at) steps.add(s);
      const sorted = [...steps].sort((a, b) => a - b);
      const links = el('span', 'changed-at');
      links.append(sorted.length ? 'changed at step' + (sorted.length === 1 ? ' ' : 's ') : 'not changed in the kept steps');
      sorted.slice(-12).forEach((step, i) => {
        if (i > 0) links.append(', ');
        const link = el('button', 'step-link', step.toLocaleString('en-US'));
        link.type = 'button';
        link.dataset.step = step;
        link.addEventListener('click', () => select(data.byStep.get(step)));
        links.append(link);
      });
      if (sorted.length > 12) links.append(` (and ${sorted.length - 12} earlier)`);
      row.append(links);
      ui.searchResults.append(row);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Send an intent to the app, or try one in place of the selected step's: the app decodes it
  // (or says why it cannot) and, for a try, answers what it would have changed.

  /** The intents seen, one per case (the latest of each), to start from. */
  function seenIntents() {
    const byCase = new Map();
    for (let i = data ? data.rows.length - 1 : -1; i >= 0 && byCase.size < 100; i--) {
      const row = data.rows.at(i);
      if (row.type !== 'step' || row.intent === undefined) continue;
      const label = fullCaseLabel(row.intent);
      if (!byCase.has(label)) byCase.set(label, row.intent);
    }
    return [...byCase].sort((a, b) => a[0].localeCompare(b[0]));
  }

  function renderSendPanel() {
    const attached = isAttached();
    ui.sendButton.disabled = !attached;
    ui.forkButton.disabled = !attached || !selected || selected.gone || selected.type !== 'step';
    ui.sendUseStep.disabled = !selected || selected.gone || selected.intent === undefined;
    ui.forkButton.textContent = selected && selected.type === 'step'
      ? `Try instead of step ${selected.step.toLocaleString('en-US')}` : 'Try instead of this step';
  }

  ui.sendPanel.addEventListener('toggle', () => {
    if (!ui.sendPanel.open) return;
    const options = [el('option', null, 'Intents seen…')];
    options[0].value = '';
    for (const [label, intent] of seenIntents()) {
      const option = el('option', null, label);
      option.value = JSON.stringify(intent);
      options.push(option);
    }
    ui.sendCase.replaceChildren(...options);
    renderSendPanel();
  });
  ui.sendCase.addEventListener('change', () => {
    if (ui.sendCase.value) ui.sendJSON.value = ui.sendCase.value;
  });
  ui.sendUseStep.addEventListener('click', () => {
    if (selected && selected.intent !== undefined) ui.sendJSON.value = JSON.stringify(selected.intent);
  });

  /** The intent in the box, or null after saying what is wrong with it. */
  function typedIntent() {
    const text = ui.sendJSON.value.trim();
    if (!text) return showNotice('Write the intent as JSON first, or pick one seen.', 'error'), null;
    try {
      return JSON.parse(text);
    } catch (error) {
      return showNotice(`The intent is not JSON: ${error.message}`, 'error'), null;
    }
  }

  ui.sendButton.addEventListener('click', () => {
    const intent = typedIntent();
    if (intent === null || !isAttached()) return;
    socket.send(JSON.stringify({ type: 'send', intent }));
    showNotice('Sent to the app: its step shows on the timeline once it is reduced.');
  });

  ui.forkButton.addEventListener('click', () => {
    const intent = typedIntent();
    if (intent === null || !isAttached() || !selected || selected.type !== 'step') return;
    ui.forkResult.hidden = true;
    socket.send(JSON.stringify({ type: 'fork', step: selected.step, intent }));
  });

  /** Both branches of a try: what the step did, and what the other intent would have done. */
  function showFork(message) {
    const list = (changes) => {
      const box = el('div', 'branch-changes mono');
      if (!Array.isArray(changes) || !changes.length) box.append(el('div', 'quiet', 'No change.'));
      for (const change of changes || []) {
        const row = el('div', 'change');
        row.dataset.path = pathText(change.path || []);
        row.append(el('span', 'path', row.dataset.path));
        row.append(change.removed === true ? el('span', 'tag removed', 'removed') : valueView(change.value, 'new'));
        box.append(row);
      }
      return box;
    };
    const step = Number(message.step).toLocaleString('en-US');
    const happened = el('div', 'branch');
    happened.dataset.branch = 'happened';
    happened.append(el('h4', null, `What step ${step} did`), list(message.happened));
    const instead = el('div', 'branch');
    instead.dataset.branch = 'instead';
    instead.append(el('h4', null, `With ${short(message.intent, 60)} instead`), list(message.changes));
    ui.forkResult.replaceChildren(happened, instead);
    ui.forkResult.hidden = false;
    showNotice('');
  }

  ui.stateSearch.addEventListener('input', () => {
    detailDirty = true;
    scheduleRender();
  });

  const valueAt = (value, path) => path.reduce((v, key) => (v === undefined ? v : child(v, key)), value);

  function renderDiff(changes, olds, before, after) {
    if (!changes.length) ui.diff.append(el('div', 'quiet', 'No change: the state after this step is the state before it.'));
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
      ui.diff.append(row);
    });
  }

  /** A value inline when it is small, else as a closed tree headed by its summary. */
  function valueView(value, role, summary) {
    const wrapper = el('span', 'diff-value ' + role);
    if (value === null || typeof value !== 'object') wrapper.append(leafView(value));
    else if (JSON.stringify(value).length <= 80) wrapper.append(el('span', 'value summary', summary ?? short(value, 80)));
    else wrapper.append(treeNode(null, value, null, 0, new Set(), summary ?? short(value, 80)));
    return wrapper;
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

  const childPath = (path, key) => (typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key);

  /**
   * A node of a collapsible tree, its children built when first opened. `path` (text, '' for
   * the root) remembers the node open or closed across steps; null makes a throwaway tree (a
   * value in the diff), closed at first. A case without payload shows as a leaf: `.idle`.
   */
  function treeNode(key, value, path, depth, changed, summary) {
    const node = el('div', key === null && path === '' ? 'node root' : 'node');
    const line = el('div', 'line');
    node.append(line);
    if (path !== null) node.dataset.path = path;
    if (path !== null && changed.has(path)) node.classList.add('changed');
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
        children.append(treeNode(k, v, path === null ? null : childPath(path, k), depth + 1, changed));
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
    const remembered = path === null ? undefined : expanded.get(path);
    setOpen(path === '' || (remembered ?? (path !== null && ((depth < 2 && entries.length <= 50) || changed.has(path)))));
    line.addEventListener('click', () => {
      setOpen(!open);
      if (path !== null) expanded.set(path, open);
    });
    return node;
  }

  // ---------------------------------------------------------------------------------------------
  // The app: the WebSocket, the status and the controls.

  let socket = null;
  let helloSeen = false;
  const isAttached = () => mode === 'live' && socket !== null && socket.readyState === WebSocket.OPEN && helloSeen;

  function setStatus(state, text) {
    ui.status.dataset.state = state;
    ui.status.textContent = text;
  }

  function showNotice(text, kind = 'info') {
    Object.assign(ui.notice, { hidden: !text, textContent: text || '' });
    ui.notice.dataset.kind = kind;
  }

  // No reconnection: when the app goes, its steps stay to browse and export.
  function connect() {
    if (!location.host) return setStatus('disconnected', 'No app: open the address the app printed');
    const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws${tokenQuery}`);
    socket = ws;
    mode = 'live';
    setStatus('connecting', 'Connecting…');
    ws.onopen = () => setStatus('connecting', 'Connected, waiting for the app…');
    ws.onmessage = (message) => ws === socket && receive(message.data);
    ws.onclose = () => {
      if (ws !== socket) return; // closed for an import, which said so
      socket = null;
      setStatus('disconnected', helloSeen ? 'App disconnected: the steps stay here to browse and export' : 'Could not connect to the app');
      scheduleRender();
    };
  }

  // Messages wait here, parsed, for the next frame, which reads events for at most
  // READ_BUDGET_MS and leaves the rest, in order, to the frames after: neither a burst nor a cold
  // start (before the JIT has compiled the reading code) holds a frame up.
  const inbox = [];
  let inboxEvent = 0; // the next event to read in inbox[0], when it is an `events` message

  function receive(text) {
    const start = performance.now();
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (!isObject(message)) return;
    message.receivedAt = start;
    inbox.push(message);
    pending.parseMs = Math.max(pending.parseMs, performance.now() - start); // reported with the next frame
    // A hidden page gets no frames: it reads at once rather than hoard what comes.
    if (document.hidden) readInbox(Infinity);
    scheduleRender();
  }

  function readInbox(budgetMs) {
    const start = performance.now();
    let read = false;
    while (inbox.length && performance.now() - start < budgetMs) {
      const message = inbox[0];
      if (message.type !== 'events' || !Array.isArray(message.events)) {
        inbox.shift();
        handle(message); // a resync settles what came before it first
        continue;
      }
      const end = Math.min(message.events.length, inboxEvent + 250);
      if (data && helloSeen) ingest(message.events, inboxEvent, end);
      read = true;
      inboxEvent = end;
      if (end < message.events.length) continue;
      inbox.shift();
      inboxEvent = 0;
      pending.batches++;
      pending.since = Math.min(pending.since, message.receivedAt);
    }
    if (read && data) settle();
    return read;
  }

  function handle(message) {
    if (message.type === 'hello') {
      helloSeen = true;
      reset(String(message.model ?? 'App'), message.state, message.firstStep ?? 1, message.limit);
      data.appDropped = message.dropped || 0;
      data.withheld = message.withheld || 0;
      data.exportable = message.exportable !== false;
      setStatus('connected', `Connected to model ${data.model}`);
      if (message.protocol !== 1) showNotice(`The app speaks protocol ${message.protocol}; this page knows version 1.`, 'error');
      scheduleRender();
    } else if (!data || !helloSeen) {
      // Nothing before the hello.
    } else if (message.type === 'status') {
      data.app = { live: message.live !== false, shownStep: message.shownStep ?? null };
      if (typeof message.dropped === 'number') data.appDropped = message.dropped;
      if (typeof message.withheld === 'number') data.withheld = message.withheld;
      if (typeof message.lagged === 'number') data.lagged = message.lagged;
      scheduleRender();
    } else if (message.type === 'fork') {
      showFork(message);
    } else if (message.type === 'resync') {
      onResync(message);
    } else if (message.type === 'error' && message.message) {
      showNotice(String(message.message), 'error');
    } // Other types are a newer app's: not for this page.
  }

  let controlsKey = null; // what the controls were last drawn from: each frame asks, few change
  function renderControls() {
    const attached = isAttached();
    const app = attached && data && data.app;
    const key = [attached, app && app.live, app && app.shownStep, Boolean(data), data && data.exportable, exploring, mode].join('|');
    if (key === controlsKey) return;
    controlsKey = key;
    // Live does something only while the app shows a past step.
    ui.live.disabled = !attached || !app || app.live;
    ui.appStatus.hidden = !app;
    if (app) {
      ui.appStatus.textContent = app.live ? 'Live' : `App shows step ${(app.shownStep ?? 0).toLocaleString('en-US')} (input paused)`;
      ui.appStatus.dataset.live = String(app.live);
      ui.live.classList.toggle('attention', !app.live);
    }
    const canExport = Boolean(data) && (!attached || data.exportable);
    ui.exportLink.classList.toggle('disabled', !canExport);
    ui.exportLink.setAttribute('aria-disabled', String(!canExport));
    ui.exportLink.title = data && attached && !data.exportable
      ? "The app's state, intents or side effects are not Codable: it cannot make a recording"
      : 'Download the steps as a recording file';
    // The app makes the test: it knows the model's types. An imported file has no app behind it.
    ui.copyTest.disabled = !(attached && data && data.exportable);
    ui.copyTest.title = !attached
      ? 'Only a running app can make a test of its session'
      : 'A Swift Testing test that replays this session against the model';
    ui.explore.disabled = ui.copyTest.disabled || exploring;
    // An imported recording can be checked against the app that served the page, if it runs.
    ui.check.hidden = mode !== 'imported' || !location.host;
    ui.explore.title = !attached
      ? 'Only a running app can explore its session'
      : 'Every order in which the effects could have answered, up to the selected step';
  }

  // ---------------------------------------------------------------------------------------------
  // Copy as test: the app writes it from the kept steps; the page shows it and copies it.

  ui.copyTest.addEventListener('click', async () => {
    if (ui.copyTest.disabled) return;
    let response;
    try {
      response = await fetch('/test' + (tokenQuery ? tokenQuery + '&' : '?') + 'name=recordedSession');
    } catch (error) {
      return showNotice(`The app could not be asked for a test: ${error.message}`, 'error');
    }
    const text = await response.text();
    if (!response.ok) return showNotice(text.trim(), 'error');
    showSource('Test made from this session', null, text);
    copyTestSource();
  });

  /** Shows `source` in the dialog under `title`, with `summary` above it when given. */
  function showSource(title, summary, source) {
    ui.testTitle.textContent = title;
    ui.testSummary.hidden = !summary;
    ui.testSummary.textContent = summary || '';
    ui.testHint.hidden = Boolean(summary);
    ui.testSource.textContent = source;
    if (!ui.testDialog.open) ui.testDialog.showModal();
  }

  /** The JSON the app answered `what` with, or null after saying what went wrong. */
  async function answerOf(response, what) {
    const text = await response.text();
    if (!response.ok) return showNotice(text.trim(), 'error'), null;
    try {
      return JSON.parse(text);
    } catch {
      return showNotice(`The app answered ${what} with something that is not JSON.`, 'error'), null;
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Explore orders: the app runs the schedule explorer on the kept steps up to the selected one,
  // each effect sending what it sent, and says whether another order ends otherwise.

  ui.explore.addEventListener('click', async () => {
    if (ui.explore.disabled) return;
    const step = selected && !selected.gone && selected.type === 'step' ? selected.step : null;
    exploring = true;
    renderControls();
    showNotice(step === null ? 'Exploring the session…' : `Exploring up to step ${step.toLocaleString('en-US')}…`);
    let response;
    try {
      const query = (tokenQuery ? tokenQuery + '&' : '?') + (step === null ? '' : `step=${step}&`) + 'name=everyOrderEndsAsRecorded';
      response = await fetch('/explore' + query);
    } catch (error) {
      return showNotice(`The app could not be asked to explore: ${error.message}`, 'error');
    } finally {
      exploring = false;
      renderControls();
    }
    const result = await answerOf(response, 'the exploration');
    if (!result) return;
    const where = step === null ? 'the session' : `steps 1–${step.toLocaleString('en-US')}`;
    showNotice('');
    showSource(result.found ? `Another order of ${where} ends otherwise` : `Every order of ${where} ends as you saw`,
      String(result.summary || ''), String(result.test || ''));
    ui.testDialog.dataset.found = String(Boolean(result.found));
    ui.testDialog.dataset.schedule = result.schedule || '';
  });

  async function copyTestSource() {
    const lines = ui.testSource.textContent.split('\n').length - 1;
    try {
      await navigator.clipboard.writeText(ui.testSource.textContent);
      showNotice(`Copied the test (${lines} lines) to the clipboard.`);
    } catch {
      // A page the browser does not let write the clipboard: the text is selected instead.
      const range = document.createRange();
      range.selectNodeContents(ui.testSource);
      getSelection().removeAllRanges();
      getSelection().addRange(range);
      showNotice(`The browser did not let the page copy: the test (${lines} lines) is selected, copy it with the keyboard.`);
    }
  }

  ui.testCopy.addEventListener('click', copyTestSource);

  // ---------------------------------------------------------------------------------------------
  // Step buttons, and the state as JSON.

  ui.stepBack.addEventListener('click', () => moveSelection(-1));
  ui.stepNext.addEventListener('click', () => moveSelection(1));

  /** The state after the selected step, as the app encoded it, indented. */
  function selectedStateJSON() {
    const step = selected.type === 'base' ? data.baseStep : selected.step;
    return JSON.stringify(stateAfter(step), null, 2);
  }

  ui.copyState.addEventListener('click', async () => {
    if (!selected || selected.gone) return;
    const text = selectedStateJSON();
    try {
      await navigator.clipboard.writeText(text);
      const which = selected.type === 'base' ? 'the initial state' : `the state after step ${selected.step.toLocaleString('en-US')}`;
      showNotice(`Copied ${which} as JSON (${text.length.toLocaleString('en-US')} characters).`);
    } catch {
      showNotice('The browser did not let the page copy: open Export for the whole session as a file.', 'error');
    }
  });
  ui.testClose.addEventListener('click', () => ui.testDialog.close());

  ui.live.addEventListener('click', () => isAttached() && socket.send(JSON.stringify({ type: 'live' })));

  // ---------------------------------------------------------------------------------------------
  // Export and import.

  let imported = null; // {name, text} of the imported file
  let exportUrl = null;

  // The link's target is set on click: the app's recording while it is attached; else the
  // imported file as it was, or a recording made from the steps the page kept.
  ui.exportLink.addEventListener('click', (event) => {
    if (ui.exportLink.classList.contains('disabled')) return event.preventDefault();
    if (exportUrl) URL.revokeObjectURL(exportUrl);
    exportUrl = null;
    if (isAttached()) {
      ui.exportLink.href = '/export' + tokenQuery;
      ui.exportLink.download = ''; // the server's name for it
      return;
    }
    exportUrl = URL.createObjectURL(new Blob([imported ? imported.text : recordingText()], { type: 'application/x-ndjson' }));
    ui.exportLink.href = exportUrl;
    ui.exportLink.download = imported ? imported.name : `${data.model}.jsonl`;
  });

  // Check against the app: the imported recording replayed with the app's reducer today; the
  // first step whose state differs is selected and said.
  ui.check.addEventListener('click', async () => {
    if (!imported || !location.host) return;
    let response;
    try {
      response = await fetch('/check' + tokenQuery, { method: 'POST', body: imported.text, headers: { 'Content-Type': 'application/x-ndjson' } });
    } catch (error) {
      return showNotice(`The app could not be reached to check the recording: ${error.message}`, 'error');
    }
    const result = await answerOf(response, 'the check');
    if (!result) return;
    ui.check.dataset.result = result.problem ? 'problem' : result.matches ? 'matches' : 'differs';
    if (result.problem) return showNotice(String(result.problem), 'error');
    if (result.matches) return showNotice(`Today's app reaches every recorded state: all ${plural(result.stepCount, 'step')} match.`);
    const step = Number(result.step);
    const record = step === 0 ? data.baseRecord : data.byStep.get(step);
    if (record) select(record, { travel: false });
    showNotice(`Today's app differs from the recording at step ${step.toLocaleString('en-US')}: ${(result.differences || []).join('; ')}`, 'error');
  });

  /** The kept steps as a recording file, from the last gap on (a recording cannot skip steps). */
  function recordingText() {
    let start = 0;
    for (let i = 0; i < data.rows.length; i++) if (data.rows.at(i).type === 'gap') start = i + 1;
    const first = data.rows.at(start);
    const lines = [{ mvikit: 1, model: data.model, state: stateAfter(first ? first.step - 1 : data.tipStep) }];
    for (let i = start; i < data.rows.length; i++) {
      const { step, origin, intent, run, changes, sideEffects, effects } = data.rows.at(i);
      if (intent !== undefined) lines.push(Number.isInteger(run) ? { step, origin, intent, run } : { step, origin, intent });
      if (changes.length) lines.push({ step, changes });
      for (const value of sideEffects) lines.push({ step, sideEffect: value });
      // The runs this step started, so that the recording still says which run sent what.
      for (const e of effects || []) if (e.moment === 'started') lines.push({ step, started: e.run });
    }
    return lines.map((line) => JSON.stringify(line) + '\n').join('');
  }

  /** Reads a recording file (the format of RecordedLine) into events; throws for a file that is not one. */
  function parseRecording(text) {
    const lines = text.split('\n');
    let lastLine = lines.length - 1;
    while (lastLine >= 0 && !lines[lastLine].trim()) lastLine--;
    let header = null;
    let torn = false;
    const events = [];
    for (let i = 0; i <= lastLine; i++) {
      if (!lines[i].trim()) continue;
      const fail = (what) => { throw new Error(`line ${i + 1} ${what}`); };
      let value;
      try {
        value = JSON.parse(lines[i]);
      } catch {
        // The recorder writes a line at a time: only the last one can be cut short, by a crash.
        if (i === lastLine && header) {
          torn = true;
          break;
        }
        fail('is not JSON');
      }
      if (!header) {
        if (!isObject(value) || !has(value, 'mvikit')) fail('is not a recording header');
        if (value.mvikit !== 1) fail(`is the header of a recording of version ${JSON.stringify(value.mvikit)}, not 1`);
        if (typeof value.model !== 'string' || !has(value, 'state')) fail('is a header without its model or state');
        header = value;
      } else if (!isObject(value) || !Number.isInteger(value.step)) {
        fail('has no step number');
      } else if (has(value, 'intent')) {
        if (value.origin !== 'view' && value.origin !== 'effect') fail('is an intent without a view or effect origin');
        const event = { kind: 'intent', step: value.step, origin: value.origin, intent: value.intent };
        if (Number.isInteger(value.run)) event.run = value.run;
        events.push(event);
      } else if (Array.isArray(value.changes)) {
        if (!value.changes.every((c) => isObject(c) && Array.isArray(c.path))) fail('has a state change without a path');
        events.push({ kind: 'changes', step: value.step, changes: value.changes });
      } else if (has(value, 'sideEffect')) {
        events.push({ kind: 'sideEffect', step: value.step, value: value.sideEffect });
      } else if (Number.isInteger(value.started)) {
        // An effect's run that the step's reduce started: the timeline shows it.
        events.push({ kind: 'effect', step: value.step, run: value.started, moment: 'started' });
      } else {
        fail("is neither an intent, a state change, a side effect nor an effect's start");
      }
    }
    if (!header) throw new Error('the file is empty');
    return { header, events, torn, firstStep: events.length ? events[0].step : 1 };
  }

  ui.importInput.addEventListener('change', async () => {
    const file = ui.importInput.files[0];
    if (!file) return;
    const text = await file.text();
    ui.importInput.value = ''; // so that choosing the same file again reads it again
    let recording;
    try {
      recording = parseRecording(text);
    } catch (error) {
      return showNotice(`${file.name} is not a recording: ${error.message}.`, 'error');
    }
    inbox.length = inboxEvent = 0; // what the app sent and the page has not read yet
    const notes = [];
    if (socket) {
      const ws = socket;
      socket = null; // its close event is no news now
      ws.close();
      notes.push('disconnected from the app');
    }
    if (recording.torn) notes.push('its torn last line was skipped');
    mode = 'imported';
    imported = { name: file.name, text };
    reset(recording.header.model, recording.header.state, recording.firstStep, Infinity);
    ingest(recording.events);
    settle();
    setStatus('imported', `Imported ${file.name} (model ${data.model}), no app attached`);
    showNotice(notes.length ? `Imported ${file.name}: ${notes.join('; ')}.` : '');
    select(data.baseRecord, { travel: false });
  });

  // ---------------------------------------------------------------------------------------------
  // Input.

  ui.timeline.addEventListener('click', (event) => select(event.target.closest('.step-row')?.item));
  ui.timeline.addEventListener('scroll', scheduleRender, { passive: true });
  window.addEventListener('resize', scheduleRender);
  for (const input of [ui.filter, ui.showView, ui.showEffect, ui.onlyEffects, ui.onlyProblems]) {
    input.addEventListener('input', readFilters);
  }
  ui.pauseScroll.addEventListener('change', () => {
    followed = -1;
    scheduleRender();
  });

  const moves = { ArrowDown: 1, ArrowUp: -1, PageDown: 20, PageUp: -20, End: Infinity, Home: -Infinity };
  document.addEventListener('keydown', (event) => {
    // Esc returns the app to live, as Esc does in the app; an open dialog takes it first.
    if (event.key === 'Escape' && !ui.testDialog.open && !ui.live.disabled) {
      event.preventDefault();
      return ui.live.click();
    }
    if (!data || !(event.key in moves) || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest('input, textarea, select')) return;
    event.preventDefault();
    const delta = moves[event.key];
    moveSelection(Number.isFinite(delta) ? delta : Math.sign(delta) * displayCount());
  });

  connect();
  scheduleRender();
})();
