import type { Snippet, SnippetValues } from '@rendezvous/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../../test/fake-api';
import { renderWithI18n } from '../../../../test/render';
import { createSnippet } from '../api/snippet-calls';
import { SnippetFormDialog } from './snippet-form-dialog';

const SAMPLE: SnippetValues = {
  'member.name': 'Jan',
  'member.age': '64',
  'member.city': 'Utrecht',
  'member.region': 'Utrecht',
  'persona.name': 'Greta',
  'persona.age': '61',
  'persona.city': 'Haarlem',
  'persona.region': 'Noord-Holland',
};

const SAVED: Snippet = {
  id: 3,
  scope: 'personal',
  site_id: null,
  persona_id: null,
  shortcut: 'hoi',
  body: 'Hoi {member.name}, groet van {persona.name}',
  updated_at: '2026-01-01T00:00:00.000Z',
};

function renderDialog(onSaved = vi.fn()) {
  renderWithI18n(
    <SnippetFormDialog
      snippet={null}
      sampleValues={SAMPLE}
      save={async (text) => (await createSnippet({ scope: 'personal', ...text })).snippet}
      onClose={() => {}}
      onSaved={onSaved}
    />,
  );
  return {
    shortcut: screen.getByRole('textbox', { name: /Shortcut/ }),
    body: screen.getByRole('textbox', { name: /Text/ }),
  };
}

describe('the snippet form', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('previews the text with sample values and inserts a variable where the cursor is', async () => {
    const user = userEvent.setup({ delay: null });
    const { body } = renderDialog();
    await user.type(body, 'Hoi , groet van {{persona.name}');
    expect(screen.getByText('Hoi , groet van Greta')).toBeTruthy();

    (body as HTMLTextAreaElement).setSelectionRange('Hoi '.length, 'Hoi '.length);
    await user.click(screen.getByRole('button', { name: 'Insert {member.name}' }));
    expect((body as HTMLTextAreaElement).value).toBe('Hoi {member.name}, groet van {persona.name}');
    expect(screen.getByText('Hoi Jan, groet van Greta')).toBeTruthy();
  });

  it('shows a variable that does not exist, and the server’s refusal, beside their fields', async () => {
    const user = userEvent.setup({ delay: null });
    const onSaved = vi.fn();
    const api = fakeApi({
      'POST /api/console/snippets': ({ body }) =>
        (body as { body: string }).body.includes('\u0007')
          ? json(
              {
                error: { code: 'validation_failed', message: 'No', fields: { body: 'validation.control_characters' } },
              },
              400,
            )
          : json({ snippet: SAVED }),
    });
    const { shortcut, body } = renderDialog(onSaved);
    await user.type(shortcut, 'hoi');
    await user.type(body, 'Hoi {{member.nmae}');
    await user.click(screen.getByRole('button', { name: 'Save snippet' }));
    expect(await screen.findByText('This text uses a variable that does not exist')).toBeTruthy();
    expect(api.calls).toHaveLength(0);

    await user.clear(body);
    await user.type(body, 'Hoi\u0007');
    await user.click(screen.getByRole('button', { name: 'Save snippet' }));
    expect(await screen.findByText(/“.+” contains characters that cannot be saved/)).toBeTruthy();
    // Beside the text it is about: the field is marked invalid and described by the message.
    expect(body.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(body.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(
      /^“.+” contains characters that cannot be saved$/,
    );

    await user.clear(body);
    await user.type(body, 'Hoi {{member.name}, groet van {{persona.name}');
    await user.click(screen.getByRole('button', { name: 'Save snippet' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith(SAVED));
    expect(api.callsTo('POST', '/api/console/snippets').at(-1)?.body).toEqual({
      scope: 'personal',
      shortcut: 'hoi',
      body: 'Hoi {member.name}, groet van {persona.name}',
    });
  });
});
