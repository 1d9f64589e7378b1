import {
  countryCodeOf,
  landerSlugOfPath,
  type Catalogue,
  type RegionsResponse,
  type WebContext,
} from '@rendezvous/contract';
import { matchRoutes } from 'react-router';
import { countryNamesIn, regionalCodeOf } from './country-display-names';
import { datePatternsFor } from './date-patterns';
import { madeOnce } from './made-once';
import { inNameOrder } from './name-order';
import { landerNiche, nicheKey } from './niche';
import { ROUTES, routeId } from '../route-table';
import {
  namesCountries,
  namespacesForRoute,
  pickNamespaces,
  showsTimes,
  showsRegions,
  type RouteCatalogueOptions,
} from './catalogue-namespaces';
import { pageSettings, type PageSettings, type PageWebContext } from './web-context';

/** The member-facing route table as React Router ranks it, to name the route a request opens. */
const PAGE_ROUTES = ROUTES.flatMap((entry) => [
  { id: routeId(entry), path: entry.path },
  ...(entry.aliases ?? []).map((alias) => ({ id: routeId(entry, alias), path: alias })),
]);

const isConsole = (pathname: string) => /^\/console(\/|$)/.test(pathname);
const routeOf = (pathname: string) => matchRoutes(PAGE_ROUTES, pathname)?.at(-1)?.route.id ?? 'not-found';

/** What narrows a route's catalogue entries beyond the route: region names the page has in its data, a lander's niche. */
export function catalogueOptions(pathname: string, settings: PageSettings): RouteCatalogueOptions {
  const slug = landerSlugOfPath(pathname);
  return {
    regionNamesInData: settings.region_data !== undefined,
    niche: slug === null ? undefined : nicheKey(landerNiche(slug, settings.niche)),
  };
}

/**
 * Issue 17: the first HTML carries only the catalogue entries of the route it opens; the console's
 * pages keep the whole catalogue (undefined). Server and browser work it out alike from the
 * address and the page's settings, so the page need not carry the list. The browser names the
 * route the router matched: matching the address again ranks every route, a long task's worth on
 * a phone as the page hydrates.
 */
export function pageCatalogueEntries(
  pathname: string,
  web: Pick<PageWebContext, 'user' | 'settings'>,
  route = routeOf(pathname),
): readonly string[] | undefined {
  if (isConsole(pathname)) return undefined;
  return namespacesForRoute(route, {
    loggedIn: web.user !== null,
    ...catalogueOptions(pathname, web.settings),
  });
}

/**
 * The regions with their names in the catalogue's language (the stored English name where it has
 * none), each country's in that language's order: the page's region fields show them as they come.
 */
function regionsNamedIn(regions: RegionsResponse, messages: Catalogue, locale: WebContext['locale']): RegionsResponse {
  const names = typeof messages.regions === 'object' ? messages.regions : {};
  return Object.fromEntries(
    Object.entries(regions).map(([country, items]) => [
      country,
      inNameOrder(
        items.map((region) => {
          const name = names[region.code];
          return typeof name === 'string' ? { ...region, name } : region;
        }),
        regionalCodeOf(locale),
        (region) => region.name,
      ),
    ]),
  );
}

// The same for every page in a language, and made with a formatter per format.
const datePatternsIn = madeOnce(datePatternsFor);

/**
 * The web context as the page at this address gets it (issue 17): the settings without the
 * server's own, the site's regions only where the first screen has a region field (named in the
 * page's language, so the catalogue's region names stay out), the names of the countries it
 * shows, the patterns of its dates and times where it shows them, and the catalogue entries of its
 * first screen only.
 */
export function pageWebContext(pathname: string, web: WebContext): PageWebContext {
  const settings = pageSettings(web.settings);
  // The console's pages have everything; a member's page what its route's first screen shows.
  const shows = (test: typeof showsRegions) =>
    isConsole(pathname) || test(routeOf(pathname), { loggedIn: web.user !== null });
  if (shows(showsRegions))
    settings.region_data = regionsNamedIn(web.settings.region_data, web.i18n.messages, web.locale);
  // The company's country in the footer, the site's where the first screen names them.
  const company = countryCodeOf(settings.company_country);
  const countries = new Set([...(company ? [company] : []), ...(shows(namesCountries) ? settings.countries : [])]);
  const page = {
    ...web,
    settings,
    country_names: countryNamesIn(web.locale, [...countries]),
    ...(shows(showsTimes) ? { date_patterns: datePatternsIn(regionalCodeOf(web.locale)) } : {}),
  };
  const picked = pageCatalogueEntries(pathname, page);
  return picked ? { ...page, i18n: { ...web.i18n, messages: pickNamespaces(web.i18n.messages, picked) } } : page;
}
