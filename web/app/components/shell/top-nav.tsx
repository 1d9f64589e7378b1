import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { NAMED_ROUTES } from '../../route-table';
import { useWebContext } from '../../lib/use-web-context';
import { Button, ButtonLink } from '../ui/button';
import { InstallApp } from './install-app';
import { LanguageSwitcher } from './language-switcher';

export interface TopNavProps {
  /** Shows a log-out button for a member; without it there is none (the log-out flow is wired by the caller). */
  onLogout?: () => void;
  /** Spec §4 logging-out flag: the button shows it is busy. */
  loggingOut?: boolean;
  /** Unread messages and new likes, shown next to Chats and Likes when above zero. */
  counts?: { unread: number; newLikes: number } | null;
}

interface NavItem {
  to: string;
  label: string;
  count?: number | undefined;
  /** What the count means, for screen readers: the number alone says nothing. */
  countLabel?: string;
}

/**
 * The site header: name, the links the template and login state allow (spec §3 template
 * features), the language and, on phones, a menu button that folds it all away.
 */
export function TopNav({ onLogout, loggingOut = false, counts }: TopNavProps) {
  const { t } = useTranslation();
  const { settings, user } = useWebContext();
  const features = settings.template.features;
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);

  // A link followed from the open menu lands on a page with the menu folded.
  const { pathname } = useLocation();
  const [shownPath, setShownPath] = useState(pathname);
  if (pathname !== shownPath) {
    setShownPath(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      setOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [open]);

  if (!features.navigation) return null;

  const items: NavItem[] = user
    ? (
        [
          features.profile_search ? { to: NAMED_ROUTES.members, label: t('nav.members') } : null,
          features.likes
            ? {
                to: NAMED_ROUTES.likes,
                label: t('nav.likes'),
                count: counts?.newLikes,
                countLabel: t('nav.new_likes', { count: counts?.newLikes }),
              }
            : null,
          features.chat
            ? {
                to: '/chats',
                label: t('nav.chats'),
                count: counts?.unread,
                countLabel: t('nav.unread_messages', { count: counts?.unread }),
              }
            : null,
          features.notifications ? { to: NAMED_ROUTES.notifications, label: t('nav.notifications') } : null,
          { to: '/profile', label: t('nav.profile') },
        ] satisfies (NavItem | null)[]
      ).filter((item) => item !== null)
    : [{ to: NAMED_ROUTES.login, label: t('nav.login') }];

  return (
    <header className="site-header">
      <a href="#main" className="skip-link">
        {t('nav.skip_to_content')}
      </a>
      <nav
        aria-label={t('nav.label')}
        className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2"
      >
        {/* The site's name is a proper noun from its settings: never translated. */}
        <Link to="/" className="site-name me-auto py-2" translate="no">
          {settings.name}
        </Link>
        <button
          ref={menuButton}
          type="button"
          className="btn btn-secondary btn-sm lg:hidden"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((value) => !value)}
        >
          <svg className="size-5" viewBox="0 0 24 24" fill="none" aria-hidden="true">
            {open ? (
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.25" strokeLinecap="round" />
            ) : (
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2.25" strokeLinecap="round" />
            )}
          </svg>
          {t('nav.menu')}
        </button>
        <div
          id={menuId}
          className={`${open ? 'flex' : 'hidden'} w-full flex-col gap-3 pb-3 lg:flex lg:w-auto lg:flex-row lg:items-center lg:pb-0`}
        >
          <ul className="flex flex-col gap-1 lg:flex-row lg:items-center">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className="nav-link gap-1.5">
                  {item.label}
                  {item.count ? (
                    <>
                      <span className="nav-count" aria-hidden="true">
                        {item.count}
                      </span>
                      <span className="sr-only">{item.countLabel}</span>
                    </>
                  ) : null}
                </NavLink>
              </li>
            ))}
          </ul>
          {!user && features.signup ? (
            <ButtonLink to="/signup" size="sm">
              {t('nav.signup')}
            </ButtonLink>
          ) : null}
          {user ? <InstallApp /> : null}
          {user && onLogout ? (
            <Button variant="secondary" size="sm" onClick={onLogout} loading={loggingOut}>
              {t('nav.logout')}
            </Button>
          ) : null}
          <LanguageSwitcher />
        </div>
      </nav>
    </header>
  );
}
