import { useTranslation } from 'react-i18next';
import { CancelContractForm } from '../features/credits/components/cancel-contract-form';

/** Issue 16: the public "cancel a contract here" page (§312k BGB), linked from every page's footer. */
export default function CancelContract() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <h1 className="heading text-3xl">{t('cancel_contract.title')}</h1>
      <p>{t('cancel_contract.intro')}</p>
      <CancelContractForm />
    </div>
  );
}
