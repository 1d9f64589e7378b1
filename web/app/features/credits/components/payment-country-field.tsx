import { useTranslation } from 'react-i18next';
import { useCountryNames } from '../../../components/profile-fields/labels';
import { SelectField } from '../../../components/ui/select-field';

/** The country the member pays from, which sets prices, VAT and methods: a choice only where the site has several. */
export function PaymentCountryField({
  countries,
  value,
  onChange,
}: {
  countries: readonly string[];
  value: string;
  onChange: (country: string) => void;
}) {
  const { t } = useTranslation();
  const countryName = useCountryNames();
  if (countries.length < 2) return <p>{t('credits.country_only', { country: countryName(value) })}</p>;
  return (
    <SelectField
      label={t('credits.country_label')}
      name="payment-country"
      value={value}
      onChange={onChange}
      hint={t('credits.country_hint')}
      options={countries.map((code) => ({ value: code, label: countryName(code) }))}
    />
  );
}
