import type { OAuthTokenReply } from "@kassa/api-client";
import { DEVELOPMENT_OAUTH_CLIENT } from "../../src/modules/oauth/oauth-clients.js";
import type { ApiResponse, TestPlatform } from "./test-platform.js";

/** Asks the token endpoint with HTTP Basic credentials (default: the development client). */
export function requestToken(
  platform: TestPlatform,
  form: Record<string, string> = { grant_type: "client_credentials" },
  { id = DEVELOPMENT_OAUTH_CLIENT.id, secret = DEVELOPMENT_OAUTH_CLIENT.secret } = {},
): Promise<ApiResponse<OAuthTokenReply & { error?: string; error_description?: string }>> {
  return platform.request("POST", "/oauth2/token", {
    body: new URLSearchParams(form).toString(),
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`,
    },
  });
}

/** A management token of the development client (both scopes unless `scope` narrows it). */
export async function managementToken(platform: TestPlatform, scope?: string): Promise<string> {
  const form: Record<string, string> = { grant_type: "client_credentials" };
  if (scope) form.scope = scope;
  const { status, body } = await requestToken(platform, form);
  if (status !== 200) throw new Error(`the token endpoint answered ${status}`);
  return body.access_token;
}
