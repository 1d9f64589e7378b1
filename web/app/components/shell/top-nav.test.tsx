import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, makeWebContext, renderWithRoot } from '../../test/render';
import { TopNav } from './top-nav';

const linkNames = () =>
  within(screen.getByRole('navigation', { name: 'Main' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('TopNav', () => {
  it('offers a visitor the way in', () => {
    renderWithRoot(<TopNav />);
    expect(screen.getByRole('link', { name: 'Rendezvous' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Sign up for free' }).getAttribute('href')).toBe('/signup');
    expect(screen.queryByRole('link', { name: 'Members' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
  });

  it('leaves out sign-up when the template turns it off', () => {
    renderWithRoot(<TopNav />, { web: makeWebContext({ features: { signup: false } }) });
    expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Sign up for free' })).toBeNull();
  });

  it('shows a member the features the template has', () => {
    renderWithRoot(<TopNav />, { web: makeWebContext({ user: makeUser() }) });
    expect(linkNames()).toEqual(['Rendezvous', 'Members', 'Likes', 'Chats', 'Notifications', 'My profile']);
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
  });

  it('hides the features turned off', () => {
    renderWithRoot(<TopNav />, {
      web: makeWebContext({ user: makeUser(), features: { likes: false, chat: false, profile_search: false } }),
    });
    expect(linkNames()).toEqual(['Rendezvous', 'Notifications', 'My profile']);
  });

  it('is not there at all without the navigation feature', () => {
    renderWithRoot(<TopNav />, { web: makeWebContext({ features: { navigation: false } }) });
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('shows log-out only when it is wired', async () => {
    const user = userEvent.setup({ delay: null });
    const onLogout = vi.fn();
    renderWithRoot(<TopNav onLogout={onLogout} />, { web: makeWebContext({ user: makeUser() }) });
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it('folds into a menu button on phones, which folds again after following a link', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithRoot(<TopNav />, { web: makeWebContext({ user: makeUser() }) });
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    const controlled = document.getElementById(menu.getAttribute('aria-controls') ?? '');
    expect(controlled?.contains(screen.getByRole('link', { name: 'Likes' }))).toBe(true);

    await user.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByRole('link', { name: 'Likes' }));
    expect(screen.getByRole('link', { name: 'Likes' }).getAttribute('aria-current')).toBe('page');
    expect(menu.getAttribute('aria-expanded')).toBe('false');
  });

  it('folds the menu with Escape and gives focus back to its button', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithRoot(<TopNav />);
    const menu = screen.getByRole('button', { name: 'Menu' });
    await user.click(menu);
    await user.tab();
    await user.keyboard('{Escape}');
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(menu);
  });

  it('starts with a link that skips to the content', () => {
    renderWithRoot(<TopNav />);
    expect(screen.getByRole('link', { name: 'Skip to main content' }).getAttribute('href')).toBe('#main');
  });
});
