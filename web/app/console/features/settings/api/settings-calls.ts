import {
  CONSOLE_INBOX_PATHS,
  ConsoleSiteSettingsSchema,
  consolePath,
  type ConsoleSiteSettingsRequest,
} from '@rendezvous/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { CONSOLE_QUERY_KEY } from '../../../lib/console-session';

export function siteSettingsQueryOptions(siteId: number) {
  return queryOptions({
    queryKey: [CONSOLE_QUERY_KEY, 'site-settings', siteId],
    queryFn: ({ signal }) =>
      apiRequest('GET', consolePath(CONSOLE_INBOX_PATHS.siteSettings, siteId), ConsoleSiteSettingsSchema, { signal }),
  });
}

export const saveSiteSettings = (siteId: number, body: ConsoleSiteSettingsRequest) =>
  apiRequest('PUT', consolePath(CONSOLE_INBOX_PATHS.siteSettings, siteId), ConsoleSiteSettingsSchema, { body });
