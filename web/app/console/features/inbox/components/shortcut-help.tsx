import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../../components/ui/modal';
import { COMPOSER_KEYS, SHORTCUT_KEYS, useSingleKeyShortcuts, type ShortcutAction } from '../lib/shortcuts';

const SHORTCUT_ORDER: readonly ShortcutAction[] = ['takeNext', 'next', 'previous', 'composer', 'release', 'help'];
const COMPOSER_ORDER = ['send', 'snippet', 'leave'] as const;

/** Every key of the inbox, and the switch for the one-key shortcuts. */
export function ShortcutHelp({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [singleKeys, setSingleKeys] = useSingleKeyShortcuts();
  const switchId = useId();

  return (
    <Modal open onClose={onClose} title={t('console.inbox.shortcuts.title')}>
      <div className="space-y-4">
        <table className="w-full text-left">
          <caption className="sr-only">{t('console.inbox.shortcuts.anywhere')}</caption>
          <thead>
            <tr>
              <th scope="col" className="py-1 pe-3">
                {t('console.inbox.shortcuts.key')}
              </th>
              <th scope="col" className="py-1">
                {t('console.inbox.shortcuts.action')}
              </th>
            </tr>
          </thead>
          <tbody>
            {SHORTCUT_ORDER.map((action) => (
              <tr key={action} className="border-t border-line">
                <td className="py-1 pe-3">
                  <kbd translate="no">{SHORTCUT_KEYS[action]}</kbd>
                </td>
                <td className="py-1">{t(`console.inbox.shortcuts.actions.${action}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <table className="w-full text-left">
          <caption className="text-start font-semibold">{t('console.inbox.shortcuts.in_composer')}</caption>
          <tbody>
            {COMPOSER_ORDER.map((action) => (
              <tr key={action} className="border-t border-line">
                <td className="py-1 pe-3">
                  <kbd translate="no">{COMPOSER_KEYS[action]}</kbd>
                </td>
                <td className="py-1">{t(`console.inbox.shortcuts.composer.${action}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="text-sm text-ink-muted">{t('console.inbox.shortcuts.outside_fields')}</p>
        <div className="flex items-start gap-2">
          <input
            id={switchId}
            type="checkbox"
            className="mt-1"
            checked={singleKeys}
            onChange={(event) => setSingleKeys(event.target.checked)}
          />
          <label htmlFor={switchId}>{t('console.inbox.shortcuts.single_keys')}</label>
        </div>
      </div>
    </Modal>
  );
}
