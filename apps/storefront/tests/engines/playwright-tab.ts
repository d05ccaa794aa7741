import type { ElementHandle, Frame, Page } from "@playwright/test";
import type { Engine, Key, Tab } from "./tab";
import { describeTarget, findTarget, readText, type Target, toWire } from "./target";
import { DEFAULT_TIMEOUT, poll, textMatches } from "./wait";

/**
 * A {@link Tab} on a Playwright page or frame: Chromium, and Firefox over WebDriver BiDi.
 *
 * With scripts off (Firefox's `javascript.enabled` preference) Playwright's actionability checks
 * wait for an animation frame that never comes; so the adapter waits for the target itself and
 * acts as the keyboard and mouse do (`force`, select-all and type), which needs none.
 */
export class PlaywrightTab implements Tab {
  constructor(
    readonly engine: Engine,
    readonly javaScriptEnabled: boolean,
    readonly baseURL: string,
    private readonly page: Page,
    private readonly scope: Page | Frame = page,
  ) {}

  private async find(target: Target, timeout = DEFAULT_TIMEOUT): Promise<ElementHandle> {
    const wire = toWire(target);
    return poll(
      async () => {
        const all = await this.scope.evaluateHandle(findTarget, wire);
        const first = await all.evaluateHandle((elements: Element[]) => elements[0] ?? null);
        await all.dispose();
        return first.asElement();
      },
      (last) =>
        `not found: ${describeTarget(target)}${last instanceof Error ? ` (${last.message})` : ""}`,
      timeout,
    );
  }

  async goto(path: string) {
    await this.page.goto(new URL(path, this.baseURL).href);
  }
  async click(target: Target) {
    await this.act(target, (element) => element.click({ force: !this.javaScriptEnabled }));
  }
  async fill(target: Target, value: string) {
    await this.act(target, async (element) => {
      await element.click({ force: !this.javaScriptEnabled });
      await this.page.keyboard.press("ControlOrMeta+A");
      await this.page.keyboard.press("Backspace");
      if (value !== "") await this.page.keyboard.type(value);
    });
    const now = await this.text(target);
    // The text read back is whitespace-squashed (readText): so is a multi-line value here.
    if (now !== value.replace(/\s+/g, " ").trim())
      throw new Error(`${describeTarget(target)} holds "${now}" after typing "${value}"`);
  }
  /**
   * Finds the target and acts on it; once more if the page replaced the element in between (a
   * render after hydration or a revalidation does).
   */
  private async act(target: Target, action: (element: ElementHandle) => Promise<void>) {
    for (let attempt = 0; ; attempt++) {
      const element = await this.find(target);
      try {
        await action(element);
        return;
      } catch (error) {
        if (attempt >= 2 || !/not attached|detached|stale/i.test(String(error))) throw error;
      }
    }
  }
  async select(target: Target, option: string | RegExp) {
    const element = await this.find(target);
    const label = await element.evaluate(
      (select: HTMLSelectElement, wanted) => {
        const match = Array.from(select.options).find((candidate) =>
          wanted.exact !== undefined
            ? candidate.text.trim() === wanted.exact
            : new RegExp(wanted.source, wanted.flags).test(candidate.text),
        );
        return match?.text ?? null;
      },
      typeof option === "string"
        ? { exact: option, source: "", flags: "" }
        : { source: option.source, flags: option.flags },
    );
    if (label === null) throw new Error(`no option ${option} in ${describeTarget(target)}`);
    if (this.javaScriptEnabled) await element.selectOption({ label });
    else {
      // Without scripts nothing listens for the change; the form posts what is selected.
      await element.evaluate((select: HTMLSelectElement, text) => {
        for (const candidate of Array.from(select.options))
          candidate.selected = candidate.text === text;
      }, label);
    }
  }
  async upload(target: Target, path: string) {
    const element = await this.find(target);
    await element.setInputFiles(path);
  }
  async press(key: Key) {
    await this.page.keyboard.press(key === "Space" ? " " : key);
  }
  async expectVisible(target: Target, options: { timeout?: number } = {}) {
    await this.find(target, options.timeout);
  }
  async expectGone(target: Target, options: { timeout?: number } = {}) {
    const wire = toWire(target);
    await poll(
      async () => (await this.scope.evaluate(findTarget, wire)).length === 0,
      () => `still shown: ${describeTarget(target)}`,
      options.timeout,
    );
  }
  async expectText(target: Target, expected: string | RegExp, options: { timeout?: number } = {}) {
    let seen = "";
    await poll(
      async () => {
        seen = await this.text(target);
        return textMatches(seen, expected);
      },
      () => `${describeTarget(target)}: expected ${expected}, saw "${seen}"`,
      options.timeout,
    );
  }
  async expectUrl(expected: RegExp, options: { timeout?: number } = {}) {
    await poll(
      async () => expected.test(this.page.url()),
      () => `address ${this.page.url()} is not ${expected}`,
      options.timeout,
    );
  }
  async waitFor<R, A>(fn: (arg: A) => R, arg?: A, options: { timeout?: number } = {}) {
    return poll(
      () => this.evaluate(fn, arg),
      (last) => `waited for ${fn.toString().slice(0, 80)}: ${String(last)}`,
      options.timeout,
    );
  }
  async count(target: Target) {
    return (await this.scope.evaluate(findTarget, toWire(target))).length;
  }
  async text(target: Target) {
    const element = await this.find(target, 2_000).catch(() => null);
    return element ? element.evaluate(readText) : "";
  }
  async url() {
    return this.page.url();
  }
  async evaluate<R, A>(fn: (arg: A) => R, arg?: A) {
    // Playwright's types unbox handles in the argument; a flow passes plain values only.
    const run = this.scope.evaluate.bind(this.scope) as (fn: (arg: A) => R, arg: A) => Promise<R>;
    return run(fn, arg as A);
  }
  async setViewport(width: number, height: number) {
    await this.page.setViewportSize({ width, height });
  }
  async screenshot() {
    // The whole page measures itself with a script that never runs with scripts off: then the
    // viewport, as WebKit's WebDriver takes it.
    return this.page.screenshot({ fullPage: this.javaScriptEnabled });
  }
  async inFrame(frame: Target, steps: (frame: Tab) => Promise<void>) {
    const element = await this.find(frame);
    const content = await poll(
      async () => element.contentFrame(),
      () => `no frame in ${describeTarget(frame)}`,
    );
    await steps(
      new PlaywrightTab(this.engine, this.javaScriptEnabled, this.baseURL, this.page, content),
    );
  }
  async openTab() {
    const page = await this.page.context().newPage();
    return new PlaywrightTab(this.engine, this.javaScriptEnabled, this.baseURL, page);
  }
  async addCookie(name: string, value: string) {
    await this.page.context().addCookies([{ name, value, url: this.baseURL }]);
  }
}
