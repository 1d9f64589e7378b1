import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../test/fake-api';
import { useEmailCheck } from './use-email-check';

afterEach(() => vi.unstubAllGlobals());

function renderCheck() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, ...renderHook(() => useEmailCheck(), { wrapper }) };
}

/** A validate_email.php that answers only when `answer` is called. */
function heldChecks() {
  const waiting: (() => void)[] = [];
  const api = fakeApi({
    'GET /api/validate_email.php': (call) =>
      new Promise((resolve) =>
        waiting.push(() => resolve(json({ status: 'new', token: 'tok', email: call.url, request_email: call.url }))),
      ),
  });
  return { api, answer: () => waiting.splice(0).forEach((send) => send()) };
}

describe('the e-mail check', () => {
  it('asks again for the address asked last when its check is cancelled, so the sign-up waiting for it goes on', async () => {
    const { api, answer } = heldChecks();
    const { client, result } = renderCheck();

    let checked: Promise<unknown> = Promise.resolve();
    act(() => {
      checked = result.current.run('anna@example.com');
    });
    await vi.waitFor(() => expect(api.callsTo('GET', '/api/validate_email.php')).toHaveLength(1));
    // What the cache does when the screen showing the check lets go of it.
    await act(() => client.cancelQueries({ queryKey: ['validate-email', 'anna@example.com'] }));
    await vi.waitFor(() => expect(api.callsTo('GET', '/api/validate_email.php')).toHaveLength(2));
    answer();

    await expect(checked).resolves.toEqual({ email: 'anna@example.com', state: 'done', status: 'new', token: 'tok' });
  });

  it('gives up the check of an address another has replaced', async () => {
    const { answer } = heldChecks();
    const { result } = renderCheck();

    let first: Promise<unknown> = Promise.resolve();
    let second: Promise<unknown> = Promise.resolve();
    act(() => {
      first = result.current.run('anna@example.com');
    });
    act(() => {
      second = result.current.run('anna@example.org');
    });
    answer();

    await expect(first).resolves.toBeNull();
    await expect(second).resolves.toMatchObject({ email: 'anna@example.org', state: 'done' });
  });
});
