/**
 * The schemas of a module loaded on first use, each named as a loader: `apiRequest` takes one for
 * an answer (`AnswerSchema`), `lazyZodResolver` for a form. Such a module (a feature's
 * `*-schemas.ts`) holds the contract schemas that a page's first screen checks, so that the page
 * paints before zod and the schemas have loaded.
 */
export function lazySchemas<Module>(load: () => Promise<Module>) {
  return <Name extends keyof Module>(name: Name) =>
    () =>
      load().then((module) => module[name]);
}
