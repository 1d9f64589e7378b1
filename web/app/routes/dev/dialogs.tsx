import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { SelectField } from '../../components/ui/select-field';
import { TextField } from '../../components/ui/text-field';
import { TextareaField } from '../../components/ui/textarea-field';
import { useToast } from '../../components/ui/toast';
import { requireDevTools } from './dev-only';

export const loader = requireDevTools;

export default function DevDialogs() {
  const { t } = useTranslation();
  const toast = useToast();
  const [open, setOpen] = useState<'default' | 'large' | null>(null);
  const [name, setName] = useState('');
  const [city, setCity] = useState('');
  const [gender, setGender] = useState('');
  const [about, setAbout] = useState('');

  return (
    <div className="space-y-8">
      <h1 className="heading text-2xl">{t('dev.dialogs')}</h1>
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => setOpen('default')}>{t('dev.open_modal')}</Button>
        <Button variant="secondary" onClick={() => setOpen('large')}>
          {t('dev.open_large_modal')}
        </Button>
        <Button
          variant="ghost"
          onClick={() => toast.show({ title: t('dev.toast_title'), message: t('dev.toast_text') })}
        >
          {t('dev.show_toast')}
        </Button>
        <Button
          variant="ghost"
          onClick={() => toast.show({ title: t('dev.toast_title'), message: t('dev.toast_text'), countdown: true })}
        >
          {t('dev.show_countdown_toast')}
        </Button>
        <Button
          variant="danger"
          onClick={() =>
            toast.show({ title: t('dev.toast_danger_title'), message: t('dev.toast_danger_text'), variant: 'danger' })
          }
        >
          {t('dev.show_danger_toast')}
        </Button>
      </div>
      <Modal open={open === 'default'} onClose={() => setOpen(null)} title={t('dev.modal_title')}>
        <p>{t('dev.modal_text')}</p>
      </Modal>
      <Modal open={open === 'large'} onClose={() => setOpen(null)} title={t('dev.large_modal_title')} size="large">
        <p>{t('dev.modal_text')}</p>
      </Modal>
      <section className="card max-w-md space-y-4 p-5" aria-labelledby="dev-form">
        <h2 id="dev-form" className="heading text-xl">
          {t('dev.form_title')}
        </h2>
        <TextField
          label={t('dev.sample_name')}
          name="name"
          value={name}
          onChange={setName}
          trim
          hint={t('dev.sample_name_hint')}
          error={name.trim() === '' ? t('dev.sample_required') : undefined}
          valid={name.trim() !== ''}
        />
        <TextField label={t('dev.sample_city')} name="city" value={city} onChange={setCity} debounceMs={300} />
        <SelectField
          label={t('dev.sample_gender')}
          name="gender"
          value={gender}
          onChange={setGender}
          options={[
            { value: 'female', label: '♀' },
            { value: 'male', label: '♂' },
          ]}
        />
        <TextareaField label={t('dev.sample_about')} name="about" value={about} onChange={setAbout} />
      </section>
    </div>
  );
}
