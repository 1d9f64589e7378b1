import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithI18n } from '../../../test/render';
import { MemberGallery } from './member-gallery';

const IMAGES = [1, 2, 3].map((id) => ({ id, filename: `photo-${id}.jpg`, thumb_filename: `thumb-${id}.jpg` }));

describe('MemberGallery', () => {
  it('opens on the main photo and shows another when its thumbnail is chosen by keyboard', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithI18n(<MemberGallery name="Greta" images={IMAGES} mainImageId={2} cdnPrefix="https://cdn.test/" />);

    expect(screen.getByRole('img', { name: 'Photo 2 of 3 of Greta' }).getAttribute('src')).toBe(
      'https://cdn.test/media/photo-2.jpg',
    );
    expect(screen.getByRole('button', { name: 'Show photo 2 of 3' }).getAttribute('aria-pressed')).toBe('true');

    const third = screen.getByRole('button', { name: 'Show photo 3 of 3' });
    third.focus();
    await user.keyboard('{Enter}');

    expect(screen.getByRole('img', { name: 'Photo 3 of 3 of Greta' }).getAttribute('src')).toBe(
      'https://cdn.test/media/photo-3.jpg',
    );
    expect(third.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Show photo 2 of 3' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('shows the initial and says there is no photo when there is none', () => {
    renderWithI18n(<MemberGallery name="Greta" images={[]} mainImageId={null} cdnPrefix="" />);
    expect(screen.getByRole('img', { name: 'Greta has no photo yet' }).textContent).toBe('G');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
