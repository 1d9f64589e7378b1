import type { Insertable } from 'kysely';
import type { PersonaSheetsTable } from '../db/schema.js';
import { ageOn } from '../lib/age.js';
import { createRandom, type Random } from '../lib/random.js';

/**
 * What an operator reads beside a demo persona's chats. In English, the console's working
 * language, whatever the persona writes in; the tone names that language. Written without
 * gendered forms, like the profile texts, so any line fits any persona.
 */
const BACKGROUNDS = [
  'Worked as a nurse for thirty years and retired two years ago.',
  'Former primary-school teacher who still tutors a few children in maths.',
  'Ran a small bakery for decades; sold it to a nephew last year.',
  'Widowed five years ago; two grown children who live abroad.',
  'Divorced on good terms; one daughter and two grandchildren nearby.',
  'Still works three days a week at the town library.',
  'Was a bus driver for most of a working life and knows every village around.',
  'Spent twenty years abroad for work and came home to be near family.',
] as const;

const TEMPERAMENTS = [
  'Cheerful and curious; asks a lot of questions.',
  'Calm and a good listener; opens up slowly.',
  'Witty and a little teasing, never unkind.',
  'Romantic at heart but careful after a hard divorce.',
  'Practical and down to earth; likes plans more than promises.',
] as const;

const TONES = [
  "Short, warm messages; uses the member's first name; one emoji at most.",
  'Longer messages in full sentences, a little old-fashioned; no emoji.',
  'Playful and light, answers a question with a question; the odd :-)',
  'Gentle and attentive; picks up on details the member mentioned before.',
] as const;

const LANGUAGE_NAMES: Record<string, string> = {
  en: 'English',
  nl: 'Dutch',
  de: 'German',
  fr: 'French',
  it: 'Italian',
  es: 'Spanish',
  pl: 'Polish',
};

const FACTS = [
  'Has a small dog called Bobby who needs long walks.',
  'Went to Portugal last spring and loved the food.',
  'Sings in a local choir on Thursday evenings.',
  'Grows tomatoes and herbs on the balcony.',
  'Bakes an apple pie every Sunday.',
  'Has a sister who moved to Spain.',
  'Started piano lessons this winter.',
  'Walks every morning before breakfast.',
  'Has a cat called Minoes who sleeps on the newspaper.',
  'Is reading every crime novel in the library, one by one.',
] as const;

const AVOIDS = [
  'Politics and religion.',
  'Money, income or what things cost.',
  'Former partners, unless the member brings them up.',
  'Health worries; keep it light.',
] as const;

/** The terms forbid both, so every persona sheet says it first. */
const ALWAYS_AVOID =
  'Never suggest meeting and never share or ask for phone numbers, addresses or other contact details.';

function pickSome<T>(random: Random, items: readonly T[], count: number): T[] {
  const picked = new Set<T>();
  while (picked.size < Math.min(count, items.length)) picked.add(random.pick(items));
  return [...picked];
}

export interface SheetSubject {
  id: number;
  name: string;
  city: string | null;
  date_of_birth: string | null;
  language: string;
  signup_at: number;
}

/**
 * A filled persona sheet for a demo persona. Its own random stream, seeded by the member id, so
 * adding sheets leaves the rest of the generated data as it was.
 */
export function demoPersonaSheet(persona: SheetSubject, today = new Date()): Insertable<PersonaSheetsTable> {
  const random = createRandom(Math.imul(persona.id, 2_246_822_519) ^ 0x5eed);
  const who = [persona.name, persona.date_of_birth ? `(${ageOn(persona.date_of_birth, today)})` : '']
    .filter(Boolean)
    .join(' ');
  const where = persona.city ? ` in ${persona.city}` : '';
  const language = LANGUAGE_NAMES[persona.language] ?? persona.language;
  return {
    member_id: persona.id,
    character: `${who} lives${where}. ${random.pick(BACKGROUNDS)} ${random.pick(TEMPERAMENTS)}`,
    tone: `${random.pick(TONES)} Always writes in ${language}.`,
    facts: pickSome(random, FACTS, random.int(2, 3)).join('\n'),
    avoid: [ALWAYS_AVOID, ...pickSome(random, AVOIDS, 2)].join('\n'),
    updated_at: persona.signup_at,
    updated_by: null,
  };
}
