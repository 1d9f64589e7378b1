import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithI18n } from '../../test/render';
import { Modal } from './modal';

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Read the terms
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Terms and conditions"
        size="large"
        footer={<button type="button">Agree</button>}
      >
        <p>Article 1</p>
      </Modal>
    </>
  );
}

async function openModal() {
  const user = userEvent.setup({ delay: null });
  renderWithI18n(<Page />);
  expect(screen.queryByRole('dialog')).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Read the terms' }));
  return { user, dialog: screen.getByRole('dialog', { name: 'Terms and conditions' }) };
}

describe('Modal', () => {
  it('opens as a dialog named by its title, with its content and footer', async () => {
    const { dialog } = await openModal();
    expect((dialog as HTMLDialogElement).open).toBe(true);
    expect(screen.getByText('Article 1')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Agree' })).toBeTruthy();
  });

  it('closes with Escape', async () => {
    const { user } = await openModal();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes with the close button', async () => {
    const { user } = await openModal();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes on a click on the backdrop but not on one inside', async () => {
    const { user, dialog } = await openModal();
    await user.click(screen.getByText('Article 1'));
    expect(screen.getByRole('dialog')).toBeTruthy();
    // The backdrop belongs to the dialog element itself; its content never is the target.
    fireEvent.pointerDown(dialog);
    fireEvent.click(dialog);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
