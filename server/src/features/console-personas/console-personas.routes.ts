import {
  CONSOLE_PERSONAS_PATH,
  PERSONA_PAGE_SIZE,
  PersonaCreateSchema,
  PersonaDetailSchema,
  PersonaImageOrderSchema,
  PersonaImageParamsSchema,
  PersonaListQuerySchema,
  PersonaListResponseSchema,
  PersonaMainImageSchema,
  PersonaParamsSchema,
  PersonaSheetSchema,
  PersonaSitesResponseSchema,
  PersonaStateChangeSchema,
  PersonaUpdateSchema,
  PROFILE_IMAGE_MAX_BYTES,
  VALIDATION,
  type ConsoleEvent,
  type SiteConfig,
} from '@rendezvous/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { AppError, invalidInput, notFound } from '../../errors.js';
import type { MediaStore } from '../../lib/media-store.js';
import { staffActorOf } from '../../platform/audit/audit-log.js';
import { checkProfile, type ProfileInput } from '../../platform/members/profile-input.js';
import {
  acceptProfileImageUploads,
  createProfileImagePipeline,
  UPLOAD_WINDOW_MS,
  UPLOADS_PER_IP,
} from '../../platform/profile-images/profile-image-pipeline.js';
import type { SitesRepository } from '../../platform/sites/sites.repository.js';
import type { EventBus } from '../../realtime/event-bus.js';
import { createConsolePersonasRepository, type PersonaColumns } from './console-personas.repository.js';

export interface ConsolePersonasRoutesOptions {
  db: Db;
  media: MediaStore;
  sites: SitesRepository;
  events: EventBus;
  /** Largest accepted photo; the contract's limit unless a test wants a smaller one. */
  maxBytes?: number;
}

const ACCESS = { access: 'staff', permission: 'personas.manage' } as const;
const DETAIL = { response: { 200: PersonaDetailSchema } };

const noPersona = () => notFound('There is no persona with this id.');

/** The profile check names fields as the members' forms do; the console's request nests them as below. */
const REQUEST_FIELD: Record<string, string> = { country: 'country', region: 'countryregion' };
const requestFieldOf = (name: string) => REQUEST_FIELD[name] ?? `personal.${name}`;

/**
 * The console's personas (contract/src/console-personas.ts): list, create and edit fictional
 * profiles, their persona sheets, states and photos. Admins and supervisors only (`personas.manage`).
 */
export const consolePersonasRoutes: FastifyPluginAsyncZod<ConsolePersonasRoutesOptions> = async (
  app,
  { db, media, sites, events, maxBytes = PROFILE_IMAGE_MAX_BYTES },
) => {
  await acceptProfileImageUploads(app, maxBytes);
  const personas = createConsolePersonasRepository(db);
  const photos = createProfileImagePipeline(db, media);

  async function siteConfig(siteId: number): Promise<SiteConfig | undefined> {
    return (await sites.all()).find((site) => site.id === siteId)?.config;
  }

  /** Checks the profile fields against what the persona's site offers, as members' are (400 with fields). */
  async function checkFields(site: SiteConfig, input: ProfileInput) {
    try {
      return await checkProfile(personas, site, input);
    } catch (error) {
      if (!(error instanceof AppError) || !error.fields) throw error;
      throw invalidInput(
        Object.fromEntries(Object.entries(error.fields).map(([name, reason]) => [requestFieldOf(name), reason])),
      );
    }
  }

  async function detail(id: number) {
    const persona = await personas.find(id);
    if (!persona) throw noPersona();
    return persona;
  }

  app.get(
    `${CONSOLE_PERSONAS_PATH}/sites`,
    { config: ACCESS, schema: { response: { 200: PersonaSitesResponseSchema } } },
    async () => ({
      sites: (await sites.all()).map(({ id, domain, config, regionData }) => ({
        id,
        name: config.name,
        domain,
        domain_language: config.domain_language,
        countries: config.countries,
        region_data: regionData,
        allowed_values: config.allowed_values,
        visible_profile_notes: config.visible_profile_notes,
        fictional_icon: config.fictional_icon,
      })),
    }),
  );

  app.get(
    CONSOLE_PERSONAS_PATH,
    { config: ACCESS, schema: { querystring: PersonaListQuerySchema, response: { 200: PersonaListResponseSchema } } },
    async (request) => {
      const { site_id, language, state, q, page } = request.query;
      const { personas: list, total } = await personas.list({
        siteId: site_id,
        language,
        state,
        q: q || undefined,
        page,
        pageSize: PERSONA_PAGE_SIZE,
      });
      return { personas: list, paging: { page, per_page: PERSONA_PAGE_SIZE, num_results: total } };
    },
  );

  app.post(
    CONSOLE_PERSONAS_PATH,
    { config: ACCESS, schema: { body: PersonaCreateSchema, ...DETAIL } },
    async (request) => {
      const body = request.body;
      const site = await siteConfig(body.site_id);
      if (!site) throw invalidInput({ site_id: VALIDATION.choice });
      const checked = await checkFields(site, {
        country: body.country,
        region: body.countryregion ?? null,
        city: body.city ?? null,
        gender: body.gender,
        date_of_birth: body.date_of_birth,
        extra: body.personal,
      });
      const id = await personas.create(
        {
          siteId: body.site_id,
          name: body.name,
          language: body.language,
          state: body.state ?? 'active',
          columns: checked.columns,
          personal: checked.personal,
          sheet: body.sheet ?? { character: '', tone: '', facts: '', avoid: '' },
        },
        staffActorOf(request),
      );
      return detail(id);
    },
  );

  app.get(
    `${CONSOLE_PERSONAS_PATH}/:id`,
    { config: ACCESS, schema: { params: PersonaParamsSchema, ...DETAIL } },
    async (request) => detail(request.params.id),
  );

  app.patch(
    `${CONSOLE_PERSONAS_PATH}/:id`,
    { config: ACCESS, schema: { params: PersonaParamsSchema, body: PersonaUpdateSchema, ...DETAIL } },
    async (request) => {
      const { id } = request.params;
      const { name, language, gender, date_of_birth, country, countryregion, city, personal } = request.body;
      const current = await detail(id);
      const site = await siteConfig(current.site_id);
      if (!site) throw noPersona();
      const movesCountry = country !== undefined && country !== current.country;
      const checked = await checkFields(site, {
        // A region is checked against the country it will lie in: the new one, or the current one.
        country: country ?? (countryregion ? current.country : undefined),
        // A region of the old country cannot stay in a new one.
        region: countryregion !== undefined ? countryregion : movesCountry ? null : undefined,
        city,
        gender,
        date_of_birth,
        extra: personal,
      });
      const columns: PersonaColumns = {
        ...checked.columns,
        ...(name === undefined ? {} : { name }),
        ...(language === undefined ? {} : { language }),
      };
      const fields = Object.entries(request.body)
        .filter(([, value]) => value !== undefined)
        .map(([field]) => field);
      const changed = { columns, personal: checked.personal, cleared: checked.cleared };
      if (!(await personas.update(id, changed, staffActorOf(request), fields))) throw noPersona();
      return detail(id);
    },
  );

  app.put(
    `${CONSOLE_PERSONAS_PATH}/:id/sheet`,
    { config: ACCESS, schema: { params: PersonaParamsSchema, body: PersonaSheetSchema, ...DETAIL } },
    async (request) => {
      if (!(await personas.saveSheet(request.params.id, request.body, staffActorOf(request)))) throw noPersona();
      return detail(request.params.id);
    },
  );

  app.put(
    `${CONSOLE_PERSONAS_PATH}/:id/state`,
    { config: ACCESS, schema: { params: PersonaParamsSchema, body: PersonaStateChangeSchema, ...DETAIL } },
    async (request) => {
      const { id } = request.params;
      const change = await personas.setState(id, request.body.state, staffActorOf(request));
      if (change === undefined) throw noPersona();
      const persona = await detail(id);
      // Open inboxes drop the released claims and, fetching the queue again, the retired persona's conversations.
      for (const conversation of change.released) {
        const event: ConsoleEvent = {
          type: 'claim',
          conversation,
          site_id: persona.site_id,
          language: change.language,
          claim: null,
        };
        await events
          .publishStaff(event)
          .catch((error: unknown) => request.log.warn({ err: error }, 'console event not published'));
      }
      return persona;
    },
  );

  app.post(
    `${CONSOLE_PERSONAS_PATH}/:id/images`,
    {
      config: { ...ACCESS, limits: [app.limits.perIp('persona-image', UPLOADS_PER_IP, UPLOAD_WINDOW_MS)] },
      schema: { params: PersonaParamsSchema, ...DETAIL },
    },
    async (request) => {
      const { id } = request.params;
      const persona = await detail(id);
      const along = personas.photoAudit(staffActorOf(request), 'persona.image.add', { id, siteId: persona.site_id });
      await photos.upload(request, id, { maxBytes, along });
      return detail(id);
    },
  );

  app.put(
    `${CONSOLE_PERSONAS_PATH}/:id/main-image`,
    { config: ACCESS, schema: { params: PersonaParamsSchema, body: PersonaMainImageSchema, ...DETAIL } },
    async (request) => {
      const { id } = request.params;
      const persona = await detail(id);
      const imageId = request.body.id;
      const along = personas.photoAudit(
        staffActorOf(request),
        'persona.image.main',
        { id, siteId: persona.site_id },
        { image_id: imageId },
      );
      if (!(await photos.setMain(id, imageId, along))) throw notFound('This persona has no photo with this id.');
      return detail(id);
    },
  );

  app.put(
    `${CONSOLE_PERSONAS_PATH}/:id/image-order`,
    { config: ACCESS, schema: { params: PersonaParamsSchema, body: PersonaImageOrderSchema, ...DETAIL } },
    async (request) => {
      const { id } = request.params;
      const { ids } = request.body;
      const persona = await detail(id);
      const along = personas.photoAudit(
        staffActorOf(request),
        'persona.image.order',
        { id, siteId: persona.site_id },
        { ids },
      );
      if (!(await photos.reorder(id, ids, along))) {
        throw invalidInput({ ids: VALIDATION.choice }, "The order must name each of the persona's photos once.");
      }
      return detail(id);
    },
  );

  app.delete(
    `${CONSOLE_PERSONAS_PATH}/:id/images/:imageId`,
    { config: ACCESS, schema: { params: PersonaImageParamsSchema, ...DETAIL } },
    async (request) => {
      const { id, imageId } = request.params;
      const persona = await detail(id);
      const siteId = persona.site_id;
      const along = personas.photoAudit(
        staffActorOf(request),
        'persona.image.remove',
        { id, siteId },
        { image_id: imageId },
      );
      if (!(await photos.remove(id, imageId, request.log, along)))
        throw notFound('This persona has no photo with this id.');
      return detail(id);
    },
  );
};
