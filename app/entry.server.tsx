import { Writable } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type AppLoadContext, type EntryContext } from "react-router";
import { RenderInTurns } from "~/components/in-turns";
import { inlineScriptHashes, isSharedDocument } from "~/server/csp.server";
import { lowPriorityPreloads, lowPriorityPreloadStream } from "~/server/preload-priority.server";

export const streamTimeout = 5_000;

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext, loadContext: AppLoadContext) {
  // A document every visitor gets the same carries no nonce: it is rendered whole, and its CSP lists
  // the hashes of its inline scripts, so the page cache keeps (and compresses) its bytes once.
  const shared = Boolean(loadContext.useScriptHashes) && !routerContext.isSpaMode && isSharedDocument(responseStatusCode, responseHeaders);
  const nonce = shared ? undefined : loadContext.cspNonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers, prerendering and shared documents wait for the whole document; browsers get the shell first.
    const readyOption = shared || (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    // Long lists are rendered a few rows per task, so other requests are answered in between (components/in-turns.tsx).
    const page = (
      <RenderInTurns>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </RenderInTurns>
    );
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      [readyOption]() {
        shellRendered = true;
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        if (!shared) {
          const body = lowPriorityPreloadStream();
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
          return;
        }
        const chunks: Buffer[] = [];
        const collect = new Writable({
          write(chunk: Buffer, _encoding, done) {
            chunks.push(chunk);
            done();
          },
        });
        collect.on("finish", () => {
          const html = lowPriorityPreloads(Buffer.concat(chunks).toString("utf8"));
          loadContext.useScriptHashes!(inlineScriptHashes(html));
          resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
        });
        pipe(collect);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    });
    setTimeout(abort, streamTimeout + 1000);
  });
}
