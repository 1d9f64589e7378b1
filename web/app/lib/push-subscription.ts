/**
 * Whether this browser holds a push subscription, which slows the polling (spec §9). The user
 * object does not say, and a subscription stored from another device brings no news to this one.
 */
export async function hasPushSubscription(): Promise<boolean> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window)) return false;
  try {
    // `ready` never settles without a worker, so ask for the registration instead.
    const registration = await navigator.serviceWorker.getRegistration();
    return Boolean(await registration?.pushManager.getSubscription());
  } catch (error) {
    console.warn('Could not read the push subscription', error);
    return false;
  }
}
