// The toolbar: the connection's status, what the app shows (live or a past step), the notice
// line under it, and which of its buttons the app and the session offer.

export class Toolbar {
  #ui;
  #drawnFrom = null; // what the controls were last drawn from: each frame asks, few change

  /** `ui`: the toolbar's elements and the notice line. */
  constructor(ui) {
    this.#ui = ui;
  }

  /** The connection's state (`data-state`: connecting, connected, disconnected, imported). */
  status(state, text) {
    this.#ui.status.dataset.state = state;
    this.#ui.status.textContent = text;
  }

  /** One sentence for the user (an empty one hides the line); `kind` 'error' marks it. */
  notice(text, kind = 'info') {
    const { notice } = this.#ui;
    Object.assign(notice, { hidden: !text, textContent: text || '' });
    notice.dataset.kind = kind;
  }

  /**
   * The buttons for `attached` (the app hears the page), `steps` (the session shown, or null),
   * `exploring` (the app explores for the page) and `imported` (a file is shown, not an app).
   */
  render({ attached, steps, exploring, imported }) {
    const ui = this.#ui;
    const app = attached && steps && steps.app;
    const key = [attached, app && app.live, app && app.shownStep, Boolean(steps), steps && steps.exportable, exploring, imported].join('|');
    if (key === this.#drawnFrom) return;
    this.#drawnFrom = key;
    // Live does something only while the app shows a past step.
    ui.live.disabled = !attached || !app || app.live;
    ui.appStatus.hidden = !app;
    if (app) {
      ui.appStatus.textContent = app.live ? 'Live' : `App shows step ${(app.shownStep ?? 0).toLocaleString('en-US')} (input paused)`;
      ui.appStatus.dataset.live = String(app.live);
      ui.live.classList.toggle('attention', !app.live);
    }
    const canExport = Boolean(steps) && (!attached || steps.exportable);
    ui.exportLink.classList.toggle('disabled', !canExport);
    ui.exportLink.setAttribute('aria-disabled', String(!canExport));
    ui.exportLink.title = steps && attached && !steps.exportable
      ? "The app's state, intents or side effects are not Codable: it cannot make a recording"
      : 'Download the steps as a recording file';
    // The app makes the test: it knows the model's types. An imported file has no app behind it.
    ui.copyTest.disabled = !(attached && steps && steps.exportable);
    ui.copyTest.title = !attached
      ? 'Only a running app can make a test of its session'
      : 'A Swift Testing test that replays this session against the model';
    ui.explore.disabled = ui.copyTest.disabled || exploring;
    // An imported recording can be checked against the app that served the page, if it runs.
    ui.check.hidden = !imported || !location.host;
    ui.explore.title = !attached
      ? 'Only a running app can explore its session'
      : 'Every order in which the effects could have answered, up to the selected step';
  }
}
