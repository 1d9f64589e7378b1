import { PROFILE_IMAGE_MAX_COUNT, type OwnProfileImage } from '@rendezvous/contract';
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaUrl } from '../../lib/media';
import { Button } from '../ui/button';
import { FormAlert } from '../ui/form-alert';
import { Modal } from '../ui/modal';
import { photoProblem } from './photo';
import { PhotoDropArea } from './photo-drop-area';

/** What went right last, for the note under the photos. */
export type PhotoChange = 'added' | 'main' | 'moved' | 'removed';

/** Which call failed, for the screen to word the failure. */
export type PhotoCallKind = 'upload' | 'change';

/** The catalogue keys each screen words its photos with; `{{number}}` and `{{max}}` are filled in. */
export interface PhotoManagerKeys {
  none: string;
  add: string;
  uploading: string;
  hint: string;
  /** Shown instead of the upload area once there are PROFILE_IMAGE_MAX_COUNT photos. */
  full: string;
  /** Refusals found before sending: not PNG or JPEG, too large. */
  wrongType: string;
  tooLarge: string;
  /** The hidden part of each photo's buttons that says which photo they are for. */
  which: string;
  alt: string;
  altMain: string;
  mainBadge: string;
  /** The mark on a photo others do not see until a moderator approves it (the member's own photos). */
  inReview?: string;
  makeMain: string;
  remove: string;
  removeTitle: string;
  removeText: string;
  removeConfirm: string;
  removeKeep: string;
  /** Only where the photos can be put in order. */
  moveEarlier?: string;
  moveLater?: string;
  done: Partial<Record<PhotoChange, string>>;
}

export interface PhotoManagerProps<T> {
  images: readonly OwnProfileImage[];
  mainId: number | null;
  /** The site's CDN address for media, '' for this server. */
  cdnPrefix: string;
  keys: PhotoManagerKeys;
  /** Values the alt texts take beyond the photo's number (a persona's name). */
  altValues?: Record<string, string>;
  /** The section's heading: focus lands there when the focused button goes with its photo. */
  headingRef: RefObject<HTMLHeadingElement | null>;
  upload: (file: File) => Promise<T>;
  makeMain: (imageId: number) => Promise<T>;
  remove: (imageId: number) => Promise<T>;
  /** Offered, the photos can move a place earlier or later; called with every photo id in the new order. */
  reorder?: (imageIds: number[]) => Promise<T>;
  /** Each call answers the owner as it is afterwards. */
  onSaved: (saved: T) => void;
  /** The catalogue key of a failed call. */
  problemOf: (error: unknown, kind: PhotoCallKind) => string;
  /** The section's own note of what went right. */
  renderDone: (text: string | null) => ReactNode;
  listClassName: string;
}

const MOVES = ['earlier', 'later'] as const;
type Move = (typeof MOVES)[number];

type Busy = { kind: 'upload' } | { kind: 'main' | 'remove' | Move; id: number } | null;

/** `ids` with the one at `from` moved a place towards `step`. */
function moved(ids: number[], from: number, step: -1 | 1): number[] {
  const next = [...ids];
  [next[from], next[from + step]] = [next[from + step]!, next[from]!];
  return next;
}

/**
 * A profile's photos, a member's own or a persona's, through the same pipeline: add one (click or
 * drop), choose the main one, put them in order where offered, remove one after asking.
 */
export function PhotoManager<T>({
  images,
  mainId,
  cdnPrefix,
  keys,
  altValues,
  headingRef,
  upload,
  makeMain,
  remove,
  reorder,
  onSaved,
  problemOf,
  renderDone,
  listClassName,
}: PhotoManagerProps<T>) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<Busy>(null);
  const [done, setDone] = useState<PhotoChange | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [removing, setRemoving] = useState<{ image: OwnProfileImage; number: number } | null>(null);
  const problemId = useId();
  const buttonIds = useId();
  const full = images.length >= PROFILE_IMAGE_MAX_COUNT;

  async function run(next: Exclude<Busy, null>, call: () => Promise<T>, outcome: PhotoChange) {
    setBusy(next);
    setDone(null);
    setProblem(null);
    try {
      onSaved(await call());
      setDone(outcome);
      return true;
    } catch (error) {
      setProblem(problemOf(error, next.kind === 'upload' ? 'upload' : 'change'));
      return false;
    } finally {
      setBusy(null);
    }
  }

  function add(file: File) {
    const found = photoProblem(file);
    if (found) {
      setDone(null);
      setProblem(found === 'type' ? keys.wrongType : keys.tooLarge);
      return;
    }
    void run({ kind: 'upload' }, () => upload(file), 'added');
  }

  // The pressed move button is disabled while its call runs; once the photos show the new order
  // it takes the focus back, or its twin at either end, where the pressed one is gone.
  const focusAfterMove = useRef<{ kind: Move; imageId: number } | null>(null);
  useEffect(() => {
    const after = focusAfterMove.current;
    if (busy !== null || !after) return;
    focusAfterMove.current = null;
    const twin = after.kind === 'earlier' ? 'later' : 'earlier';
    const target =
      document.getElementById(`${buttonIds}-${after.kind}-${after.imageId}`) ??
      document.getElementById(`${buttonIds}-${twin}-${after.imageId}`);
    target?.focus();
  }, [busy, buttonIds]);

  function move(kind: Move, index: number) {
    if (!reorder) return;
    const image = images[index]!;
    const ids = moved(
      images.map((each) => each.id),
      index,
      kind === 'earlier' ? -1 : 1,
    );
    focusAfterMove.current = { kind, imageId: image.id };
    void run({ kind, id: image.id }, () => reorder(ids), 'moved');
  }

  async function confirmRemove() {
    if (!removing) return;
    const { id } = removing.image;
    setRemoving(null);
    // The button that had focus goes with the photo; the section's heading is the nearest place to land.
    if (await run({ kind: 'remove', id }, () => remove(id), 'removed')) headingRef.current?.focus();
  }

  const moveKeys =
    reorder && keys.moveEarlier && keys.moveLater ? { earlier: keys.moveEarlier, later: keys.moveLater } : null;
  const doneKey = done ? keys.done[done] : undefined;

  return (
    <>
      {images.length > 0 ? (
        <ul className={listClassName}>
          {images.map((image, index) => {
            const number = index + 1;
            const isMain = image.id === mainId;
            // Served to its member's session only, which a CDN's request does not carry.
            const src = mediaUrl(image.thumb_filename, image.in_review ? '' : cdnPrefix);
            // Every photo has these buttons: the hidden part tells a screen reader which photo each one is for.
            const which = (
              <>
                {' '}
                <span className="sr-only">{t(keys.which, { number })}</span>
              </>
            );
            // The first photo cannot move earlier, nor the last later.
            const moves = MOVES.filter((kind) => (kind === 'earlier' ? index > 0 : index < images.length - 1));
            return (
              <li key={image.id} className="flex flex-col gap-2">
                <div className="relative">
                  <img
                    src={src}
                    alt={t(isMain ? keys.altMain : keys.alt, { ...altValues, number })}
                    className={[
                      'aspect-square w-full rounded-lg object-cover',
                      isMain ? 'outline-3 outline-offset-2 outline-brand' : '',
                    ].join(' ')}
                    loading="lazy"
                  />
                  {isMain ? (
                    <span className="badge absolute start-2 top-2" aria-hidden="true">
                      {t(keys.mainBadge)}
                    </span>
                  ) : null}
                </div>
                {image.in_review && keys.inReview ? <p className="text-sm font-semibold">{t(keys.inReview)}</p> : null}
                {isMain || image.in_review ? null : (
                  <Button
                    size="sm"
                    variant="secondary"
                    block
                    disabled={busy !== null}
                    loading={busy?.kind === 'main' && busy.id === image.id}
                    onClick={() => void run({ kind: 'main', id: image.id }, () => makeMain(image.id), 'main')}
                  >
                    {t(keys.makeMain)}
                    {which}
                  </Button>
                )}
                {moveKeys && moves.length > 0 ? (
                  <div className="flex gap-2">
                    {moves.map((kind) => (
                      <Button
                        key={kind}
                        id={`${buttonIds}-${kind}-${image.id}`}
                        size="sm"
                        variant="ghost"
                        className="flex-1"
                        disabled={busy !== null}
                        loading={busy?.kind === kind && busy.id === image.id}
                        onClick={() => move(kind, index)}
                      >
                        {t(moveKeys[kind])}
                        {which}
                      </Button>
                    ))}
                  </div>
                ) : null}
                <Button
                  size="sm"
                  variant="ghost"
                  block
                  disabled={busy !== null}
                  loading={busy?.kind === 'remove' && busy.id === image.id}
                  onClick={() => setRemoving({ image, number })}
                >
                  {t(keys.remove)}
                  {which}
                </Button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p>{t(keys.none)}</p>
      )}
      {full ? (
        <p>{t(keys.full, { max: PROFILE_IMAGE_MAX_COUNT })}</p>
      ) : (
        <PhotoDropArea
          label={busy?.kind === 'upload' ? t(keys.uploading) : t(keys.add)}
          hint={t(keys.hint)}
          problemId={problem ? problemId : undefined}
          disabled={busy !== null}
          onFile={add}
        />
      )}
      {problem ? <FormAlert id={problemId}>{t(problem, { max: PROFILE_IMAGE_MAX_COUNT })}</FormAlert> : null}
      {renderDone(doneKey ? t(doneKey) : null)}
      {removing ? (
        <Modal
          open
          onClose={() => setRemoving(null)}
          title={t(keys.removeTitle)}
          footer={
            <>
              <Button variant="ghost" onClick={() => setRemoving(null)}>
                {t(keys.removeKeep)}
              </Button>
              <Button variant="danger" onClick={() => void confirmRemove()}>
                {t(keys.removeConfirm)}
              </Button>
            </>
          }
        >
          <div className="space-y-3">
            <img
              src={mediaUrl(removing.image.thumb_filename, removing.image.in_review ? '' : cdnPrefix)}
              alt={t(keys.alt, { ...altValues, number: removing.number })}
              className="size-32 rounded-lg object-cover"
            />
            <p>{t(keys.removeText)}</p>
          </div>
        </Modal>
      ) : null}
    </>
  );
}
