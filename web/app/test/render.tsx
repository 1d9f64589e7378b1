import {
  ALL_TEMPLATE_FEATURES,
  type Catalogue,
  type Settings,
  type TemplateFeatures,
  type User,
  type WebContext,
} from '@rendezvous/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import type { i18n as I18n } from 'i18next';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Outlet, createRoutesStub } from 'react-router';
import en from '../../locales/en.json';
import { createI18n } from '../lib/i18n';
import { LocaleProvider } from '../lib/locale';
import { createQueryClient } from '../lib/query-client';
import { QueryProvider } from '../lib/query-provider';
import { packWebContext, type PageWebContext } from '../lib/web-context';

/** The English catalogue, as the tests read it. */
export const EN_MESSAGES: Catalogue = en;

/** One English instance shared by the tests; setup.ts switches it back to English after each. */
export const testI18n = createI18n('en', EN_MESSAGES);

/** A fresh instance, for a test that changes the language or adds catalogues. */
export function createTestI18n(): I18n {
  return createI18n('en', EN_MESSAGES);
}

interface I18nRenderOptions extends RenderOptions {
  i18n?: I18n;
}

/**
 * Renders with translations, so tests find elements by the names people see, and a fresh query
 * cache (outside a router, where a lost session has no page data to reload).
 */
export function renderWithI18n(
  ui: ReactElement,
  { i18n = testI18n, wrapper: Inner, ...options }: I18nRenderOptions = {},
): RenderResult {
  const queryClient = createQueryClient(() => undefined);
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>{Inner ? <Inner>{children}</Inner> : children}</QueryClientProvider>
      </I18nextProvider>
    );
  }
  return render(ui, { wrapper: Wrapper, ...options });
}

/**
 * As a page loads: the server's markup first, which `beforeHydration` may change as a person
 * would (typing into a field), then the app hydrating it.
 */
export function hydrateWithI18n(ui: ReactElement, beforeHydration: (container: HTMLElement) => void): RenderResult {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<I18nextProvider i18n={testI18n}>{ui}</I18nextProvider>);
  document.body.append(container);
  beforeHydration(container);
  return render(ui, {
    container,
    hydrate: true,
    wrapper: ({ children }) => <I18nextProvider i18n={testI18n}>{children}</I18nextProvider>,
  });
}

export function makeSettings(overrides: Partial<Settings> = {}): Settings {
  return {
    name: 'Rendezvous',
    domain: 'localhost',
    niche: 1,
    domain_language: 'en',
    signups: 'all',
    logged_out_search: false,
    logged_out_search_trafficsource: false,
    fictional_icon: true,
    fictional_plural: 'hosts',
    countries: ['NL', 'BE'],
    minimum_message_costs: { NL: { costs: 1.99, currency: 'EUR' } },
    message_credits: 10,
    welcome_credits: 20,
    support_email: 'support@example.test',
    email: 'info@example.test',
    visible_profile_fields: ['city'],
    visible_profile_notes: ['about_me'],
    search_fields: ['gender', 'min_age', 'max_age', 'country', 'countryregion'],
    member_resell: [],
    cdn_prefix: '',
    signup: { showDots: true, showCity: true },
    allowed_values: {},
    company_name: 'Example Media B.V.',
    company_address: 'Keizersgracht 1',
    company_kvk: '81234567',
    company_city: '1016 EK Amsterdam',
    company_country: 'Netherlands',
    company_tradenames: [{ id: 1, name: 'Rendezvous' }],
    company_vat_numbers: [],
    support_phone: '+31 20 555 0123',
    delete_discount: 50,
    credit_packages: [],
    payment_routing: [],
    template: { name: 'classic', features: ALL_TEMPLATE_FEATURES },
    search_paging: 'infinite',
    region_data: {},
    push_pub: null,
    cams_feed: true,
    geoip_country: null,
    geoip_selected_country: null,
    ...overrides,
  };
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    email: 'anna@example.test',
    mailprovider: 0,
    fictional_icon: false,
    paid_user: false,
    email_confirmed: true,
    signup_date: '2026-01-05T10:00:00Z',
    profile: {
      id: 7,
      name: 'Anna',
      country: 'NL',
      countryregion: null,
      city: null,
      gender: 'female',
      date_of_birth: null,
      main_image: null,
      images: [],
      personal: {},
    },
    ...overrides,
  };
}

export function makeWebContext({
  user = null,
  features = {},
  settings = {},
}: { user?: User | null; features?: Partial<TemplateFeatures>; settings?: Partial<Settings> } = {}): WebContext {
  const base = makeSettings(settings);
  return {
    settings: { ...base, template: { ...base.template, features: { ...base.template.features, ...features } } },
    user,
    locale: 'en',
    i18n: { hash: 'test', messages: EN_MESSAGES },
    csrfToken: 'csrf-test',
    cspNonce: { script: 'nonce-script', style: 'nonce-style' },
    devTools: false,
    clientId: 'web@test',
  };
}

interface RouteRenderOptions {
  /** What the root loader gives the page (`makeWebContext`, or a page's cut of it). */
  web?: PageWebContext;
  /** The URL the memory router starts at. */
  path?: string;
  i18n?: I18n;
  /** Further routes beside the page, e.g. one whose loader a fetcher in the page loads. */
  routes?: Parameters<typeof createRoutesStub>[0];
}

/**
 * Renders inside a memory router whose root route (id `root`) already holds the
 * WebContext, as after server rendering, with the locale and query providers of the real root.
 * Every path renders `ui`, so links can be followed.
 */
export function renderWithRoot(
  ui: ReactElement,
  { web = makeWebContext(), path = '/', i18n = testI18n, routes = [] }: RouteRenderOptions = {},
): RenderResult {
  const Stub = createRoutesStub([
    {
      id: 'root',
      loader: () => packWebContext(web),
      Component: () => (
        <LocaleProvider initial={web}>
          <QueryProvider memberId={web.user?.profile.id ?? null}>
            <Outlet />
          </QueryProvider>
        </LocaleProvider>
      ),
      children: [{ id: 'page', path: '*', Component: () => ui }, ...routes],
    },
  ]);
  return render(
    <I18nextProvider i18n={i18n}>
      <Stub initialEntries={[path]} hydrationData={{ loaderData: { root: packWebContext(web) } }} />
    </I18nextProvider>,
  );
}
