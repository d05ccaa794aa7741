import type { Tab } from "./tab";

/**
 * With `KASSA_ENGINES_STEP_TIMES=1`, `tab` as it is, but each step prints what it took
 * (`[webkit] click 120ms {"role":"button",…}`): where a flow's time goes, engine by engine
 * (docs/testing.md). Without it, `tab` itself.
 */
export function withStepTimes(tab: Tab, label: string): Tab {
  if (!process.env.KASSA_ENGINES_STEP_TIMES) return tab;
  return new Proxy(tab, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        const started = Date.now();
        const result = value.apply(target, args);
        if (!(result instanceof Promise)) return result;
        return result.finally(() => {
          const what = JSON.stringify(args[0], (_key, arg) =>
            arg instanceof RegExp ? String(arg) : arg,
          );
          console.log(
            `[${label}] ${String(property)} ${Date.now() - started}ms ${what?.slice(0, 80) ?? ""}`,
          );
        });
      };
    },
  });
}
