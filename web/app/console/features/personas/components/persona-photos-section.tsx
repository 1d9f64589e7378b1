import { PROFILE_IMAGE_ERRORS, PROFILE_IMAGE_MAX_COUNT, type PersonaDetail } from '@rendezvous/contract';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PhotoManager,
  type PhotoCallKind,
  type PhotoManagerKeys,
} from '../../../../components/profile-fields/photo-manager';
import { ApiError } from '../../../../lib/api-client';
import { Section } from '../../../../components/ui/section';
import { DoneStatus } from '../../../components/console-section';
import {
  makeMainPersonaImage,
  orderPersonaImages,
  removePersonaImage,
  uploadPersonaImage,
  useShowPersona,
} from '../api/persona-calls';
import { personaFailureOf } from './persona-failure';

const PHOTOS = 'console.personas.photos';

/** The server's reason for a refused photo (PROFILE_IMAGE_ERRORS), as this screen words it. */
function problemOf(error: unknown, kind: PhotoCallKind): string {
  if (kind === 'change') return personaFailureOf(error);
  if (error instanceof ApiError && error.status === 413) return `${PHOTOS}.refused_tooLarge`;
  const reason = error instanceof ApiError ? error.body?.error.fields?.file : undefined;
  const refusal = Object.entries(PROFILE_IMAGE_ERRORS).find(([, key]) => key === reason)?.[0];
  return refusal ? `${PHOTOS}.refused_${refusal}` : personaFailureOf(error);
}

const KEYS: PhotoManagerKeys = {
  none: `${PHOTOS}.none`,
  add: `${PHOTOS}.add`,
  uploading: `${PHOTOS}.uploading`,
  hint: `${PHOTOS}.hint`,
  full: `${PHOTOS}.refused_tooMany`,
  wrongType: `${PHOTOS}.refused_type`,
  tooLarge: `${PHOTOS}.refused_tooLarge`,
  which: `${PHOTOS}.which`,
  alt: `${PHOTOS}.alt`,
  altMain: `${PHOTOS}.alt_main`,
  mainBadge: `${PHOTOS}.main_badge`,
  makeMain: `${PHOTOS}.make_main`,
  remove: `${PHOTOS}.remove`,
  removeTitle: `${PHOTOS}.remove_title`,
  removeText: `${PHOTOS}.remove_text`,
  removeConfirm: `${PHOTOS}.remove_confirm`,
  removeKeep: `${PHOTOS}.remove_keep`,
  moveEarlier: `${PHOTOS}.move_earlier`,
  moveLater: `${PHOTOS}.move_later`,
  done: {
    added: `${PHOTOS}.done_added`,
    main: `${PHOTOS}.done_main`,
    moved: `${PHOTOS}.done_moved`,
    removed: `${PHOTOS}.done_removed`,
  },
};

/**
 * The persona's photos through the members' own pipeline: add one (click or drop), choose the one
 * members see first, put them in the order its profile shows them, remove one after asking.
 */
export function PersonaPhotosSection({ persona }: { persona: PersonaDetail }) {
  const { t } = useTranslation();
  const show = useShowPersona();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { id } = persona;
  return (
    <Section
      title={t(`${PHOTOS}.title`)}
      intro={t(`${PHOTOS}.intro`, { max: PROFILE_IMAGE_MAX_COUNT })}
      headingRef={headingRef}
    >
      <PhotoManager
        images={persona.images}
        mainId={persona.main_image?.id ?? null}
        cdnPrefix=""
        keys={KEYS}
        altValues={{ name: persona.name }}
        headingRef={headingRef}
        upload={(file) => uploadPersonaImage(id, file)}
        makeMain={(imageId) => makeMainPersonaImage(id, imageId)}
        remove={(imageId) => removePersonaImage(id, imageId)}
        reorder={(imageIds) => orderPersonaImages(id, imageIds)}
        onSaved={show}
        problemOf={problemOf}
        renderDone={(text) => <DoneStatus>{text}</DoneStatus>}
        listClassName="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
      />
    </Section>
  );
}
