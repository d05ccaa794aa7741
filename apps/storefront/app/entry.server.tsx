import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable, type EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { languageOf } from "~/modules/http/i18n.server";
import { i18nInstance } from "~/modules/http/i18n-instances.server";
import { InlineStylesheet } from "~/modules/http/inline-stylesheet";
import { builtStylesheet } from "~/modules/http/inline-stylesheet.server";
import stylesheetHref from "./tailwind.css?url";

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  const instance = await i18nInstance(await languageOf(request));

  // Bots get the whole document at once; people get it streamed.
  const readyEvent = isbot(request.headers.get("user-agent")) ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <I18nextProvider i18n={instance}>
        <InlineStylesheet.Provider value={builtStylesheet(stylesheetHref, import.meta.url)}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />
        </InlineStylesheet.Provider>
      </I18nextProvider>,
      {
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are logged; before it, Remix renders the boundary.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}
