import { vi } from 'vitest';

class FakeWorker extends EventTarget {
  postMessage = vi.fn();
  constructor(public state: ServiceWorkerState) {
    super();
  }
  moveTo(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  active: FakeWorker | null = null;
}

/**
 * The browser's service worker container (a third-party surface): a page that an older version
 * already serves (`controlled`), or a first visit. Undo with `forgetServiceWorkers`.
 */
export function fakeServiceWorkers({ controlled }: { controlled: boolean }) {
  const registration = new FakeRegistration();
  const container = Object.assign(new EventTarget(), {
    controller: controlled ? new FakeWorker('activated') : null,
    register: vi.fn(async () => registration),
  });
  // The version serving the page is the registration's active one.
  registration.active = container.controller;
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
  return {
    container,
    /** A new version is deployed: the browser installs it, and it waits if a page is served by another. */
    deploy(): FakeWorker {
      const worker = new FakeWorker('installing');
      registration.installing = worker;
      registration.dispatchEvent(new Event('updatefound'));
      registration.installing = null;
      if (container.controller) registration.waiting = worker;
      worker.moveTo('installed');
      return worker;
    },
    /** The waiting version activates and takes over the page. */
    takeControl(worker: FakeWorker) {
      registration.waiting = null;
      registration.active = worker;
      container.controller = worker;
      worker.moveTo('activated');
      container.dispatchEvent(new Event('controllerchange'));
    },
  };
}

export function forgetServiceWorkers() {
  Reflect.deleteProperty(navigator, 'serviceWorker');
}
