import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { watchChunkLoadErrors } from './lib/chunk-reload';
import { announceHydrating } from './lib/hydration-events';
import { captureInstallPrompt } from './lib/install-prompt';

watchChunkLoadErrors();
captureInstallPrompt();

announceHydrating();
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
