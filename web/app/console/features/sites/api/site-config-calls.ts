import {
  CONSOLE_SITE_CONFIG_PATHS,
  SiteConfigHistoryResponseSchema,
  SiteConfigResponseSchema,
  SiteConfigSaveResponseSchema,
  consolePath,
  type SiteConfigRequest,
} from '@rendezvous/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { CONSOLE_QUERY_KEY } from '../../../lib/console-session';

export const SITE_CONFIG_KEY = [CONSOLE_QUERY_KEY, 'site-config'] as const;

export function siteConfigQueryOptions(siteId: number) {
  return queryOptions({
    queryKey: [...SITE_CONFIG_KEY, siteId],
    queryFn: ({ signal }) =>
      apiRequest('GET', consolePath(CONSOLE_SITE_CONFIG_PATHS.config, siteId), SiteConfigResponseSchema, { signal }),
  });
}

export function siteConfigHistoryQueryOptions(siteId: number) {
  return queryOptions({
    queryKey: [...SITE_CONFIG_KEY, siteId, 'history'],
    queryFn: ({ signal }) =>
      apiRequest('GET', consolePath(CONSOLE_SITE_CONFIG_PATHS.history, siteId), SiteConfigHistoryResponseSchema, {
        signal,
      }),
  });
}

/** With `preview`, lists what would change and saves nothing; the save itself asks for the code again. */
export const saveSiteConfig = (siteId: number, body: SiteConfigRequest) =>
  apiRequest('PUT', consolePath(CONSOLE_SITE_CONFIG_PATHS.config, siteId), SiteConfigSaveResponseSchema, { body });
