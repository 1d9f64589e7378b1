import {
  isReviewSource,
  type ConsoleMe,
  type ModerationDecision,
  type ModerationItemDetail,
  type ModerationPhoto,
  type ModerationReview,
} from '@rendezvous/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { LoadState } from '../../../components/load-state';
import { useReconfirmed } from '../../../components/reconfirm';
import { formatDateTime, useRegional } from '../../../lib/regional';
import { saveFile } from '../../../lib/save-file';
import {
  MODERATION_KEY,
  claimItem,
  consolePhotoUrl,
  itemEvidence,
  moderationItemQueryOptions,
  releaseItem,
  unbanMember,
} from '../api/moderation-calls';
import { moderationFailureOf } from '../lib/moderation-failure';
import { DecisionForm } from './decision-form';
import { NoticeStatus, type ConsoleNotice } from '../../../components/notice-status';

/** One item with everything needed to decide it beside it, its claim, and the decision. */
export function ModerationItem({ id, me, lifts }: { id: number; me: ConsoleMe; lifts: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const reconfirmed = useReconfirmed();
  const detail = useQuery(moderationItemQueryOptions(id));
  const [notice, setNotice] = useState<ConsoleNotice | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: MODERATION_KEY });
  const failed = (error: unknown) => {
    setNotice(moderationFailureOf(error));
    void refresh();
  };

  const take = useMutation({
    mutationFn: () => claimItem(id),
    onMutate: () => setNotice(null),
    onSuccess: refresh,
    onError: failed,
  });
  const release = useMutation({
    mutationFn: () => releaseItem(id),
    onMutate: () => setNotice(null),
    onSuccess: refresh,
    onError: failed,
  });
  const exportEvidence = useMutation({
    mutationFn: () => reconfirmed(() => itemEvidence(id)),
    onMutate: () => setNotice(null),
    onSuccess: (evidence) => {
      const file = `evidence-${evidence.item.reference}.json`;
      saveFile(JSON.stringify(evidence, null, 2), 'application/json', file);
      setNotice({ key: 'console.moderation.evidence.exported', values: { file } });
    },
    onError: failed,
  });
  const unban = useMutation({
    mutationFn: (memberId: number) => reconfirmed(() => unbanMember(memberId)),
    onMutate: () => setNotice(null),
    onSuccess: () => {
      setNotice({ key: 'console.moderation.member.lifted' });
      void refresh();
    },
    onError: failed,
  });

  if (!detail.data) {
    return (
      <section className="card p-4">
        <LoadState query={detail} />
      </section>
    );
  }
  const { item, member } = detail.data;
  const mine = item.claim?.staff.id === me.id;
  const restricted = member !== null && (member.status === 'banned' || member.status === 'suspended');

  return (
    <section aria-labelledby="moderation-item-title" className="card min-w-0 space-y-5 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="moderation-item-title" className="heading text-xl">
          <span translate="no">{item.reference}</span>{' '}
          <span className="text-base font-normal">
            {t(`console.moderation.kinds.${item.kind}`)}
            {item.category ? ` · ${t(`console.moderation.categories.${item.category}`)}` : ''}
          </span>
        </h2>
        {item.status === 'open' ? (
          <div className="flex flex-wrap items-center gap-2">
            {item.claim && !mine ? (
              <span>{t('console.moderation.item.held_by', { name: item.claim.staff.name })}</span>
            ) : null}
            {mine ? (
              <Button variant="secondary" loading={release.isPending} onClick={() => release.mutate()}>
                {t('console.moderation.item.release')}
              </Button>
            ) : (
              <Button loading={take.isPending} onClick={() => take.mutate()}>
                {t('console.moderation.item.take')}
              </Button>
            )}
          </div>
        ) : null}
      </div>
      <NoticeStatus notice={notice} />

      <ItemFacts detail={detail.data} />

      {item.status === 'open' && mine ? (
        <DecisionForm
          itemId={item.id}
          kind={item.kind}
          reasons={detail.data.reasons}
          onDecided={(decision) => {
            setNotice({ key: 'console.moderation.decide.done', values: { reference: decision.reference } });
            void refresh();
          }}
          onFailed={failed}
        />
      ) : null}
      {detail.data.decision ? (
        <Part title={t('console.moderation.decision.title')}>
          <DecisionLine decision={detail.data.decision} />
        </Part>
      ) : null}
      <div className="space-y-1">
        <Button variant="secondary" loading={exportEvidence.isPending} onClick={() => exportEvidence.mutate()}>
          {t('console.moderation.evidence.export')}
        </Button>
        <p className="text-sm text-ink-muted">{t('console.moderation.evidence.hint')}</p>
      </div>
      {lifts && restricted ? (
        <Button variant="secondary" loading={unban.isPending} onClick={() => unban.mutate(member.id)}>
          {t('console.moderation.member.lift', { name: member.name })}
        </Button>
      ) : null}
    </section>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="space-y-2">
      <h3 id={titleId} className="heading text-lg">
        {title}
      </h3>
      {children}
    </section>
  );
}

function DecisionLine({ decision }: { decision: ModerationDecision }) {
  const { t } = useTranslation();
  const regional = useRegional();
  return (
    <p>
      <span translate="no">{decision.reference}</span>: {t(`console.moderation.actions.${decision.action}`)} ·{' '}
      {t(`console.moderation.reasons.${decision.reason}`)}
      {decision.until !== null
        ? ` · ${t('console.moderation.decision.until', { time: formatDateTime(decision.until, regional) })}`
        : ''}
      {' · '}
      {t('console.moderation.decision.by', {
        name: decision.staff?.name ?? '',
        time: formatDateTime(decision.created_at, regional),
      })}
      {decision.lifted_at !== null
        ? ` · ${t('console.moderation.decision.lifted', { time: formatDateTime(decision.lifted_at, regional) })}`
        : ''}
    </p>
  );
}

/** A photo's thumbnail, opening the full photo; served to staff by the console, whoever else may see it. */
function PhotoLink({ photo, alt, className }: { photo: ModerationPhoto; alt: string; className: string }) {
  return (
    <a href={consolePhotoUrl(photo.filename)} target="_blank" rel="noreferrer" className="inline-block">
      <img src={consolePhotoUrl(photo.thumb_filename)} alt={alt} className={`${className} rounded object-cover`} />
    </a>
  );
}

/** The photo or text under review beside what it replaces, and whether others see it yet. */
function ReviewPart({ review, kind }: { review: ModerationReview; kind: 'photo' | 'text' }) {
  const { t } = useTranslation();
  return (
    <Part title={t(`console.moderation.review.title_${kind}`)}>
      <p>{t(review.held ? 'console.moderation.review.held' : 'console.moderation.review.shown')}</p>
      {kind === 'photo' ? (
        <div className="flex flex-wrap gap-4">
          <figure className="space-y-1">
            {review.photo ? (
              <PhotoLink photo={review.photo} alt={t('console.moderation.review.new_photo')} className="h-48 w-48" />
            ) : null}
            <figcaption className="font-semibold">{t('console.moderation.review.new_photo')}</figcaption>
          </figure>
          <figure className="space-y-1">
            {review.previous_photo ? (
              <PhotoLink
                photo={review.previous_photo}
                alt={t('console.moderation.review.previous_photo')}
                className="h-48 w-48"
              />
            ) : (
              <p className="text-ink-muted">{t('console.moderation.review.no_previous_photo')}</p>
            )}
            <figcaption className="font-semibold">{t('console.moderation.review.previous_photo')}</figcaption>
          </figure>
        </div>
      ) : (
        <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_minmax(0,1fr)]">
          <dt className="font-semibold">{t('console.moderation.review.field')}</dt>
          <dd translate="no">{review.field}</dd>
          <dt className="font-semibold">{t('console.moderation.review.new_text')}</dt>
          <dd className="whitespace-pre-wrap" translate="no">
            {review.text}
          </dd>
          <dt className="font-semibold">{t('console.moderation.review.previous_text')}</dt>
          <dd className="whitespace-pre-wrap" translate="no">
            {review.previous_text || t('console.moderation.review.no_previous_text')}
          </dd>
        </dl>
      )}
    </Part>
  );
}

/** What was reported and by whom, the member, the conversation, and the member's record. */
function ItemFacts({ detail }: { detail: ModerationItemDetail }) {
  const { t } = useTranslation();
  const regional = useRegional();
  const { item, member, messages, messages_kept: kept, history, decisions, appealed } = detail;
  const reporter = item.reporter.name ?? item.reporter.email;

  return (
    <>
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_minmax(0,1fr)]">
        <dt className="font-semibold">{t('console.moderation.item.received')}</dt>
        <dd>{formatDateTime(item.created_at, regional)}</dd>
        <dt className="font-semibold">{t('console.moderation.item.reporter')}</dt>
        <dd translate="no">{reporter ?? t('console.moderation.item.anonymous')}</dd>
        {item.location ? (
          <>
            <dt className="font-semibold">{t('console.moderation.item.location')}</dt>
            <dd className="break-all" translate="no">
              {item.location}
            </dd>
          </>
        ) : null}
        {item.flag_rule ? (
          <>
            <dt className="font-semibold">{t('console.moderation.item.rule')}</dt>
            <dd>{t(`console.moderation.rules.${item.flag_rule}`)}</dd>
          </>
        ) : null}
        {item.explanation ? (
          <>
            <dt className="font-semibold">
              {t(item.flag_rule ? 'console.moderation.item.matched' : 'console.moderation.item.explanation')}
            </dt>
            <dd className="whitespace-pre-wrap" translate="no">
              {item.explanation}
            </dd>
          </>
        ) : null}
      </dl>

      {detail.review && isReviewSource(item.kind) ? <ReviewPart review={detail.review} kind={item.kind} /> : null}

      {item.kind === 'appeal' ? (
        <Part title={t('console.moderation.appealed.title')}>
          {appealed ? <DecisionLine decision={appealed} /> : <p>{t('console.moderation.appealed.unknown')}</p>}
        </Part>
      ) : null}

      <Part title={t('console.moderation.member.title')}>
        {member ? (
          <>
            <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_minmax(0,1fr)]">
              <dt className="font-semibold">{t('console.moderation.member.name')}</dt>
              <dd translate="no">
                {member.name} (#{member.id})
              </dd>
              <dt className="font-semibold">{t('console.moderation.member.status')}</dt>
              <dd>
                {t(`console.moderation.statuses.${member.status}`)}
                {member.suspended_until !== null
                  ? ` · ${t('console.moderation.decision.until', { time: formatDateTime(member.suspended_until, regional) })}`
                  : ''}
                {member.listed ? '' : ` · ${t('console.moderation.member.hidden')}`}
              </dd>
              <dt className="font-semibold">{t('console.moderation.member.email')}</dt>
              <dd translate="no">{member.email}</dd>
              <dt className="font-semibold">{t('console.moderation.member.since')}</dt>
              <dd>{formatDateTime(member.signup_at, regional)}</dd>
              <dt className="font-semibold">{t('console.moderation.member.active')}</dt>
              <dd>{formatDateTime(member.last_active_at, regional)}</dd>
              <dt className="font-semibold">{t('console.moderation.member.spent')}</dt>
              <dd>{member.credits_spent}</dd>
              <dt className="font-semibold">{t('console.moderation.member.profile')}</dt>
              <dd translate="no">
                {[member.gender, member.date_of_birth, member.city, member.country, member.language]
                  .filter(Boolean)
                  .join(' · ')}
              </dd>
            </dl>
            {member.photos.length === 0 ? (
              <p className="text-ink-muted">{t('console.moderation.member.no_photos')}</p>
            ) : (
              <ul aria-label={t('console.moderation.member.photos')} className="flex flex-wrap gap-2">
                {member.photos.map((photo, index) => (
                  <li key={photo.id} className="space-y-1">
                    <PhotoLink
                      photo={photo}
                      alt={t('console.moderation.member.photo', { number: index + 1 })}
                      className="h-24 w-24"
                    />
                    {photo.in_review ? (
                      <p className="text-sm text-ink-muted">{t('console.moderation.member.photo_in_review')}</p>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : (
          <p>{t('console.moderation.member.none')}</p>
        )}
      </Part>

      <Part title={t('console.moderation.messages.title')}>
        {kept ? <p className="text-sm text-ink-muted">{t('console.moderation.messages.kept')}</p> : null}
        {messages.length === 0 ? (
          <p className="text-ink-muted">{t('console.moderation.messages.none')}</p>
        ) : (
          <ol className="max-h-80 space-y-1 overflow-y-auto rounded border border-line p-2">
            {messages.map((message) => (
              <li
                key={message.id}
                className={message.id === item.message_id ? 'rounded bg-surface-muted p-1' : undefined}
              >
                <span className="font-semibold" translate="no">
                  {message.sender.name}
                </span>{' '}
                <span className="text-sm text-ink-muted">{formatDateTime(message.created_at, regional)}</span>
                {message.id === item.message_id ? (
                  <strong className="ms-2 text-sm">{t('console.moderation.messages.flagged')}</strong>
                ) : null}
                <p className="whitespace-pre-wrap" translate="no">
                  {message.body}
                </p>
              </li>
            ))}
          </ol>
        )}
      </Part>

      <Part title={t('console.moderation.history.title')}>
        {history.length === 0 && decisions.length === 0 ? (
          <p className="text-ink-muted">{t('console.moderation.history.none')}</p>
        ) : (
          <ul className="space-y-1">
            {decisions.map((decision) => (
              <li key={`d${decision.id}`}>
                <DecisionLine decision={decision} />
              </li>
            ))}
            {history.map((entry) => (
              <li key={`i${entry.id}`}>
                <span translate="no">{entry.reference}</span>: {t(`console.moderation.kinds.${entry.kind}`)}
                {entry.category ? ` · ${t(`console.moderation.categories.${entry.category}`)}` : ''} ·{' '}
                {t(`console.moderation.item_statuses.${entry.status}`)} · {formatDateTime(entry.created_at, regional)}
              </li>
            ))}
          </ul>
        )}
      </Part>
    </>
  );
}
