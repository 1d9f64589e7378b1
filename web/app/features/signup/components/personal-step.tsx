import type { User } from '@rendezvous/contract';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { allowedValueFields, genderOptions } from '../../../components/profile-fields/allowed-values';
import {
  dateOfBirthProblem,
  joinDateParts,
  splitIsoDate,
  type DateParts,
} from '../../../components/profile-fields/date-of-birth';
import { DateOfBirthField } from '../../../components/profile-fields/date-of-birth-field';
import { useProfileFieldLabels } from '../../../components/profile-fields/labels';
import { fieldMessage } from '../../../components/profile-fields/messages';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { ApiError } from '../../../lib/api-client';
import { updateProfile, type ProfileUpdate } from '../../../lib/user-calls';
import { STEP } from '../lib/signup-steps';
import { StepAlert, StepShell } from './step-shell';
import type { PageSettings } from '../../../lib/web-context';

export interface PersonalStepProps {
  user: User;
  settings: PageSettings;
  onDone: (user?: User) => void;
  focusTitle?: boolean;
  top?: ReactNode;
  /** "Today"; the real date unless a test fixes it. */
  today?: Date;
}

/** Spec §2 step 4: gender, date of birth and the site's other choices, all optional. */
export function PersonalStep({ user, settings, onDone, focusTitle, top, today: fixedToday }: PersonalStepProps) {
  const { t } = useTranslation();
  const labels = useProfileFieldLabels();
  const [today] = useState(() => fixedToday ?? new Date());
  const fields = useMemo(() => allowedValueFields(settings), [settings]);
  const [gender, setGender] = useState<string>(user.profile.gender ?? '');
  const [birth, setBirth] = useState<DateParts>(() => splitIsoDate(user.profile.date_of_birth));
  const [choices, setChoices] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map(({ name }) => [name, user.profile.personal[name] ?? ''])),
  );
  // A wrong whole date shows at once; a half-chosen one only after trying to save.
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<'save' | 'skip' | null>(null);
  const failureId = useId();

  const birthKey = dateOfBirthProblem(birth, today);
  const birthComplete = Boolean(joinDateParts(birth));
  const birthMessage = ((tried || birthComplete) && birthKey) || serverErrors.date_of_birth;

  async function send(profile: ProfileUpdate, kind: 'save' | 'skip') {
    setBusy(kind);
    setFailure(null);
    setServerErrors({});
    try {
      const updated = await updateProfile(profile, STEP.personal);
      setBusy(null);
      onDone(updated);
    } catch (error) {
      setBusy(null);
      if (kind === 'skip') {
        // Moving on without personal info must not get stuck on a failed call; it is logged.
        console.warn('Clearing the date of birth failed', error);
        onDone();
        return;
      }
      const fieldErrors = error instanceof ApiError && error.status === 400 ? error.body?.error.fields : undefined;
      if (fieldErrors) setServerErrors(fieldErrors);
      else {
        console.warn('Saving personal info failed', error);
        setFailure(t('signup.save_failed'));
      }
    }
  }

  function save() {
    if (busy) return;
    setTried(true);
    if (birthKey) return;
    const answers = Object.fromEntries(Object.entries(choices).filter(([, value]) => value !== ''));
    void send({ ...answers, gender: gender || null, date_of_birth: joinDateParts(birth) || null }, 'save');
  }

  const serverMessage = (name: string) =>
    serverErrors[name] ? fieldMessage(t, serverErrors[name], { name, label: labels.field(name) }) : undefined;

  return (
    <StepShell
      title={t('signup.personal_title')}
      intro={t('signup.personal_intro')}
      focusTitle={focusTitle}
      top={top}
      actions={
        <>
          <Button
            block
            size="lg"
            loading={busy === 'save'}
            disabled={busy !== null || Boolean(birthMessage)}
            onClick={save}
          >
            {t('signup.personal_save')}
          </Button>
          {/* Spec §2: continuing without personal info clears the date of birth. */}
          <Button
            block
            variant="ghost"
            loading={busy === 'skip'}
            disabled={busy !== null}
            onClick={() => void send({ date_of_birth: null }, 'skip')}
          >
            {t('signup.personal_skip')}
          </Button>
        </>
      }
    >
      {failure ? <StepAlert id={failureId}>{failure}</StepAlert> : null}
      <SelectField
        label={t('signup.gender')}
        name="gender"
        value={gender}
        onChange={setGender}
        options={genderOptions(settings).map((value) => ({ value, label: t(`signup.gender_${value}`) }))}
        placeholder={t('signup.choose')}
        error={serverMessage('gender')}
      />
      <DateOfBirthField
        value={birth}
        onChange={(next) => {
          setBirth(next);
          setServerErrors((current) => ({ ...current, date_of_birth: '' }));
        }}
        today={today}
        error={birthMessage ? fieldMessage(t, birthMessage, { name: 'date_of_birth' }) : undefined}
      />
      {fields.map(({ name, values }) => (
        <SelectField
          key={name}
          label={labels.field(name)}
          name={name}
          value={choices[name] ?? ''}
          onChange={(value) => setChoices((current) => ({ ...current, [name]: value }))}
          options={values.map((value) => ({ value, label: labels.value(name, value) }))}
          placeholder={t('signup.choose')}
          error={serverMessage(name)}
        />
      ))}
    </StepShell>
  );
}
