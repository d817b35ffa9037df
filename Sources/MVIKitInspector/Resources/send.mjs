// Send an intent to the app, or try one in place of the selected step's: the app decodes it (or
// says why it cannot) and, for a try, answers what it would have changed, which shows as two
// branches. The panel under the detail's title.

import { el, valueView } from './tree.mjs';
import { pathText, short } from './values.mjs';

export class SendPanel {
  #ui;
  #page;

  /** `ui`: the panel's elements. `page`: `steps` (the session shown), `connection` (the app's)
   *  and `notice(text, kind)`. */
  constructor(ui, page) {
    this.#ui = ui;
    this.#page = page;
    // The intents seen are listed as the panel opens: the steps go on arriving meanwhile.
    ui.sendPanel.addEventListener('toggle', () => {
      if (!ui.sendPanel.open) return;
      const options = [el('option', null, 'Intents seen…')];
      options[0].value = '';
      for (const [label, intent] of page.steps ? page.steps.seenIntents() : []) {
        const option = el('option', null, label);
        option.value = JSON.stringify(intent);
        options.push(option);
      }
      ui.sendCase.replaceChildren(...options);
      this.render();
    });
    ui.sendCase.addEventListener('change', () => {
      if (ui.sendCase.value) ui.sendJSON.value = ui.sendCase.value;
    });
    ui.sendUseStep.addEventListener('click', () => {
      const selected = this.#selected();
      if (selected && selected.intent !== undefined) ui.sendJSON.value = JSON.stringify(selected.intent);
    });
    ui.sendButton.addEventListener('click', () => {
      const intent = this.#typedIntent();
      if (intent === null || !page.connection.attached) return;
      page.connection.send({ type: 'send', intent });
      page.notice('Sent to the app: its step shows on the timeline once it is reduced.');
    });
    ui.forkButton.addEventListener('click', () => {
      const intent = this.#typedIntent();
      const selected = this.#selected();
      if (intent === null || !page.connection.attached || !selected || selected.type !== 'step') return;
      ui.forkResult.hidden = true;
      page.connection.send({ type: 'fork', step: selected.step, intent });
    });
  }

  /** Which buttons the app and the selection allow. */
  render() {
    const ui = this.#ui;
    const attached = this.#page.connection.attached;
    const selected = this.#selected();
    ui.sendButton.disabled = !attached;
    ui.forkButton.disabled = !attached || !selected || selected.gone || selected.type !== 'step';
    ui.sendUseStep.disabled = !selected || selected.gone || selected.intent === undefined;
    ui.forkButton.textContent = selected && selected.type === 'step'
      ? `Try instead of step ${selected.step.toLocaleString('en-US')}` : 'Try instead of this step';
  }

  /** The app's answer to a try: what the step did, and what the other intent would have done. */
  showFork(message) {
    const list = (changes) => {
      const box = el('div', 'branch-changes mono');
      if (!Array.isArray(changes) || !changes.length) box.append(el('div', 'quiet', 'No change.'));
      for (const change of changes || []) {
        const row = el('div', 'change');
        row.dataset.path = pathText(change.path || []);
        row.append(el('span', 'path', row.dataset.path));
        row.append(change.removed === true ? el('span', 'tag removed', 'removed') : valueView(change.value, 'new'));
        box.append(row);
      }
      return box;
    };
    const step = Number(message.step).toLocaleString('en-US');
    const happened = el('div', 'branch');
    happened.dataset.branch = 'happened';
    happened.append(el('h4', null, `What step ${step} did`), list(message.happened));
    const instead = el('div', 'branch');
    instead.dataset.branch = 'instead';
    instead.append(el('h4', null, `With ${short(message.intent, 60)} instead`), list(message.changes));
    this.#ui.forkResult.replaceChildren(happened, instead);
    this.#ui.forkResult.hidden = false;
    this.#page.notice('');
  }

  #selected() {
    return this.#page.steps ? this.#page.steps.selected : null;
  }

  /** The intent in the box, or null after saying what is wrong with it. */
  #typedIntent() {
    const text = this.#ui.sendJSON.value.trim();
    if (!text) return this.#page.notice('Write the intent as JSON first, or pick one seen.', 'error'), null;
    try {
      return JSON.parse(text);
    } catch (error) {
      return this.#page.notice(`The intent is not JSON: ${error.message}`, 'error'), null;
    }
  }
}
