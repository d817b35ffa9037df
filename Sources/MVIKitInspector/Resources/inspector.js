// The MVIKit inspector page. It follows a running app over the WebSocket described in
// InspectorProtocol.md, or shows an imported recording file, in the same views: a virtualized
// timeline of steps on the left; the selected step's diff and the state after it on the right.
//
// This module, the one index.html loads, wires the others and draws at most once per animation
// frame. The steps model (steps.mjs, with values.mjs and recording.mjs) knows no DOM and is
// tested in Node (Tests/InspectorPage); socket.mjs is the connection to the app; timeline.mjs,
// detail.mjs, send.mjs, toolbar.mjs, dialogs.mjs and files.mjs are the views and their buttons.
// It keeps its old name: the server and its tests know the page's script by it.

import { AppConnection } from './socket.mjs';
import { Detail } from './detail.mjs';
import { Files } from './files.mjs';
import { NO_FILTERS, Steps, effectText } from './steps.mjs';
import { SendPanel } from './send.mjs';
import { TestDialog } from './dialogs.mjs';
import { Timeline } from './timeline.mjs';
import { Toolbar } from './toolbar.mjs';
import { applyChanges, caseLabel, fullCaseLabel, pathText } from './values.mjs';

const READ_BUDGET_MS = 6; // time a frame spends reading events; the rest waits for the next

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

let steps = null; // the session shown: the app's, or an imported file's; null before either
const filters = { ...NO_FILTERS }; // as the user set them: a new session starts with them

const toolbar = new Toolbar(ui);
const timeline = new Timeline(ui);
const connection = new AppConnection(`${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws${tokenQuery}`, {
  status: (state, text) => toolbar.status(state, text),
  hello(message) {
    show(Steps.fromHello(message, filters));
    return steps;
  },
  fork: (message) => sendPanel.showFork(message),
  notice: (text, kind) => toolbar.notice(text, kind),
  received() {
    // A hidden page gets no frames: it reads at once rather than hoard what comes.
    if (document.hidden) connection.read(Infinity);
    scheduleRender();
  },
  closed: () => scheduleRender(),
});

/** What the views and dialogs share: the session shown, and the page's few actions. */
const page = {
  get steps() { return steps; },
  filters, connection, tokenQuery,
  show, select, move, scheduleRender, renderControls,
  status: (state, text) => toolbar.status(state, text),
  notice: (text, kind) => toolbar.notice(text, kind),
};
const detail = new Detail(ui, page);
const sendPanel = new SendPanel(ui, page);
const dialog = new TestDialog(ui, page);
const files = new Files(ui, page);

/** Another session replaces the one shown: the timeline starts over, following its newest step. */
function show(session) {
  steps = session;
  timeline.reset();
}

/** Selects a row, and has the app show that step unless `travel` is false. */
function select(item, { travel = true } = {}) {
  if (!steps || !steps.select(item)) return;
  if (travel && connection.attached) connection.send({ type: 'travel', step: steps.stepOf(item) });
  timeline.reveal(steps);
  scheduleRender();
}

/** Selects the row `delta` rows away, past gap markers. */
function move(delta) {
  select(steps.rowAway(delta));
}

// ---------------------------------------------------------------------------------------------
// Drawing, at most once per animation frame, and its timings for the browser tests.

const test = {
  renderedBatches: 0, // `events` messages whose steps all reached the screen
  lastBatchRenderMs: 0, // main-thread time of the last frame that read events: the parse of
  maxBatchRenderMs: 0, //   the messages since the frame before, the reading and the render
  lastBatchLatencyMs: 0, // from a batch's arrival to the end of the frame that drew its last step
  maxBatchLatencyMs: 0,
  recentRenderMs: [], // the last 100 frames' lastBatchRenderMs
  stepCount: () => (steps ? steps.count : 0),
  tipStep: () => (steps ? steps.tipStep : 0), // the newest step whose state the page knows
  applyChanges, caseLabel, fullCaseLabel, pathText,
  effectText: (e) => effectText(e, steps),
  effectsOf: (step) => (steps && steps.byStep.get(step) ? steps.byStep.get(step).effects.map((e) => effectText(e, steps)) : null),
  selectedStateJSON: () => (steps && steps.selected && !steps.selected.gone ? steps.selectedStateJSON() : null),
};
window.inspectorTest = test;

let renderScheduled = false;
function scheduleRender() {
  if (renderScheduled) return;
  renderScheduled = true;
  requestAnimationFrame(render);
}

// Each frame reads what the app sent, up to READ_BUDGET_MS, then draws once.
function render() {
  const start = performance.now();
  const read = connection.read(READ_BUDGET_MS);
  if (steps) {
    if (steps.refreshView()) timeline.viewRebuilt();
    timeline.render(steps);
    if (detail.render(steps)) sendPanel.render();
  }
  renderControls();
  renderScheduled = false; // scheduleRender calls made while reading were for this frame
  if (connection.waiting) scheduleRender();
  if (!read) return;
  const end = performance.now();
  const { pending } = connection;
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

function renderControls() {
  toolbar.render({ attached: connection.attached, steps, exploring: dialog.exploring, imported: files.imported !== null });
}

// ---------------------------------------------------------------------------------------------
// Input: the timeline, the filters, Live, and the keys.

ui.timeline.addEventListener('click', (event) => select(event.target.closest('.step-row')?.item));
ui.timeline.addEventListener('scroll', scheduleRender, { passive: true });
window.addEventListener('resize', scheduleRender);

function readFilters() {
  Object.assign(filters, {
    text: ui.filter.value.trim().toLowerCase(), view: ui.showView.checked, effect: ui.showEffect.checked,
    onlyEffects: ui.onlyEffects.checked, onlyProblems: ui.onlyProblems.checked,
  });
  if (!steps) return;
  steps.setFilters(filters);
  timeline.follow();
  scheduleRender();
  if (steps.selected) requestAnimationFrame(() => timeline.reveal(steps));
}
for (const input of [ui.filter, ui.showView, ui.showEffect, ui.onlyEffects, ui.onlyProblems]) {
  input.addEventListener('input', readFilters);
}
ui.pauseScroll.addEventListener('change', () => {
  timeline.follow();
  scheduleRender();
});

ui.live.addEventListener('click', () => connection.attached && connection.send({ type: 'live' }));

const moves = { ArrowDown: 1, ArrowUp: -1, PageDown: 20, PageUp: -20, End: Infinity, Home: -Infinity };
document.addEventListener('keydown', (event) => {
  // Esc returns the app to live, as Esc does in the app; an open dialog takes it first.
  if (event.key === 'Escape' && !ui.testDialog.open && !ui.live.disabled) {
    event.preventDefault();
    return ui.live.click();
  }
  if (!steps || !(event.key in moves) || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.target.closest('input, textarea, select')) return;
  event.preventDefault();
  const delta = moves[event.key];
  move(Number.isFinite(delta) ? delta : Math.sign(delta) * steps.displayCount());
});

// No reconnection: when the app goes, its steps stay to browse and export.
if (location.host) connection.open();
else toolbar.status('disconnected', 'No app: open the address the app printed');
scheduleRender();
