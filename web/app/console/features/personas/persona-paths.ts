/** The personas' pages in the console (console-routes.ts names the same addresses). */
export const PERSONAS_PAGE_PATH = '/console/personas';
export const NEW_PERSONA_PAGE_PATH = '/console/personas/new';
export const personaPagePath = (id: number) => `${PERSONAS_PAGE_PATH}/${id}`;
