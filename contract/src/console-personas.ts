import { z } from 'zod';
import { CityFieldSchema, CountryFieldSchema, DateOfBirthSchema, PersonalFieldSchema } from './accounts.js';
import { nameProblem } from './fields.js';
import { PROFILE_IMAGE_MAX_COUNT } from './profile-image-files.js';
import { LocaleSchema, RegionItemSchema } from './settings.js';
import { GenderSchema, ProfileImageSchema } from './user.js';
import { VALIDATION } from './validation.js';

/**
 * Personas: the operator-run fictional profiles of the terms (spec §1, issue 15). Each is a member
 * row marked fictional on one site, shown to members like any profile with the site's
 * `fictional_icon`, and answered by operators in the inbox. Admins and supervisors manage them here
 * (permission `personas.manage`); every call below answers 403 `forbidden` to other roles, and every
 * change writes one audit-log row.
 *
 * A persona can never log in or receive mail: it has no password, an address on the reserved
 * `.invalid` domain, and the member login and mail paths skip fictional members.
 *
 * Calls (all under `/api/console/`, JSON unless said otherwise; every change answers the persona's
 * `PersonaDetail` as it is afterwards, so the console replaces what it shows with one answer):
 *
 * | Call | Request | Answer |
 * |---|---|---|
 * | GET    {@link CONSOLE_PERSONAS_PATH}`/sites`                 | —                            | {@link PersonaSitesResponse} |
 * | GET    {@link CONSOLE_PERSONAS_PATH}`?site_id&language&state&q&page` | {@link PersonaListQuery} | {@link PersonaListResponse} |
 * | POST   {@link CONSOLE_PERSONAS_PATH}                         | {@link PersonaCreate}        | {@link PersonaDetail} |
 * | GET    {@link CONSOLE_PERSONAS_PATH}`/:id`                   | —                            | {@link PersonaDetail} |
 * | PATCH  {@link CONSOLE_PERSONAS_PATH}`/:id`                   | {@link PersonaUpdate}        | {@link PersonaDetail} |
 * | PUT    {@link CONSOLE_PERSONAS_PATH}`/:id/sheet`             | {@link PersonaSheet}         | {@link PersonaDetail} |
 * | PUT    {@link CONSOLE_PERSONAS_PATH}`/:id/state`             | {@link PersonaStateChange}   | {@link PersonaDetail} |
 * | POST   {@link CONSOLE_PERSONAS_PATH}`/:id/images`            | multipart, one file in `file` | {@link PersonaDetail} |
 * | PUT    {@link CONSOLE_PERSONAS_PATH}`/:id/main-image`        | {@link PersonaMainImage}     | {@link PersonaDetail} |
 * | PUT    {@link CONSOLE_PERSONAS_PATH}`/:id/image-order`       | {@link PersonaImageOrder}    | {@link PersonaDetail} |
 * | DELETE {@link CONSOLE_PERSONAS_PATH}`/:id/images/:imageId`   | —                            | {@link PersonaDetail} |
 *
 * Refusals: 400 `validation_failed` with `fields` (catalogue keys of VALIDATION or, for photos,
 * PROFILE_IMAGE_ERRORS under `file`); 404 `not_found` for an id that is no persona; 413 for a photo
 * over PROFILE_IMAGE_MAX_BYTES. Photos go through the members' own pipeline: PNG or JPEG, re-encoded
 * without metadata, at most PROFILE_IMAGE_MAX_COUNT.
 */
export const CONSOLE_PERSONAS_PATH = '/api/console/personas';

/**
 * - `active`: a profile like any other, listed in search, landers and the match finder.
 * - `hidden`: listed nowhere, but its conversations go on and members can still open its profile
 *   (from a chat, a like or a link they kept); nobody new finds it.
 * - `retired`: gone for members, as a deleted member is: no new messages or likes, its
 *   conversations stay readable. An admin or supervisor can bring it back.
 */
export const PERSONA_STATES = ['active', 'hidden', 'retired'] as const;
export const PersonaStateSchema = z.enum(PERSONA_STATES);
export type PersonaState = z.infer<typeof PersonaStateSchema>;

/** Longest text of one part of the persona sheet. */
export const PERSONA_SHEET_TEXT_MAX = 5000;
/** Personas per page of the list. */
export const PERSONA_PAGE_SIZE = 50;

const IdSchema = z.number({ error: VALIDATION.required }).int(VALIDATION.choice).positive(VALIDATION.choice);
const IdParamSchema = z.coerce.number<string>(VALIDATION.choice).int(VALIDATION.choice).positive(VALIDATION.choice);

/** A persona's name: the members' rules (spec §5), but no e-mail address to compare it with. */
export const PersonaNameSchema = z
  .string({ error: VALIDATION.required })
  .trim()
  .superRefine((name, ctx) => {
    const problem = nameProblem(name, '');
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const SheetTextSchema = z.string({ error: VALIDATION.required }).trim().max(PERSONA_SHEET_TEXT_MAX, VALIDATION.tooLong);

/**
 * What the operator reads while writing as the persona (the inbox shows it beside the
 * conversation). Members never see it. Plain text; '' for a part not written yet.
 */
export const PersonaSheetSchema = z.object({
  /** Who the persona is: background, job, family, temperament. */
  character: SheetTextSchema,
  /** How the persona writes: formal or casual, short or long, emoji, language quirks. */
  tone: SheetTextSchema,
  /** What the persona has already told members (pets, trips, a sister in Spain), so answers agree. */
  facts: SheetTextSchema,
  /** Subjects and phrasing to stay away from. */
  avoid: SheetTextSchema,
});
/** PUT …/:id/sheet: the whole sheet; a part sent as '' is emptied. */
export type PersonaSheet = z.infer<typeof PersonaSheetSchema>;

/** Path parameters of the calls on one persona. */
export const PersonaParamsSchema = z.object({ id: IdParamSchema });
export const PersonaImageParamsSchema = z.object({ id: IdParamSchema, imageId: IdParamSchema });

/** GET /api/console/personas: every filter is optional; `q` finds names containing it, any case. */
export const PersonaListQuerySchema = z.object({
  site_id: IdParamSchema.optional(),
  language: LocaleSchema.optional(),
  state: PersonaStateSchema.optional(),
  q: z.string().trim().max(100, VALIDATION.tooLong).optional(),
  page: z.coerce.number<string>(VALIDATION.choice).int(VALIDATION.choice).positive(VALIDATION.choice).default(1),
});
export type PersonaListQuery = z.input<typeof PersonaListQuerySchema>;

/** One row of the list: enough to find a persona and see what needs doing (no photo, no sheet). */
export const PersonaListItemSchema = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  name: z.string(),
  age: z.number().int().nullable(),
  gender: GenderSchema.nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  language: z.string(),
  state: PersonaStateSchema,
  main_image: z.object({ thumb_filename: z.string() }).nullable(),
  /** Whether any part of the persona sheet is written. */
  has_sheet: z.boolean(),
  /** ISO time the persona was created. */
  created_at: z.string(),
});
export type PersonaListItem = z.infer<typeof PersonaListItemSchema>;

/** Sorted by name, then id; `num_results` counts every page. */
export const PersonaListResponseSchema = z.object({
  personas: z.array(PersonaListItemSchema),
  paging: z.object({
    page: z.number().int(),
    per_page: z.number().int(),
    num_results: z.number().int(),
  }),
});
export type PersonaListResponse = z.infer<typeof PersonaListResponseSchema>;

/**
 * One persona as the console edits it: the profile fields members see (the site's
 * visible_profile_fields and visible_profile_notes are read from `personal`, as for members),
 * the photos in the order members see them, the state and the sheet.
 */
export const PersonaDetailSchema = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  state: PersonaStateSchema,
  name: z.string(),
  language: z.string(),
  gender: GenderSchema.nullable(),
  /** YYYY-MM-DD; `age` is what members see. */
  date_of_birth: z.string().nullable(),
  age: z.number().int().nullable(),
  country: z.string().nullable(),
  countryregion: z.number().int().nullable(),
  city: z.string().nullable(),
  /** Allowed-value answers and about-me texts by field name, as members' profiles store them. */
  personal: z.record(z.string(), z.string()),
  /** The photo cards and the profile show first; null without photos. */
  main_image: ProfileImageSchema.nullable(),
  images: z.array(ProfileImageSchema),
  sheet: PersonaSheetSchema.extend({
    /** ISO time of the last change to the sheet; null while the persona has none (only profiles made outside the console). */
    updated_at: z.string().nullable(),
    /** Who changed it last; null if never, or if that staff account is gone. */
    updated_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  }),
  /** ISO time the persona was created. */
  created_at: z.string(),
});
export type PersonaDetail = z.infer<typeof PersonaDetailSchema>;

/**
 * POST /api/console/personas: a new persona on a site. Gender, date of birth and country are
 * required, as search finds profiles by them. `personal` takes the site's allowed-value fields
 * (with one of their values) and about-me fields (site settings `allowed_values` and
 * `visible_profile_notes`); any other name is refused as `validation.unknown_field`. The country
 * must be one of the site's and the region one of that country's. New personas are `active`
 * unless created `hidden`, e.g. to add photos before anyone finds them.
 */
export const PersonaCreateSchema = z.object({
  site_id: IdSchema,
  name: PersonaNameSchema,
  language: LocaleSchema,
  gender: GenderSchema,
  date_of_birth: DateOfBirthSchema,
  country: CountryFieldSchema,
  countryregion: IdSchema.nullish(),
  city: CityFieldSchema.nullish(),
  personal: z.record(z.string(), PersonalFieldSchema).optional(),
  sheet: PersonaSheetSchema.optional(),
  state: PersonaStateSchema.exclude(['retired']).optional(),
});
export type PersonaCreate = z.input<typeof PersonaCreateSchema>;

/**
 * PATCH /api/console/personas/:id: only the fields sent change, checked as on creation. A
 * `personal` entry sent as null or '' removes that answer; others stay. A new country without a
 * region clears the region. At least one field must be sent.
 */
export const PersonaUpdateSchema = z
  .object({
    name: PersonaNameSchema.optional(),
    language: LocaleSchema.optional(),
    gender: GenderSchema.optional(),
    date_of_birth: DateOfBirthSchema.optional(),
    country: CountryFieldSchema.optional(),
    countryregion: IdSchema.nullable().optional(),
    city: CityFieldSchema.nullable().optional(),
    personal: z.record(z.string(), PersonalFieldSchema.nullable()).optional(),
  })
  .refine((update) => Object.values(update).some((value) => value !== undefined), {
    message: VALIDATION.required,
  });
export type PersonaUpdate = z.input<typeof PersonaUpdateSchema>;

/** PUT /api/console/personas/:id/state. */
export const PersonaStateChangeSchema = z.object({ state: PersonaStateSchema });
export type PersonaStateChange = z.infer<typeof PersonaStateChangeSchema>;

/** PUT /api/console/personas/:id/main-image: which of the persona's photos members see first. */
export const PersonaMainImageSchema = z.object({ id: IdSchema });
export type PersonaMainImage = z.infer<typeof PersonaMainImageSchema>;

/**
 * PUT /api/console/personas/:id/image-order: the persona's photos in the order members see them
 * on its profile, each of its photo ids exactly once. A list naming another set (a photo added or
 * removed meanwhile) is refused as 400 with `fields.ids`. The main photo is chosen apart from it.
 */
export const PersonaImageOrderSchema = z.object({
  ids: z
    .array(IdSchema, { error: VALIDATION.required })
    .min(1, VALIDATION.required)
    .max(PROFILE_IMAGE_MAX_COUNT, VALIDATION.choice),
});
export type PersonaImageOrder = z.infer<typeof PersonaImageOrderSchema>;

/**
 * GET /api/console/personas/sites: every site with what its persona form offers, so the console
 * builds the form per site: its countries and their regions, allowed-value fields and about-me
 * fields, and the language it is written in (a sensible default for a new persona).
 */
export const PersonaSiteSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  domain: z.string(),
  domain_language: LocaleSchema,
  countries: z.array(z.string()),
  region_data: z.record(z.string(), z.array(RegionItemSchema)),
  allowed_values: z.record(z.string(), z.array(z.string())),
  visible_profile_notes: z.array(z.string()),
  /** Whether members see the fictional marking on this site's personas. */
  fictional_icon: z.boolean(),
});
export type PersonaSite = z.infer<typeof PersonaSiteSchema>;
export const PersonaSitesResponseSchema = z.object({ sites: z.array(PersonaSiteSchema) });
export type PersonaSitesResponse = z.infer<typeof PersonaSitesResponseSchema>;
