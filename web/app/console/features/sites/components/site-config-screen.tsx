import type { ConsoleSite } from '@rendezvous/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Section } from '../../../../components/ui/section';
import { LoadState } from '../../../components/load-state';
import { formatDateTime, useRegional } from '../../../lib/regional';
import { siteConfigHistoryQueryOptions, siteConfigQueryOptions } from '../api/site-config-calls';
import { ConfigChanges } from './config-changes';
import { SiteConfigForm } from './site-config-form';

export const sitePath = (siteId: number) => `/console/sites/${siteId}`;

/** /console/sites: every site, one of them open with its settings and their history. */
export function SiteConfigScreen({ sites, openId }: { sites: readonly ConsoleSite[]; openId: number | undefined }) {
  const { t } = useTranslation();
  const open = sites.find((site) => site.id === openId) ?? sites[0];
  return (
    <section aria-labelledby="console-sites-title" className="max-w-4xl space-y-5">
      <h1 id="console-sites-title" className="heading text-2xl">
        {t('console.sites.title')}
      </h1>
      <p className="text-ink-muted">{t('console.sites.intro')}</p>
      {sites.length === 0 ? <p>{t('console.settings.no_sites')}</p> : null}
      <nav aria-label={t('console.sites.list_label')}>
        <ul className="flex flex-wrap gap-2">
          {sites.map((site) => (
            <li key={site.id}>
              <Link
                to={sitePath(site.id)}
                aria-current={site.id === open?.id ? 'page' : undefined}
                className="btn btn-secondary btn-sm aria-[current=page]:font-bold"
                translate="no"
              >
                {site.name} ({site.domain})
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {open ? <SiteSettings key={open.id} site={open} /> : null}
    </section>
  );
}

function SiteSettings({ site }: { site: ConsoleSite }) {
  const { t } = useTranslation();
  const stored = useQuery(siteConfigQueryOptions(site.id));
  const [savedVersion, setSavedVersion] = useState<number | null>(null);
  return (
    <>
      <Section title={<span translate="no">{site.name}</span>}>
        <LoadState query={stored} />
        {/* A new version (after a save) is a new form, started from what was saved. */}
        {stored.isSuccess ? (
          <SiteConfigForm
            key={stored.data.version}
            stored={stored.data}
            justSaved={savedVersion === stored.data.version}
            onSaved={setSavedVersion}
          />
        ) : null}
      </Section>
      <Section title={t('console.sites.history.title')}>
        <History siteId={site.id} />
      </Section>
    </>
  );
}

function History({ siteId }: { siteId: number }) {
  const { t } = useTranslation();
  const regional = useRegional();
  const history = useQuery(siteConfigHistoryQueryOptions(siteId));
  if (!history.isSuccess) return <LoadState query={history} />;
  if (history.data.entries.length === 0) return <p className="text-ink-muted">{t('console.sites.history.none')}</p>;
  return (
    <ol className="space-y-4">
      {history.data.entries.map((entry) => (
        <li key={entry.id} className="space-y-1">
          <p className="font-semibold">
            {t('console.sites.history.entry', {
              name: entry.staff.name,
              time: formatDateTime(entry.created_at, regional),
            })}
          </p>
          <ConfigChanges changes={entry.changes} />
        </li>
      ))}
    </ol>
  );
}
