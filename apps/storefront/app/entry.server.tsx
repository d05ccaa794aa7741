import { Writable } from "node:stream";
import type { EntryContext, HandleErrorFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { asksToBeShared } from "~/modules/cache/shared-page.server";
import { pagePolicy } from "~/modules/http/content-security-policy.server";
import { languageOf } from "~/modules/http/i18n.server";
import { i18nInstance } from "~/modules/http/i18n-instances.server";
import { InlineStylesheet } from "~/modules/http/inline-stylesheet";
import { builtStylesheet } from "~/modules/http/inline-stylesheet.server";
import { logger } from "~/modules/http/logger.server";
import { PageRequestId } from "~/modules/http/page-request-id";
import { renderNonce, securePage } from "~/modules/http/page-scripts.server";
import { currentRequestContext } from "~/modules/http/request-context.server";
import { ScriptNonce } from "~/modules/http/script-nonce";
import stylesheetHref from "./tailwind.css?url";

const ABORT_DELAY = 5_000;

/**
 * Renders the whole document, then answers with it in one piece. Every loader has finished
 * before rendering starts and no page defers data, so streaming the shell first would send the
 * same bytes at almost the same moment; what it did cost was a web stream around a Node stream
 * and a socket write per 2 KB chunk, about a tenth of a page's server time
 * (docs/performance.md, "The layout"). A page that defers data one day needs the shell streamed
 * again (`onShellReady` and a `PassThrough`, as Remix's default entry has it).
 *
 * The page's Content-Security-Policy is written here, from the whole document: the inline scripts
 * this render marked with its nonce are hashed (`page-scripts.server.ts`, ADR 0032).
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  const instance = await i18nInstance(await languageOf(request));
  const nonce = renderNonce();
  // The page names the request that rendered it, unless a shared cache may keep it for everyone
  // (only a 200 is ever shared: an error page always has its reference).
  const shared = asksToBeShared(responseHeaders.get("Cache-Control"));
  const requestId =
    shared && responseStatusCode === 200 ? undefined : currentRequestContext()?.requestId;

  return new Promise<Response>((resolve, reject) => {
    let shellReady = false;
    let shellFailed = false;
    const timeout = setTimeout(() => abort(), ABORT_DELAY);
    const { pipe, abort } = renderToPipeableStream(
      <I18nextProvider i18n={instance}>
        <InlineStylesheet.Provider value={builtStylesheet(stylesheetHref, import.meta.url)}>
          <ScriptNonce.Provider value={nonce}>
            <PageRequestId.Provider value={requestId}>
              <RemixServer
                context={remixContext}
                url={request.url}
                abortDelay={ABORT_DELAY}
                nonce={nonce}
              />
            </PageRequestId.Provider>
          </ScriptNonce.Provider>
        </InlineStylesheet.Provider>
      </I18nextProvider>,
      {
        nonce,
        onShellReady() {
          shellReady = true;
        },
        onAllReady() {
          if (shellFailed) return;
          const chunks: Buffer[] = [];
          const document = new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              clearTimeout(timeout);
              const page = securePage(Buffer.concat(chunks), nonce, { shared });
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              responseHeaders.set(
                "Content-Security-Policy",
                pagePolicy({ ...page, development: import.meta.env.DEV }),
              );
              resolve(
                new Response(page.html, {
                  headers: responseHeaders,
                  status: responseStatusCode,
                }),
              );
              done();
            },
          });
          pipe(document);
        },
        onShellError(error: unknown) {
          shellFailed = true;
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are logged; before it, Remix renders the boundary (and has
          // given the error to `handleError`).
          if (shellReady) logger().error({ err: error }, "rendering the page failed");
        },
      },
    );
  });
}

/**
 * Every error of a loader, an action or a render that Remix catches (ADR 0040): logged with the
 * request's id (the log line's `requestId`, from the request context), which the error page shows
 * as its reference. A request the shopper left is not an error of the shop (Remix's advice): its
 * aborted loaders are not logged. The shopper never sees the stack: Remix sends none in
 * production, and the error boundary shows only translated text.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  logger().error(
    { err: error, method: request.method, path: new URL(request.url).pathname },
    `${request.method} ${new URL(request.url).pathname} failed`,
  );
};
