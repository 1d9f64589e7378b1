import { PricingResponseSchema } from '@rendezvous/contract';
import { useSearchParams } from 'react-router';
import { getPricing, pricingPath } from '../features/credits/api/premium-calls';
import { PricingOverview } from '../features/credits/components/pricing-overview';
import { COUNTRY_PARAM } from '../features/credits/return-to';
import { loadRecord } from '../lib/server-record';
import type { Route } from './+types/pricing';

const countryOf = (request: Request) => new URL(request.url).searchParams.get(COUNTRY_PARAM);

/** The prices with the first HTML: a visitor comparing sites reads them before any script runs. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { pricing: await loadRecord(context, pricingPath(countryOf(request)), PricingResponseSchema) };
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { pricing: await getPricing(countryOf(request), request.signal) };
}

/** Issue 16, /pricing (public): credits, message costs and premium for the visitor's country. */
export default function Pricing({ loaderData }: Route.ComponentProps) {
  const [, setParams] = useSearchParams();
  return (
    <PricingOverview
      pricing={loaderData.pricing}
      onCountryChange={(country) =>
        setParams({ [COUNTRY_PARAM]: country }, { replace: true, preventScrollReset: true })
      }
    />
  );
}
