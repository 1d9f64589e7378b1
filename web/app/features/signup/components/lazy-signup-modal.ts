import { lazy } from 'react';
import { withWholeCatalogue } from '../../../lib/catalogue-loader';

/** The sign-up modal with the whole form, loaded when a visitor asks for it rather than with the page. */
export const loadSignupModal = withWholeCatalogue(() =>
  import('./signup-modal').then((module) => ({ default: module.SignupModal })),
);
export const LazySignupModal = lazy(loadSignupModal);
