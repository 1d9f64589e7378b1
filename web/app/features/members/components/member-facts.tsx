import type { MemberDetail } from '@rendezvous/contract';
import { useTranslation } from 'react-i18next';
import { useCountryNames, useProfileFieldLabels } from '../../../components/profile-fields/labels';

/**
 * The site's visible profile fields (spec §3 visible_profile_fields) and personal texts
 * (visible_profile_notes) as the server listed them: only those the member filled in.
 */
export function MemberFacts({ member }: { member: MemberDetail }) {
  const { t } = useTranslation();
  const labels = useProfileFieldLabels();
  const countryName = useCountryNames();

  // City, gender and country are columns with their own words; the rest are the site's allowed-value fields.
  const label = (name: string) =>
    name === 'city' || name === 'gender' || name === 'country' ? t(`member_page.field_${name}`) : labels.field(name);
  const value = (name: string, raw: string) =>
    name === 'city'
      ? raw
      : name === 'gender'
        ? t(`signup.gender_${raw}`, { defaultValue: raw })
        : name === 'country'
          ? countryName(raw)
          : labels.value(name, raw);

  return (
    <>
      {member.fields.length > 0 ? (
        <section className="card p-4" aria-labelledby="member-fields-title">
          <h2 id="member-fields-title" className="heading text-xl">
            {t('member_page.details_title')}
          </h2>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
            {member.fields.map((field) => (
              <div key={field.name} className="contents">
                <dt className="text-ink-muted">{label(field.name)}</dt>
                <dd className="break-words">{value(field.name, field.value)}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      {member.notes.map((note) => (
        <section key={note.name} className="card p-4" aria-labelledby={`member-note-${note.name}`}>
          <h2 id={`member-note-${note.name}`} className="heading text-xl">
            {labels.note(note.name)}
          </h2>
          {/* The member's own words: marked with their language so screen readers pronounce them right. */}
          <p className="mt-2 break-words whitespace-pre-line" lang={member.language}>
            {note.text}
          </p>
        </section>
      ))}
    </>
  );
}
