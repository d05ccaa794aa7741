import type { ElementHandle, Frame, Page } from "@playwright/test";
import { ExpectingTab } from "./expecting-tab";
import type { Engine, Key, Tab } from "./tab";
import { describeTarget, findTarget, readText, type Target, toWire } from "./target";
import { DEFAULT_TIMEOUT, poll } from "./wait";

/**
 * A {@link Tab} on a Playwright page or frame: Chromium, and Firefox over WebDriver BiDi.
 *
 * With scripts off (Firefox's `javascript.enabled` preference) Playwright's actionability checks
 * wait for an animation frame that never comes; so the adapter waits for the target itself and
 * clicks with `force`, which needs none. A field is filled as one input in either case (`fill`).
 */
export class PlaywrightTab extends ExpectingTab {
  constructor(
    readonly engine: Engine,
    readonly javaScriptEnabled: boolean,
    readonly baseURL: string,
    private readonly page: Page,
    private readonly scope: Page | Frame = page,
  ) {
    super();
  }

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
    const url = new URL(path, this.baseURL).href;
    // With scripts, the document is enough: a flow waits for hydration where it needs it, and
    // the load of every image took half a second more a page. Without, the load event.
    const options = { waitUntil: this.javaScriptEnabled ? "domcontentloaded" : "load" } as const;
    try {
      await this.page.goto(url, options);
    } catch (error) {
      // The answer of the step before (a form post's redirect, say) was still on its way and
      // overtook this navigation: the flow asked for this page, so ask again.
      if (!/interrupted by another navigation/.test(String(error))) throw error;
      await this.page.goto(url, options);
    }
  }
  async click(target: Target) {
    await this.act(target, (element) => element.click({ force: !this.javaScriptEnabled }));
  }
  async fill(target: Target, value: string) {
    // Focus and put the text in as one input (as a paste or an input method does). The value goes
    // in through the element's own setter: Playwright's insertText over BiDi sets `value` on the
    // element itself, which React's change tracking takes for its own write and ignores (a
    // controlled field never hears it). Typing key by key costs a protocol round trip per key,
    // and a click its actionability checks: seconds per form.
    await this.act(target, (element) =>
      element.evaluate((field: HTMLInputElement | HTMLTextAreaElement, text: string) => {
        field.focus();
        Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set?.call(
          field,
          text,
        );
        field.dispatchEvent(
          new InputEvent("input", { bubbles: true, inputType: "insertText", data: text }),
        );
        field.dispatchEvent(new Event("change", { bubbles: true }));
      }, value),
    );
    await this.expectFilled(target, value);
  }
  private act(target: Target, action: (element: ElementHandle) => Promise<void>) {
    return this.actOn(() => this.find(target), action);
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
