import { ACCOUNT_DETAILS, type MessageReply, type SignupReply } from "@kassa/api-client";
import { Hono } from "hono";
import type { Clock } from "../../clock.js";
import type { PlatformConfig } from "../../config.js";
import type { Database } from "../../db/open-database.js";
import { replyInEnvelope } from "../../http/api-envelope.js";
import type { AppEnv } from "../../http/app-env.js";
import type { ClientAddress } from "../../http/client-address.js";
import { parseJsonBody } from "../../http/json-body.js";
import { isStorefront } from "../../http/storefront-caller.js";
import type { Mailer } from "../mail/send-mail.js";
import { deleteAccount } from "./account-deletion.js";
import { PLATFORM_DETAILS } from "./account-details.js";
import {
  createVerifyLink,
  verifyEmail,
  verifyEmailBody,
  verifyLinkBody,
} from "./email-verification.js";
import { logIn, loginBody } from "./login.js";
import type { LoginLimits } from "./login-rate-limit.js";
import {
  createResetLink,
  resetLinkBody,
  resetPassword,
  resetPasswordBody,
} from "./password-reset.js";
import { updateProfile, updateUserBody } from "./profile.js";
import { requireUser } from "./require-user.js";
import { countSignup, signUp, signupAsCaller, signupBody, signupResultReply } from "./signup.js";
import { logOut, refreshTokenBody, refreshTokens } from "./token-refresh.js";
import { currentUserReply } from "./users.js";

export interface AccountDeps {
  db: Database;
  config: PlatformConfig;
  mailer: Mailer;
  clock: Clock;
  loginLimits: LoginLimits;
  clientAddress: ClientAddress;
}

/**
 * The account API under `/enad` (A§7): signup, login, tokens, profile, deletion, links. The
 * organisation signup beside it is the companies module's.
 */
export function accountRoutes({ db, config, clock, loginLimits, clientAddress }: AccountDeps) {
  const app = new Hono<AppEnv>({ strict: false });
  const withUser = requireUser(db, config.sessionSecret, clock);

  app.post("/signup", async (c) => {
    const input = signupAsCaller(await parseJsonBody(c, signupBody), isStorefront(c));
    const address = clientAddress(c);
    await countSignup(db, address, clock());
    // No mail here: the storefront creates the organisation first and then asks for the
    // verification link (A§4), so the link is sent once, after everything it confirms exists.
    const signup = await signUp({ db, limits: loginLimits }, input, address, clock());
    return c.json({ data: signupResultReply(signup) } satisfies SignupReply, 201);
  });

  app.post("/login", async (c) => {
    const input = await parseJsonBody(c, loginBody);
    const context = { db, secret: config.sessionSecret, limits: loginLimits, now: clock() };
    return c.json(await logIn(context, input, clientAddress(c)));
  });

  app.post("/refresh-token", async (c) => {
    const { refresh_token } = await parseJsonBody(c, refreshTokenBody);
    return c.json(await refreshTokens(db, refresh_token, config.sessionSecret, clock()));
  });

  app.post("/logout", async (c) => {
    const { refresh_token } = await parseJsonBody(c, refreshTokenBody);
    await logOut(db, refresh_token, clock());
    return c.json({ message: PLATFORM_DETAILS.loggedOut } satisfies MessageReply);
  });

  app.post("/get-user", withUser, async (c) => c.json(await currentUserReply(db, c.get("user"))));

  app.post("/update-user", withUser, async (c) => {
    const input = await parseJsonBody(c, updateUserBody);
    const user = await updateProfile(db, c.get("user"), input, clock());
    return c.json(await currentUserReply(db, user));
  });

  app.post("/delete", withUser, async (c) => {
    await deleteAccount(db, c.get("user"), clock());
    return c.json({ message: ACCOUNT_DETAILS.userDeleted } satisfies MessageReply);
  });

  app.post("/reset-password", async (c) => {
    const input = await parseJsonBody(c, resetPasswordBody);
    await resetPassword(db, input, clock());
    return c.json({ message: ACCOUNT_DETAILS.passwordUpdated } satisfies MessageReply);
  });

  app.post("/verify-email", async (c) => {
    const input = await parseJsonBody(c, verifyEmailBody);
    const { status, reply } = await verifyEmail(
      { db, limits: loginLimits },
      input,
      clientAddress(c),
      clock(),
    );
    if (reply.retry_after !== undefined) c.header("Retry-After", String(reply.retry_after));
    return c.json(reply, status);
  });

  return app;
}

/** The link calls under `/api/enad`, which answer in the `{ok, status, data}` envelope (A§7). */
export function accountApiRoutes({ db, config, mailer, clock }: AccountDeps) {
  const app = new Hono<AppEnv>({ strict: false });
  const mailDeps = { db, mailer, storefrontUrl: config.storefrontUrl };

  app.post("/create-reset-password-link", (c) =>
    replyInEnvelope(c, async () => {
      const { email } = await parseJsonBody(c, resetLinkBody);
      await createResetLink(mailDeps, email, clock());
      return { status: 200, data: { message: ACCOUNT_DETAILS.resetLinkCreated } };
    }),
  );

  app.post("/create-verify-link", (c) =>
    replyInEnvelope(c, async () => {
      const input = await parseJsonBody(c, verifyLinkBody);
      await createVerifyLink(mailDeps, input, clock());
      return { status: 200, data: { message: ACCOUNT_DETAILS.verifyLinkCreated } };
    }),
  );

  return app;
}
