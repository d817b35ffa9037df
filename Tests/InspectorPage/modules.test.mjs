// The page's files hold together: every module loads, and the script index.html names imports
// only what the modules export. The browser tests (Tests/Browser) run the page itself; a
// module that does not load there shows only as a page that never connects.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';

const resources = new URL('../../Sources/MVIKitInspector/Resources/', import.meta.url);
const read = (name) => readFileSync(new URL(name, resources), 'utf8');

test('every module loads in Node: each finds the names it imports', async () => {
  const modules = readdirSync(resources).filter((name) => name.endsWith('.mjs'));
  assert.ok(modules.includes('steps.mjs'));
  // None touches the DOM as it loads: only the page's script does, and it is not imported here.
  for (const name of modules) await import(new URL(name, resources));
});

test('index.html loads the script as a module, which finds every name it imports', async () => {
  assert.match(read('index.html'), /<script type="module" src="inspector.js"><\/script>/);
  const source = read('inspector.js');
  const check = spawnSync(process.execPath, ['--input-type=module', '--check'], { input: source, encoding: 'utf8' });
  assert.equal(check.status, 0, check.stderr);
  const imports = [...source.matchAll(/^import \{([^}]*)\} from '(\.\/[^']+\.mjs)';$/gm)];
  assert.ok(imports.length >= 5, 'the script imports the page\'s modules');
  for (const [, names, from] of imports) {
    const exported = await import(new URL(from, resources));
    for (const name of names.split(',').map((n) => n.trim())) assert.ok(name in exported, `${from} exports ${name}`);
  }
});
