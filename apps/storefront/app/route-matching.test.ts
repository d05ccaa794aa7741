import { createMemoryHistory, createRouter, matchRoutes } from "@remix-run/router";
import { describe, expect, it } from "vitest";

/**
 * `patches/@remix-run__router@1.23.3.patch` (ADR 0026): a route tree is flattened and ranked once,
 * not on every match; the server matches every request against the same, unchanging tree.
 */
describe("route matching (patched @remix-run/router)", () => {
  it("flattens a route tree once and keeps using it", () => {
    const routes = [{ id: "home", path: "/" }];
    expect(matchRoutes(routes, "/")?.[0]?.route.id).toBe("home");
    // A tree is not to change in place once matched: the flattened copy is what matching uses.
    routes.push({ id: "cart", path: "/cart" });
    expect(matchRoutes(routes, "/cart")).toBeNull();
    expect(matchRoutes([...routes], "/cart")?.[0]?.route.id).toBe("cart");
  });

  it("still finds routes added while navigating (lazy route discovery patches in place)", async () => {
    const router = createRouter({
      history: createMemoryHistory({ initialEntries: ["/"] }),
      routes: [{ id: "root", path: "/", children: [{ id: "index", index: true }] }],
      patchRoutesOnNavigation: ({ path, patch }) => {
        if (path === "/cart") patch("root", [{ id: "cart", path: "cart" }]);
      },
    }).initialize();
    await router.navigate("/cart");
    expect(router.state.matches.map((match) => match.route.id)).toEqual(["root", "cart"]);
    router.dispose();
  });
});
