// The line of counts above the timeline, read from the steps model, without a DOM.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { Steps } from '../../Sources/MVIKitInspector/Resources/steps.mjs';
import { countText } from '../../Sources/MVIKitInspector/Resources/timeline.mjs';

test('an app that keeps more steps than the page is named with its count', () => {
  const steps = Steps.fromHello({ model: 'Todos', state: {}, firstStep: 1, limit: 50000 });
  assert.equal(countText(steps), "0 steps · the page keeps the newest 10,000 of the app's 50,000");
});

test('an app that keeps every step, or a file, is not given a count it has not', () => {
  const unlimited = Steps.fromHello({ model: 'Todos', state: {}, firstStep: 1 });
  assert.equal(countText(unlimited), '0 steps');
  const imported = new Steps('Todos', {}, 1);
  assert.equal(countText(imported), '0 steps');
  // Once the page holds as many as it keeps, it says so, still with no count of the app's.
  const full = { ...imported, count: 10000, shownCount: 10000, limit: 10000, appLimit: Infinity };
  assert.equal(countText(full), '10,000 steps · the page keeps the newest 10,000');
});

test('an app that keeps fewer steps than the page says nothing of the page', () => {
  const steps = Steps.fromHello({ model: 'Todos', state: {}, firstStep: 1, limit: 500, dropped: 3 });
  assert.equal(countText(steps), '0 steps, 3 dropped by the app');
});
