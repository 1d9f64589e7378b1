import { describe, expect, it } from 'vitest';
import { demoLoginsNotice } from './demo-logins-notice.js';
import { DEMO_PASSWORD } from './demo-members.js';

const LOGINS = [
  { domain: 'localhost', email: 'anna@demo.rendezvous.localhost', password: DEMO_PASSWORD, name: 'Anna' },
];

describe('the demo logins printed at start', () => {
  it('lists each login with its password, without a warning outside production', () => {
    const notice = demoLoginsNotice(LOGINS, { production: false, port: 3000 });
    expect(notice).toMatch(/^Demo logins:/);
    expect(notice).not.toContain('WARNING');
    expect(notice).toContain(`anna@demo.rendezvous.localhost  password: ${DEMO_PASSWORD}`);
  });

  it('lists the demo console logins with their authenticator secrets when there are some', () => {
    const staff = [
      { role: 'admin' as const, email: 'admin@console.test', password: DEMO_PASSWORD, totpSecret: 'ABCDEFGH' },
    ];
    const notice = demoLoginsNotice(LOGINS, { production: false, port: 3000, staff });
    expect(notice).toContain('http://localhost:3000/console/login');
    expect(notice).toContain(`admin@console.test  password: ${DEMO_PASSWORD}  TOTP secret: ABCDEFGH`);
    expect(demoLoginsNotice(LOGINS, { production: false, port: 3000 })).not.toContain('console');
  });

  it('warns first in production that anyone can log in with the public password', () => {
    const notice = demoLoginsNotice(LOGINS, { production: true, port: 3000 });
    expect(notice).toMatch(/^WARNING: .*production.*password is public/);
    expect(notice).toContain('SEED_DEMO');
    expect(notice).toContain('anna@demo.rendezvous.localhost');
  });
});
