import { useTranslation } from 'react-i18next';

/** What a console screen tells its user after an action: a catalogue key and its values. */
export interface ConsoleNotice {
  key: string;
  values?: Record<string, string>;
}

/** The screen's live region for its notices: present from the first render, so what appears later is read out. */
export function NoticeStatus({ notice }: { notice: ConsoleNotice | null }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite">
      {notice ? (
        <p className="rounded border border-line bg-surface-muted p-2">{t(notice.key, notice.values)}</p>
      ) : null}
    </div>
  );
}
