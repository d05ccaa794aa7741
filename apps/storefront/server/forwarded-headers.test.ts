import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, describe, expect, it } from "vitest";
import { dropUntrustedForwarding } from "./forwarded-headers";

/** What reaches the handlers behind the door, from a peer trusted or not (issue 28). */
const servers: Server[] = [];

async function behindTheDoor(trustedProxies: string[]): Promise<string> {
  const app = express();
  app.set("trust proxy", trustedProxies);
  app.use(dropUntrustedForwarding());
  app.get("/", (req, res) => {
    res.json({ headers: req.headers, hostname: req.hostname, protocol: req.protocol });
  });
  const server = createServer(app);
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterAll(async () => {
  for (const server of servers) await new Promise((done) => server.close(done));
});

const FORWARDED = {
  forwarded: "for=203.0.113.9;host=evil.example;proto=https",
  "x-forwarded-for": "203.0.113.9",
  "x-forwarded-host": "evil.example:6666",
  "x-forwarded-port": "6666",
  "x-forwarded-proto": "https",
};

async function seen(base: string) {
  const response = await fetch(base, { headers: FORWARDED });
  return (await response.json()) as {
    headers: Record<string, string>;
    hostname: string;
    protocol: string;
  };
}

describe("forwarding headers", () => {
  it("are gone before anything reads them when the peer is not a trusted proxy", async () => {
    for (const trusted of [[], ["10.0.0.0/8"]]) {
      const { headers, hostname, protocol } = await seen(await behindTheDoor(trusted));
      for (const name of Object.keys(FORWARDED)) expect(headers, name).not.toHaveProperty(name);
      expect(hostname).toBe("127.0.0.1");
      expect(protocol).toBe("http");
    }
  });

  it("are kept from a trusted proxy", async () => {
    const { headers, hostname, protocol } = await seen(await behindTheDoor(["loopback"]));
    expect(headers).toMatchObject(FORWARDED);
    expect(hostname).toBe("evil.example");
    expect(protocol).toBe("https");
  });
});
