import { AUDIT_TARGET_TYPES, AUDIT_ACTIONS, type AuditEntry, type AuditQuery } from '@rendezvous/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { SelectField } from '../../../../components/ui/select-field';
import { TextField } from '../../../../components/ui/text-field';
import { ConsoleTable } from '../../../components/console-table';
import { FilterForm, useFiltersInUrl } from '../../../components/console-filters';
import { LoadState } from '../../../components/load-state';
import { formatDateTime, useRegional } from '../../../lib/regional';
import { auditQueryOptions } from '../api/audit-calls';

/** The filters as the address bar keeps them, so a filtered view survives a reload and can be shared. */
const FILTERS = ['staff_id', 'action', 'target_type', 'target_id', 'from', 'to'] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A day typed as YYYY-MM-DD, from its first moment in the browser's time zone. */
function startOfDay(day: string): number | undefined {
  const time = new Date(`${day}T00:00:00`).getTime();
  return Number.isNaN(time) ? undefined : time;
}

function queryOf(filters: Filters): AuditQuery {
  const from = startOfDay(filters.from);
  const until = startOfDay(filters.to);
  return {
    staff_id: filters.staff_id || undefined,
    action: filters.action || undefined,
    target_type: (AUDIT_TARGET_TYPES as readonly string[]).includes(filters.target_type)
      ? (filters.target_type as AuditQuery['target_type'])
      : undefined,
    target_id: filters.target_id || undefined,
    from: from === undefined ? undefined : String(from),
    // The whole of the last day chosen.
    to: until === undefined ? undefined : String(until + DAY_MS),
  };
}

/** The audit log: who did what to whom, when and from where, filtered and paged. */
export function AuditScreen() {
  const { t } = useTranslation();
  const [filters, show, params] = useFiltersInUrl(FILTERS);
  const audit = useInfiniteQuery(auditQueryOptions(queryOf(filters)));

  const apply = (next: Partial<Filters>) => show({ ...filters, ...next });
  const entries = audit.data?.pages.flatMap((page) => page.entries) ?? [];

  return (
    <section aria-labelledby="console-audit-title" className="space-y-5">
      <h1 id="console-audit-title" className="heading text-2xl">
        {t('console.audit.title')}
      </h1>
      {/* Keyed by the applied filters, so the form shows them again after a link or a reset. */}
      <AuditFilters key={params.toString()} filters={filters} onApply={apply} />
      {filters.staff_id ? (
        <p className="flex flex-wrap items-center gap-3">
          {t('console.audit.only_staff', { staff: entries[0]?.staff_email ?? `#${filters.staff_id}` })}
          <Button size="sm" variant="secondary" onClick={() => apply({ staff_id: '' })}>
            {t('console.audit.everyone')}
          </Button>
        </p>
      ) : null}
      <LoadState query={audit} />
      {audit.isSuccess && entries.length === 0 ? <p>{t('console.audit.empty')}</p> : null}
      {entries.length > 0 ? (
        <AuditTable
          entries={entries}
          onStaff={(id) => apply({ staff_id: String(id) })}
          onTarget={(type, id) => apply({ target_type: type, target_id: String(id) })}
        />
      ) : null}
      {audit.hasNextPage ? (
        <Button variant="secondary" loading={audit.isFetchingNextPage} onClick={() => void audit.fetchNextPage()}>
          {t('console.audit.more')}
        </Button>
      ) : null}
    </section>
  );
}

function AuditFilters({ filters, onApply }: { filters: Filters; onApply: (filters: Filters) => void }) {
  const { t } = useTranslation();
  const all = t('console.audit.all');
  return (
    <FilterForm
      label={t('console.audit.filters')}
      filters={filters}
      onApply={onApply}
      applyLabel={t('console.audit.apply')}
      clearLabel={t('console.audit.clear')}
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(5,minmax(0,1fr))_auto] lg:items-end"
    >
      {(field) => (
        <>
          <SelectField
            label={t('console.audit.action')}
            {...field('action')}
            placeholder={all}
            options={AUDIT_ACTIONS.map((action) => ({ value: action, label: actionLabel(t, action) }))}
          />
          <SelectField
            label={t('console.audit.target_type')}
            {...field('target_type')}
            placeholder={all}
            options={AUDIT_TARGET_TYPES.map((type) => ({ value: type, label: t(`console.audit.targets.${type}`) }))}
          />
          <TextField
            label={t('console.audit.target_id')}
            {...field('target_id')}
            type="number"
            inputMode="numeric"
            min={1}
          />
          <TextField label={t('console.audit.from')} {...field('from')} type="date" />
          <TextField label={t('console.audit.to')} {...field('to')} type="date" />
        </>
      )}
    </FilterForm>
  );
}

type Translate = ReturnType<typeof useTranslation>['t'];

/**
 * Actions of later parts of the console show as recorded until the catalogue names them. Every dot
 * becomes `_`, as a dot would reach into a nested key (`persona.image.add`).
 */
const actionLabel = (t: Translate, action: string) =>
  t(`console.audit.actions.${action.replaceAll('.', '_')}`, { defaultValue: action });

const AUDIT_COLUMNS = ['time', 'staff', 'action', 'target', 'detail', 'ip'] as const;

function AuditTable({
  entries,
  onStaff,
  onTarget,
}: {
  entries: readonly AuditEntry[];
  onStaff: (id: number) => void;
  onTarget: (type: string, id: number) => void;
}) {
  const { t } = useTranslation();
  const regional = useRegional();
  return (
    <ConsoleTable
      caption={t('console.audit.title')}
      columns={AUDIT_COLUMNS.map((column) => t(`console.audit.table.${column}`))}
      className="min-w-[48rem]"
    >
      {entries.map((entry) => (
        <tr key={entry.id} className="border-b border-line align-top">
          <td className="whitespace-nowrap py-2 pe-3" translate="no">
            {formatDateTime(entry.created_at, regional)}
          </td>
          <td className="py-2 pe-3" translate="no">
            {entry.staff_id === null ? (
              entry.staff_email
            ) : (
              <button
                type="button"
                className="underline"
                title={t('console.audit.only_this_staff')}
                onClick={() => onStaff(entry.staff_id ?? 0)}
              >
                {entry.staff_email}
              </button>
            )}
          </td>
          <td className="py-2 pe-3">{actionLabel(t, entry.action)}</td>
          <td className="py-2 pe-3">
            {entry.target_type && entry.target_id !== null ? (
              <button
                type="button"
                className="underline"
                title={t('console.audit.only_this_target')}
                onClick={() => onTarget(entry.target_type ?? '', entry.target_id ?? 0)}
              >
                {t(`console.audit.targets.${entry.target_type}`, { defaultValue: entry.target_type })} #
                {entry.target_id}
              </button>
            ) : null}
          </td>
          <td className="py-2 pe-3 font-mono text-sm" translate="no">
            <AuditDetail detail={entry.detail} changes={CHANGE_ACTIONS.test(entry.action)} />
          </td>
          <td className="py-2 pe-3 text-sm" translate="no">
            {entry.ip}
          </td>
        </tr>
      ))}
    </ConsoleTable>
  );
}

/** Actions whose detail holds each changed field as `[before, after]`. */
const CHANGE_ACTIONS = /\.(update|capacity)$/;

/** The detail, one line a field; a change reads as before → after. */
function AuditDetail({ detail, changes }: { detail: AuditEntry['detail']; changes: boolean }) {
  if (!detail) return null;
  const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
  return (
    <ul>
      {Object.entries(detail).map(([name, value]) => (
        <li key={name}>
          {name}:{' '}
          {changes && Array.isArray(value) && value.length === 2
            ? `${show(value[0])} → ${show(value[1])}`
            : show(value)}
        </li>
      ))}
    </ul>
  );
}
