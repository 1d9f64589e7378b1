import {
  CITY_MAX,
  GENDERS,
  INTEREST_CODES,
  InterestsResponseSchema,
  NAME_MAX,
  NOTE_MAX,
  ProfileFieldsResponseSchema,
  type ProfileField,
  type ProfileFieldsResponse,
  type SiteConfig,
} from '@rendezvous/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Site configuration changes rarely and the lists change only with a deploy; five minutes is plenty. */
export const PROFILE_FIELDS_MAX_AGE_S = 300;

const INTERESTS = { interests: INTEREST_CODES.map((id) => ({ id })) };

const isGender = (value: string): value is (typeof GENDERS)[number] => (GENDERS as readonly string[]).includes(value);

/**
 * The choices the site's profile form offers. Gender always comes first, since it is its own
 * column and a search filter (spec §3); a site may narrow it, never widen it past what a member
 * can store. Other fields count only when listed as visible and given allowed values: `city` is
 * visible too, but free text.
 */
export function profileFieldsOf(config: SiteConfig): ProfileFieldsResponse {
  const genders = config.allowed_values.gender?.filter(isGender) ?? [];
  const fields: ProfileField[] = [{ name: 'gender', values: genders.length > 0 ? genders : [...GENDERS] }];
  for (const name of new Set(config.visible_profile_fields)) {
    const values = config.allowed_values[name];
    if (name !== 'gender' && values) fields.push({ name, values });
  }
  return {
    fields,
    notes: config.visible_profile_notes,
    limits: { name_max: NAME_MAX, city_max: CITY_MAX, note_max: NOTE_MAX },
  };
}

/** GET /api/interests.php and GET /api/profile_fields.php: what a profile may hold. */
export const profileFieldsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/interests.php',
    { config: { access: 'public' }, schema: { response: { 200: InterestsResponseSchema } } },
    async (_request, reply) => {
      reply.header('Cache-Control', `public, max-age=${PROFILE_FIELDS_MAX_AGE_S}`);
      return INTERESTS;
    },
  );

  app.get(
    '/api/profile_fields.php',
    { config: { access: 'public' }, schema: { response: { 200: ProfileFieldsResponseSchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', `public, max-age=${PROFILE_FIELDS_MAX_AGE_S}`);
      return profileFieldsOf(request.site.config);
    },
  );
};
