import { MANAGEMENT_SCOPES, type ManagementScope } from "@kassa/api-client";
import { secretWeakness } from "@kassa/domain";

/**
 * The management API's OAuth2 clients (client credentials, RFC 6749 §4.4): who may call it, with
 * which secret and scopes. Configured by `KASSA_OAUTH_CLIENTS`; outside production a development
 * client exists so that `pnpm dev` and the tests can move orders along.
 */
export interface OAuthClient {
  id: string;
  secret: string;
  scopes: ManagementScope[];
}

const KNOWN_SCOPES: readonly string[] = Object.values(MANAGEMENT_SCOPES);

/** The development client (public: documented in the README; never in production by default). */
export const DEVELOPMENT_OAUTH_CLIENT: OAuthClient = {
  id: "kassa-back-office",
  secret: "kassa-back-office-secret",
  scopes: [
    MANAGEMENT_SCOPES.orderRead,
    MANAGEMENT_SCOPES.orderWrite,
    MANAGEMENT_SCOPES.contactRead,
    MANAGEMENT_SCOPES.priceWrite,
    MANAGEMENT_SCOPES.stockWrite,
  ],
};

/** Access tokens live this long unless `KASSA_OAUTH_TOKEN_SECONDS` says otherwise (15 minutes). */
export const DEFAULT_OAUTH_TOKEN_SECONDS = 900;

/**
 * `KASSA_OAUTH_CLIENTS`: `;`-separated `id:secret:scope scope` entries. Unset: the development
 * client outside production, none in production. An unknown scope, an empty secret or a repeated
 * id stops the start, so a typo never leaves a back office locked out or over-privileged; in
 * production so does a weak secret (`secretWeakness`), the development client's among them.
 */
export function readOAuthClients(value: string | undefined, production: boolean): OAuthClient[] {
  if (value === undefined) return production ? [] : [DEVELOPMENT_OAUTH_CLIENT];
  const clients: OAuthClient[] = [];
  for (const entry of value
    .split(";")
    .map((part) => part.trim())
    .filter(Boolean)) {
    // Scopes hold colons themselves (`order-management/order:read`): split at the first two only.
    const [, id = "", secret = "", scopeList = ""] = /^([^:]*):([^:]*):?(.*)$/.exec(entry) ?? [];
    if (!/^[\w.-]{1,100}$/.test(id) || secret.length === 0) {
      throw new Error(
        `KASSA_OAUTH_CLIENTS: "${id}" needs an id (letters, digits, . _ -) and a secret`,
      );
    }
    const scopes = scopeList.split(/\s+/).filter(Boolean);
    const unknown = scopes.filter((scope) => !KNOWN_SCOPES.includes(scope));
    if (unknown.length > 0) {
      throw new Error(`KASSA_OAUTH_CLIENTS: unknown scope ${unknown.join(", ")} for "${id}"`);
    }
    const weakness = production
      ? secretWeakness(secret, [DEVELOPMENT_OAUTH_CLIENT.secret])
      : undefined;
    if (weakness) {
      throw new Error(`KASSA_OAUTH_CLIENTS: the secret of "${id}" is too weak: ${weakness}`);
    }
    if (clients.some((client) => client.id === id)) {
      throw new Error(`KASSA_OAUTH_CLIENTS: "${id}" is listed twice`);
    }
    clients.push({ id, secret, scopes: scopes as ManagementScope[] });
  }
  return clients;
}
