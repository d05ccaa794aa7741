import type { Engine, Key, Tab } from "./tab";
import { describeTarget, type Target } from "./target";
import { poll, textMatches } from "./wait";

/**
 * What every engine's {@link Tab} waits for in the same way: each `expect…` and `waitFor` asks
 * the adapter's own primitives (count, text, address, evaluate) again until the page agrees.
 */
export abstract class ExpectingTab implements Tab {
  abstract readonly engine: Engine;
  abstract readonly javaScriptEnabled: boolean;
  abstract readonly baseURL: string;

  abstract goto(path: string): Promise<void>;
  abstract click(target: Target): Promise<void>;
  abstract fill(target: Target, value: string): Promise<void>;
  abstract select(target: Target, option: string | RegExp): Promise<void>;
  abstract upload(target: Target, path: string): Promise<void>;
  abstract press(key: Key): Promise<void>;
  abstract count(target: Target): Promise<number>;
  abstract text(target: Target): Promise<string>;
  abstract url(): Promise<string>;
  abstract evaluate<R, A = undefined>(fn: (arg: A) => R, arg?: A): Promise<R>;
  abstract setViewport(width: number, height: number): Promise<void>;
  abstract screenshot(): Promise<Buffer>;
  abstract inFrame(frame: Target, steps: (frame: Tab) => Promise<void>): Promise<void>;
  abstract openTab(): Promise<Tab>;
  abstract addCookie(name: string, value: string): Promise<void>;

  async expectVisible(target: Target, options: { timeout?: number } = {}) {
    await poll(
      async () => (await this.count(target)) > 0,
      (last) =>
        `not found: ${describeTarget(target)}${last instanceof Error ? ` (${last.message})` : ""}`,
      options.timeout,
    );
  }
  async expectGone(target: Target, options: { timeout?: number } = {}) {
    await poll(
      async () => (await this.count(target)) === 0,
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
    let seen = "";
    await poll(
      async () => {
        seen = await this.url();
        return expected.test(seen);
      },
      () => `address ${seen} is not ${expected}`,
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

  /** Throws unless a field now reads `value` (read back whitespace-squashed, as `readText` does). */
  protected async expectFilled(target: Target, value: string) {
    const now = await this.text(target);
    if (now !== value.replace(/\s+/g, " ").trim()) {
      throw new Error(`${describeTarget(target)} holds "${now}" after typing "${value}"`);
    }
  }
  /**
   * Finds an element and acts on it; again (twice at most) if the page replaced the element in
   * between, as a render after hydration or a revalidation does.
   */
  protected async actOn<E>(find: () => Promise<E>, action: (element: E) => Promise<void>) {
    for (let attempt = 0; ; attempt++) {
      const element = await find();
      try {
        await action(element);
        return;
      } catch (error) {
        if (attempt >= 2 || !/not attached|detached|stale/i.test(String(error))) throw error;
      }
    }
  }
}
