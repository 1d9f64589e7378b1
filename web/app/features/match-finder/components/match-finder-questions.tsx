import { AGE_BUCKETS } from '@rendezvous/contract';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountryNames } from '../../../components/profile-fields/labels';
import { useRegionNames } from '../../../components/profile-fields/region-names';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { useWebContext } from '../../../lib/use-web-context';
import { startCountry, type MatchFilters } from '../lib/match-filters';
import { useSiteRegions } from '../../../components/profile-fields/site-regions';

const QUESTIONS = ['gender', 'age', 'region'] as const;
type Gender = MatchFilters['gender'];
/** Women first: most members of these sites are men looking for women. */
const GENDER_CHOICES: readonly Gender[] = ['female', 'male'];
type Question = (typeof QUESTIONS)[number];

export interface MatchFinderQuestionsProps {
  /** Answers given before (coming back to change them). */
  initial: MatchFilters | null;
  onDone: (filters: MatchFilters) => void;
}

/**
 * The finder's three questions, one per screen as on a phone: who the visitor looks for, which
 * ages (spec §9 buckets) and where they live. A choice moves on by itself; the last screen asks
 * for the region and shows the matches.
 */
export function MatchFinderQuestions({ initial, onDone }: MatchFinderQuestionsProps) {
  const { t } = useTranslation();
  const { settings } = useWebContext();
  const countryName = useCountryNames();
  const [question, setQuestion] = useState<Question>('gender');
  const [gender, setGender] = useState<Gender | null>(initial?.gender ?? null);
  const [ages, setAges] = useState(initial ? { min_age: initial.min_age, max_age: initial.max_age } : null);
  const [country, setCountry] = useState(initial?.country ?? startCountry(settings));
  const [countryregion, setCountryregion] = useState(initial?.countryregion ?? 0);
  const regions = useRegionNames().sorted(useSiteRegions()?.[country] ?? []);
  const index = QUESTIONS.indexOf(question);

  // Focus follows the visitor to each next question, not on arrival.
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (moved.current) heading.current?.focus();
    moved.current = true;
  }, [question]);

  const step = (title: string, body: ReactNode) => (
    <section className="space-y-4" aria-labelledby="match-finder-question">
      <p className="text-sm font-semibold text-ink-muted">
        {t('match_finder.progress', { current: index + 1, total: QUESTIONS.length })}
      </p>
      <h2 id="match-finder-question" ref={heading} tabIndex={-1} className="heading text-2xl">
        {title}
      </h2>
      {body}
      {index > 0 ? (
        <Button variant="ghost" size="sm" onClick={() => setQuestion(QUESTIONS[index - 1]!)}>
          <span aria-hidden="true">←</span> {t('match_finder.back')}
        </Button>
      ) : null}
    </section>
  );

  /** One answer per button; the chosen one is marked pressed when the visitor comes back to it. */
  const choices = (items: { key: string; label: string; chosen: boolean; choose: () => void }[]) => (
    <ul className="grid grid-cols-2 gap-3">
      {items.map((item) => (
        <li key={item.key}>
          <Button
            block
            size="lg"
            variant={item.chosen ? 'primary' : 'secondary'}
            aria-pressed={item.chosen}
            onClick={item.choose}
          >
            {item.label}
          </Button>
        </li>
      ))}
    </ul>
  );

  if (question === 'gender') {
    return step(
      t('match_finder.gender_question'),
      choices(
        GENDER_CHOICES.map((value) => ({
          key: value,
          label: t(`match_finder.gender_${value}`),
          chosen: gender === value,
          choose: () => {
            setGender(value);
            setQuestion('age');
          },
        })),
      ),
    );
  }

  if (question === 'age' || !gender || !ages) {
    return step(
      t('match_finder.age_question'),
      choices(
        AGE_BUCKETS.map((bucket) => ({
          key: bucket.key,
          label: t(`match_finder.age_${bucket.key}`),
          chosen: ages?.min_age === bucket.min_age && ages.max_age === bucket.max_age,
          choose: () => {
            setAges({ min_age: bucket.min_age, max_age: bucket.max_age });
            setQuestion('region');
          },
        })),
      ),
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onDone({ gender, ...ages, country, countryregion });
  };
  return step(
    t('match_finder.region_question'),
    <form className="space-y-4" onSubmit={submit}>
      {settings.countries.length > 1 ? (
        <SelectField
          label={t('match_finder.country')}
          name="country"
          value={country}
          options={settings.countries.map((code) => ({ value: code, label: countryName(code) }))}
          onChange={(value) => {
            setCountry(value);
            // Spec §4: a new country resets the region to all.
            setCountryregion(0);
          }}
        />
      ) : null}
      <SelectField
        label={t('match_finder.region')}
        name="countryregion"
        value={String(countryregion)}
        disabled={regions.length === 0}
        options={[
          { value: '0', label: t('match_finder.region_all') },
          ...regions.map((region) => ({ value: String(region.id), label: region.name })),
        ]}
        onChange={(value) => setCountryregion(Number(value))}
      />
      <Button type="submit" block size="lg">
        {t('match_finder.show_matches')}
      </Button>
    </form>,
  );
}
