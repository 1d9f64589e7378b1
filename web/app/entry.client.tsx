import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { watchChunkLoadErrors } from './lib/chunk-reload';
import { captureInstallPrompt } from './lib/install-prompt';

watchChunkLoadErrors();
captureInstallPrompt();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
