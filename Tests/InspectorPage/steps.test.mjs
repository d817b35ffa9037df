// The inspector page's steps model without a browser: the app's messages in, the steps the page
// shows out. Run with `node --test Tests/InspectorPage/*.test.mjs` (make test-core does).

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { PAGE_STEPS, Steps, effectText, stepLabel } from '../../Sources/MVIKitInspector/Resources/steps.mjs';

// Messages and events as InspectorProtocol.md writes them, for a counter with a list.
const hello = (fields = {}) => ({
  type: 'hello', protocol: 1, model: 'Counter', limit: 10000, exportable: true, dropped: 0,
  withheld: 0, firstStep: 1, state: { count: 0, items: [] }, ...fields,
});
const increment = { increment: {} };
const add = (name) => ({ add: { _0: name } });
const intentEvent = (step, intent, fields = {}) => ({ kind: 'intent', step, origin: 'view', time: 1764150000 + step, intent, ...fields });
const changesEvent = (step, ...changes) => ({ kind: 'changes', step, changes });
/** Steps `from`…`to`, each an increment that sets the count to the step's number. */
const increments = (from, to) => {
  const events = [];
  for (let step = from; step <= to; step++) events.push(intentEvent(step, increment), changesEvent(step, { path: ['count'], value: step }));
  return events;
};

/** A live session after its hello and one batch of events. */
function session(events = [], fields = {}) {
  const steps = Steps.fromHello(hello(fields));
  steps.ingest(events);
  steps.settle();
  return steps;
}

/** The step numbers the timeline lists after the base row (gap markers as 'gap'). */
function listed(steps) {
  steps.refreshView();
  const rows = [];
  for (let i = 1; i < steps.displayCount(); i++) {
    const item = steps.displayAt(i);
    rows.push(item.type === 'gap' ? 'gap' : item.step);
  }
  return rows;
}

test('a hello starts an empty session from the state and counts the app sends', () => {
  const steps = Steps.fromHello(hello({ firstStep: 31, limit: 50, dropped: 30, withheld: 2, exportable: false, state: { count: 30 } }));
  assert.equal(steps.model, 'Counter');
  assert.equal(steps.count, 0);
  assert.equal(steps.baseStep, 30);
  assert.deepEqual(steps.stateAfter(30), { count: 30 });
  assert.deepEqual([steps.appDropped, steps.withheld, steps.exportable, steps.limit], [30, 2, false, 50]);
  // An app that keeps more than the page does: the page keeps the newest PAGE_STEPS.
  const big = Steps.fromHello(hello({ limit: 100000 }));
  assert.deepEqual([big.limit, big.appLimit], [PAGE_STEPS, 100000]);
});

test('events become steps with their intent, changes, side effects, problems and effect runs', () => {
  const steps = session([
    intentEvent(1, add('milk'), { site: 'Todos/TodosView.swift:42' }),
    changesEvent(1, { path: ['items', 0], value: 'milk' }),
    { kind: 'sideEffect', step: 1, value: { toast: { _0: 'added' } } },
    { kind: 'effect', step: 1, run: 3, moment: 'started', id: 'search' },
    intentEvent(2, increment, { origin: 'effect', run: 3 }),
    changesEvent(2, { path: ['count'], value: 1 }),
    { kind: 'warning', step: 2, message: 'an intent sent to a removed row' },
    { kind: 'effect', step: 2, run: 3, moment: 'finished', startedAt: 1, duration: 0.42 },
  ]);
  assert.equal(steps.count, 2);
  const [first, second] = [steps.byStep.get(1), steps.byStep.get(2)];
  assert.deepEqual([first.origin, first.site, stepLabel(first)], ['view', 'Todos/TodosView.swift:42', 'add("milk")']);
  assert.deepEqual(first.sideEffects, [{ toast: { _0: 'added' } }]);
  assert.deepEqual([second.origin, second.run], ['effect', 3]);
  assert.deepEqual(second.problems, [{ kind: 'warning', message: 'an intent sent to a removed row' }]);
  assert.deepEqual(steps.stateAfter(1), { count: 0, items: ['milk'] });
  assert.deepEqual(steps.stateAfter(2), { count: 1, items: ['milk'] });
  assert.equal(steps.tipStep, 2);
  // A run's start and end, with what it sent back.
  assert.deepEqual(first.effects.map((e) => effectText(e, steps)), ['#3 started (id: search)']);
  assert.deepEqual(second.effects.map((e) => effectText(e, steps)), ['#3 finished after 420 ms, started at step 1; sent step 2']);
});

test('a batch read in slices, as the connection reads a long message, makes the same steps', () => {
  const events = increments(1, 300);
  const steps = Steps.fromHello(hello());
  for (let from = 0; from < events.length; from += 250) steps.ingest(events, from, Math.min(events.length, from + 250));
  steps.settle();
  assert.equal(steps.count, 300);
  assert.equal(steps.tipStep, 300);
  assert.deepEqual(steps.tip, { count: 300, items: [] });
});

test('the state after any step is found from the nearest kept copy', () => {
  const steps = session(increments(1, 250));
  for (const step of [0, 1, 99, 100, 101, 137, 250]) assert.equal(steps.stateAfter(step).count, step, `after step ${step}`);
  // A copy the caller may change: the kept states stay as they were.
  steps.stateAfter(137).count = -1;
  assert.equal(steps.stateAfter(137).count, 137);
});

test('a step whose changes do not apply says so, and the newest state still follows', () => {
  const steps = session([
    intentEvent(1, increment), changesEvent(1, { path: ['missing', 'deep'], value: 1 }),
    ...increments(2, 2),
  ]);
  assert.match(steps.byStep.get(1).problems[0].message, /could not follow this step: the change at missing\.deep does not apply/);
  assert.deepEqual([steps.tipStep, steps.tip.count], [2, 2]);
  // Selecting a step after it shows that step's state, as the newest state followed it.
  assert.equal(steps.stateAfter(2).count, 2);
  assert.deepEqual(steps.stateAfter(2), steps.tip);
});

test('events before the oldest kept step go to the base row, and events of skipped steps are dropped', () => {
  const steps = session([{ kind: 'warning', step: 0, message: 'before' }, ...increments(1, 2)]);
  assert.deepEqual(steps.baseRecord.problems, [{ kind: 'warning', message: 'before' }]);
  steps.ingest([{ kind: 'sideEffect', step: 1, value: { late: {} } }, intentEvent('x', increment)]);
  steps.settle();
  assert.deepEqual(steps.byStep.get(1).sideEffects, [{ late: {} }], 'a late event joins its step');
  assert.equal(steps.count, 2, 'an event without a step number is no step');
});

test('filters: text, origin, only side effects and only problems', () => {
  const steps = session([
    intentEvent(1, add('milk')),
    intentEvent(2, increment, { origin: 'effect' }),
    intentEvent(3, add('bread')), { kind: 'sideEffect', step: 3, value: { toast: { _0: 'saved' } } },
    intentEvent(4, increment), { kind: 'error', step: 4, message: 'the lookup failed' },
  ]);
  const only = (filters) => {
    steps.setFilters({ text: '', view: true, effect: true, onlyEffects: false, onlyProblems: false, ...filters });
    return listed(steps);
  };
  assert.deepEqual(only({}), [1, 2, 3, 4]);
  assert.deepEqual(only({ text: 'milk' }), [1]);
  assert.deepEqual(only({ text: 'saved' }), [3], 'a side effect matches');
  assert.deepEqual(only({ text: 'lookup' }), [4], 'a problem matches');
  assert.deepEqual(only({ effect: false }), [1, 3, 4]);
  assert.deepEqual(only({ view: false }), [2]);
  assert.deepEqual(only({ onlyEffects: true }), [3]);
  assert.deepEqual(only({ onlyProblems: true }), [4]);
  assert.equal(steps.shownCount, 1);
});

test('a late event that makes an older step match puts it back in its place', () => {
  const steps = session([intentEvent(1, increment), intentEvent(2, increment)], {});
  steps.setFilters({ text: '', view: true, effect: true, onlyEffects: true, onlyProblems: false });
  assert.deepEqual(listed(steps), []);
  steps.ingest([{ kind: 'sideEffect', step: 2, value: { toast: {} } }, intentEvent(3, increment), { kind: 'sideEffect', step: 3, value: { toast: {} } }]);
  steps.settle();
  assert.deepEqual(listed(steps), [2, 3]);
  steps.ingest([{ kind: 'sideEffect', step: 1, value: { toast: {} } }]);
  steps.settle();
  assert.ok(steps.viewDirty, 'step 1 cannot be appended after step 3');
  assert.deepEqual(listed(steps), [1, 2, 3]);
});

test('past its limit the page forgets the oldest steps, and the base state follows', () => {
  const steps = session(increments(1, 30), { limit: 50 });
  steps.select(steps.byStep.get(10));
  steps.ingest(increments(31, 80));
  steps.settle();
  assert.equal(steps.count, 50);
  assert.equal(steps.baseStep, 30);
  assert.deepEqual(steps.stateAfter(steps.baseStep), { count: 30, items: [] });
  assert.deepEqual(listed(steps), Array.from({ length: 50 }, (_, i) => 31 + i));
  assert.equal(steps.selected, null, 'a forgotten step is no longer selected');
  assert.equal(steps.byStep.has(10), false);
});

test('a resync replaces the steps from its first step on, and a gap marks what was not received', () => {
  const steps = session(increments(1, 10));
  steps.select(steps.byStep.get(9));
  // The page read too slowly: the app skipped steps 11-39 and sends the state before step 40.
  assert.equal(steps.resync({ type: 'resync', firstStep: 40, state: { count: 39, items: [] }, lagged: 29 }), true);
  steps.ingest(increments(40, 41));
  steps.settle();
  assert.deepEqual(listed(steps), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 'gap', 40, 41]);
  const gap = steps.displayAt(11);
  assert.deepEqual([gap.missing, gap.slow], [29, true]);
  assert.equal(steps.lagged, 29);
  assert.equal(steps.count, 12);
  assert.equal(steps.stateAfter(39).count, 39);
  assert.equal(steps.stateAfter(41).count, 41);
  assert.equal(steps.selected, steps.byStep.get(9), 'a step before the resync stays selected');

  // A resync from a step the page has: the steps from it on are replaced by what follows.
  steps.resync({ type: 'resync', firstStep: 41, state: { count: 100, items: [] } });
  steps.ingest([intentEvent(41, add('new'))]);
  steps.settle();
  assert.deepEqual(listed(steps).slice(-3), ['gap', 40, 41]);
  assert.equal(stepLabel(steps.byStep.get(41)), 'add("new")');
  assert.equal(steps.stateAfter(41).count, 100);
  assert.equal(steps.resync({ type: 'resync', state: {} }), false, 'no first step: nothing changes');
});

test('a resync before any kept step becomes the base state, with no gap', () => {
  const steps = session();
  steps.resync({ type: 'resync', firstStep: 500, state: { count: 499, items: [] }, lagged: 0 });
  steps.ingest(increments(500, 500));
  steps.settle();
  assert.equal(steps.baseStep, 499);
  assert.deepEqual(listed(steps), [500]);
  assert.equal(steps.stateAfter(499).count, 499);
});

test("the app's status: live or a past step shown, and the steps it dropped or did not send", () => {
  const steps = session(increments(1, 3));
  assert.equal(steps.app, null);
  steps.appStatus({ type: 'status', live: false, shownStep: 2, dropped: 5, lagged: 7 });
  assert.deepEqual(steps.app, { live: false, shownStep: 2 });
  assert.deepEqual([steps.appDropped, steps.lagged], [5, 7]);
  steps.appStatus({ type: 'status', live: true, shownStep: null });
  assert.deepEqual(steps.app, { live: true, shownStep: null });
  assert.deepEqual([steps.appDropped, steps.lagged], [5, 7], 'counts the message leaves out stay');
});

test('selection: a row, the rows around it past gaps, never a gap; the detail is told', () => {
  const steps = session(increments(1, 3));
  steps.resync({ type: 'resync', firstStep: 10, state: { count: 9, items: [] } });
  steps.ingest(increments(10, 11));
  steps.settle();
  steps.selectionChanged = false;
  assert.equal(steps.select(steps.displayAt(4)), false, 'a gap marker is not selectable');
  assert.equal(steps.selectionChanged, false);
  assert.ok(steps.select(steps.byStep.get(3)));
  assert.ok(steps.selectionChanged);
  assert.equal(steps.rowAway(1), steps.byStep.get(10), '↓ skips the gap');
  assert.equal(steps.rowAway(-3), steps.baseRecord, '↑ stops at the base row');
  assert.equal(steps.rowAway(20), steps.byStep.get(11), 'Page Down stops at the newest');
  steps.select(steps.baseRecord);
  assert.equal(steps.stepOf(steps.selected), 0);
  assert.equal(JSON.parse(steps.selectedStateJSON()).count, 0);
  // Nothing selected: ↓ selects the first row, ↑ the last.
  steps.selected = null;
  assert.equal(steps.rowAway(1), steps.baseRecord);
  assert.equal(steps.rowAway(-1), steps.byStep.get(11));
  // A new event of the selected step redraws its detail.
  steps.select(steps.byStep.get(11));
  steps.selectionChanged = false;
  steps.ingest([{ kind: 'sideEffect', step: 11, value: { toast: {} } }]);
  assert.ok(steps.selectionChanged);
});

test('a filtered-out selection is out of the list until the filter lets it back', () => {
  const steps = session([intentEvent(1, add('milk')), intentEvent(2, increment)]);
  steps.select(steps.byStep.get(2));
  steps.setFilters({ text: 'milk', view: true, effect: true, onlyEffects: false, onlyProblems: false });
  steps.refreshView();
  assert.equal(steps.displayIndex(steps.selected), -1);
  steps.setFilters({ text: '', view: true, effect: true, onlyEffects: false, onlyProblems: false });
  steps.refreshView();
  assert.equal(steps.displayIndex(steps.selected), 2);
});

test('the steps at which a member changed: itself, inside it, or what holds it', () => {
  const steps = session([
    intentEvent(1, add('milk')), changesEvent(1, { path: ['items', 0], value: { name: 'milk' } }),
    intentEvent(2, increment), changesEvent(2, { path: ['count'], value: 1 }),
    intentEvent(3, add('oat')), changesEvent(3, { path: ['items', 0, 'name'], value: 'oat milk' }),
    intentEvent(4, increment), changesEvent(4, { path: ['items'], value: [] }),
  ]);
  assert.deepEqual(steps.stepsChanging('items[0].name'), [1, 3, 4]);
  assert.deepEqual(steps.stepsChanging('items'), [1, 3, 4]);
  assert.deepEqual(steps.stepsChanging('count'), [2]);
  assert.deepEqual(steps.stepsChanging('draft'), []);
});

test('the intents seen, the latest of each label, in the order of their labels', () => {
  const steps = session([intentEvent(1, add('milk')), intentEvent(2, increment), intentEvent(3, add('bread'))]);
  assert.deepEqual(steps.seenIntents(), [['add("bread")', add('bread')], ['add("milk")', add('milk')], ['increment', increment]]);
});
