import type { ConsoleEvent } from '@rendezvous/contract';

/**
 * Where a staff member works: everything with inbox.supervise, else the sites and languages
 * assigned to them. A conversation's language is its persona's.
 */
export type InboxScope = { all: true } | { all: false; sites: number[]; languages: string[] };

/** Whether a console event concerns a site and language within the scope. */
export function eventInScope(scope: InboxScope, event: ConsoleEvent): boolean {
  if (scope.all) return true;
  if (!scope.sites.includes(event.site_id)) return false;
  return event.type === 'settings' || scope.languages.includes(event.language);
}
