import type { User } from '@rendezvous/contract';
import { useCallback, useState } from 'react';
import { useRevalidator } from 'react-router';
import { AboutSection } from './about-section';
import { LocationSection } from './location-section';
import { PersonalSection } from './personal-section';
import { PhotosSection } from './photos-section';
import type { PageSettings } from '../../../lib/web-context';

export interface ProfileEditorProps {
  user: User;
  settings: PageSettings;
  /** "Today" for the date of birth; the real date unless a test fixes it. */
  today?: Date;
}

/** Everything the onboarding asked, each part saved on its own: photos, living area, personal details, texts. */
export function ProfileEditor({ user: pageUser, settings, today }: ProfileEditorProps) {
  const { revalidate } = useRevalidator();
  // The freshest user: the one the last call answered with, until the root has reloaded its own.
  const [latestUser, setLatestUser] = useState<User | null>(null);
  const user = latestUser ?? pageUser;

  const keep = useCallback(
    (updated: User) => {
      setLatestUser(updated);
      // The root loader holds the user the rest of the site reads (the header, the reminders).
      void revalidate();
    },
    [revalidate],
  );

  return (
    <>
      <PhotosSection user={user} cdnPrefix={settings.cdn_prefix} onSaved={keep} />
      <LocationSection user={user} settings={settings} onSaved={keep} />
      <PersonalSection user={user} settings={settings} onSaved={keep} today={today} />
      <AboutSection user={user} settings={settings} onSaved={keep} />
    </>
  );
}
