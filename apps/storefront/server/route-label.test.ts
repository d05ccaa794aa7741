import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { routeIdOf } from "./route-label";

/** A build with the route manifest's shape (`build.routes`) and nothing else. */
function buildWith(routes: Record<string, { parentId?: string; path?: string; index?: boolean }>) {
  return {
    basename: undefined,
    routes: Object.fromEntries(
      Object.entries(routes).map(([id, route]) => [id, { id, ...route, module: {} }]),
    ),
  } as unknown as ServerBuild;
}

const build = buildWith({
  root: { path: "" },
  "routes/_index": { parentId: "root", index: true },
  "routes/$locale.$prefix.$slug": { parentId: "root", path: ":locale/:prefix/:slug" },
  "routes/healthz": { parentId: "root", path: "healthz" },
  "routes/$": { parentId: "root", path: "*" },
});

describe("routeIdOf", () => {
  it("names the route that answers a path, the same for every URL it answers", () => {
    expect(routeIdOf(build, "/sv-se/produkt/emaljmugg-koli")).toBe("routes/$locale.$prefix.$slug");
    expect(routeIdOf(build, "/fi-fi/tuote/anything-at-all")).toBe("routes/$locale.$prefix.$slug");
    expect(routeIdOf(build, "/healthz")).toBe("routes/healthz");
    expect(routeIdOf(build, "/")).toBe("routes/_index");
    expect(routeIdOf(build, "/no/such/page/at/all")).toBe("routes/$");
  });

  it("counts a single-fetch data request as its page, and route discovery as itself", () => {
    expect(routeIdOf(build, "/sv-se/produkt/emaljmugg-koli.data")).toBe(
      "routes/$locale.$prefix.$slug",
    );
    expect(routeIdOf(build, "/_root.data")).toBe("routes/_index");
    expect(routeIdOf(build, "/__manifest")).toBe("__manifest");
  });

  it("says unmatched where no route matches", () => {
    const narrow = buildWith({
      root: { path: "" },
      "routes/cart": { parentId: "root", path: "cart" },
    });
    expect(routeIdOf(narrow, "/elsewhere")).toBe("unmatched");
  });
});
