import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWithRoot } from '../../../test/render';
import {
  TRAFFIC_SOURCE_EVENT,
  TRAFFIC_SOURCE_KEY,
  captureTrafficSource,
  readTrafficSource,
  searchWithoutTrafficSource,
  trafficSourceFromSearch,
  trafficSourceNetworkFromCookies,
  useTrafficSourceCapture,
  useTrafficSourceNetwork,
} from './traffic-source';

function visit(url: string) {
  window.history.replaceState(null, '', url);
}

function clearStorage() {
  window.localStorage.clear();
  document.cookie = `${TRAFFIC_SOURCE_KEY}=; Max-Age=0; Path=/`;
}

describe('traffic source (spec §9)', () => {
  beforeEach(clearStorage);
  afterEach(() => {
    clearStorage();
    visit('/');
  });

  it('reads the tracking parameters and maps the aff_sub variants', () => {
    expect(
      trafficSourceFromSearch('?network=adnet&ref=77&aff_sub=a&aff_sub2=b&aff_sub3=c&aff_sub4=d&aff_sub5=e&cpc=0.12'),
    ).toEqual({ network: 'adnet', ref: '77', sub1: 'a', sub2: 'b', sub3: 'c', cpc: '0.12' });
    expect(trafficSourceFromSearch('?network=adnet&sub=s&sub1=x&aff_sub=y')).toEqual({
      network: 'adnet',
      sub: 's',
      sub1: 'x',
    });
    expect(trafficSourceFromSearch('?page=2')).toBeNull();
  });

  it('cuts values to the lengths the server accepts', () => {
    expect(trafficSourceFromSearch(`?network=${'n'.repeat(150)}`)?.network).toHaveLength(100);
  });

  it('takes only the tracking parameters out of the query string', () => {
    expect(searchWithoutTrafficSource('?page=2&network=adnet&sub1=x&q=walk')).toBe('?page=2&q=walk');
    expect(searchWithoutTrafficSource('?network=adnet&aff_sub5=z')).toBe('');
  });

  it('stores the source in a 30-day cookie and local storage and cleans the address bar', () => {
    visit('/signup?network=adnet&sub1=x&page=2#top');
    let announced = 0;
    const count = () => (announced += 1);
    window.addEventListener(TRAFFIC_SOURCE_EVENT, count);
    captureTrafficSource();
    window.removeEventListener(TRAFFIC_SOURCE_EVENT, count);

    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/signup?page=2#top');
    expect(JSON.parse(window.localStorage.getItem(TRAFFIC_SOURCE_KEY) ?? 'null')).toEqual({
      network: 'adnet',
      sub1: 'x',
    });
    expect(document.cookie).toContain(`${TRAFFIC_SOURCE_KEY}=`);
    expect(readTrafficSource()).toEqual({ network: 'adnet', sub1: 'x' });
    expect(announced).toBe(1);
  });

  it('falls back to the cookie when local storage was cleared', () => {
    visit('/?network=adnet');
    captureTrafficSource();
    window.localStorage.clear();
    expect(readTrafficSource()).toEqual({ network: 'adnet' });
  });

  it('keeps an earlier source when a later page has no parameters, and replaces it with a new one', () => {
    visit('/?network=first');
    captureTrafficSource();
    visit('/members');
    captureTrafficSource();
    expect(readTrafficSource()).toEqual({ network: 'first' });
    visit('/?network=second&ref=9');
    captureTrafficSource();
    expect(readTrafficSource()).toEqual({ network: 'second', ref: '9' });
  });

  it('is captured by the root hook, and forms reading the network see it', async () => {
    function Probe() {
      useTrafficSourceCapture();
      return <p>network: {useTrafficSourceNetwork() ?? 'none'}</p>;
    }
    visit('/?network=adnet&q=1');
    renderWithRoot(<Probe />);
    expect(await screen.findByText('network: adnet')).toBeTruthy();
    expect(window.location.search).toBe('?q=1');
    act(() => clearStorage());
  });
});

describe('trafficSourceNetworkFromCookies', () => {
  it('reads the network from the cookie header a page loader receives', () => {
    const cookie = encodeURIComponent(JSON.stringify({ network: 'adnet', sub1: 'x' }));
    expect(trafficSourceNetworkFromCookies(`i18n_redirected=nl; ${TRAFFIC_SOURCE_KEY}=${cookie}`)).toBe('adnet');
  });

  it('answers nothing for no cookie, another cookie or a broken value', () => {
    expect(trafficSourceNetworkFromCookies(null)).toBeUndefined();
    expect(trafficSourceNetworkFromCookies('i18n_redirected=nl')).toBeUndefined();
    expect(trafficSourceNetworkFromCookies(`${TRAFFIC_SOURCE_KEY}=%E0%A4%A`)).toBeUndefined();
    expect(trafficSourceNetworkFromCookies(`${TRAFFIC_SOURCE_KEY}=not-json`)).toBeUndefined();
  });
});
