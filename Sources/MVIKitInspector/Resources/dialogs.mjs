// The test dialog and the two toolbar buttons that open it. Copy as test: the app writes a Swift
// Testing test from the kept steps; the page shows it and copies it. Explore orders: the app runs
// the schedule explorer on the kept steps up to the selected one, each effect sending what it
// sent, and says whether another order ends otherwise, with a test that explores the same.

/** The JSON the app answered `what` with, or null after `notice` said what went wrong. */
export async function answerOf(response, what, notice) {
  const text = await response.text();
  if (!response.ok) return notice(text.trim(), 'error'), null;
  try {
    return JSON.parse(text);
  } catch {
    return notice(`The app answered ${what} with something that is not JSON.`, 'error'), null;
  }
}

export class TestDialog {
  #ui;
  #page;
  /** Whether the app is exploring for the page: Explore orders waits meanwhile. */
  exploring = false;

  /** `ui`: the dialog's elements and the two buttons. `page`: `steps` (the session shown),
   *  `tokenQuery` (`?token=…`, or '' when the cookie carries it), `notice(text, kind)` and
   *  `renderControls()`. */
  constructor(ui, page) {
    this.#ui = ui;
    this.#page = page;
    ui.copyTest.addEventListener('click', () => this.#copyAsTest());
    ui.explore.addEventListener('click', () => this.#exploreOrders());
    ui.testCopy.addEventListener('click', () => this.#copySource());
    ui.testClose.addEventListener('click', () => ui.testDialog.close());
  }

  async #copyAsTest() {
    const { copyTest } = this.#ui;
    const { tokenQuery, notice } = this.#page;
    if (copyTest.disabled) return;
    let response;
    try {
      response = await fetch('/test' + (tokenQuery ? tokenQuery + '&' : '?') + 'name=recordedSession');
    } catch (error) {
      return notice(`The app could not be asked for a test: ${error.message}`, 'error');
    }
    const text = await response.text();
    if (!response.ok) return notice(text.trim(), 'error');
    this.#show('Test made from this session', null, text);
    this.#copySource();
  }

  async #exploreOrders() {
    const ui = this.#ui;
    const page = this.#page;
    if (ui.explore.disabled) return;
    const selected = page.steps && page.steps.selected;
    const step = selected && !selected.gone && selected.type === 'step' ? selected.step : null;
    this.exploring = true;
    page.renderControls();
    page.notice(step === null ? 'Exploring the session…' : `Exploring up to step ${step.toLocaleString('en-US')}…`);
    let response;
    try {
      const query = (page.tokenQuery ? page.tokenQuery + '&' : '?') + (step === null ? '' : `step=${step}&`) + 'name=everyOrderEndsAsRecorded';
      response = await fetch('/explore' + query);
    } catch (error) {
      return page.notice(`The app could not be asked to explore: ${error.message}`, 'error');
    } finally {
      this.exploring = false;
      page.renderControls();
    }
    const result = await answerOf(response, 'the exploration', page.notice);
    if (!result) return;
    const where = step === null ? 'the session' : `steps 1–${step.toLocaleString('en-US')}`;
    page.notice('');
    this.#show(result.found ? `Another order of ${where} ends otherwise` : `Every order of ${where} ends as you saw`,
      String(result.summary || ''), String(result.test || ''));
    ui.testDialog.dataset.found = String(Boolean(result.found));
    ui.testDialog.dataset.schedule = result.schedule || '';
  }

  /** Shows `source` in the dialog under `title`, with `summary` above it when given. */
  #show(title, summary, source) {
    const ui = this.#ui;
    ui.testTitle.textContent = title;
    ui.testSummary.hidden = !summary;
    ui.testSummary.textContent = summary || '';
    ui.testHint.hidden = Boolean(summary);
    ui.testSource.textContent = source;
    if (!ui.testDialog.open) ui.testDialog.showModal();
  }

  async #copySource() {
    const { testSource } = this.#ui;
    const { notice } = this.#page;
    const lines = testSource.textContent.split('\n').length - 1;
    try {
      await navigator.clipboard.writeText(testSource.textContent);
      notice(`Copied the test (${lines} lines) to the clipboard.`);
    } catch {
      // A page the browser does not let write the clipboard: the text is selected instead.
      const range = document.createRange();
      range.selectNodeContents(testSource);
      getSelection().removeAllRanges();
      getSelection().addRange(range);
      notice(`The browser did not let the page copy: the test (${lines} lines) is selected, copy it with the keyboard.`);
    }
  }
}
