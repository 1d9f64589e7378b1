import {
  LOCALES,
  PERSONA_STATES,
  type PersonaListItem,
  type PersonaListQuery,
  type PersonaSite,
} from '@rendezvous/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCountryNames } from '../../../../components/profile-fields/labels';
import { Button, ButtonLink } from '../../../../components/ui/button';
import { SelectField } from '../../../../components/ui/select-field';
import { TextField } from '../../../../components/ui/text-field';
import { mediaUrl } from '../../../../lib/media';
import { FilterForm, useFiltersInUrl } from '../../../components/console-filters';
import { ConsoleTable } from '../../../components/console-table';
import { LoadState } from '../../../components/load-state';
import { personasQueryOptions } from '../api/persona-calls';
import { NEW_PERSONA_PAGE_PATH, personaPagePath } from '../persona-paths';
import { FictionalMark, PersonaStateBadge } from './persona-badges';

/** The filters as the address bar keeps them, so a filtered list survives a reload and the way back from a persona. */
const FILTERS = ['site', 'language', 'state', 'q'] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

function queryOf(filters: Filters, page: string): PersonaListQuery {
  return {
    site_id: filters.site || undefined,
    language: (LOCALES as readonly string[]).includes(filters.language)
      ? (filters.language as PersonaListQuery['language'])
      : undefined,
    state: (PERSONA_STATES as readonly string[]).includes(filters.state)
      ? (filters.state as PersonaListQuery['state'])
      : undefined,
    q: filters.q || undefined,
    page: /^[1-9]\d*$/.test(page) ? page : '1',
  };
}

/** The fictional profiles of every site: found by site, language, state and name, a page at a time. */
export function PersonasScreen({ sites }: { sites: readonly PersonaSite[] }) {
  const { t } = useTranslation();
  const [filters, setFilters, params] = useFiltersInUrl(FILTERS);
  const query = queryOf(filters, params.get('page') ?? '1');
  const personas = useQuery(personasQueryOptions(query));

  const show = (next: Filters, page = 1) => setFilters({ ...next, page: page > 1 ? String(page) : '' });
  const paging = personas.data?.paging;
  const pages = paging ? Math.max(1, Math.ceil(paging.num_results / paging.per_page)) : 1;

  return (
    <section aria-labelledby="console-personas-title" className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="console-personas-title" className="heading text-2xl">
          {t('console.personas.title')}
        </h1>
        <ButtonLink to={filters.site ? `${NEW_PERSONA_PAGE_PATH}?site=${filters.site}` : NEW_PERSONA_PAGE_PATH}>
          {t('console.personas.add')}
        </ButtonLink>
      </div>
      {/* Keyed by the applied filters, so the form shows them again after a link or a reset. */}
      <PersonaFilters key={params.toString()} filters={filters} sites={sites} onApply={(next) => show(next)} />
      <LoadState query={personas} />
      {personas.isSuccess ? (
        <>
          <p role="status">{t('console.personas.count', { count: personas.data.paging.num_results })}</p>
          {personas.data.personas.length > 0 ? <PersonaTable personas={personas.data.personas} sites={sites} /> : null}
        </>
      ) : null}
      {paging && pages > 1 ? (
        <nav aria-label={t('console.personas.pages')} className="flex flex-wrap items-center gap-3">
          <Button
            variant="secondary"
            size="sm"
            disabled={paging.page <= 1}
            onClick={() => show(filters, paging.page - 1)}
          >
            {t('console.personas.previous')}
          </Button>
          <span>{t('console.personas.page_of', { page: paging.page, pages })}</span>
          <Button
            variant="secondary"
            size="sm"
            disabled={paging.page >= pages}
            onClick={() => show(filters, paging.page + 1)}
          >
            {t('console.personas.next')}
          </Button>
        </nav>
      ) : null}
    </section>
  );
}

function PersonaFilters({
  filters,
  sites,
  onApply,
}: {
  filters: Filters;
  sites: readonly PersonaSite[];
  onApply: (filters: Filters) => void;
}) {
  const { t } = useTranslation();
  const all = t('console.personas.all');
  return (
    <FilterForm
      label={t('console.personas.filters')}
      filters={filters}
      onApply={onApply}
      applyLabel={t('console.personas.apply')}
      clearLabel={t('console.personas.clear')}
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto] lg:items-end"
    >
      {(field) => (
        <>
          <SelectField
            label={t('console.personas.fields.site')}
            {...field('site')}
            placeholder={all}
            options={sites.map((site) => ({ value: String(site.id), label: site.name }))}
            translate="no"
          />
          <SelectField
            label={t('console.personas.fields.language')}
            {...field('language')}
            placeholder={all}
            options={LOCALES.map((language) => ({ value: language, label: t(`languages.${language}`) }))}
          />
          <SelectField
            label={t('console.personas.state')}
            {...field('state')}
            placeholder={all}
            options={PERSONA_STATES.map((state) => ({ value: state, label: t(`console.personas.states.${state}`) }))}
          />
          <TextField label={t('console.personas.fields.name')} {...field('q')} type="search" trim />
        </>
      )}
    </FilterForm>
  );
}

const PERSONA_COLUMNS = ['persona', 'site', 'language', 'state', 'sheet'] as const;

function PersonaTable({ personas, sites }: { personas: readonly PersonaListItem[]; sites: readonly PersonaSite[] }) {
  const { t } = useTranslation();
  const countryName = useCountryNames();
  const siteOf = (id: number) => sites.find((site) => site.id === id);

  return (
    <ConsoleTable
      caption={t('console.personas.title')}
      columns={PERSONA_COLUMNS.map((column) => t(`console.personas.table.${column}`))}
      className="min-w-[40rem]"
    >
      {personas.map((persona) => {
        const site = siteOf(persona.site_id);
        const place = [persona.city, persona.country ? countryName(persona.country) : null].filter(Boolean).join(', ');
        return (
          <tr key={persona.id} className="border-b border-line align-middle">
            <th scope="row" className="py-2 pe-3 font-normal">
              <div className="flex items-center gap-3">
                {persona.main_image ? (
                  <img
                    src={mediaUrl(persona.main_image.thumb_filename, '')}
                    alt=""
                    loading="lazy"
                    className="size-12 shrink-0 rounded-lg object-cover"
                  />
                ) : (
                  <span
                    className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-surface-muted text-xl text-ink-muted"
                    aria-hidden="true"
                    translate="no"
                  >
                    {persona.name.slice(0, 1).toUpperCase()}
                  </span>
                )}
                <span>
                  <Link to={personaPagePath(persona.id)} className="font-semibold underline">
                    <span translate="no">{persona.name}</span>
                  </Link>
                  {site?.fictional_icon ? <FictionalMark /> : null}
                  <br />
                  <span className="text-sm text-ink-muted" translate="no">
                    {[persona.age, place].filter((part) => part !== null && part !== '').join(' · ')}
                  </span>
                </span>
              </div>
            </th>
            <td className="py-2 pe-3" translate="no">
              {site?.name ?? persona.site_id}
            </td>
            <td className="py-2 pe-3">{t(`languages.${persona.language}`, { defaultValue: persona.language })}</td>
            <td className="py-2 pe-3">
              <PersonaStateBadge state={persona.state} />
            </td>
            <td className="py-2 pe-3">
              {t(persona.has_sheet ? 'console.personas.sheet_written' : 'console.personas.sheet_missing')}
            </td>
          </tr>
        );
      })}
    </ConsoleTable>
  );
}
