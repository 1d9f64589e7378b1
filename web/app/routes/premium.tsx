import { PricingResponseSchema, type PricingResponse } from '@rendezvous/contract';
import { lazy, Suspense } from 'react';
import { useNavigate, useSearchParams, type ShouldRevalidateFunctionArgs } from 'react-router';
import { getPricing, pricingPath } from '../features/credits/api/premium-calls';
import { PremiumOverview } from '../features/credits/components/premium-overview';
import { METHOD_PARAM, PLAN_PARAM, PREMIUM_PATH } from '../features/credits/premium';
import { COUNTRY_PARAM } from '../features/credits/return-to';
import { withWholeCatalogue } from '../lib/catalogue-loader';
import { loadRecord, notFoundResponse } from '../lib/server-record';
import { useWebContext } from '../lib/use-web-context';
import { NAMED_ROUTES } from '../route-table';
import type { Route } from './+types/premium';

// Only a member who chose a plan needs the checkout (forms, methods, membership): visitors reading
// what premium gives do not download it.
const PremiumCheckout = lazy(
  withWholeCatalogue(() =>
    import('../features/credits/components/premium-checkout').then((module) => ({ default: module.PremiumCheckout })),
  ),
);

/** A plan the site does not sell is an unknown record: the not-found page. */
function requirePlan(pricing: PricingResponse, request: Request) {
  const plan = new URL(request.url).searchParams.get(PLAN_PARAM);
  if (plan !== null && !pricing.premium?.plans.some((candidate) => candidate.id === plan)) throw notFoundResponse();
  return { pricing };
}

const countryOf = (request: Request) => new URL(request.url).searchParams.get(COUNTRY_PARAM);

export async function loader({ request, context }: Route.LoaderArgs) {
  return requirePlan(await loadRecord(context, pricingPath(countryOf(request)), PricingResponseSchema), request);
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return requirePlan(await getPricing(countryOf(request), request.signal), request);
}

/** Prices change with the country and a plan must exist; choosing a method changes neither. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const same = [COUNTRY_PARAM, PLAN_PARAM].every(
    (name) => currentUrl.searchParams.get(name) === nextUrl.searchParams.get(name),
  );
  return !same && defaultShouldRevalidate;
}

/** Issue 16, /premium (public): what premium gives and costs; a member's chosen plan opens its checkout here. */
export default function Premium({ loaderData }: Route.ComponentProps) {
  const { user } = useWebContext();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { pricing } = loaderData;
  const picked = search.get(COUNTRY_PARAM);
  const plan = pricing.premium?.plans.find((candidate) => candidate.id === search.get(PLAN_PARAM));

  /** Plan, method and country stay in the address, so a reload or a way back shows the same choice. */
  const premiumPath = (choice: { plan?: string; method?: string | null; country?: string | null }) => {
    const params = new URLSearchParams();
    if (choice.country) params.set(COUNTRY_PARAM, choice.country);
    if (choice.plan) params.set(PLAN_PARAM, choice.plan);
    if (choice.method) params.set(METHOD_PARAM, choice.method);
    const query = params.toString();
    return query ? `${PREMIUM_PATH}?${query}` : PREMIUM_PATH;
  };
  const go = (choice: Parameters<typeof premiumPath>[0]) =>
    void navigate(premiumPath(choice), { replace: true, preventScrollReset: true });
  const method = search.get(METHOD_PARAM);

  return (
    <PremiumOverview
      pricing={pricing}
      member={user !== null}
      planTo={(id) => premiumPath({ plan: id, country: picked })}
      plansTo={premiumPath({ country: picked })}
      // A visitor who picked a plan comes back to it after logging in.
      loginTo={`${NAMED_ROUTES.login}?redirect=${encodeURIComponent(premiumPath({ plan: plan?.id, country: picked }))}`}
      checkout={
        user && plan ? (
          <Suspense fallback={null}>
            <PremiumCheckout
              key={plan.id}
              pricing={pricing}
              plan={plan}
              method={method}
              onCountryChange={(country) => go({ plan: plan.id, method, country })}
              onMethodChange={(chosen) => go({ plan: plan.id, method: chosen, country: picked })}
              // The provider's checkout is another site: a full page load, not a route of ours.
              onOrdered={({ redirect_url }) => window.location.assign(redirect_url)}
            />
          </Suspense>
        ) : undefined
      }
    />
  );
}
