import { describe, expect, it } from 'vitest';
import { insertSnippet, snippetTriggerAt } from './snippet-trigger';

describe('the snippet trigger in the composer', () => {
  it('opens on a slash at the start of the text or of a word, with what follows it', () => {
    expect(snippetTriggerAt('/', 1)).toEqual({ start: 0, query: '' });
    expect(snippetTriggerAt('/gre', 4)).toEqual({ start: 0, query: 'gre' });
    expect(snippetTriggerAt('Hi Mia,\n/wel', 12)).toEqual({ start: 8, query: 'wel' });
    expect(snippetTriggerAt('Hi /wel there', 7)).toEqual({ start: 3, query: 'wel' });
  });

  it('stays shut for a slash inside a word, after a space past the shortcut, or before the caret moved away', () => {
    expect(snippetTriggerAt('and/or', 6)).toBeNull();
    expect(snippetTriggerAt('/greet ', 7)).toBeNull();
    expect(snippetTriggerAt('/Greet', 6)).toBeNull();
    expect(snippetTriggerAt('/greet', 0)).toBeNull();
  });

  it('replaces the slash and shortcut with the snippet and puts the caret after it', () => {
    const text = 'Hi /wel and more';
    const trigger = snippetTriggerAt(text, 7)!;
    expect(insertSnippet(text, trigger, 7, 'Welcome, Mia!')).toEqual({ text: 'Hi Welcome, Mia! and more', caret: 16 });
  });
});
