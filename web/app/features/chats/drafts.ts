/**
 * A message that could not be sent (too few credits) waits in sessionStorage, so it is still
 * there after buying credits in the same tab and gone once the tab closes.
 */
const draftKey = (conversationId: number) => `rv:chat-draft:${conversationId}`;

export function readDraft(conversationId: number): string {
  try {
    return sessionStorage.getItem(draftKey(conversationId)) ?? '';
  } catch {
    return '';
  }
}

export function saveDraft(conversationId: number, body: string): void {
  try {
    sessionStorage.setItem(draftKey(conversationId), body);
  } catch {
    // Storage full or disabled: the text is lost with the page, nothing worse.
  }
}

export function clearDraft(conversationId: number): void {
  try {
    sessionStorage.removeItem(draftKey(conversationId));
  } catch {
    // As above.
  }
}
