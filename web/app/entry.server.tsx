import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router';
import { builtCriticalCss, inlineCriticalCss, isPublicRoute } from './lib/critical-css';
import { deferHydration } from './lib/deferred-hydration';
import { RenderedWebContext } from './lib/use-web-context';
import './lib/web-context';

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const bot = isbot(request.headers.get('user-agent') ?? '');
  // Spec §2: bots get the bare status, never the error page.
  if (bot && responseStatusCode >= 400) {
    const error = Object.values(routerContext.staticHandlerContext.errors ?? {})[0] as
      { statusText?: string } | undefined;
    return new Response(`${responseStatusCode} ${error?.statusText ?? ''}`.trim(), {
      status: responseStatusCode,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }

  const { web } = loadContext;
  const nonce = web.cspNonce.script;
  // Issue 17: a public page's first paint needs only the rules its own elements use.
  const critical = builtCriticalCss();
  const routeId = routerContext.staticHandlerContext.matches.at(-1)?.route.id;
  const criticalKey =
    critical && routeId && responseStatusCode === 200 && isPublicRoute(routeId)
      ? `${routeId} ${web.settings.template.name} ${web.user ? 'member' : 'visitor'}`
      : undefined;
  const criticalCss = criticalKey ? critical?.get(criticalKey) : undefined;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Bots and crawlers get the whole document at once; people get the shell as soon as it is ready.
    const readyEvent = bot || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    const { pipe, abort } = renderToPipeableStream(
      <RenderedWebContext value={loadContext.inPage?.web}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </RenderedWebContext>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = deferHydration((head) =>
            criticalCss ? inlineCriticalCss(head, criticalCss, web.cspNonce) : head,
          );
          const learner = criticalKey && !criticalCss ? critical?.learnFrom(criticalKey) : undefined;
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(
            new Response(createReadableStreamFromReadable(learner ? body.pipe(learner) : body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error instanceof Error ? error : new Error(String(error)));
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1_000);
  });
}
