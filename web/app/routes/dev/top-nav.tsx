import { useTranslation } from 'react-i18next';
import { requireDevTools } from './dev-only';

export const loader = requireDevTools;

/** The default layout already renders the top navigation; this page shows it alone for review. */
export default function DevTopNav() {
  const { t } = useTranslation();
  return <h1 className="heading text-2xl">{t('dev.top_nav')}</h1>;
}
