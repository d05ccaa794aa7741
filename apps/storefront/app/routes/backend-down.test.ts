import { createServer } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";

/** With the platform stopped, pages answer 503 (the boundary explains it), never a crash. */
async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  const url = `http://127.0.0.1:${await closedPort()}`;
  process.env.KASSA_SHOPPER_API_URL = url;
  process.env.KASSA_PRODUCT_API_URL = url;
});

async function thrownBy(call: () => Promise<unknown>): Promise<unknown> {
  try {
    await call();
  } catch (thrown) {
    return thrown;
  }
  throw new Error("expected the loader to throw");
}

describe("when the platform cannot be reached", () => {
  it("the home page answers 503 with reason unavailable", async () => {
    const home = await import("./($locale)._index");
    const thrown = (await thrownBy(() =>
      home.loader({
        request: new Request("http://storefront.test/sv-se"),
        params: { locale: "sv-se" },
        context: {},
      }),
    )) as { init?: { status?: number }; data?: { reason?: string } };
    expect(thrown.init?.status).toBe(503);
    expect(thrown.data?.reason).toBe("unavailable");
  });

  it("the layout still renders, with an empty menu and cart", async () => {
    const root = await import("../root");
    const layout = (await root.loader({
      request: new Request("http://storefront.test/"),
      params: {},
      context: {},
    })) as unknown as {
      data: { cartCount: number; categories: unknown[] };
    };
    expect(layout.data.cartCount).toBe(0);
    expect(layout.data.categories).toEqual([]);
  });
});
