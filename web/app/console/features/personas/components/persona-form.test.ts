import type { PersonaDetail, PersonaSite } from '@rendezvous/contract';
import { describe, expect, it } from 'vitest';
import { personaChanges, personaValues, PersonaProfileSchema } from './persona-form';

const SITE: PersonaSite = {
  id: 1,
  name: 'Rendezvous',
  domain: 'localhost',
  domain_language: 'nl',
  countries: ['NL', 'BE'],
  region_data: { NL: [{ id: 7, code: 'NL-ZE', name: 'Zeeland' }] },
  allowed_values: { smoking: ['no', 'yes'], gender: ['female', 'male'] },
  visible_profile_notes: ['about_me'],
  fictional_icon: true,
};

const GRETA: PersonaDetail = {
  id: 12,
  site_id: 1,
  state: 'active',
  name: 'Greta',
  language: 'nl',
  gender: 'female',
  date_of_birth: '1964-06-15',
  age: 61,
  country: 'NL',
  countryregion: 7,
  city: 'Middelburg',
  personal: { smoking: 'no', about_me: 'Ik fiets graag.' },
  main_image: null,
  images: [],
  sheet: { character: '', tone: '', facts: '', avoid: '', updated_at: null, updated_by: null },
  created_at: '2026-01-01T00:00:00.000Z',
};

/** The form as Greta's page fills it, with some fields changed, checked as on submit. */
const submitted = (change: (values: ReturnType<typeof personaValues>) => void) => {
  const values = personaValues(GRETA, SITE);
  change(values);
  return PersonaProfileSchema.parse(values);
};

describe("a persona's profile form", () => {
  it('offers the site’s own fields, gender aside, and fills them from the persona', () => {
    expect(personaValues(GRETA, SITE).personal).toEqual({ smoking: 'no', about_me: 'Ik fiets graag.' });
  });

  it('sends nothing when nothing changed', () => {
    expect(
      personaChanges(
        GRETA,
        submitted(() => {}),
      ),
    ).toBeNull();
  });

  it('sends only what changed, and an emptied answer as its removal', () => {
    const changes = personaChanges(
      GRETA,
      submitted((values) => {
        values.city = '';
        values.personal.smoking = '';
        values.personal.about_me = 'Ik wandel liever.';
        values.date_of_birth = { ...values.date_of_birth, year: '1962' };
      }),
    );
    expect(changes).toEqual({
      date_of_birth: '1962-06-15',
      city: null,
      personal: { smoking: null, about_me: 'Ik wandel liever.' },
    });
  });

  it('refuses a half-chosen date of birth with the members’ message', () => {
    const values = personaValues(GRETA, SITE);
    values.date_of_birth = { day: '', month: '6', year: '1964' };
    const result = PersonaProfileSchema.safeParse(values);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['date_of_birth', 'date_of_birth_error'],
    ]);
  });
});
