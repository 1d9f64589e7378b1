import { MESSAGE_MAX_LENGTH } from '@rendezvous/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithI18n, testI18n } from '../../../test/render';
import { MessageComposer } from './message-composer';

const t = testI18n.t;
const textbox = () => screen.getByRole('textbox', { name: 'Message to Greta' });
const sendButton = () => screen.getByRole('button', { name: t('chats.send') });

function renderComposer(onSend: (body: string) => Promise<boolean>, initialDraft?: string) {
  return renderWithI18n(<MessageComposer label="Message to Greta" onSend={onSend} initialDraft={initialDraft} />);
}

describe('the message composer', () => {
  it('sends on Enter and empties itself', async () => {
    const user = userEvent.setup({ delay: null });
    const onSend = vi.fn(async () => true);
    renderComposer(onSend);

    await user.type(textbox(), 'Hello Greta{Enter}');
    expect(onSend).toHaveBeenCalledExactlyOnceWith('Hello Greta');
    expect(textbox()).toHaveProperty('value', '');
  });

  it('starts a new line on Shift+Enter without sending', async () => {
    const user = userEvent.setup({ delay: null });
    const onSend = vi.fn(async () => true);
    renderComposer(onSend);

    await user.type(textbox(), 'First line{Shift>}{Enter}{/Shift}second line');
    expect(onSend).not.toHaveBeenCalled();
    expect(textbox()).toHaveProperty('value', 'First line\nsecond line');

    await user.click(sendButton());
    expect(onSend).toHaveBeenCalledExactlyOnceWith('First line\nsecond line');
  });

  it('sends nothing empty or only spaces', async () => {
    const user = userEvent.setup({ delay: null });
    const onSend = vi.fn(async () => true);
    renderComposer(onSend);

    await user.type(textbox(), '   {Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(sendButton()).toHaveProperty('disabled', true);
  });

  it('blocks a second message while the first is on its way, then takes the next one', async () => {
    const user = userEvent.setup({ delay: null });
    let finish: (sent: boolean) => void = () => {};
    const onSend = vi.fn(() => new Promise<boolean>((resolve) => (finish = resolve)));
    renderComposer(onSend);

    await user.type(textbox(), 'One{Enter}');
    // The text leaves the box once the form has checked it, a few promises later; keys typed
    // without a pause between them (no timer) would otherwise land before that.
    await vi.waitFor(() => expect(textbox()).toHaveProperty('value', ''));
    await user.type(textbox(), 'Two{Enter}');
    await user.click(sendButton());
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(sendButton().getAttribute('aria-busy')).toBe('true');

    finish(true);
    await vi.waitFor(() => expect(sendButton().getAttribute('aria-busy')).toBeNull());
    await user.type(textbox(), '{Enter}');
    expect(onSend).toHaveBeenCalledTimes(2);
    expect(onSend).toHaveBeenLastCalledWith('Two');
  });

  it('puts the text back when the message did not go out', async () => {
    const user = userEvent.setup({ delay: null });
    renderComposer(async () => false);

    await user.type(textbox(), 'Keep me{Enter}');
    await vi.waitFor(() => expect(textbox()).toHaveProperty('value', 'Keep me'));
  });

  it('counts down near the limit and refuses a message that is too long', async () => {
    const user = userEvent.setup({ delay: null });
    const onSend = vi.fn(async () => true);
    renderComposer(onSend, 'a'.repeat(MESSAGE_MAX_LENGTH - 10));

    expect(screen.getByText(t('chats.characters_left', { left: 10 }))).toBeTruthy();
    await user.click(textbox());
    await user.paste('b'.repeat(11));
    expect(screen.getByText(t('chats.too_long', { max: MESSAGE_MAX_LENGTH }))).toBeTruthy();
    expect(textbox().getAttribute('aria-invalid')).toBe('true');
    expect(sendButton()).toHaveProperty('disabled', true);

    await user.keyboard('{Enter}');
    expect(onSend).not.toHaveBeenCalled();
  });
});
