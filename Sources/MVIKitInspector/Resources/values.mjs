// Values as the app encodes them (JSON from Swift's JSONEncoder): copying them, applying a step's
// changes, and the short texts the page names them by. No DOM: Node's tests import it.

/** What the app sends in place of a `Secret`'s value. */
export const SECRET = 'Secret(••••)';

export const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
export const has = (object, key) => Object.prototype.hasOwnProperty.call(object, key);

/** A deep copy of a JSON value: far faster than structuredClone for the many small ones. */
export function clone(v) {
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
export function pathText(path) {
  let text = '';
  for (const key of path) text += typeof key === 'number' ? `[${key}]` : text ? '.' + key : key;
  return text || '(whole value)';
}

/** A member's path text one key further in: `items` → `items[0]` → `items[0].name`. */
export const childPath = (path, key) => (typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key);

/**
 * Applies a step's `changes` to `state` in place and returns the new root (a change at the
 * empty path replaces it). A path holds object keys (strings) and array indexes (numbers); a
 * value at an index equal to the array's length appends; `removed` on an index removes that
 * element, on a key deletes the key. `onOld(change, oldValue)` sees each member before it
 * changes. Values are copied in, so later changes never reach into the events they came from.
 */
export function applyChanges(state, changes, onOld) {
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

/** The member at `path` (keys and indexes), or undefined when there is none. */
export const valueAt = (value, path) => path.reduce((v, key) => (v === undefined ? v : child(v, key)), value);

/**
 * A Swift enum case as JSONEncoder writes it: `{"case":{}}`, `{"case":{"_0":…}}` or
 * `{"case":{"label":…}}`. A struct with one struct member looks the same in JSON, so this
 * reading is for intents and side effects, which are enums; the state tree uses `stateCase`.
 */
export function enumCase(v) {
  if (!isObject(v)) return null;
  const keys = Object.keys(v);
  return keys.length === 1 && isObject(v[keys[0]]) ? { name: keys[0], payload: v[keys[0]] } : null;
}

/** A case the state tree shows as a case: no payload, or only unlabeled ones (`_0`, `_1`…). */
export function stateCase(v) {
  const c = enumCase(v);
  return c && Object.keys(c.payload).every((k) => /^_\d+$/.test(k)) ? c : null;
}

export const cut = (text, room) => (text.length > room ? text.slice(0, room - 1) + '…' : text);
export const plural = (n, word) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

/** A value in a few characters: `"milk"`, `{name: "a", done: false}`, `loading("x")`. */
export function short(v, room = 40) {
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
export function caseLabel(v) {
  const path = casePath(v);
  return path.slice(-2).join(' › ');
}

/** The whole nesting of an intent or side effect: `screen[0] › todos › addTapped`. */
export const fullCaseLabel = (v) => casePath(v).join(' › ');

/**
 * The members of `state` whose path or (leaf) value holds `query` (lower case), outermost
 * first: the first `limit` as `{path, value}`, and how many more there are. A secret's
 * placeholder is no match: the text the user typed is not in it.
 */
export function findMembers(state, query, limit) {
  const hits = [];
  let more = 0;
  (function walk(value, path) {
    const isLeaf = value === null || typeof value !== 'object';
    const byPath = path !== '' && path.toLowerCase().includes(query);
    const byValue = isLeaf && value !== SECRET && String(value).toLowerCase().includes(query);
    if (byPath || byValue) {
      if (hits.length < limit) hits.push({ path, value });
      else more++;
    }
    if (isLeaf) return;
    for (const [key, inner] of Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value)) {
      walk(inner, childPath(path, key));
    }
  })(state, '');
  return { hits, more };
}

/** Whether a change at the path text `changed` changes the member at `path`: the same member,
 *  one inside it, or one that holds it (a parent replaced whole). */
export function touches(changed, path) {
  if (changed === '(whole value)' || changed === path) return true;
  const inside = (inner, outer) => inner.startsWith(outer + '.') || inner.startsWith(outer + '[');
  return inside(changed, path) || inside(path, changed);
}
