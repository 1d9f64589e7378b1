/**
 * Remembering a "not now" to the push prompt (spec §6), in local storage: the prompt outside the
 * sign-up asks again a month later rather than on every visit.
 */
export const PUSH_PROMPT_SNOOZE_MS = 30 * 24 * 60 * 60 * 1000;
const SNOOZE_KEY = 'push_prompt_snoozed_at';

export function snoozePushPrompt(now = Date.now()): void {
  try {
    localStorage.setItem(SNOOZE_KEY, String(now));
  } catch {
    // Storage full or disabled: the prompt may ask again next time, which is all that is lost.
  }
}

export function isPushPromptSnoozed(now = Date.now()): boolean {
  try {
    const at = Number(localStorage.getItem(SNOOZE_KEY));
    return at > 0 && now - at < PUSH_PROMPT_SNOOZE_MS;
  } catch {
    return false;
  }
}
