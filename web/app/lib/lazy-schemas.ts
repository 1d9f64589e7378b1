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

/**
 * How long a module waits for the one before it in line: a file slow to come on a poor line must
 * not hold up the check of every other answer and form.
 */
export const LINE_WAIT_MS = 1_000;

/** Where the last module queued by `inLine` is, evaluated or not. */
let lastInLine: Promise<unknown> = Promise.resolve();

/** Loads one module after the other, each handed on from a task after the one that evaluated it. */
function inLine<T>(load: () => Promise<T>): Promise<T> {
  const previous = lastInLine;
  const turn = new Promise((resolve) => {
    void previous.then(resolve);
    setTimeout(resolve, LINE_WAIT_MS);
  });
  const loaded = turn.then(load).then(inNextTask);
  lastInLine = loaded.catch(() => undefined);
  return loaded;
}

// zod is evaluated through the forms' small module that configures it: `import('zod')` made the
// bundler split the first load's shared chunks differently, up to four more modules and 2 KB on
// every page.
const evaluateZod = keptUnlessFailed(() => inLine(() => import('./forms/zod-config')));

/**
 * The schemas of a module loaded on first use, each named as a loader: `apiRequest` takes one for
 * an answer (`AnswerSchema`), `lazyZodResolver` for a form. Such a module (a feature's
 * `*-schemas.ts`) holds the contract schemas that a page's first screen checks, so that the page
 * paints before zod and the schemas have loaded.
 *
 * Evaluating zod, building a module's schemas and the first check of an answer each took 2 to
 * 16 ms in a desktop browser, and a phone is four times slower: in one task, as a module graph and
 * the code awaiting it run, they made the longest task of a member's page after it was shown (the
 * badge's first poll, issue 17), and the chats' and the likes' schemas, loaded side by side,
 * were built in one task when both had come. So zod and then each module are evaluated one after
 * the other, each in a task of its own, and a schema is handed on from a task after that.
 */
export function lazySchemas<Module>(load: () => Promise<Module>) {
  const loadOnce = keptUnlessFailed(() => {
    // Queued first; should zod fail to come, the module's own load fails and says so.
    evaluateZod().catch(() => undefined);
    return inLine(load);
  });
  return <Name extends keyof Module>(name: Name) =>
    () =>
      loadOnce().then((module) => module[name]);
}
