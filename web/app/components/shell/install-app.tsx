import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { promptInstall, useInstallWay } from '../../lib/install-prompt';
import { Button } from '../ui/button';
import { Modal } from '../ui/modal';

/**
 * "Install the app" in the member's menu (issue 17): the browser's own dialog where it offers one,
 * else on an iPhone or iPad the steps in Safari; nothing where the app is installed or cannot be.
 */
export function InstallApp() {
  const { t } = useTranslation();
  const way = useInstallWay();
  const [instructions, setInstructions] = useState(false);
  if (!way) return null;

  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => (way === 'prompt' ? void promptInstall() : setInstructions(true))}
      >
        {t('install.button')}
      </Button>
      <Modal open={instructions} onClose={() => setInstructions(false)} title={t('install.ios_title')}>
        <ol className="list-decimal space-y-2 ps-5">
          <li>{t('install.ios_share')}</li>
          <li>{t('install.ios_add')}</li>
          <li>{t('install.ios_confirm')}</li>
        </ol>
      </Modal>
    </>
  );
}
