// The recording file (JSON lines, the format of MVIKitRecording's RecordedLine): read into the
// events the app would have sent, and written from the steps the page kept. No DOM.

import { has, isObject } from './values.mjs';

/**
 * Reads a recording file into `{header, events, torn, firstStep}`, its lines as the events of
 * the inspector's protocol; throws an Error saying which line is wrong for a file that is not
 * one. A torn last line (the recorder crashed while writing it) is skipped and said in `torn`.
 */
export function parseRecording(text) {
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

/** The kept steps (a `Steps`) as a recording file, from the last gap on: a recording cannot
 *  skip steps. */
export function recordingText(steps) {
  const { rows } = steps;
  let start = 0;
  for (let i = 0; i < rows.length; i++) if (rows.at(i).type === 'gap') start = i + 1;
  const first = rows.at(start);
  const lines = [{ mvikit: 1, model: steps.model, state: steps.stateAfter(first ? first.step - 1 : steps.tipStep) }];
  for (let i = start; i < rows.length; i++) {
    const { step, origin, intent, run, changes, sideEffects, effects } = rows.at(i);
    if (intent !== undefined) lines.push(Number.isInteger(run) ? { step, origin, intent, run } : { step, origin, intent });
    if (changes.length) lines.push({ step, changes });
    for (const value of sideEffects) lines.push({ step, sideEffect: value });
    // The runs this step started, so that the recording still says which run sent what.
    for (const e of effects || []) if (e.moment === 'started') lines.push({ step, started: e.run });
  }
  return lines.map((line) => JSON.stringify(line) + '\n').join('');
}
