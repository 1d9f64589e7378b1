import {
  daysBetween,
  DASHBOARD_MAX_DAYS,
  type DashboardDay,
  type DashboardResponse,
  type DashboardSource,
} from '@rendezvous/contract';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { SelectField } from '../../../../components/ui/select-field';
import { TextField } from '../../../../components/ui/text-field';
import { formatMinorUnits } from '../../../../lib/format-money';
import { ConsoleTable } from '../../../components/console-table';
import { FilterForm, useFiltersInUrl } from '../../../components/console-filters';
import { LoadState } from '../../../components/load-state';
import { formatDateTime, useRegional } from '../../../lib/regional';
import { saveFile } from '../../../lib/save-file';
import { dashboardQueryOptions } from '../api/dashboard-calls';
import { toCsv } from '../lib/csv';
import { BarChart } from './bar-chart';

const FILTERS = ['site', 'from', 'to'] as const;
type Filters = Record<(typeof FILTERS)[number], string>;
const DAY_MS = 86_400_000;
/** What the dashboard opens on: the last 30 days, today included. */
const DEFAULT_DAYS = 30;

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

/** The dates asked for, or the last 30 days when they are missing or more than the server shows. */
function datesOf(filters: Filters, now: number): { from: string; to: string } {
  const to = isDay(filters.to) ? filters.to : utcDay(now);
  const from = isDay(filters.from) ? filters.from : utcDay(Date.parse(to) - (DEFAULT_DAYS - 1) * DAY_MS);
  const span = daysBetween(from, to);
  return span >= 0 && span < DASHBOARD_MAX_DAYS
    ? { from, to }
    : { from: utcDay(Date.parse(to) - (DEFAULT_DAYS - 1) * DAY_MS), to };
}

const DAY_COLUMNS = [
  'day',
  'visits',
  'signups',
  'confirmations',
  'first_purchases',
  'revenue_net',
  'refunds_net',
  'member_messages',
  'operator_answers',
  'median_answer_seconds',
] as const;
const SOURCE_COLUMNS = ['lander', 'network', 'visits', 'signups', 'confirmations', 'first_purchases'] as const;

/** Money per currency as one text, e.g. "€12.00 · zł40.00"; an empty day is zero in the site's currency. */
function moneyText(amounts: Record<string, number>, regional: string, currency: string): string {
  const entries = Object.entries(amounts);
  if (entries.length === 0) return formatMinorUnits({ amount: 0, currency }, regional);
  return entries.map(([code, amount]) => formatMinorUnits({ amount, currency: code }, regional)).join(' · ');
}

/** The dashboard per site and day: totals, charts, the days and the sources as tables, each exportable. */
export function DashboardScreen({ sites }: { sites: readonly { id: number; name: string; domain: string }[] }) {
  const { t } = useTranslation();
  const [filters, show, params] = useFiltersInUrl(FILTERS);
  const siteId = Number(filters.site) || sites[0]?.id;
  // When the page opened: "the last 30 days" stays the same days while it is open.
  const [openedAt] = useState(() => Date.now());
  const dates = datesOf(filters, openedAt);
  const figures = useQuery({
    ...dashboardQueryOptions({ site_id: String(siteId ?? 0), ...dates }),
    enabled: siteId !== undefined,
  });
  const site = sites.find((candidate) => candidate.id === siteId);

  return (
    <section aria-labelledby="console-dashboard-title" className="space-y-5">
      <h1 id="console-dashboard-title" className="heading text-2xl">
        {t('console.dashboard.title')}
      </h1>
      <p className="text-ink-muted">{t('console.dashboard.intro')}</p>
      <FilterForm
        key={params.toString()}
        label={t('console.dashboard.filters')}
        filters={{ site: String(siteId ?? ''), ...dates }}
        onApply={(next) => show(next)}
        applyLabel={t('console.dashboard.apply')}
        clearLabel={t('console.dashboard.clear')}
        className="grid gap-3 sm:grid-cols-3 lg:grid-cols-[repeat(3,minmax(0,1fr))_auto] lg:items-end"
      >
        {(field) => (
          <>
            <SelectField
              label={t('console.dashboard.site')}
              {...field('site')}
              options={sites.map((option) => ({
                value: String(option.id),
                label: `${option.name} (${option.domain})`,
              }))}
            />
            <TextField label={t('console.dashboard.from')} {...field('from')} type="date" />
            <TextField label={t('console.dashboard.to')} {...field('to')} type="date" />
          </>
        )}
      </FilterForm>
      <LoadState query={figures} />
      {figures.data && site ? <Figures figures={figures.data} siteName={site.name} /> : null}
    </section>
  );
}

function Figures({ figures, siteName }: { figures: DashboardResponse; siteName: string }) {
  const { t } = useTranslation();
  const regional = useRegional();
  const { days, sources, open_reports: reports } = figures;
  const currencies = [...new Set(days.flatMap((day) => Object.keys(day.revenue_net)))];
  const currency = currencies[0] ?? 'EUR';
  const sum = (pick: (day: DashboardDay) => number) => days.reduce((total, day) => total + pick(day), 0);
  const totalOf = (pick: (day: DashboardDay) => Record<string, number>) => {
    const totals: Record<string, number> = {};
    for (const day of days)
      for (const [code, amount] of Object.entries(pick(day))) totals[code] = (totals[code] ?? 0) + amount;
    return totals;
  };
  const netOf = (day: DashboardDay) => (day.revenue_net[currency] ?? 0) - (day.refunds_net[currency] ?? 0);
  const count = (value: number) => value.toLocaleString(regional);
  const money = (value: number) => formatMinorUnits({ amount: value, currency }, regional);
  const file = (what: string) => `${what}-${siteName}-${figures.from}-${figures.to}.csv`.replace(/[^\w.-]+/g, '-');

  const totals = [
    ['visits', count(sum((day) => day.visits))],
    ['signups', count(sum((day) => day.signups))],
    ['confirmations', count(sum((day) => day.confirmations))],
    ['first_purchases', count(sum((day) => day.first_purchases))],
    [
      'revenue_net',
      moneyText(
        totalOf((day) => day.revenue_net),
        regional,
        currency,
      ),
    ],
    [
      'refunds_net',
      moneyText(
        totalOf((day) => day.refunds_net),
        regional,
        currency,
      ),
    ],
    ['member_messages', count(sum((day) => day.member_messages))],
    ['operator_answers', count(sum((day) => day.operator_answers))],
  ] as const;

  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {totals.map(([name, value]) => (
          <div key={name} className="card p-3">
            <dt className="text-sm text-ink-muted">{t(`console.dashboard.columns.${name}`)}</dt>
            <dd className="text-xl font-semibold" translate="no">
              {value}
            </dd>
          </div>
        ))}
        <div className="card p-3">
          <dt className="text-sm text-ink-muted">{t('console.dashboard.open_reports')}</dt>
          <dd className="text-xl font-semibold">{count(reports.count)}</dd>
          {reports.oldest_at !== null ? (
            <dd className="text-sm">
              {t('console.dashboard.oldest', { time: formatDateTime(reports.oldest_at, regional) })}
            </dd>
          ) : null}
        </div>
      </dl>

      <div className="grid gap-3 sm:grid-cols-2">
        <BarChart
          title={t('console.dashboard.charts.visits')}
          bars={days.map((day) => ({ label: day.day, value: day.visits }))}
          format={count}
        />
        <BarChart
          title={t('console.dashboard.charts.signups')}
          bars={days.map((day) => ({ label: day.day, value: day.signups }))}
          format={count}
        />
        <BarChart
          title={t('console.dashboard.charts.revenue', { currency })}
          bars={days.map((day) => ({ label: day.day, value: Math.max(netOf(day), 0) }))}
          format={money}
        />
        <BarChart
          title={t('console.dashboard.charts.answers')}
          bars={days.map((day) => ({ label: day.day, value: day.operator_answers }))}
          format={count}
        />
      </div>

      <TableSection
        id="dashboard-days"
        title={t('console.dashboard.days')}
        csvLabel={t('console.dashboard.csv_days')}
        onCsv={() =>
          saveFile(
            toCsv(
              DAY_COLUMNS,
              days.map((day) =>
                DAY_COLUMNS.map((column) => {
                  const value = day[column];
                  return typeof value === 'object' && value !== null ? JSON.stringify(value) : value;
                }),
              ),
            ),
            'text/csv',
            file('days'),
          )
        }
      >
        <ConsoleTable
          caption={t('console.dashboard.days')}
          columns={DAY_COLUMNS.map((column) => t(`console.dashboard.columns.${column}`))}
          className="min-w-[60rem] text-sm"
        >
          {days.map((day) => (
            <tr key={day.day} className="border-b border-line">
              <td className="whitespace-nowrap py-1 pe-3" translate="no">
                {day.day}
              </td>
              {(['visits', 'signups', 'confirmations', 'first_purchases'] as const).map((column) => (
                <td key={column} className="py-1 pe-3">
                  {count(day[column])}
                </td>
              ))}
              <td className="py-1 pe-3">{moneyText(day.revenue_net, regional, currency)}</td>
              <td className="py-1 pe-3">{moneyText(day.refunds_net, regional, currency)}</td>
              <td className="py-1 pe-3">{count(day.member_messages)}</td>
              <td className="py-1 pe-3">{count(day.operator_answers)}</td>
              <td className="py-1 pe-3">
                {day.median_answer_seconds === null
                  ? '–'
                  : t('console.dashboard.seconds', { value: day.median_answer_seconds })}
              </td>
            </tr>
          ))}
        </ConsoleTable>
      </TableSection>

      <SourcesTable sources={sources} file={file('sources')} />

      {reports.by_category.length > 0 ? (
        <section className="space-y-2" aria-labelledby="dashboard-reports">
          <h2 id="dashboard-reports" className="heading text-xl">
            {t('console.dashboard.open_reports')}
          </h2>
          <ul>
            {reports.by_category.map((entry) => (
              <li key={entry.category ?? 'none'}>
                {entry.category ? t(`console.moderation.categories.${entry.category}`) : t('console.dashboard.appeals')}
                : {count(entry.count)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function SourcesTable({ sources, file }: { sources: readonly DashboardSource[]; file: string }) {
  const { t } = useTranslation();
  const regional = useRegional();
  const none = t('console.dashboard.none');
  return (
    <TableSection
      id="dashboard-sources"
      title={t('console.dashboard.sources')}
      csvLabel={t('console.dashboard.csv_sources')}
      onCsv={() =>
        saveFile(
          toCsv(
            SOURCE_COLUMNS,
            sources.map((source) => SOURCE_COLUMNS.map((column) => source[column])),
          ),
          'text/csv',
          file,
        )
      }
    >
      {sources.length === 0 ? (
        <p className="text-ink-muted">{t('console.dashboard.no_sources')}</p>
      ) : (
        <ConsoleTable
          caption={t('console.dashboard.sources')}
          columns={SOURCE_COLUMNS.map((column) => t(`console.dashboard.columns.${column}`))}
          className="min-w-[36rem] text-sm"
        >
          {sources.map((source) => (
            <tr key={`${source.lander}|${source.network}`} className="border-b border-line">
              <td className="py-1 pe-3" translate="no">
                {source.lander ?? none}
              </td>
              <td className="py-1 pe-3" translate="no">
                {source.network ?? none}
              </td>
              {(['visits', 'signups', 'confirmations', 'first_purchases'] as const).map((column) => (
                <td key={column} className="py-1 pe-3">
                  {source[column].toLocaleString(regional)}
                </td>
              ))}
            </tr>
          ))}
        </ConsoleTable>
      )}
    </TableSection>
  );
}

/** A table of the dashboard under its heading, with the button that downloads it as CSV. */
function TableSection({
  id,
  title,
  csvLabel,
  onCsv,
  children,
}: {
  id: string;
  title: string;
  csvLabel: string;
  onCsv: () => void;
  children: ReactNode;
}) {
  return (
    <section className="space-y-2" aria-labelledby={id}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="heading text-xl">
          {title}
        </h2>
        <Button variant="secondary" size="sm" onClick={onCsv}>
          {csvLabel}
        </Button>
      </div>
      {children}
    </section>
  );
}
