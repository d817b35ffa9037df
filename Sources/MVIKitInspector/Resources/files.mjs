// Recording files: Export downloads the session, Import… shows a file in place of the app, and
// Check against the app replays an imported file with the app's reducer today.

import { answerOf } from './dialogs.mjs';
import { parseRecording, recordingText } from './recording.mjs';
import { Steps } from './steps.mjs';
import { plural } from './values.mjs';

export class Files {
  #ui;
  #page;
  #exportUrl = null;
  /** The imported file, `{name, text}`; null while the page follows an app. */
  imported = null;

  /**
   * `ui`: the Export link, the Import… input and the Check button. `page`: `steps` (the session
   * shown), `filters` (what a new session starts with), `connection` (the app's), `tokenQuery`,
   * `show(steps)` (another session), `select(item, options)`, `status(state, text)` and
   * `notice(text, kind)`.
   */
  constructor(ui, page) {
    this.#ui = ui;
    this.#page = page;
    ui.exportLink.addEventListener('click', (event) => this.#export(event));
    ui.check.addEventListener('click', () => this.#check());
    ui.importInput.addEventListener('change', () => this.#import());
  }

  // The link's target is set on click: the app's recording while it is attached; else the
  // imported file as it was, or a recording made from the steps the page kept.
  #export(event) {
    const { exportLink } = this.#ui;
    const page = this.#page;
    if (exportLink.classList.contains('disabled')) return event.preventDefault();
    if (this.#exportUrl) URL.revokeObjectURL(this.#exportUrl);
    this.#exportUrl = null;
    if (page.connection.attached) {
      exportLink.href = '/export' + page.tokenQuery;
      exportLink.download = ''; // the server's name for it
      return;
    }
    const { imported } = this;
    this.#exportUrl = URL.createObjectURL(new Blob([imported ? imported.text : recordingText(page.steps)], { type: 'application/x-ndjson' }));
    exportLink.href = this.#exportUrl;
    exportLink.download = imported ? imported.name : `${page.steps.model}.jsonl`;
  }

  // The imported recording replayed with the app's reducer today; the first step whose state
  // differs is selected and said.
  async #check() {
    const { check } = this.#ui;
    const page = this.#page;
    if (!this.imported || !location.host) return;
    let response;
    try {
      response = await fetch('/check' + page.tokenQuery, { method: 'POST', body: this.imported.text, headers: { 'Content-Type': 'application/x-ndjson' } });
    } catch (error) {
      return page.notice(`The app could not be reached to check the recording: ${error.message}`, 'error');
    }
    const result = await answerOf(response, 'the check', page.notice);
    if (!result) return;
    check.dataset.result = result.problem ? 'problem' : result.matches ? 'matches' : 'differs';
    if (result.problem) return page.notice(String(result.problem), 'error');
    if (result.matches) return page.notice(`Today's app reaches every recorded state: all ${plural(result.stepCount, 'step')} match.`);
    const step = Number(result.step);
    const { steps } = page;
    const record = step === 0 ? steps.baseRecord : steps.byStep.get(step);
    if (record) page.select(record, { travel: false });
    page.notice(`Today's app differs from the recording at step ${step.toLocaleString('en-US')}: ${(result.differences || []).join('; ')}`, 'error');
  }

  async #import() {
    const { importInput } = this.#ui;
    const page = this.#page;
    const file = importInput.files[0];
    if (!file) return;
    const text = await file.text();
    importInput.value = ''; // so that choosing the same file again reads it again
    let recording;
    try {
      recording = parseRecording(text);
    } catch (error) {
      return page.notice(`${file.name} is not a recording: ${error.message}.`, 'error');
    }
    const notes = [];
    if (page.connection.leave()) notes.push('disconnected from the app');
    if (recording.torn) notes.push('its torn last line was skipped');
    this.imported = { name: file.name, text };
    const steps = new Steps(recording.header.model, recording.header.state, recording.firstStep, Infinity, page.filters);
    page.show(steps);
    steps.ingest(recording.events);
    steps.settle();
    page.status('imported', `Imported ${file.name} (model ${steps.model}), no app attached`);
    page.notice(notes.length ? `Imported ${file.name}: ${notes.join('; ')}.` : '');
    page.select(steps.baseRecord, { travel: false });
  }
}
