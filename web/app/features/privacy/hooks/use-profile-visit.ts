import { useEffect } from 'react';
import { recordProfileView } from '../api/privacy-calls';

/**
 * Reports that a logged-in member opened this profile (who viewed me, issue 19): once per page
 * shown, from the page itself, so loading the member's data elsewhere (a chat, a lander) is no visit.
 * A failure is logged only: nobody waits for it.
 */
export function useProfileVisit(memberId: number, loggedIn: boolean) {
  useEffect(() => {
    if (!loggedIn) return;
    recordProfileView(memberId).catch((error: unknown) => console.warn('Could not record the profile visit', error));
  }, [memberId, loggedIn]);
}
