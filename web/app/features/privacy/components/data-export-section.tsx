import { dataExportDownloadUrl, type DataExportResponse } from '@rendezvous/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { Section } from '../../../components/ui/section';
import { useRegionalCode } from '../../../components/profile-fields/labels';
import { ApiError } from '../../../lib/api-client';
import { dateTimeFormat } from '../../../lib/dates';
import { numberFormat } from '../../../lib/number-format';
import { dataExportQueryOptions, useRequestDataExport } from '../api/privacy-calls';

/** The query parameter of the mail's link: which export it announced. */
export const DATA_EXPORT_PARAM = 'data_export';

function formatSize(bytes: number, regional: string): string {
  const [value, unit] = bytes >= 1_000_000 ? [bytes / 1_000_000, 'megabyte'] : [Math.max(1, bytes / 1000), 'kilobyte'];
  return numberFormat(regional, { style: 'unit', unit, maximumFractionDigits: 1 }).format(value);
}

/**
 * "Download your data" on the account page (issue 19): ask for a copy, see that it is prepared,
 * download the zip while it lasts. The mail's link leads here; when the export it names is gone,
 * the section says the link expired.
 */
export function DataExportSection({ initial }: { initial?: DataExportResponse }) {
  const { t } = useTranslation();
  const regional = useRegionalCode();
  const [params] = useSearchParams();
  const query = useQuery({ ...dataExportQueryOptions(), initialData: initial });
  const request = useRequestDataExport();
  const current = query.data?.export ?? null;
  const linked = params.get(DATA_EXPORT_PARAM);
  const linkExpired =
    linked !== null && query.data !== undefined && (current?.id !== linked || current.state !== 'ready');
  const date = (ms: number) => dateTimeFormat(regional, { dateStyle: 'long', timeStyle: 'short' }).format(ms);
  const failure =
    request.error instanceof ApiError && request.error.status === 429
      ? 'privacy.export_rate_limited'
      : 'privacy.export_failed';

  return (
    <Section id="data-export" title={t('privacy.export_title')} intro={t('privacy.export_intro')}>
      {query.isError ? <FormAlert>{t('privacy.export_load_failed')}</FormAlert> : null}
      {linkExpired && current?.state !== 'pending' ? <p role="note">{t('privacy.export_link_expired')}</p> : null}
      <div role="status">
        {current?.state === 'pending' ? (
          <p>{t('privacy.export_pending')}</p>
        ) : current?.state === 'ready' && current.expires_at !== null ? (
          <p>
            {t('privacy.export_ready', {
              size: formatSize(current.size ?? 0, regional),
              until: date(current.expires_at),
            })}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-3">
        {current?.state === 'ready' ? (
          <a className={buttonClassName({ variant: 'primary' })} href={dataExportDownloadUrl(current.id)} download>
            {t('privacy.export_download')}
          </a>
        ) : null}
        {query.data !== undefined && current?.state !== 'pending' ? (
          <Button
            variant={current ? 'secondary' : 'primary'}
            loading={request.isPending}
            onClick={() => request.mutate()}
          >
            {current ? t('privacy.export_again') : t('privacy.export_request')}
          </Button>
        ) : null}
      </div>
      {request.isError ? <FormAlert>{t(failure)}</FormAlert> : null}
    </Section>
  );
}
