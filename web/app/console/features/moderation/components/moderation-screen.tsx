import { MODERATION_SOURCES, type ConsoleMe, type ModerationQueueItem } from '@rendezvous/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { SelectField } from '../../../../components/ui/select-field';
import { LoadState } from '../../../components/load-state';
import { formatDateTime, useRegional } from '../../../lib/regional';
import { moderationQueueQueryOptions } from '../api/moderation-calls';
import { ModerationItem } from './moderation-item';

export const MODERATION_PATH = '/console/moderation';

/**
 * The moderation queue beside the item open in it (issue 18): reports, notices and appeals,
 * priority first, then oldest first, filtered by site and kind in the address bar.
 */
export function ModerationScreen({ me, open, lifts }: { me: ConsoleMe; open: number | null; lifts: boolean }) {
  const { t } = useTranslation();
  const regional = useRegional();
  const [params, setParams] = useSearchParams();
  const site = params.get('site_id') ?? '';
  const kind = params.get('kind') ?? '';
  const filters = {
    site_id: site || undefined,
    kind: (MODERATION_SOURCES as readonly string[]).includes(kind) ? (kind as ModerationQueueItem['kind']) : undefined,
  };
  const queue = useQuery(moderationQueueQueryOptions(filters));
  const search = params.size > 0 ? `?${params}` : '';
  const pathOf = (id: number) => `${MODERATION_PATH}/items/${id}${search}`;
  const setFilter = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next);
  };

  return (
    <section aria-labelledby="moderation-title" className="space-y-4">
      <h1 id="moderation-title" className="heading text-2xl">
        {t('console.moderation.title')}
      </h1>
      <div className="grid gap-4 lg:grid-cols-[22rem_minmax(0,1fr)]">
        <section aria-labelledby="moderation-queue-title" className="card min-w-0 space-y-4 p-4">
          <h2 id="moderation-queue-title" className="heading text-xl">
            {t('console.moderation.queue.title')}
          </h2>
          <div className="grid grid-cols-2 gap-3">
            <SelectField
              name="site_id"
              label={t('console.moderation.queue.site')}
              value={site}
              onChange={(value) => setFilter('site_id', value)}
              placeholder={t('console.moderation.queue.all_sites')}
              options={(queue.data?.sites ?? []).map((entry) => ({ value: String(entry.id), label: entry.name }))}
              translate="no"
            />
            <SelectField
              name="kind"
              label={t('console.moderation.queue.kind')}
              value={kind}
              onChange={(value) => setFilter('kind', value)}
              placeholder={t('console.moderation.queue.all_kinds')}
              options={MODERATION_SOURCES.map((source) => ({
                value: source,
                label: t(`console.moderation.kinds.${source}`),
              }))}
            />
          </div>
          <LoadState query={queue} />
          {queue.data ? (
            queue.data.items.length === 0 ? (
              <p className="text-ink-muted">{t('console.moderation.queue.empty')}</p>
            ) : (
              <ol
                aria-label={t('console.moderation.queue.list_label')}
                className="max-h-[60vh] space-y-2 overflow-y-auto"
              >
                {queue.data.items.map((item) => (
                  <li
                    key={item.id}
                    className={`rounded border p-2 ${item.priority ? 'border-danger bg-danger-soft' : 'border-line'} ${item.id === open ? 'ring-2 ring-brand' : ''}`}
                  >
                    <div className="flex flex-wrap items-baseline justify-between gap-x-2">
                      <Link
                        to={pathOf(item.id)}
                        className="font-semibold underline"
                        aria-current={item.id === open ? 'page' : undefined}
                      >
                        <span translate="no">{item.reference}</span>
                      </Link>
                      <span className="text-sm">{t(`console.moderation.kinds.${item.kind}`)}</span>
                    </div>
                    <p className="text-sm">
                      {item.priority ? (
                        <strong className="me-2 text-danger">{t('console.moderation.queue.priority')}</strong>
                      ) : null}
                      {item.category ? t(`console.moderation.categories.${item.category}`) : null}
                    </p>
                    {item.reported_member ? (
                      <p className="text-sm" translate="no">
                        {item.reported_member.name}
                      </p>
                    ) : null}
                    <p className="text-sm text-ink-muted">
                      {t('console.moderation.queue.received', { time: formatDateTime(item.created_at, regional) })}
                      {item.claim ? (
                        <span className="ms-2">
                          {item.claim.staff.id === me.id
                            ? t('console.moderation.queue.held_by_you')
                            : t('console.moderation.queue.held_by', { name: item.claim.staff.name })}
                        </span>
                      ) : null}
                    </p>
                  </li>
                ))}
              </ol>
            )
          ) : null}
        </section>
        {open === null ? (
          <p className="card p-4 text-ink-muted">{t('console.moderation.choose')}</p>
        ) : (
          <ModerationItem key={open} id={open} me={me} lifts={lifts} />
        )}
      </div>
    </section>
  );
}
