// The page's connection to the app, over a stand-in WebSocket: what the app says becomes steps
// when a frame reads it, within the frame's budget, and the page hears the rest.

import assert from 'node:assert/strict';
import { afterEach, beforeEach, test } from 'node:test';

import { AppConnection } from '../../Sources/MVIKitInspector/Resources/socket.mjs';
import { Steps } from '../../Sources/MVIKitInspector/Resources/steps.mjs';

/** A WebSocket the test plays the app's side of. */
class FakeSocket {
  static OPEN = 1;
  static last = null;
  readyState = 0;
  sent = [];
  closed = false;
  constructor(url) {
    this.url = url;
    FakeSocket.last = this;
  }
  send(text) { this.sent.push(JSON.parse(text)); }
  close() { this.closed = true; }
  opens() { this.readyState = FakeSocket.OPEN; this.onopen(); }
  says(message) { this.onmessage({ data: typeof message === 'string' ? message : JSON.stringify(message) }); }
  goes() { this.readyState = 3; this.onclose(); }
}

const realWebSocket = Object.getOwnPropertyDescriptor(globalThis, 'WebSocket');
beforeEach(() => Object.defineProperty(globalThis, 'WebSocket', { value: FakeSocket, configurable: true, writable: true }));
afterEach(() => {
  if (realWebSocket) Object.defineProperty(globalThis, 'WebSocket', realWebSocket);
  else delete globalThis.WebSocket;
});

const hello = { type: 'hello', protocol: 1, model: 'Counter', limit: 10000, firstStep: 1, state: { count: 0 } };
const increments = (from, to) => {
  const events = [];
  for (let step = from; step <= to; step++) {
    events.push({ kind: 'intent', step, origin: 'view', intent: { increment: {} } }, { kind: 'changes', step, changes: [{ path: ['count'], value: step }] });
  }
  return { type: 'events', events };
};

/** A connection whose page records what it hears; `socket` is the app's side. */
function connect() {
  const heard = { statuses: [], notices: [], forks: [], received: 0, closed: 0, sessions: [] };
  const connection = new AppConnection('ws://127.0.0.1:1/ws?token=t', {
    status: (state, text) => heard.statuses.push([state, text]),
    hello: (message) => {
      heard.sessions.push(Steps.fromHello(message));
      return heard.sessions.at(-1);
    },
    fork: (message) => heard.forks.push(message),
    notice: (text, kind) => heard.notices.push([text, kind]),
    received: () => heard.received++,
    closed: () => heard.closed++,
  });
  connection.open();
  const socket = FakeSocket.last;
  socket.opens();
  return { connection, socket, heard };
}

test('what the app says waits for a frame, then becomes steps; nothing counts before the hello', () => {
  const { connection, socket, heard } = connect();
  assert.equal(socket.url, 'ws://127.0.0.1:1/ws?token=t');
  socket.says(increments(1, 1)); // before the hello: no session to read it into
  socket.says(hello);
  socket.says(increments(1, 3));
  socket.says('not JSON');
  assert.equal(heard.received, 3, 'a message that is not JSON is not kept');
  assert.equal(connection.steps, null);
  assert.equal(connection.attached, false);
  assert.equal(connection.read(Infinity), true);
  assert.equal(connection.steps, heard.sessions[0]);
  assert.equal(connection.steps.count, 3);
  assert.deepEqual(connection.steps.tip, { count: 3 });
  assert.deepEqual(heard.statuses.at(-1), ['connected', 'Connected to model Counter']);
  assert.equal(connection.attached, true);
  assert.equal(connection.pending.batches, 2, 'both events messages were read whole');
  assert.equal(connection.waiting, false);
});

test('a frame reads within its budget and leaves the rest, in order, to the next', (t) => {
  const { connection, socket } = connect();
  socket.says(hello);
  socket.says(increments(1, 1000)); // 2,000 events
  let now = 0;
  t.mock.method(performance, 'now', () => now++); // each look at the clock: one more millisecond
  connection.read(2.5); // the hello, then one slice of 250 events
  assert.equal(connection.steps.count, 125);
  assert.equal(connection.waiting, true);
  assert.equal(connection.pending.batches, 0, 'the message is not read whole yet');
  while (connection.waiting) connection.read(1.5);
  assert.equal(connection.steps.count, 1000);
  assert.equal(connection.steps.stateAfter(1000).count, 1000);
  assert.equal(connection.pending.batches, 1);
});

test('status, resync, fork and error messages go where they belong', () => {
  const { connection, socket, heard } = connect();
  socket.says({ ...hello, protocol: 2 });
  socket.says(increments(1, 2));
  socket.says({ type: 'status', live: false, shownStep: 1, dropped: 0 });
  socket.says({ type: 'resync', firstStep: 10, state: { count: 9 }, lagged: 7 });
  socket.says(increments(10, 10));
  socket.says({ type: 'fork', step: 1, intent: { increment: {} }, changes: [], happened: [] });
  socket.says({ type: 'error', message: 'fly is not one of Counter\'s intents' });
  socket.says({ type: 'from-a-newer-app' });
  connection.read(Infinity);
  const { steps } = connection;
  assert.deepEqual(steps.app, { live: false, shownStep: 1 });
  assert.equal(steps.lagged, 7);
  assert.equal(steps.count, 3);
  assert.equal(steps.stateAfter(10).count, 10);
  assert.deepEqual(heard.forks.map((m) => m.step), [1]);
  assert.deepEqual(heard.notices, [
    ['The app speaks protocol 2; this page knows version 1.', 'error'],
    ["fly is not one of Counter's intents", 'error'],
  ]);
});

test('the page sends JSON, and only an attached page is attached', () => {
  const { connection, socket } = connect();
  socket.says(hello);
  connection.read(Infinity);
  connection.send({ type: 'travel', step: 2 });
  assert.deepEqual(socket.sent, [{ type: 'travel', step: 2 }]);
  socket.readyState = 2; // closing
  assert.equal(connection.attached, false);
});

test('the app going is said, and its steps stay', () => {
  const { connection, socket, heard } = connect();
  socket.says(hello);
  socket.says(increments(1, 2));
  connection.read(Infinity);
  socket.goes();
  assert.deepEqual(heard.statuses.at(-1), ['disconnected', 'App disconnected: the steps stay here to browse and export']);
  assert.equal(heard.closed, 1);
  assert.equal(connection.attached, false);
  assert.equal(connection.steps.count, 2);

  const never = connect();
  never.socket.goes();
  assert.deepEqual(never.heard.statuses.at(-1), ['disconnected', 'Could not connect to the app']);
});

test('leaving for an import drops what was not read and closes without a word', () => {
  const { connection, socket, heard } = connect();
  socket.says(hello);
  socket.says(increments(1, 2));
  assert.equal(connection.leave(), true);
  assert.equal(socket.closed, true);
  assert.equal(connection.waiting, false);
  socket.says(increments(3, 3));
  socket.goes();
  assert.equal(connection.read(Infinity), false);
  assert.equal(connection.steps, null, 'the hello was not read either');
  assert.equal(heard.received, 2);
  assert.equal(heard.closed, 0);
  assert.equal(connection.leave(), false, 'nothing more to leave');
});
