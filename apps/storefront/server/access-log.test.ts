import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { PassThrough } from "node:stream";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { accessLog, redactUrl } from "./access-log";

const servers: Server[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    await new Promise((done) => server.close(done));
  }
});

describe("the access log", () => {
  it("writes no token of a reset, signup or newsletter link, and keeps the rest of the line", async () => {
    const lines: string[] = [];
    const stream = new PassThrough();
    stream.on("data", (chunk: Buffer) => lines.push(...chunk.toString().trim().split("\n")));
    const app = express();
    app.use(accessLog(stream));
    app.all("*", (_req, res) => {
      res.send("ok");
    });
    const server = createServer(app);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const secret = "b3f1c2d4e5f60718293a4b5c6d7e8f90";
    for (const path of [
      `/reset-password/?token=${secret}`,
      `/login/?token=${secret}&redirectTo=%2Fcart`,
      `/newsletter/confirm?token=${secret}`,
      `/reset-password.data?token=${secret}&_routes=routes%2Freset-password`,
    ]) {
      await (await fetch(`${base}${path}`)).text();
    }
    await new Promise((done) => setImmediate(done));
    expect(lines).toHaveLength(4);
    expect(lines.join("\n")).not.toContain(secret);
    expect(lines[0]).toMatch(/^GET \/reset-password\/\?token=\[redacted\] 200 2 - [\d.]+ ms$/);
    expect(lines[1]).toContain("/login/?token=[redacted]&redirectTo=%2Fcart");
    expect(lines[3]).toContain("?token=[redacted]&_routes=routes%2Freset-password");
  });
});

describe("redactUrl", () => {
  it("redacts every parameter named like a secret, however it is written", () => {
    expect(
      redactUrl(
        "/x?access_token=a&refreshToken=b&code=c&api-key=d&client_secret=e&X-Amz-Signature=f&giftCardPin=g&password=h&email=i%40j.se&sig=k&otp=l",
      ),
    ).toBe(
      "/x?access_token=[redacted]&refreshToken=[redacted]&code=[redacted]&api-key=[redacted]&client_secret=[redacted]&X-Amz-Signature=[redacted]&giftCardPin=[redacted]&password=[redacted]&email=[redacted]&sig=[redacted]&otp=[redacted]",
    );
    // Encoded names too.
    expect(redactUrl("/x?%74oken=a&gift%5Fcard%5Fcode=b")).toBe(
      "/x?%74oken=[redacted]&gift%5Fcard%5Fcode=[redacted]",
    );
  });

  it("leaves the path and ordinary parameters as they are", () => {
    expect(redactUrl("/kategori/koksredskap?page=2&lng=en&shipping=1&redirectTo=%2Fcart")).toBe(
      "/kategori/koksredskap?page=2&lng=en&shipping=1&redirectTo=%2Fcart",
    );
    expect(redactUrl("/se/product-token-holder")).toBe("/se/product-token-holder");
    expect(redactUrl("/x?token")).toBe("/x?token");
  });
});
