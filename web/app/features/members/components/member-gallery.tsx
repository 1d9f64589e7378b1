import type { ProfileImage } from '@rendezvous/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaUrl } from '../../../lib/media';

export interface MemberGalleryProps {
  name: string;
  images: readonly ProfileImage[];
  /** The photo shown first: the member's main photo. */
  mainImageId: number | null;
  cdnPrefix: string;
}

/** The main photo large with the others as thumbnails below; a thumbnail is a button that shows its photo. */
export function MemberGallery({ name, images, mainImageId, cdnPrefix }: MemberGalleryProps) {
  const { t } = useTranslation();
  const [selectedId, setSelectedId] = useState(mainImageId ?? images[0]?.id ?? null);
  const selectedIndex = Math.max(
    0,
    images.findIndex((image) => image.id === selectedId),
  );
  const selected = images[selectedIndex];

  if (!selected) {
    return (
      <div
        className="member-gallery-empty flex aspect-square w-full items-center justify-center rounded-lg bg-surface-muted text-7xl text-ink-muted"
        role="img"
        aria-label={t('member_page.no_photo', { name })}
      >
        <span aria-hidden="true">{name.slice(0, 1).toUpperCase()}</span>
      </div>
    );
  }

  const count = images.length;
  return (
    <section className="member-gallery space-y-2" aria-label={t('member_page.photos_label', { name })}>
      <img
        src={mediaUrl(selected.filename, cdnPrefix)}
        alt={t('member_page.photo_alt', { name, number: selectedIndex + 1, count })}
        className="aspect-square w-full rounded-lg bg-surface-muted object-cover"
        decoding="async"
      />
      {count > 1 ? (
        <ul className="flex flex-wrap gap-2">
          {images.map((image, index) => (
            <li key={image.id}>
              <button
                type="button"
                className="member-thumb block size-16 overflow-hidden rounded-md ring-brand ring-offset-2 aria-pressed:ring-3 sm:size-20"
                aria-pressed={image.id === selected.id}
                aria-label={t('member_page.show_photo', { number: index + 1, count })}
                onClick={() => setSelectedId(image.id)}
              >
                <img
                  src={mediaUrl(image.thumb_filename, cdnPrefix)}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  className="size-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
