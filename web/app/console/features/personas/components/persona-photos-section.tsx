import {
  PROFILE_IMAGE_ERRORS,
  PROFILE_IMAGE_MAX_COUNT,
  type PersonaDetail,
  type ProfileImage,
} from '@rendezvous/contract';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { photoProblem } from '../../../../components/profile-fields/photo';
import { PhotoDropArea } from '../../../../components/profile-fields/photo-drop-area';
import { Button } from '../../../../components/ui/button';
import { FormAlert } from '../../../../components/ui/form-alert';
import { Modal } from '../../../../components/ui/modal';
import { ApiError } from '../../../../lib/api-client';
import { mediaUrl } from '../../../../lib/media';
import { ConsoleSection, DoneStatus } from '../../../components/console-section';
import { makeMainPersonaImage, removePersonaImage, uploadPersonaImage, useShowPersona } from '../api/persona-calls';
import { personaFailureOf } from './persona-failure';

type Busy = { kind: 'upload' } | { kind: 'main' | 'remove'; id: number } | null;
type Done = 'added' | 'main' | 'removed';

const PHOTOS = 'console.personas.photos';

/** The server's reason for a refused photo (PROFILE_IMAGE_ERRORS), as this screen words it. */
function uploadProblemOf(error: unknown): string {
  if (error instanceof ApiError && error.status === 413) return `${PHOTOS}.refused_tooLarge`;
  const reason = error instanceof ApiError ? error.body?.error.fields?.file : undefined;
  const refusal = Object.entries(PROFILE_IMAGE_ERRORS).find(([, key]) => key === reason)?.[0];
  return refusal ? `${PHOTOS}.refused_${refusal}` : personaFailureOf(error);
}

/**
 * The persona's photos through the members' own pipeline: add one (click or drop), choose the one
 * members see first, remove one after asking. The server offers no other ordering.
 */
export function PersonaPhotosSection({ persona }: { persona: PersonaDetail }) {
  const { t } = useTranslation();
  const show = useShowPersona();
  const [busy, setBusy] = useState<Busy>(null);
  const [done, setDone] = useState<Done | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [removing, setRemoving] = useState<{ image: ProfileImage; number: number } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const problemId = useId();
  const { images } = persona;
  const mainId = persona.main_image?.id ?? null;
  const full = images.length >= PROFILE_IMAGE_MAX_COUNT;

  async function run(next: Exclude<Busy, null>, call: () => Promise<PersonaDetail>, outcome: Done) {
    setBusy(next);
    setDone(null);
    setProblem(null);
    try {
      show(await call());
      setDone(outcome);
      return true;
    } catch (error) {
      setProblem(next.kind === 'upload' ? uploadProblemOf(error) : personaFailureOf(error));
      return false;
    } finally {
      setBusy(null);
    }
  }

  function add(file: File) {
    const found = photoProblem(file);
    if (found) {
      setDone(null);
      setProblem(found === 'type' ? `${PHOTOS}.refused_type` : `${PHOTOS}.refused_tooLarge`);
      return;
    }
    void run({ kind: 'upload' }, () => uploadPersonaImage(persona.id, file), 'added');
  }

  async function confirmRemove() {
    if (!removing) return;
    const { id } = removing.image;
    setRemoving(null);
    // The focused button goes with the photo; the section's heading is the nearest place to land.
    if (await run({ kind: 'remove', id }, () => removePersonaImage(persona.id, id), 'removed')) {
      headingRef.current?.focus();
    }
  }

  return (
    <ConsoleSection
      title={t(`${PHOTOS}.title`)}
      intro={t(`${PHOTOS}.intro`, { max: PROFILE_IMAGE_MAX_COUNT })}
      headingRef={headingRef}
    >
      {images.length > 0 ? (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {images.map((image, index) => {
            const number = index + 1;
            const isMain = image.id === mainId;
            // Every photo has these buttons: the hidden part says which photo each one is for.
            const which = <span className="sr-only"> {t(`${PHOTOS}.which`, { number })}</span>;
            return (
              <li key={image.id} className="flex flex-col gap-2">
                <div className="relative">
                  <img
                    src={mediaUrl(image.thumb_filename, '')}
                    alt={t(isMain ? `${PHOTOS}.alt_main` : `${PHOTOS}.alt`, { number, name: persona.name })}
                    className={[
                      'aspect-square w-full rounded-lg object-cover',
                      isMain ? 'outline-3 outline-offset-2 outline-brand' : '',
                    ].join(' ')}
                    loading="lazy"
                  />
                  {isMain ? (
                    <span className="badge absolute start-2 top-2" aria-hidden="true">
                      {t(`${PHOTOS}.main_badge`)}
                    </span>
                  ) : null}
                </div>
                {isMain ? null : (
                  <Button
                    size="sm"
                    variant="secondary"
                    block
                    disabled={busy !== null}
                    loading={busy?.kind === 'main' && busy.id === image.id}
                    onClick={() =>
                      void run({ kind: 'main', id: image.id }, () => makeMainPersonaImage(persona.id, image.id), 'main')
                    }
                  >
                    {t(`${PHOTOS}.make_main`)}
                    {which}
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="ghost"
                  block
                  disabled={busy !== null}
                  loading={busy?.kind === 'remove' && busy.id === image.id}
                  onClick={() => setRemoving({ image, number })}
                >
                  {t(`${PHOTOS}.remove`)}
                  {which}
                </Button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p>{t(`${PHOTOS}.none`)}</p>
      )}
      {full ? (
        <p>{t(`${PHOTOS}.refused_tooMany`, { max: PROFILE_IMAGE_MAX_COUNT })}</p>
      ) : (
        <PhotoDropArea
          label={busy?.kind === 'upload' ? t(`${PHOTOS}.uploading`) : t(`${PHOTOS}.add`)}
          hint={t(`${PHOTOS}.hint`)}
          problemId={problem ? problemId : undefined}
          disabled={busy !== null}
          onFile={add}
        />
      )}
      {problem ? <FormAlert id={problemId}>{t(problem, { max: PROFILE_IMAGE_MAX_COUNT })}</FormAlert> : null}
      <DoneStatus>{done ? t(`${PHOTOS}.done_${done}`) : null}</DoneStatus>
      {removing ? (
        <Modal
          open
          onClose={() => setRemoving(null)}
          title={t(`${PHOTOS}.remove_title`)}
          footer={
            <>
              <Button variant="ghost" onClick={() => setRemoving(null)}>
                {t(`${PHOTOS}.remove_keep`)}
              </Button>
              <Button variant="danger" onClick={() => void confirmRemove()}>
                {t(`${PHOTOS}.remove_confirm`)}
              </Button>
            </>
          }
        >
          <div className="space-y-3">
            <img
              src={mediaUrl(removing.image.thumb_filename, '')}
              alt={t(`${PHOTOS}.alt`, { number: removing.number, name: persona.name })}
              className="size-32 rounded-lg object-cover"
            />
            <p>{t(`${PHOTOS}.remove_text`)}</p>
          </div>
        </Modal>
      ) : null}
    </ConsoleSection>
  );
}
