/**
 * The content pages of spec §2 and the sections each must have, in order. Every locale's Markdown
 * carries these ids on its `##` headings, so links to `/pages/terms#fictional-profiles` work in
 * every language; the tests hold each file to this list.
 */
export const CONTENT_PAGES = ['terms', 'privacy', 'faq', 'return-policy', 'cookies', 'service', 'ban'] as const;
export type ContentPage = (typeof CONTENT_PAGES)[number];

/** Terms sections that only a site billed under its `compliance_tradename` shows. */
export const TRADENAME_SECTIONS = ['copyright-takedown', 'record-keeping'] as const;

/** Kept once, in English, and shown in English in every language's terms (spec §2). */
export const ENGLISH_ONLY_SECTION = 'anti-trafficking-policy';

export const CONTENT_SECTIONS: Record<ContentPage, readonly string[]> = {
  terms: [
    'definitions',
    'general-provisions',
    'fictional-profiles',
    'registration',
    'usage-rules',
    'refusal-and-blocking',
    'termination',
    'credits-and-payments',
    'consent-and-storage',
    'liability-and-indemnity',
    'intellectual-property',
    'complaints',
    'newsletters',
    ENGLISH_ONLY_SECTION,
    ...TRADENAME_SECTIONS,
    'final-provisions',
  ],
  privacy: [
    'controller',
    'personal-data',
    'processing',
    'data-sources',
    'sharing',
    'profile-visibility',
    'marketing-email',
    'third-party-sign-in',
    'age',
    'links',
    'rights',
    'supervisory-authority',
    'storage',
    'contact',
  ],
  faq: ['accounts', 'credits', 'fictional-profiles', 'privacy', 'deleting-your-account'],
  'return-policy': ['withdrawal-right', 'when-it-lapses', 'credits', 'premium', 'how-to-withdraw', 'refunds'],
  cookies: ['summary', 'cookies', 'local-storage', 'session-storage', 'third-parties', 'managing'],
  service: ['contact-details', 'before-you-write', 'contact-form'],
  ban: ['why', 'what-you-see', 'your-data', 'how-to-object', 'decision'],
};

/** The page a `/pages/{page}` path names, or null. */
export function contentPageOfPath(pathname: string): ContentPage | null {
  const match = /^\/pages\/([a-z-]+)\/?$/.exec(pathname);
  const page = match?.[1];
  return page && (CONTENT_PAGES as readonly string[]).includes(page) ? (page as ContentPage) : null;
}
