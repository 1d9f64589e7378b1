import { redirect } from 'react-router';

/** Spec §2: `/_dev` and everything under it redirect to the home page, in every environment. */
export function loader() {
  throw redirect('/');
}

export default function RedirectHome() {
  return null;
}
