import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export interface WorkspaceTab {
  conversation: number;
  member: string;
  persona: string;
  /** The member waits for an answer here. */
  waiting: boolean;
  /** One of the operator's own claims, or only looked at. */
  held: boolean;
}

/** The conversations open in the workspace: the operator's claims, and one looked at. */
export function WorkspaceTabs({
  tabs,
  open,
  pathOf,
}: {
  tabs: readonly WorkspaceTab[];
  open: number | null;
  pathOf: (conversation: number) => string;
}) {
  const { t } = useTranslation();
  if (tabs.length === 0) return null;
  return (
    <nav aria-label={t('console.inbox.tabs.label')}>
      <ul className="flex flex-wrap gap-1">
        {tabs.map((tab) => {
          const current = tab.conversation === open;
          return (
            <li key={tab.conversation}>
              <Link
                to={pathOf(tab.conversation)}
                aria-current={current ? 'page' : undefined}
                className={`btn btn-sm ${current ? 'btn-secondary' : 'btn-ghost'}`}
              >
                <span translate="no">{t('console.inbox.queue.row', { member: tab.member, persona: tab.persona })}</span>
                {tab.waiting ? <span className="ms-1 text-danger">{t('console.inbox.tabs.waiting')}</span> : null}
                {tab.held ? null : <span className="ms-1 text-ink-muted">{t('console.inbox.tabs.looking')}</span>}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
