import type {
  PersonaListItem,
  PersonaListResponse,
  Snippet,
  SnippetLevel,
  SnippetScope,
  SnippetUpdateRequest,
  SnippetValues,
} from '@rendezvous/contract';
import { useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../../../components/ui/button';
import { SelectField } from '../../../../components/ui/select-field';
import { TextField } from '../../../../components/ui/text-field';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DoneStatus } from '../../../components/console-section';
import { ActionGroup } from '../../../components/action-group';
import { LoadState } from '../../../components/load-state';
import { formatDateTime, useRegional } from '../../../lib/regional';
import { createSnippet, deleteSnippet, snippetsQueryOptions, updateSnippet } from '../api/snippet-calls';
import { snippetFailureOf } from './snippet-failure';
import { SnippetFormDialog } from './snippet-form-dialog';

/** What staff who manage everyone's snippets need to choose a site or a persona (the route hands it over). */
export interface SharedSnippetOwners<Key extends QueryKey> {
  sites: readonly { id: number; name: string }[];
  /** Personas whose name contains the text, for choosing whose snippets to manage. */
  findPersonas: (name: string) => UseQueryOptions<PersonaListResponse, Error, PersonaListResponse, Key>;
}

/**
 * What the preview fills in: a made-up member, and the persona chosen or a made-up one. Names
 * and places are data, left alone by translation, as in the inbox.
 */
function sampleValuesFor(persona: PersonaListItem | undefined): SnippetValues {
  return {
    'member.name': 'Jan',
    'member.age': '64',
    'member.city': 'Utrecht',
    'member.region': 'Utrecht',
    'persona.name': persona?.name ?? 'Greta',
    'persona.age': persona?.age === null || persona?.age === undefined ? '61' : String(persona.age),
    'persona.city': persona?.city ?? 'Haarlem',
    'persona.region': 'Noord-Holland',
  };
}

type Dialog = { kind: 'form'; snippet: Snippet | null } | { kind: 'delete'; snippet: Snippet };
type Done = 'created' | 'saved' | 'deleted';

/** The level chosen, as the address bar keeps it; a level the caller may not manage reads as their own. */
function levelOf(params: URLSearchParams, manages: boolean): SnippetLevel | { scope: SnippetScope } {
  const scope = params.get('scope');
  const id = Number(params.get('id'));
  if (!manages || (scope !== 'site' && scope !== 'persona')) return { scope: 'personal' };
  if (!Number.isInteger(id) || id <= 0) return { scope };
  return scope === 'site' ? { scope, site: id } : { scope, persona: id };
}
const isComplete = (level: SnippetLevel | { scope: SnippetScope }): level is SnippetLevel =>
  level.scope === 'personal' || 'site' in level || 'persona' in level;

/**
 * Snippets to manage: one's own (everyone who answers), and a site's or a persona's for staff
 * who manage everyone's. Each has a shortcut typed after `/` in the composer and a text with
 * variables; the form previews it with sample values.
 */
export function SnippetsScreen<Key extends QueryKey>({ shared }: { shared: SharedSnippetOwners<Key> | null }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const level = levelOf(params, shared !== null);
  const [persona, setPersona] = useState<PersonaListItem | undefined>(undefined);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [done, setDone] = useState<Done | null>(null);

  const choose = (next: Record<string, string>) => {
    setDone(null);
    setParams(next, { replace: true });
  };

  return (
    <section aria-labelledby="console-snippets-title" className="space-y-5">
      <h1 id="console-snippets-title" className="heading text-2xl">
        {t('console.snippets.title')}
      </h1>
      <p className="text-ink-muted">{t('console.snippets.intro')}</p>
      {shared ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            label={t('console.snippets.level')}
            name="scope"
            value={level.scope}
            onChange={(scope) => choose(scope === 'personal' ? {} : { scope })}
            options={(['personal', 'site', 'persona'] as const).map((scope) => ({
              value: scope,
              label: t(`console.snippets.levels.${scope}`),
            }))}
          />
          {level.scope === 'site' ? (
            <SelectField
              label={t('console.snippets.site')}
              name="site"
              value={'site' in level ? String(level.site) : ''}
              onChange={(id) => choose({ scope: 'site', id })}
              placeholder={t('console.snippets.choose_site')}
              options={shared.sites.map((site) => ({ value: String(site.id), label: site.name }))}
              translate="no"
            />
          ) : null}
        </div>
      ) : null}
      {shared && level.scope === 'persona' ? (
        <PersonaChooser
          findPersonas={shared.findPersonas}
          chosen={'persona' in level ? level.persona : null}
          onChoose={(chosen) => {
            setPersona(chosen);
            choose({ scope: 'persona', id: String(chosen.id) });
          }}
        />
      ) : null}
      {isComplete(level) ? (
        <SnippetList
          level={level}
          onAdd={() => setDialog({ kind: 'form', snippet: null })}
          onEdit={(snippet) => setDialog({ kind: 'form', snippet })}
          onDelete={(snippet) => setDialog({ kind: 'delete', snippet })}
          done={done}
        />
      ) : null}
      {dialog?.kind === 'form' && isComplete(level) ? (
        <LevelSnippetForm
          level={level}
          snippet={dialog.snippet}
          sampleValues={sampleValuesFor(level.scope === 'persona' ? persona : undefined)}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDone(dialog.snippet ? 'saved' : 'created');
            setDialog(null);
          }}
        />
      ) : null}
      {dialog?.kind === 'delete' && isComplete(level) ? (
        <DeleteSnippetDialog
          level={level}
          snippet={dialog.snippet}
          onClose={() => setDialog(null)}
          onDeleted={() => {
            setDone('deleted');
            setDialog(null);
          }}
        />
      ) : null}
    </section>
  );
}

function PersonaChooser<Key extends QueryKey>({
  findPersonas,
  chosen,
  onChoose,
}: {
  findPersonas: SharedSnippetOwners<Key>['findPersonas'];
  chosen: number | null;
  onChoose: (persona: PersonaListItem) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const personas = useQuery(findPersonas(name));
  const found = personas.data?.personas ?? [];

  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <TextField
        label={t('console.snippets.persona_search')}
        name="persona_name"
        type="search"
        value={name}
        onChange={setName}
        debounceMs={300}
        trim
      />
      <SelectField
        label={t('console.snippets.persona')}
        name="persona"
        value={chosen !== null && found.some((persona) => persona.id === chosen) ? String(chosen) : ''}
        onChange={(id) => {
          const persona = found.find((candidate) => String(candidate.id) === id);
          if (persona) onChoose(persona);
        }}
        placeholder={t(personas.isError ? 'console.load_failed' : 'console.snippets.choose_persona')}
        options={found.map((persona) => ({ value: String(persona.id), label: persona.name }))}
        translate="no"
      />
    </div>
  );
}

function SnippetList({
  level,
  onAdd,
  onEdit,
  onDelete,
  done,
}: {
  level: SnippetLevel;
  onAdd: () => void;
  onEdit: (snippet: Snippet) => void;
  onDelete: (snippet: Snippet) => void;
  done: Done | null;
}) {
  const { t } = useTranslation();
  const regional = useRegional();
  const snippets = useQuery(snippetsQueryOptions(level));

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="heading text-xl">{t(`console.snippets.list_title.${level.scope}`)}</h2>
        <Button onClick={onAdd} disabled={!snippets.isSuccess}>
          {t('console.snippets.add')}
        </Button>
      </div>
      <DoneStatus>{done ? t(`console.snippets.done_${done}`) : null}</DoneStatus>
      <LoadState query={snippets} />
      {snippets.isSuccess && snippets.data.snippets.length === 0 ? <p>{t('console.snippets.empty')}</p> : null}
      {snippets.isSuccess && snippets.data.snippets.length > 0 ? (
        <ul className="space-y-3" aria-label={t(`console.snippets.list_title.${level.scope}`)}>
          {snippets.data.snippets.map((snippet) => (
            <li key={snippet.id} className="card space-y-2 p-4">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="font-mono font-semibold" translate="no">
                  /{snippet.shortcut}
                </h3>
                <span className="text-sm text-ink-muted">
                  {t('console.snippets.changed', { time: formatDateTime(Date.parse(snippet.updated_at), regional) })}
                </span>
              </div>
              <p className="whitespace-pre-wrap" translate="no">
                {snippet.body}
              </p>
              <ActionGroup label={t('console.snippets.actions', { shortcut: snippet.shortcut })}>
                <Button size="sm" variant="secondary" onClick={() => onEdit(snippet)}>
                  {t('console.snippets.edit')}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => onDelete(snippet)}>
                  {t('console.snippets.delete')}
                </Button>
              </ActionGroup>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The form, saving at the level shown and putting the answer into that level's list. */
function LevelSnippetForm({
  level,
  snippet,
  sampleValues,
  onClose,
  onSaved,
}: {
  level: SnippetLevel;
  snippet: Snippet | null;
  sampleValues: SnippetValues;
  onClose: () => void;
  onSaved: () => void;
}) {
  const queryClient = useQueryClient();
  const { queryKey } = snippetsQueryOptions(level);

  const save = async (text: SnippetUpdateRequest) => {
    if (snippet) return (await updateSnippet(snippet.id, text)).snippet;
    const owner =
      level.scope === 'site'
        ? { scope: level.scope, site: level.site }
        : level.scope === 'persona'
          ? { scope: level.scope, persona: level.persona }
          : { scope: level.scope };
    return (await createSnippet({ ...owner, ...text })).snippet;
  };

  return (
    <SnippetFormDialog
      snippet={snippet}
      sampleValues={sampleValues}
      save={save}
      onClose={onClose}
      onSaved={(saved) => {
        queryClient.setQueryData(queryKey, (list) =>
          list
            ? {
                snippets: [...list.snippets.filter((other) => other.id !== saved.id), saved].sort(
                  (a, b) => a.shortcut.localeCompare(b.shortcut) || a.id - b.id,
                ),
              }
            : list,
        );
        onSaved();
      }}
    />
  );
}

function DeleteSnippetDialog({
  level,
  snippet,
  onClose,
  onDeleted,
}: {
  level: SnippetLevel;
  snippet: Snippet;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();

  const confirm = async () => {
    await deleteSnippet(snippet.id);
    queryClient.setQueryData(snippetsQueryOptions(level).queryKey, (list) =>
      list ? { snippets: list.snippets.filter((other) => other.id !== snippet.id) } : list,
    );
    onDeleted();
  };

  return (
    <ConfirmDialog
      title={t('console.snippets.delete_title', { shortcut: snippet.shortcut })}
      cancelLabel={t('console.snippets.cancel')}
      confirmLabel={t('console.snippets.delete')}
      onClose={onClose}
      onConfirm={confirm}
      failureOf={snippetFailureOf}
    >
      <p>{t('console.snippets.delete_text')}</p>
    </ConfirmDialog>
  );
}
