import { createHash, timingSafeEqual } from "node:crypto";
import { BlockList, isIP } from "node:net";
import type { Context } from "hono";
import type { AppEnv } from "../../http/app-env.js";
import { HttpError } from "../../http/http-error.js";
import { bearerTokenOf } from "../accounts/require-user.js";

/**
 * Who may follow `/cache-tags/stream` (issue 28, ADR 0034). The stream tells, as it happens, which
 * product's stock moved: every sale, to whoever listens. It is for the shop's own storefront
 * processes, so it is internal:
 *
 * - with `KASSA_CACHE_TAGS_SECRET` set (both apps), a caller must send it as
 *   `Authorization: Bearer <secret>` (compared in constant time), from wherever it is; else 401;
 * - without it, only a caller on this machine: the connection comes from a loopback address and
 *   carries no forwarding header (a proxy on the same machine that forwards a stranger adds one);
 *   else 403, saying how to open the stream to other machines.
 */
export function checkStreamAccess(c: Context<AppEnv>, secret: string | undefined): void {
  if (secret !== undefined) {
    if (!sameSecret(bearerTokenOf(c.req.header("authorization")), secret)) {
      throw new HttpError(401, "UNAUTHORIZED", "The cache-tag stream needs its shared secret", {
        wwwAuthenticate: 'Bearer realm="cache-tags"',
      });
    }
    return;
  }
  if (!isLoopbackAddress(c.env?.incoming?.socket?.remoteAddress) || isForwarded(c)) {
    throw new HttpError(
      403,
      "FORBIDDEN",
      "The cache-tag stream is internal: only this machine may follow it, unless both apps share KASSA_CACHE_TAGS_SECRET",
    );
  }
}

/** Headers a proxy adds for the client it forwards. */
const FORWARDING_HEADERS = ["forwarded", "x-forwarded-for", "x-real-ip"] as const;

function isForwarded(c: Context<AppEnv>): boolean {
  return FORWARDING_HEADERS.some((name) => c.req.header(name) !== undefined);
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");

/** `127.0.0.0/8` and `::1`, an IPv4 one also as an IPv4-mapped IPv6 address. */
export function isLoopbackAddress(address: string | undefined): boolean {
  const plain = address?.replace(/^::ffff:(?=\d+\.)/i, "") ?? "";
  const family = isIP(plain);
  return family !== 0 && LOOPBACK.check(plain, family === 4 ? "ipv4" : "ipv6");
}

function sameSecret(sent: string | undefined, secret: string): boolean {
  if (sent === undefined) return false;
  // Digests of equal length, so the comparison takes as long whatever was sent.
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(sent), digest(secret));
}
