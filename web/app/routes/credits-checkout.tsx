import type { CreditPackagesResponse } from '@rendezvous/contract';
import { CreditPackagesResponseSchema, DISCOUNT_CODE_PARAM } from '@rendezvous/contract';
import { useNavigate, useSearchParams, type ShouldRevalidateFunctionArgs } from 'react-router';
import { creditPackagesPath, getCreditPackages } from '../features/credits/api/payment-calls';
import { Checkout } from '../features/credits/components/checkout';
import { COUNTRY_PARAM, RETURN_TO_PARAM, creditsSearch, safeReturnTo } from '../features/credits/return-to';
import { loadRecord, notFoundOn404, notFoundResponse } from '../lib/server-record';
import { NAMED_ROUTES } from '../route-table';
import type { Route } from './+types/credits-checkout';

export function meta() {
  return [{ name: 'robots', content: 'noindex' }];
}

/** A package the site does not sell (in this country) is an unknown record: the not-found page. */
function requirePackage(offer: CreditPackagesResponse, creditId: string) {
  if (!offer.packages.some((item) => item.id === creditId)) throw notFoundResponse();
  return { offer };
}

const countryOf = (request: Request) => new URL(request.url).searchParams.get(COUNTRY_PARAM);

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const offer = await loadRecord(context, creditPackagesPath(countryOf(request)), CreditPackagesResponseSchema);
  return requirePackage(offer, params.creditId);
}

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  return requirePackage(await notFoundOn404(getCreditPackages(countryOf(request), request.signal)), params.creditId);
}

/** The package and its prices change with the country; choosing a method changes neither. */
export function shouldRevalidate({
  currentParams,
  nextParams,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const same =
    currentParams.creditId === nextParams.creditId &&
    currentUrl.searchParams.get(COUNTRY_PARAM) === nextUrl.searchParams.get(COUNTRY_PARAM);
  return !same && defaultShouldRevalidate;
}

/** Spec §2 /credits/{creditId}/{paymentMethod?}: the checkout of one package. */
export default function CreditsCheckout({ loaderData, params }: Route.ComponentProps) {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const picked = search.get(COUNTRY_PARAM);
  const returnTo = safeReturnTo(search.get(RETURN_TO_PARAM));
  const discountCode = search.get(DISCOUNT_CODE_PARAM);

  /** Method and country stay in the address, so a reload or a way back shows the same choice. */
  const go = (method: string | undefined, country: string | null) =>
    void navigate(
      `${NAMED_ROUTES['credits-creditId-paymentMethod'](params.creditId, method)}${creditsSearch({ country, returnTo, discountCode })}`,
      { replace: true, preventScrollReset: true },
    );

  return (
    <Checkout
      offer={loaderData.offer}
      creditId={params.creditId}
      method={params.paymentMethod ?? null}
      returnTo={returnTo}
      discountCode={discountCode}
      onCountryChange={(country) => go(params.paymentMethod, country)}
      onMethodChange={(method) => go(method, picked)}
      // The provider's checkout is another site: a full page load, not a route of ours.
      onOrdered={({ redirect_url }) => window.location.assign(redirect_url)}
    />
  );
}
