import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { routeIdOf } from "./route-id";

/** A build's route manifest as Remix writes it: flat, each route naming its parent. */
const build = {
  routes: {
    root: { id: "root", path: "" },
    "routes/($locale)._index": {
      id: "routes/($locale)._index",
      parentId: "root",
      path: ":locale?",
      index: true,
    },
    "routes/cart": { id: "routes/cart", parentId: "root", path: "cart" },
    "routes/$locale.$prefix.$slug": {
      id: "routes/$locale.$prefix.$slug",
      parentId: "root",
      path: ":locale/:prefix/:slug",
    },
    "routes/my-account.orders._index": {
      id: "routes/my-account.orders._index",
      parentId: "root",
      path: "my-account/orders",
      index: true,
    },
    "routes/$": { id: "routes/$", parentId: "root", path: "*" },
  },
} as unknown as ServerBuild;

describe("routeIdOf", () => {
  it("names the route that answers a page, whatever its parameters", () => {
    expect(routeIdOf(build, "/sv-se/produkt/emaljmugg-koli")).toBe("routes/$locale.$prefix.$slug");
    expect(routeIdOf(build, "/fi-fi/tuote/muki")).toBe("routes/$locale.$prefix.$slug");
    expect(routeIdOf(build, "/cart")).toBe("routes/cart");
    expect(routeIdOf(build, "/my-account/orders")).toBe("routes/my-account.orders._index");
    expect(routeIdOf(build, "/")).toBe("routes/($locale)._index");
    expect(routeIdOf(build, "/no/such/page/here")).toBe("routes/$");
  });

  it("names a single-fetch data request by the page it loads", () => {
    expect(routeIdOf(build, "/cart.data")).toBe("routes/cart");
    expect(routeIdOf(build, "/_root.data")).toBe("routes/($locale)._index");
  });
});
