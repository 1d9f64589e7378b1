import { expandSnippet, type Snippet, type SnippetValues } from '@rendezvous/contract';
import { useTranslation } from 'react-i18next';

/**
 * The snippets whose shortcut starts with what follows the `/`, under the composer. The
 * composer keeps the focus and moves through them with the arrow keys (aria-activedescendant);
 * a click picks one too.
 */
export function SnippetList({
  id,
  query,
  snippets,
  loading,
  active,
  values,
  onPick,
}: {
  id: string;
  query: string;
  snippets: readonly Snippet[];
  loading: boolean;
  active: number;
  values: SnippetValues;
  onPick: (snippet: Snippet) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="absolute inset-x-0 top-full z-10 mt-1 rounded border border-line bg-surface p-1 shadow-lg">
      <p role="status" className="px-2 py-1 text-sm text-ink-muted">
        {loading
          ? t('console.loading')
          : snippets.length > 0
            ? t('console.inbox.snippets.matches', { number: snippets.length })
            : t('console.inbox.snippets.no_match', { shortcut: `/${query}` })}
      </p>
      {snippets.length > 0 ? (
        <ul id={id} role="listbox" aria-label={t('console.inbox.snippets.list_label')}>
          {snippets.map((snippet, index) => (
            // The keyboard picks from the composer (arrows, Enter), which keeps the focus throughout.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={snippet.id}
              id={`${id}-${index}`}
              role="option"
              aria-selected={index === active}
              className={`cursor-pointer rounded px-2 py-1 ${index === active ? 'bg-brand-soft' : ''}`}
              // The composer keeps the focus; a press here must not take it away before the pick.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => onPick(snippet)}
            >
              <span className="font-mono font-semibold" translate="no">
                /{snippet.shortcut}
              </span>{' '}
              <span className="text-sm text-ink-muted">{t(`console.inbox.snippets.scope.${snippet.scope}`)}</span>
              <span className="block truncate text-sm" translate="no">
                {expandSnippet(snippet.body, values)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
