import { describe, expect, it } from 'vitest';
import {
  expandSnippet,
  isPastTarget,
  SnippetCreateRequestSchema,
  snippetValuesOf,
  unknownSnippetVariables,
} from './console-inbox.js';
import { VALIDATION } from './validation.js';

const person = { name: 'Anna', age: 52, city: null, region: 'Utrecht' };

describe('snippets', () => {
  const values = snippetValuesOf({
    member: person,
    persona: { name: 'Lotte', age: 49, city: 'Zeist', region: null },
  });

  it('fills in every variable, an unknown value as empty text', () => {
    expect(expandSnippet('Hi {member.name} ({member.age}), {persona.name} from {persona.city} here!', values)).toBe(
      'Hi Anna (52), Lotte from Zeist here!',
    );
    expect(expandSnippet('In {member.city}?', values)).toBe('In ?');
  });

  it('leaves what is not a variable alone, and names it', () => {
    expect(expandSnippet('{member.nmae} {smile}', values)).toBe('{member.nmae} {smile}');
    expect(unknownSnippetVariables('Hi {member.nmae}, {member.name} {smile}')).toEqual(['member.nmae']);
  });

  it('refuses a snippet with a variable that does not exist, or a shortcut with spaces', () => {
    const result = SnippetCreateRequestSchema.safeParse({ scope: 'personal', shortcut: 'hi there', body: '{x.y}' });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(messages).toEqual([
      ['shortcut', VALIDATION.snippetShortcut],
      ['body', VALIDATION.snippetVariable],
    ]);
    expect(SnippetCreateRequestSchema.parse({ scope: 'site', site: 1, shortcut: ' Hello ', body: 'Hi!' })).toEqual({
      scope: 'site',
      site: 1,
      shortcut: 'hello',
      body: 'Hi!',
    });
  });
});

describe('answer target', () => {
  it('is passed only once the wait is longer than the target', () => {
    const since = '2026-11-26T10:00:00.000Z';
    expect(isPastTarget(since, 300, '2026-11-26T10:05:00.000Z')).toBe(false);
    expect(isPastTarget(since, 300, '2026-11-26T10:05:00.001Z')).toBe(true);
  });
});
