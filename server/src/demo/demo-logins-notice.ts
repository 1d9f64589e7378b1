import type { DemoLogin } from './demo-members.js';
import type { DemoStaffLogin } from './demo-staff.js';

/**
 * What the start prints about the demo logins. In production it leads with a warning: their
 * password is published in the README, so anyone who finds a demo address can log in.
 */
export function demoLoginsNotice(
  logins: readonly DemoLogin[],
  { production, port, staff = [] }: { production: boolean; port: number; staff?: readonly DemoStaffLogin[] },
): string {
  const warning = production
    ? [
        'WARNING: this production server has demo members, and their password is public.',
        'Anyone can log in as them. Unless this server is only for trying the software out,',
        'start on an empty database with SEED_DEMO unset or false.',
      ]
    : [];
  return [
    ...warning,
    'Demo logins:',
    ...logins.map((login) => `  ${login.domain.padEnd(16)} ${login.email}  password: ${login.password}`),
    `The boxy demo site is at http://boxy.localhost:${port}`,
    ...(staff.length > 0
      ? [
          `Demo console logins at http://localhost:${port}/console/login (codes from an authenticator app with the secret):`,
          ...staff.map(
            (login) =>
              `  ${login.role.padEnd(16)} ${login.email}  password: ${login.password}  TOTP secret: ${login.totpSecret}`,
          ),
        ]
      : []),
  ].join('\n');
}
