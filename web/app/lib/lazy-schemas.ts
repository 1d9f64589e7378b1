/** Resolves with `value` in a later task, so what follows does not lengthen the current one. */
function inNextTask<T>(value: T): Promise<T> {
  return new Promise((resolve) => setTimeout(resolve, 0, value));
}

/** `load` run once and its promise kept; forgotten if it fails, so that the next call tries again. */
function keptUnlessFailed<T>(load: () => Promise<T>): () => Promise<T> {
  let kept: Promise<T> | undefined;
  return () =>
    (kept ??= load().catch((error: unknown) => {
      kept = undefined;
      throw error;
    }));
}

// zod is evaluated through the one small module that imports it alone: `import('zod')` made the
// bundler split the first load's shared chunks differently, up to four more modules and 2 KB on
// every page.
const evaluateZod = keptUnlessFailed(() => import('./forms/zod-config').then(inNextTask));

/**
 * The schemas of a module loaded on first use, each named as a loader: `apiRequest` takes one for
 * an answer (`AnswerSchema`), `lazyZodResolver` for a form. Such a module (a feature's
 * `*-schemas.ts`) holds the contract schemas that a page's first screen checks, so that the page
 * paints before zod and the schemas have loaded.
 *
 * Evaluating zod, building a module's schemas and the first check of an answer each took 2 to
 * 16 ms in a desktop browser, and a phone is four times slower: in one task, as a module graph and
 * the code awaiting it run, they made the longest task of a member's page after it was shown (the
 * badge's first poll, issue 17). So zod is evaluated on its own, and each module's first loader
 * hands its schema on from a task after the one that built it.
 */
export function lazySchemas<Module>(load: () => Promise<Module>) {
  const loadOnce = keptUnlessFailed(() => evaluateZod().then(load).then(inNextTask));
  return <Name extends keyof Module>(name: Name) =>
    () =>
      loadOnce().then((module) => module[name]);
}
