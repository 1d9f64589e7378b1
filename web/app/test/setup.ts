import { notifyManager } from '@tanstack/react-query';
import { cleanup } from '@testing-library/react';
import { format } from 'node:util';
import { afterEach } from 'vitest';
import { testI18n } from './render';

// A console.error in a component test is a bug (style guide: Tests): React's warnings about
// keys, act() or invalid markup land there. Collected here, failed after the test.
const consoleErrors: string[] = [];
const originalConsoleError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  consoleErrors.push(format(...args));
  originalConsoleError(...args);
};

// The query cache tells components of an answer on a zero-delay timer; tests on a fake clock would
// see it only when they move the clock again, so it is told on a microtask instead.
notifyManager.setScheduler(queueMicrotask);

// jsdom has <dialog> without its methods. Enough of them for Modal: open, close, the close event.
if (typeof HTMLDialogElement !== 'undefined' && typeof HTMLDialogElement.prototype.showModal !== 'function') {
  HTMLDialogElement.prototype.show = function show(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
    // As browsers do: focus moves into the dialog, to the first element that takes it.
    this.querySelector<HTMLElement>(
      '[autofocus], button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])',
    )?.focus();
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement, returnValue?: string) {
    if (!this.open) return;
    this.open = false;
    if (returnValue !== undefined) this.returnValue = returnValue;
    this.dispatchEvent(new Event('close'));
  };
}

afterEach(async () => {
  cleanup();
  if (testI18n.language !== 'en') await testI18n.changeLanguage('en');
  if (consoleErrors.length > 0) {
    const messages = consoleErrors.splice(0).join('\n---\n');
    throw new Error(`console.error was called during the test:\n${messages}`);
  }
});
