// The page's reading of the values the app encodes: applying a step's changes, the labels of
// Swift enums, and the search inside a state.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { SECRET, applyChanges, caseLabel, findMembers, fullCaseLabel, pathText, short } from '../../Sources/MVIKitInspector/Resources/values.mjs';

test('changes set, append, remove and replace the whole state', () => {
  const state = { rows: [{ title: 'a' }, { title: 'b' }, { title: 'c' }], draft: 'x', mode: { idle: {} } };
  const olds = [];
  const after = applyChanges(state, [
    { path: ['rows', 0, 'title'], value: 'milk' }, { path: ['rows', 3], value: { title: 'd' } },
    { path: ['rows', 2], removed: true }, { path: ['rows', 1], removed: true },
    { path: ['draft'], removed: true }, { path: ['mode'], value: { loading: { _0: 3 } } },
  ], (change, old) => olds.push(old));
  assert.deepEqual(after, { rows: [{ title: 'milk' }, { title: 'd' }], mode: { loading: { _0: 3 } } });
  assert.deepEqual(olds, ['a', undefined, { title: 'c' }, { title: 'b' }, 'x', { idle: {} }]);
  assert.deepEqual(applyChanges({ a: 1 }, [{ path: [], value: [1] }]), [1]);
  assert.throws(() => applyChanges({ a: 1 }, [{ path: ['a', 'b'], value: 2 }]), /the change at a\.b does not apply/);
  assert.throws(() => applyChanges({ rows: [] }, [{ path: ['rows', 5], value: 1 }]), /rows\[5\]/, 'no holes in an array');
});

test('a value applied is a copy: a later change does not reach into the event it came from', () => {
  const event = { path: ['item'], value: { tags: ['a'] } };
  const state = applyChanges({}, [event]);
  applyChanges(state, [{ path: ['item', 'tags', 1], value: 'b' }]);
  assert.deepEqual(event.value, { tags: ['a'] });
});

test('a key named __proto__ is a key, not the prototype', () => {
  const state = applyChanges({}, [{ path: ['__proto__'], value: { polluted: true } }]);
  assert.equal(Object.keys(state).includes('__proto__'), true);
  assert.equal({}.polluted, undefined);
  assert.equal(state.polluted, undefined);
});

test('enum labels: the action, in the case it happened in; the whole nesting in full', () => {
  assert.equal(caseLabel({ screen: { _0: { todos: { _0: { addTapped: {} } } } } }), 'todos › addTapped');
  assert.equal(caseLabel({ draftChanged: { _0: 'milk' } }), 'draftChanged("milk")');
  assert.equal(caseLabel({ set: { name: 'x', count: 2 } }), 'set(name: "x", count: 2)');
  assert.equal(caseLabel({ password: { _0: SECRET } }), 'password(••••)');
  assert.equal(caseLabel({ screen: { _0: { id: 0, value: { todos: { _0: { row: { _0: { id: 7, value: { toggleTapped: {} } } } } } } } } }), 'row[7] › toggleTapped');
  assert.equal(fullCaseLabel({ screen: { _0: { id: 0, value: { todos: { _0: { draftChanged: { _0: 'milk' } } } } } } }), 'screen[0] › todos › draftChanged("milk")');
  assert.equal(short(Array.from({ length: 30 }, (_, i) => i)), '30 items');
  assert.equal(pathText(['items', 2, 'title']), 'items[2].title');
  assert.equal(pathText([]), '(whole value)');
});

test('the search finds members by path and by value, never inside a secret', () => {
  const state = { items: [{ name: 'milk' }, { name: 'bread' }], count: 2, password: SECRET };
  assert.deepEqual(findMembers(state, 'bread', 50), { hits: [{ path: 'items[1].name', value: 'bread' }], more: 0 });
  assert.deepEqual(findMembers(state, 'count', 50).hits.map((h) => h.path), ['count']);
  assert.deepEqual(findMembers(state, 'secret', 50).hits, []);
  assert.deepEqual(findMembers(state, 'name', 1), { hits: [{ path: 'items[0].name', value: 'milk' }], more: 1 });
});
