// The recording file the page imports and exports (RecordedLine's format): read into events,
// written from the kept steps, and read back into the same steps.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { parseRecording, recordingText } from '../../Sources/MVIKitInspector/Resources/recording.mjs';
import { Steps } from '../../Sources/MVIKitInspector/Resources/steps.mjs';

const FILE = [
  '{"mvikit":1,"model":"Counter","state":{"count":0,"rows":[]}}',
  '{"intent":{"add":{"_0":"milk"}},"origin":"view","step":1}',
  '{"changes":[{"path":["rows",0],"value":{"title":"milk"}}],"step":1}',
  '{"started":1,"step":1}',
  '{"intent":{"increment":{}},"origin":"effect","run":1,"step":2}',
  '{"changes":[{"path":["count"],"value":1}],"step":2}',
  '{"sideEffect":{"toast":{"_0":"done"}},"step":2}',
].join('\n') + '\n';

/** An imported file's steps, as the page's Import… makes them. */
function imported(text) {
  const recording = parseRecording(text);
  const steps = new Steps(recording.header.model, recording.header.state, recording.firstStep, Infinity);
  steps.ingest(recording.events);
  steps.settle();
  return steps;
}

test('a recording becomes the steps it recorded', () => {
  const steps = imported(FILE);
  assert.equal(steps.model, 'Counter');
  assert.equal(steps.count, 2);
  assert.deepEqual(steps.stateAfter(2), { count: 1, rows: [{ title: 'milk' }] });
  assert.deepEqual([steps.byStep.get(2).origin, steps.byStep.get(2).run], ['effect', 1]);
  assert.deepEqual(steps.byStep.get(1).effects, [{ kind: 'effect', step: 1, run: 1, moment: 'started' }]);
  assert.deepEqual(steps.byStep.get(2).sideEffects, [{ toast: { _0: 'done' } }]);
});

/** A recording's lines as values: the order of keys is JSON's own business. */
const lines = (text) => text.trim().split('\n').map((line) => JSON.parse(line));

test('the kept steps written as a recording are the recording, line for line', () => {
  assert.deepEqual(lines(recordingText(imported(FILE))), lines(FILE));
});

test('a recording of kept steps starts after the last gap: a recording cannot skip steps', () => {
  const steps = imported(FILE);
  steps.resync({ type: 'resync', firstStep: 10, state: { count: 9, rows: [] } });
  steps.ingest([{ kind: 'intent', step: 10, origin: 'view', intent: { increment: {} } }, { kind: 'changes', step: 10, changes: [{ path: ['count'], value: 10 }] }]);
  steps.settle();
  assert.deepEqual(lines(recordingText(steps)), [
    { mvikit: 1, model: 'Counter', state: { count: 9, rows: [] } },
    { step: 10, origin: 'view', intent: { increment: {} } },
    { step: 10, changes: [{ path: ['count'], value: 10 }] },
  ]);
});

test('a torn last line is skipped and said; any other bad line is refused by its number', () => {
  const torn = parseRecording(FILE + '{"step":3,"chan');
  assert.equal(torn.torn, true);
  assert.equal(torn.events.length, 6);
  assert.throws(() => parseRecording('{"hello":"world"}\nsome words\n'), /line 1 is not a recording header/);
  assert.throws(() => parseRecording('{"mvikit":2,"model":"M","state":{}}'), /line 1 is the header of a recording of version 2, not 1/);
  assert.throws(() => parseRecording(FILE.replace('"origin":"view",', '')), /line 2 is an intent without a view or effect origin/);
  assert.throws(() => parseRecording(FILE + 'not json\n{"step":3,"changes":[]}\n'), /line 8 is not JSON/);
  assert.throws(() => parseRecording('\n\n'), /the file is empty/);
});
