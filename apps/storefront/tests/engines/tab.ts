import type { Target } from "./target";

/** The engines a flow runs in: Chromium and Firefox by Playwright, WebKit by WebDriver (ADR 0052). */
export type Engine = "chromium" | "firefox" | "webkit";

/** Keys a flow presses, by their WebDriver and Playwright names alike. */
export type Key = "Tab" | "Shift+Tab" | "Enter" | "Escape" | "ArrowDown" | "ArrowUp" | "Space";

/**
 * One browser tab, as a cross-engine flow drives it. Every engine's adapter gives the same
 * meaning to each call: targets are found by one finder in the page (`target.ts`), every
 * `expect…` waits (up to `timeout`, 10 s by default) for the page to agree, and every action first
 * waits for its target to be shown.
 *
 * Deliberately small: what a shopper does (go, click, type, choose, press a key) and what they
 * see (text, the address, the layout). A flow that needs more belongs in the Chromium suite.
 */
export interface Tab {
  readonly engine: Engine;
  readonly javaScriptEnabled: boolean;
  /** The shop's own address (`/sv-se/…` is resolved against it). */
  readonly baseURL: string;
  goto(path: string): Promise<void>;
  click(target: Target): Promise<void>;
  /** Replaces a field's value, as a person selecting the text and typing does. */
  fill(target: Target, value: string): Promise<void>;
  /** Chooses an `<option>` of a `<select>` by its text. */
  select(target: Target, option: string | RegExp): Promise<void>;
  /** Gives a file input a file from disk. */
  upload(target: Target, path: string): Promise<void>;
  press(key: Key): Promise<void>;
  expectVisible(target: Target, options?: { timeout?: number }): Promise<void>;
  expectGone(target: Target, options?: { timeout?: number }): Promise<void>;
  /** Waits until the target's text matches (a string: contains it). */
  expectText(
    target: Target,
    expected: string | RegExp,
    options?: { timeout?: number },
  ): Promise<void>;
  expectUrl(expected: RegExp, options?: { timeout?: number }): Promise<void>;
  /** Waits until `fn` answers something other than false, null or undefined; answers it. */
  waitFor<R, A = undefined>(fn: (arg: A) => R, arg?: A, options?: { timeout?: number }): Promise<R>;
  count(target: Target): Promise<number>;
  text(target: Target): Promise<string>;
  url(): Promise<string>;
  /** Runs `fn` in the page (serialised: it sees only its argument). */
  evaluate<R, A = undefined>(fn: (arg: A) => R, arg?: A): Promise<R>;
  /** Sets the size of the page's viewport in CSS pixels. */
  setViewport(width: number, height: number): Promise<void>;
  /** A PNG of the whole page. */
  screenshot(): Promise<Buffer>;
  /** Runs `steps` inside the iframe `frame` names, then comes back to the page. */
  inFrame(frame: Target, steps: (frame: Tab) => Promise<void>): Promise<void>;
  /** A second tab of the same browser (same cookies and storage). */
  openTab(): Promise<Tab>;
  /** Adds a cookie for the shop's origin. */
  addCookie(name: string, value: string): Promise<void>;
}
