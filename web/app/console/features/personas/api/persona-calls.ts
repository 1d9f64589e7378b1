import {
  CONSOLE_PERSONAS_PATH,
  PROFILE_IMAGE_FIELD,
  PersonaDetailSchema,
  PersonaListResponseSchema,
  PersonaSitesResponseSchema,
  type PersonaCreate,
  type PersonaDetail,
  type PersonaListQuery,
  type PersonaSheet,
  type PersonaState,
  type PersonaUpdate,
} from '@rendezvous/contract';
import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiUpload } from '../../../../lib/api-client';
import { CONSOLE_QUERY_KEY } from '../../../lib/console-session';

const PERSONAS_KEY = [CONSOLE_QUERY_KEY, 'personas'] as const;
const personaPath = (id: number, rest = '') => `${CONSOLE_PERSONAS_PATH}/${id}${rest}`;

/** Every site with what its persona form offers; the snippets and settings screens list the sites from it too. */
export function personaSitesQueryOptions() {
  return queryOptions({
    queryKey: [...PERSONAS_KEY, 'sites'],
    queryFn: ({ signal }) =>
      apiRequest('GET', `${CONSOLE_PERSONAS_PATH}/sites`, PersonaSitesResponseSchema, { signal }),
    // Sites change by deployment, not while someone works in the console.
    staleTime: Infinity,
  });
}

/** The filters as the address bar holds them; empty ones are left out of the call. */
export function personasQueryOptions(query: PersonaListQuery) {
  const search = new URLSearchParams(
    Object.entries(query).flatMap(([name, value]) =>
      value === undefined || value === '' ? [] : [[name, String(value)]],
    ),
  );
  return queryOptions({
    queryKey: [...PERSONAS_KEY, 'list', query],
    queryFn: ({ signal }) =>
      apiRequest('GET', `${CONSOLE_PERSONAS_PATH}?${search.toString()}`, PersonaListResponseSchema, { signal }),
    // Another page or filter keeps the rows on screen until its answer is there, so the table does not jump.
    placeholderData: keepPreviousData,
  });
}

export function personaQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...PERSONAS_KEY, 'detail', id],
    queryFn: ({ signal }) => apiRequest('GET', personaPath(id), PersonaDetailSchema, { signal }),
  });
}

export const createPersona = (body: PersonaCreate) =>
  apiRequest('POST', CONSOLE_PERSONAS_PATH, PersonaDetailSchema, { body });

export const updatePersona = (id: number, body: PersonaUpdate) =>
  apiRequest('PATCH', personaPath(id), PersonaDetailSchema, { body });

export const savePersonaSheet = (id: number, body: PersonaSheet) =>
  apiRequest('PUT', personaPath(id, '/sheet'), PersonaDetailSchema, { body });

export const setPersonaState = (id: number, state: PersonaState) =>
  apiRequest('PUT', personaPath(id, '/state'), PersonaDetailSchema, { body: { state } });

export function uploadPersonaImage(id: number, file: File) {
  const form = new FormData();
  form.append(PROFILE_IMAGE_FIELD, file);
  return apiUpload(personaPath(id, '/images'), PersonaDetailSchema, form);
}

export const makeMainPersonaImage = (id: number, imageId: number) =>
  apiRequest('PUT', personaPath(id, '/main-image'), PersonaDetailSchema, { body: { id: imageId } });

/** Every one of the persona's photo ids, in the order its profile shows them. */
export const orderPersonaImages = (id: number, imageIds: number[]) =>
  apiRequest('PUT', personaPath(id, '/image-order'), PersonaDetailSchema, { body: { ids: imageIds } });

export const removePersonaImage = (id: number, imageId: number) =>
  apiRequest('DELETE', personaPath(id, `/images/${imageId}`), PersonaDetailSchema);

/**
 * Every change answers the persona as it is afterwards: that answer replaces the one on screen,
 * and the lists, which show some of the same fields, are fetched again when next shown.
 */
export function useShowPersona() {
  const queryClient = useQueryClient();
  return (persona: PersonaDetail) => {
    queryClient.setQueryData(personaQueryOptions(persona.id).queryKey, persona);
    void queryClient.invalidateQueries({ queryKey: [...PERSONAS_KEY, 'list'] });
  };
}
