/** `/` and a shortcut's beginning, at the start of the text or of a word, right before the caret. */
const TRIGGER = /(^|\s)\/([a-z0-9_-]*)$/;

export interface SnippetTrigger {
  /** Where the `/` stands. */
  start: number;
  /** What follows it: the beginning of a shortcut. */
  query: string;
}

/** The snippet being asked for at the caret, if the operator is typing one. */
export function snippetTriggerAt(text: string, caret: number): SnippetTrigger | null {
  const match = TRIGGER.exec(text.slice(0, caret));
  if (!match) return null;
  return { start: match.index + match[1]!.length, query: match[2]! };
}

/** The text with `/shortcut` replaced by the snippet, and where the caret goes after it. */
export function insertSnippet(
  text: string,
  trigger: SnippetTrigger,
  caret: number,
  expanded: string,
): { text: string; caret: number } {
  return {
    text: text.slice(0, trigger.start) + expanded + text.slice(caret),
    caret: trigger.start + expanded.length,
  };
}
