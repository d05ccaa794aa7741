import { Origin, type WebDriver, Key as WebDriverKey, type WebElement } from "selenium-webdriver";
import { ExpectingTab } from "./expecting-tab";
import type { Key, Tab } from "./tab";
import { describeTarget, findTarget, readText, type Target, toWire } from "./target";
import { DEFAULT_TIMEOUT, poll } from "./wait";

const KEYS: Record<Key, string[]> = {
  Tab: [WebDriverKey.TAB],
  "Shift+Tab": [WebDriverKey.SHIFT, WebDriverKey.TAB],
  Enter: [WebDriverKey.ENTER],
  Escape: [WebDriverKey.ESCAPE],
  ArrowDown: [WebDriverKey.ARROW_DOWN],
  ArrowUp: [WebDriverKey.ARROW_UP],
  Space: [WebDriverKey.SPACE],
};

/** The finder as WebDriver's Execute Script runs it: a function body over `arguments`. */
const FIND = `return (${findTarget.toString()})(arguments[0]);`;
const READ = `return (${readText.toString()})(arguments[0]);`;

/**
 * A {@link Tab} on a W3C WebDriver session: WebKit (WebKitGTK's MiniBrowser through
 * WebKitWebDriver). Every call first makes its own window (and frame) the current one, so two
 * tabs of one session can take turns.
 */
export class WebDriverTab extends ExpectingTab {
  readonly engine = "webkit" as const;

  constructor(
    readonly javaScriptEnabled: boolean,
    readonly baseURL: string,
    private readonly driver: WebDriver,
    private readonly window: string,
    /** The iframes from the page to this tab's frame, outermost first. */
    private readonly frames: Target[] = [],
  ) {
    super();
  }

  /** Makes this tab's window and frame the session's current browsing context. */
  private async focus() {
    if ((await this.driver.getWindowHandle()) !== this.window) {
      await this.driver.switchTo().window(this.window);
    }
    await this.driver.switchTo().defaultContent();
    for (const frame of this.frames) {
      const [element] = (await this.driver.executeScript(FIND, toWire(frame))) as WebElement[];
      if (!element) throw new Error(`frame gone: ${describeTarget(frame)}`);
      await this.driver.switchTo().frame(element);
    }
  }

  private async find(target: Target, timeout = DEFAULT_TIMEOUT): Promise<WebElement> {
    return poll(
      async () => {
        await this.focus();
        const [element] = (await this.driver.executeScript(FIND, toWire(target))) as WebElement[];
        return element ?? null;
      },
      (last) =>
        `not found: ${describeTarget(target)}${last instanceof Error ? ` (${last.message})` : ""}`,
      timeout,
    );
  }

  async goto(path: string) {
    await this.focus();
    await this.driver.get(new URL(path, this.baseURL).href);
  }
  async click(target: Target) {
    await this.act(target, async (element) => {
      await this.driver.executeScript("arguments[0].scrollIntoView({block: 'center'})", element);
      if (this.frames.length === 0) await element.click();
      else await this.clickInFrame(element);
    });
  }
  /**
   * WebKitWebDriver's Element Click misses in an iframe once the page around it is scrolled (it
   * lands beside the frame). So a click in a frame is the mouse's own: to the element's centre,
   * measured through each frame up to the page, and pressed there.
   */
  private async clickInFrame(element: WebElement) {
    let [x, y] = (await this.driver.executeScript(
      "const r = arguments[0].getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2];",
      element,
    )) as [number, number];
    for (let depth = this.frames.length; depth > 0; depth--) {
      await this.driver.switchTo().parentFrame();
      const frame = this.frames[depth - 1] as Target;
      const [left, top] = (await this.driver.executeScript(
        `const [f] = (${findTarget.toString()})(arguments[0]); const r = f.getBoundingClientRect(); return [r.left + f.clientLeft, r.top + f.clientTop];`,
        toWire(frame),
      )) as [number, number];
      x += left;
      y += top;
    }
    // The page scrolls the point to its middle (a cross-origin frame's scrollIntoView may not).
    const scrolled = (await this.driver.executeScript(
      "const before = scrollY; scrollBy(0, arguments[0] - innerHeight / 2); return scrollY - before;",
      y,
    )) as number;
    y -= scrolled;
    await this.driver
      .actions()
      .move({ x: Math.round(x), y: Math.round(y), origin: Origin.VIEWPORT })
      .click()
      .perform();
  }
  async fill(target: Target, value: string) {
    await this.act(target, async (element) => {
      await element.click();
      // Select all and type over it, as a person does (and as React hears it: input events).
      await element.sendKeys(
        WebDriverKey.chord(WebDriverKey.CONTROL, "a"),
        WebDriverKey.BACK_SPACE,
      );
      // A line break is the Enter key: WebKitWebDriver drops a "\n" typed as text.
      if (value !== "") await element.sendKeys(value.replaceAll("\n", WebDriverKey.ENTER));
    });
    await this.expectFilled(target, value);
  }
  private act(target: Target, action: (element: WebElement) => Promise<void>) {
    return this.actOn(() => this.find(target), action);
  }
  async select(target: Target, option: string | RegExp) {
    const select = await this.find(target);
    const options = await select.findElements({ css: "option" });
    for (const candidate of options) {
      const text = (await candidate.getText()).trim();
      if (typeof option === "string" ? text === option : option.test(text)) {
        await candidate.click();
        return;
      }
    }
    throw new Error(`no option ${option} in ${describeTarget(target)}`);
  }
  async upload(target: Target, path: string) {
    const element = await this.find(target);
    await element.sendKeys(path);
  }
  async press(key: Key) {
    await this.focus();
    const [first, ...rest] = KEYS[key];
    const actions = this.driver.actions();
    if (rest.length > 0) {
      await actions
        .keyDown(first as string)
        .sendKeys(...rest)
        .keyUp(first as string)
        .perform();
    } else {
      await actions.sendKeys(first as string).perform();
    }
  }
  async count(target: Target) {
    await this.focus();
    return ((await this.driver.executeScript(FIND, toWire(target))) as unknown[]).length;
  }
  async text(target: Target) {
    const element = await this.find(target, 2_000).catch(() => null);
    if (!element) return "";
    return (await this.driver.executeScript(READ, element)) as string;
  }
  async url() {
    await this.focus();
    return this.driver.getCurrentUrl();
  }
  async evaluate<R, A>(fn: (arg: A) => R, arg?: A) {
    await this.focus();
    return (await this.driver.executeScript(`return (${fn.toString()})(arguments[0]);`, arg)) as R;
  }
  async setViewport(width: number, height: number) {
    await this.focus();
    // The window is the viewport plus the browser's own frame; measure that once, then size.
    await this.driver.manage().window().setRect({ width, height });
    const inner = (await this.driver.executeScript("return [innerWidth, innerHeight]")) as number[];
    await this.driver
      .manage()
      .window()
      .setRect({
        width: width * 2 - (inner[0] ?? width),
        height: height * 2 - (inner[1] ?? height),
      });
  }
  async screenshot() {
    await this.focus();
    return Buffer.from(await this.driver.takeScreenshot(), "base64");
  }
  async inFrame(frame: Target, steps: (frame: Tab) => Promise<void>) {
    await this.find(frame);
    await steps(
      new WebDriverTab(this.javaScriptEnabled, this.baseURL, this.driver, this.window, [
        ...this.frames,
        frame,
      ]),
    );
    await this.focus();
  }
  async openTab() {
    await this.focus();
    const before = await this.driver.getAllWindowHandles();
    await this.driver.switchTo().newWindow("tab");
    const after = await this.driver.getAllWindowHandles();
    const opened = after.find((handle) => !before.includes(handle));
    if (!opened) throw new Error("no new tab");
    return new WebDriverTab(this.javaScriptEnabled, this.baseURL, this.driver, opened);
  }
  async addCookie(name: string, value: string) {
    await this.focus();
    if (!(await this.driver.getCurrentUrl()).startsWith(this.baseURL)) {
      await this.driver.get(new URL("/robots.txt", this.baseURL).href);
    }
    await this.driver.manage().addCookie({ name, value, path: "/" });
  }
}
