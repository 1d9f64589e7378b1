/*
 * The geography calls' addresses without zod, so a page with a region field on its first screen
 * (the search, the profile, the match finder) loads no validation code before it paints; the
 * schemas of the calls are in geo.ts.
 */

/** GET: the site's regions by country (geo.ts RegionsResponse). */
export const REGIONS_PATH = '/api/regions.php';
/** GET ?lat=&lon=: the country, region and town at a position (geo.ts GeocodeResponse). */
export const GEOCODE_PATH = '/api/geocode.php';
