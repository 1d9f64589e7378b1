import type { SearchVisibility } from '@rendezvous/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../../../components/ui/choice-fields';
import { FormAlert } from '../../../components/ui/form-alert';
import { Section } from '../../../components/ui/section';
import { searchVisibilityQueryOptions, useSetSearchVisibility } from '../api/privacy-calls';

/**
 * "Hide me from search" on the account page (issue 19): saved as soon as it is ticked, and said so.
 * Chats and likes go on either way, which the hint tells before the member decides.
 */
export function SearchVisibilitySection({ initial }: { initial?: SearchVisibility }) {
  const { t } = useTranslation();
  const query = useQuery({ ...searchVisibilityQueryOptions(), initialData: initial });
  const save = useSetSearchVisibility();
  const hidden = save.isPending ? save.variables : query.data?.hidden;

  return (
    <Section title={t('privacy.hide_title')}>
      {hidden === undefined ? (
        query.isError ? (
          <FormAlert>{t('privacy.hide_load_failed')}</FormAlert>
        ) : null
      ) : (
        <CheckboxField
          name="hidden_from_search"
          label={t('privacy.hide_label')}
          hint={t('privacy.hide_hint')}
          checked={hidden}
          onChange={(checked) => save.mutate(checked)}
        />
      )}
      {save.isError ? <FormAlert>{t('privacy.hide_failed')}</FormAlert> : null}
      <p role="status" className={save.isSuccess ? '' : 'sr-only'}>
        {save.isSuccess ? t(save.data.hidden ? 'privacy.hide_saved_hidden' : 'privacy.hide_saved_shown') : null}
      </p>
    </Section>
  );
}
