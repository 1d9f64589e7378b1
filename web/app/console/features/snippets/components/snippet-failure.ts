import { ApiError } from '../../../../lib/api-client';

/** The catalogue key for a refused snippet change that neither the shortcut nor the text can show. */
export function snippetFailureOf(error: unknown): string {
  if (!(error instanceof ApiError)) return 'console.snippets.failed';
  // The site or persona the snippet belongs to was refused: it went away meanwhile.
  if (error.status === 400) return 'console.snippets.owner_gone';
  if (error.status === 403) return 'console.snippets.forbidden';
  if (error.status === 404) return 'console.snippets.gone';
  return 'console.snippets.failed';
}
