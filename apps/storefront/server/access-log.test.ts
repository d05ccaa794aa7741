import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { logger } from "../app/modules/http/logger.server";
import { captureLogs } from "../app/test-support/logs";
import { accessLog, setAnsweringRoute } from "./access-log";
import { requestContext } from "./request-id";

const servers: Server[] = [];
let restore: (() => void) | undefined;

afterEach(async () => {
  restore?.();
  for (const server of servers.splice(0)) {
    await new Promise((done) => server.close(done));
  }
});

async function serve(app: express.Express): Promise<string> {
  const server = createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("the access log", () => {
  it("writes one JSON line per request: method, route, path without its secrets, status, duration and request id", async () => {
    const log = captureLogs();
    restore = log.restore;
    const app = express();
    app.use(requestContext());
    app.use(accessLog(logger));
    app.all("*", (req, res) => {
      if (req.path.startsWith("/reset-password")) setAnsweringRoute(res, "routes/reset-password");
      res.status(req.path === "/missing" ? 404 : 200).send("ok");
    });
    const base = await serve(app);
    const secret = "b3f1c2d4e5f60718293a4b5c6d7e8f90";
    const answers: Response[] = [];
    for (const path of [
      `/reset-password/?token=${secret}`,
      `/login/?token=${secret}&redirectTo=%2Fcart&email=ada%40example.se`,
      `/reset-password.data?token=${secret}&_routes=routes%2Freset-password`,
      "/missing",
    ]) {
      const answer = await fetch(`${base}${path}`);
      await answer.text();
      answers.push(answer);
    }
    await expect.poll(() => log.lines.length, { timeout: 10_000 }).toBe(4);

    expect(log.text()).not.toContain(secret);
    expect(log.text()).not.toContain("ada%40example.se");
    const [reset, login, data, missing] = log.lines;
    expect(reset).toMatchObject({
      level: 30,
      service: "storefront",
      method: "GET",
      route: "routes/reset-password",
      path: "/reset-password/?token=[redacted]",
      status: 200,
      requestId: answers[0]?.headers.get("x-request-id"),
    });
    expect(reset?.durationMs).toEqual(expect.any(Number));
    expect(reset?.time).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
    expect(login).toMatchObject({
      route: "/login/",
      path: "/login/?token=[redacted]&redirectTo=%2Fcart&email=[redacted]",
    });
    expect(data?.path).toBe(
      "/reset-password.data?token=[redacted]&_routes=routes%2Freset-password",
    );
    expect(missing).toMatchObject({ route: "/missing", status: 404 });
    // Every request has its own id.
    expect(new Set(log.lines.map((line) => line.requestId)).size).toBe(4);
  });
});
