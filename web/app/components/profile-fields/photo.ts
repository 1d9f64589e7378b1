import { PROFILE_IMAGE_EXTENSIONS, PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_TYPES } from '@rendezvous/contract';

/**
 * The server judges photos by content (spec §5 "png, jpeg, jpg"); checking the type here
 * first gives a wrong file a message next to the drop area instead of a silent failure.
 */
export function isAcceptedPhoto(file: { name: string; type: string }): boolean {
  if (file.type) return (PROFILE_IMAGE_TYPES as readonly string[]).includes(file.type);
  // Some file pickers leave the type empty: fall back to the name.
  const name = file.name.toLowerCase();
  return PROFILE_IMAGE_EXTENSIONS.some((extension) => name.endsWith(extension));
}

export type PhotoProblem = 'type' | 'size';

/** Why a chosen file cannot be a profile photo, before it is sent; null when it can. */
export function photoProblem(file: { name: string; type: string; size: number }): PhotoProblem | null {
  if (!isAcceptedPhoto(file)) return 'type';
  if (file.size > PROFILE_IMAGE_MAX_BYTES) return 'size';
  return null;
}
