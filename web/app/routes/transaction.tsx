import { notFoundResponse } from '../lib/server-record';

/**
 * Spec §2 /transactions/{transactionId}: payments come with a later issue and until then no
 * transaction exists, so every id is an unknown record and answers 404 rather than a page
 * that pretends to show one.
 */
export function loader(): never {
  throw notFoundResponse();
}

export default function Transaction() {
  return null;
}
