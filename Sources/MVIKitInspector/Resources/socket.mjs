// The page's connection to the running app: the WebSocket of InspectorProtocol.md, and the
// messages it brought, waiting to be read into the steps model a frame at a time. No
// reconnection: when the app goes, its steps stay to browse and export. No DOM.

import { isObject } from './values.mjs';

const EVENTS_PER_SLICE = 250; // events read between two looks at the clock

export class AppConnection {
  #url;
  #page;
  #ws = null;
  #helloSeen = false;
  // Messages wait here, parsed, for the next frame, which reads events for a budget of time and
  // leaves the rest, in order, to the frames after: neither a burst nor a cold start (before the
  // JIT has compiled the reading code) holds a frame up.
  #inbox = [];
  #next = 0; // the next event to read in #inbox[0], when it is an `events` message

  /** The live session's steps, from the app's `hello` on; null before it. */
  steps = null;
  /** What the messages read since the page last looked cost, for its frame timings: `events`
   *  messages read whole, the longest parse, and the arrival of the oldest of them. */
  pending = { batches: 0, parseMs: 0, since: Infinity };

  /**
   * `url`: the WebSocket's address. `page` hears what the app says:
   * - `status(state, text)`: the connection's state, and a sentence for the user;
   * - `hello(message)`: a session starts; returns the `Steps` its events are read into;
   * - `fork(message)`: the app's answer to a try; `notice(text, kind)`: something to say;
   * - `received()`: a message waits to be read; `closed()`: the app is gone.
   */
  constructor(url, page) {
    this.#url = url;
    this.#page = page;
  }

  /** Whether the app hears the page: connected, and its hello read. */
  get attached() {
    return this.#ws !== null && this.#ws.readyState === WebSocket.OPEN && this.#helloSeen;
  }

  open() {
    const ws = new WebSocket(this.#url);
    this.#ws = ws;
    this.#page.status('connecting', 'Connecting…');
    ws.onopen = () => this.#page.status('connecting', 'Connected, waiting for the app…');
    ws.onmessage = (message) => ws === this.#ws && this.#receive(message.data);
    ws.onclose = () => {
      if (ws !== this.#ws) return; // left for an import, which said so
      this.#ws = null;
      this.#page.status('disconnected', this.#helloSeen ? 'App disconnected: the steps stay here to browse and export' : 'Could not connect to the app');
      this.#page.closed();
    };
  }

  /** Sends one message of the protocol; only while `attached`. */
  send(message) {
    this.#ws.send(JSON.stringify(message));
  }

  /** Stops hearing the app, for a file the user imports: what it sent and the page has not
   *  read goes, and its socket closes without a word. True when a socket was open. */
  leave() {
    this.#inbox.length = this.#next = 0;
    const ws = this.#ws;
    if (!ws) return false;
    this.#ws = null; // its close event is no news now
    ws.close();
    return true;
  }

  /** Whether messages wait to be read. */
  get waiting() {
    return this.#inbox.length > 0;
  }

  #receive(text) {
    const start = performance.now();
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (!isObject(message)) return;
    message.receivedAt = start;
    this.#inbox.push(message);
    this.pending.parseMs = Math.max(this.pending.parseMs, performance.now() - start); // reported with the next frame
    this.#page.received();
  }

  /** Reads what waits for at most `budgetMs` into the steps, and ends the batch; true when it
   *  read events. */
  read(budgetMs) {
    const start = performance.now();
    let read = false;
    while (this.#inbox.length && performance.now() - start < budgetMs) {
      const message = this.#inbox[0];
      if (message.type !== 'events' || !Array.isArray(message.events)) {
        this.#inbox.shift();
        this.#handle(message); // a resync settles what came before it first
        continue;
      }
      const end = Math.min(message.events.length, this.#next + EVENTS_PER_SLICE);
      if (this.steps) this.steps.ingest(message.events, this.#next, end);
      read = true;
      this.#next = end;
      if (end < message.events.length) continue;
      this.#inbox.shift();
      this.#next = 0;
      this.pending.batches++;
      this.pending.since = Math.min(this.pending.since, message.receivedAt);
    }
    if (read && this.steps) this.steps.settle();
    return read;
  }

  #handle(message) {
    const page = this.#page;
    if (message.type === 'hello') {
      this.#helloSeen = true;
      this.steps = page.hello(message);
      page.status('connected', `Connected to model ${this.steps.model}`);
      if (message.protocol !== 1) page.notice(`The app speaks protocol ${message.protocol}; this page knows version 1.`, 'error');
    } else if (!this.steps) {
      // Nothing before the hello.
    } else if (message.type === 'status') {
      this.steps.appStatus(message);
    } else if (message.type === 'fork') {
      page.fork(message);
    } else if (message.type === 'resync') {
      this.steps.resync(message);
    } else if (message.type === 'error' && message.message) {
      page.notice(String(message.message), 'error');
    } // Other types are a newer app's: not for this page.
  }
}
