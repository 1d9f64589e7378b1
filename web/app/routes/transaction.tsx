import { OrderSchema } from '@rendezvous/contract';
import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { getOrder, orderPath } from '../features/credits/api/payment-calls';
import { TransactionStatus } from '../features/credits/components/transaction-status';
import { loadRecord, notFoundOn404, notFoundResponse, RECORD_ID } from '../lib/server-record';
import type { Route } from './+types/transaction';

export function meta() {
  return [{ name: 'robots', content: 'noindex' }];
}

/** Another member's order answers 404 as an unknown one does: the not-found page, from the first HTML. */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!RECORD_ID.test(params.transactionId)) throw notFoundResponse();
  return { order: await loadRecord(context, orderPath(params.transactionId), OrderSchema) };
}

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  if (!RECORD_ID.test(params.transactionId)) throw notFoundResponse();
  return { order: await notFoundOn404(getOrder(Number(params.transactionId), request.signal)) };
}

/** The page keeps its order current itself (live event, poll); the user poll need not load it again. */
export function shouldRevalidate({ currentParams, nextParams, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentParams.transactionId !== nextParams.transactionId && defaultShouldRevalidate;
}

/** Spec §2 /transactions/{transactionId}: the member's own order, after the provider sent them back. */
export default function Transaction({ loaderData }: Route.ComponentProps) {
  return <TransactionStatus key={loaderData.order.id} initialOrder={loaderData.order} />;
}
