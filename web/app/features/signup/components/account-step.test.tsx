import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, type FakeCall } from '../../../test/fake-api';
import { makeUser, makeWebContext, renderWithRoot } from '../../../test/render';
import { SignupForm } from './signup-form';

const STATUS_BY_EMAIL: Record<string, string> = {
  'taken@ziggo.nl': 'active',
  'gone@ziggo.nl': 'deleted',
  'waiting@ziggo.nl': 'not_confirmed',
};

function validateEmail({ url }: FakeCall) {
  const email = new URL(url, 'http://localhost').searchParams.get('email') ?? '';
  return json({ token: `token-for-${email}`, status: STATUS_BY_EMAIL[email] ?? 'new', email, request_email: email });
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const emailField = () => screen.getByRole('textbox', { name: /E-mail address/ });
const nameField = () => screen.getByRole('textbox', { name: /Your name/ });
const passwordField = () => screen.getByLabelText(/^Password/);
const submitButton = () => screen.getByRole('button', { name: 'Create my free account' });

describe('sign-up step 0', () => {
  beforeEach(() => {
    window.localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('checks the e-mail on blur, points an existing member to login, and creates the account once', async () => {
    const user = userEvent.setup({ delay: null });
    const created = deferred<Response>();
    const api = fakeApi({
      'GET /api/validate_email.php': validateEmail,
      'POST /api/user.php': () => created.promise,
      'GET /api/activate.php': () => json({ delivered: false, active: false }),
    });
    renderWithRoot(<SignupForm />, { path: '/signup' });

    expect(screen.getByRole('heading', { name: 'Create your free account' })).toBeTruthy();
    await user.type(emailField(), 'taken@ziggo.nl');
    await user.tab();
    expect(await screen.findByText('There is already an account with this e-mail address.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in with this address' }).getAttribute('href')).toBe('/login');
    expect(emailField().getAttribute('aria-invalid')).toBe('true');
    expect((submitButton() as HTMLButtonElement).disabled).toBe(true);

    await user.clear(emailField());
    await user.type(emailField(), 'anna@ziggo.nl');
    // Editing hides the old message at once; the new address is checked when the field is left.
    expect(screen.queryByText('There is already an account with this e-mail address.')).toBeNull();
    await user.tab();
    await waitFor(() => expect(emailField().className).toContain('is-valid'));
    expect(api.callsTo('GET', '/api/validate_email.php')).toHaveLength(2);

    await user.type(nameField(), 'Anna');
    await user.type(passwordField(), 'walks-by-the-sea');
    await user.click(submitButton());

    // While the first request runs the button is busy and a second submit goes nowhere.
    await waitFor(() => expect(api.callsTo('POST', '/api/user.php?new=1')).toHaveLength(1));
    expect((submitButton() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(submitButton().closest('form')!);
    fireEvent.click(submitButton());
    // Give a second request every chance to start.
    await act(() => new Promise((settle) => setTimeout(settle, 20)));
    expect(api.callsTo('POST', '/api/user.php?new=1')).toHaveLength(1);

    const body = api.callsTo('POST', '/api/user.php?new=1')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      email: 'anna@ziggo.nl',
      name: 'Anna',
      password: 'walks-by-the-sea',
      token: 'token-for-anna@ziggo.nl',
      language: 'en',
      trafficsource: null,
      form_path: '/',
      n: 1,
    });
    expect(typeof body.timezone).toBe('string');

    created.resolve(json(makeUser({ email: 'anna@ziggo.nl' })));
    expect(await screen.findByRole('heading', { name: 'Your account is being created' })).toBeTruthy();
  });

  it('names the problem for a deleted or unconfirmed account', async () => {
    const user = userEvent.setup({ delay: null });
    fakeApi({ 'GET /api/validate_email.php': validateEmail });
    renderWithRoot(<SignupForm />);

    await user.type(emailField(), 'gone@ziggo.nl');
    await user.tab();
    expect(await screen.findByText(/account with this e-mail address was deleted/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact customer service' }).getAttribute('href')).toBe('/pages/service');

    await user.clear(emailField());
    await user.type(emailField(), 'waiting@ziggo.nl');
    await user.tab();
    expect(await screen.findByText(/has not been confirmed yet/)).toBeTruthy();
  });

  it('keeps a slow answer for an address that was changed meanwhile from showing', async () => {
    const user = userEvent.setup({ delay: null });
    const slow = deferred<Response>();
    fakeApi({
      'GET /api/validate_email.php': (call) => (call.url.includes('taken') ? slow.promise : validateEmail(call)),
    });
    renderWithRoot(<SignupForm />);

    await user.type(emailField(), 'taken@ziggo.nl');
    await user.tab();
    expect(await screen.findByText('Checking your e-mail address…')).toBeTruthy();
    await user.clear(emailField());
    await user.type(emailField(), 'anna@ziggo.nl');
    await user.tab();
    await waitFor(() => expect(emailField().className).toContain('is-valid'));

    await act(async () => slow.resolve(validateEmail({ method: 'GET', url: '?email=taken@ziggo.nl', body: null })));
    expect(screen.queryByText('There is already an account with this e-mail address.')).toBeNull();
    expect(emailField().className).toContain('is-valid');
  });

  it('says when the check failed, and checks again when the field is left again', async () => {
    const user = userEvent.setup({ delay: null });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const answers = [json({ error: { code: 'internal', message: 'Internal' } }, 500)];
    const api = fakeApi({ 'GET /api/validate_email.php': (call) => answers.shift() ?? validateEmail(call) });
    renderWithRoot(<SignupForm />);

    await user.type(emailField(), 'anna@ziggo.nl');
    await user.tab();
    expect(await screen.findByText('We could not check this e-mail address just now. Please try again.')).toBeTruthy();
    expect(warn).toHaveBeenCalled();

    await user.click(emailField());
    await user.tab();
    await waitFor(() => expect(emailField().className).toContain('is-valid'));
    expect(screen.queryByText('We could not check this e-mail address just now. Please try again.')).toBeNull();
    expect(api.callsTo('GET', '/api/validate_email.php')).toHaveLength(2);
  });

  it('keeps the button for a failed check: sending checks the address again and creates the account', async () => {
    const user = userEvent.setup({ delay: null });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const answers = [json({ error: { code: 'internal', message: 'Internal' } }, 500)];
    const api = fakeApi({
      'GET /api/validate_email.php': (call) => answers.shift() ?? validateEmail(call),
      'POST /api/user.php': () => json(makeUser({ email: 'anna@ziggo.nl' })),
      'GET /api/activate.php': () => json({ delivered: false, active: false }),
    });
    renderWithRoot(<SignupForm />);

    await user.type(emailField(), 'anna@ziggo.nl');
    await user.tab();
    expect(await screen.findByText('We could not check this e-mail address just now. Please try again.')).toBeTruthy();
    await user.type(nameField(), 'Anna');
    await user.type(passwordField(), 'walks-by-the-sea');
    expect((submitButton() as HTMLButtonElement).disabled).toBe(false);

    await user.click(submitButton());
    expect(await screen.findByRole('heading', { name: 'Your account is being created' })).toBeTruthy();
    expect(api.callsTo('GET', '/api/validate_email.php')).toHaveLength(2);
    expect(api.callsTo('POST', '/api/user.php?new=1')[0]?.body).toMatchObject({ token: 'token-for-anna@ziggo.nl' });
  });

  it('checks the format first and asks the server only about something that looks like an address', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({ 'GET /api/validate_email.php': validateEmail });
    renderWithRoot(<SignupForm />);

    await user.type(emailField(), 'anna@ziggo');
    await user.tab();
    expect(await screen.findByText('Please enter a complete e-mail address, such as name@example.com')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('offers a corrected domain and takes it when chosen', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({ 'GET /api/validate_email.php': validateEmail });
    renderWithRoot(<SignupForm />);

    await user.type(emailField(), 'jan@gmial.com');
    await user.tab();
    await user.click(await screen.findByRole('button', { name: 'jan@gmail.com' }));
    expect((emailField() as HTMLInputElement).value).toBe('jan@gmail.com');
    expect(screen.queryByRole('button', { name: 'jan@gmail.com' })).toBeNull();
    await waitFor(() => expect(api.calls.at(-1)?.url).toContain(encodeURIComponent('jan@gmail.com')));
  });

  it('explains the name rules of spec §5', async () => {
    const user = userEvent.setup({ delay: null });
    fakeApi({ 'GET /api/validate_email.php': validateEmail });
    renderWithRoot(<SignupForm />);

    await user.type(emailField(), 'anna@ziggo.nl');
    await user.tab();
    // An empty name will be the part before the @.
    expect(nameField().getAttribute('placeholder')).toBe('anna');

    await user.type(nameField(), '@anna');
    await user.tab();
    expect(await screen.findByText('Your name cannot start with @')).toBeTruthy();

    await user.clear(nameField());
    await user.type(nameField(), 'Anna@Ziggo.nl');
    await user.tab();
    expect(await screen.findByText('Please choose a name that is not your e-mail address')).toBeTruthy();

    await user.clear(nameField());
    await user.type(nameField(), 'Anna');
    expect(screen.queryByText('Please choose a name that is not your e-mail address')).toBeNull();
  });

  it('asks for a password of at least eight characters', async () => {
    const user = userEvent.setup({ delay: null });
    fakeApi({ 'GET /api/validate_email.php': validateEmail });
    renderWithRoot(<SignupForm />);

    await user.type(emailField(), 'anna@ziggo.nl');
    await user.click(submitButton());
    expect(await screen.findByText('Please enter your password')).toBeTruthy();
    await user.type(passwordField(), 'short');
    await user.tab();
    expect(await screen.findByText('Your password is too short: at least 8 characters')).toBeTruthy();
  });

  it('names each field and its rule, and never refuses the optional name for being empty (issue 21)', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({ 'GET /api/validate_email.php': validateEmail });
    renderWithRoot(<SignupForm />);

    await user.click(submitButton());
    expect(await screen.findByText('Please enter your e-mail address')).toBeTruthy();
    expect(screen.getByText('Please enter your password')).toBeTruthy();
    expect(nameField().getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.queryByText(/characters long/)).toBeNull();
    expect(api.calls).toHaveLength(0);
  });

  it('shows the server’s refusal next to the field, or in an alert, and lets the visitor try again', async () => {
    const user = userEvent.setup({ delay: null });
    const answers = [
      json(
        { error: { code: 'validation_failed', message: 'Invalid', fields: { email: 'validation.email_taken' } } },
        400,
      ),
      json({ error: { code: 'internal', message: 'Internal' } }, 500),
      json(makeUser({ email: 'kees@ziggo.nl' })),
    ];
    const api = fakeApi({
      'GET /api/validate_email.php': validateEmail,
      'POST /api/user.php': () => answers.shift()!,
      'GET /api/activate.php': () => json({ delivered: false, active: false }),
    });
    renderWithRoot(<SignupForm />);

    await user.type(emailField(), 'anna@ziggo.nl');
    await user.type(passwordField(), 'walks-by-the-sea');
    await user.click(submitButton());
    expect(await screen.findByText('An account with this e-mail address already exists')).toBeTruthy();

    await user.clear(emailField());
    await user.type(emailField(), 'kees@ziggo.nl');
    await user.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Something went wrong while creating your account. Please try again.',
    );

    await user.click(submitButton());
    expect(await screen.findByRole('heading', { name: 'Your account is being created' })).toBeTruthy();
    expect(api.callsTo('POST', '/api/user.php?new=1').map((call) => (call.body as { n: number }).n)).toEqual([1, 2, 3]);
  });

  it('shows the invite-only notice on a closed site, and the form for a visitor from a network', async () => {
    const web = makeWebContext({ settings: { signups: 'with_trafficsource' } });
    const { unmount } = renderWithRoot(<SignupForm />, { web });
    expect(screen.getByRole('heading', { name: 'By invitation only' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('textbox', { name: /E-mail address/ })).toBeNull();
    unmount();

    window.localStorage.setItem('rv_trafficsource', JSON.stringify({ network: 'adnet' }));
    renderWithRoot(<SignupForm />, { web });
    expect(await screen.findByRole('textbox', { name: /E-mail address/ })).toBeTruthy();
  });

  it('titles the form after the referring member, or leaves the title out', () => {
    const { unmount } = renderWithRoot(<SignupForm referringProfile={{ name: 'Henk' }} />);
    expect(screen.getByRole('heading', { name: 'Sign up for free to get in touch with Henk' })).toBeTruthy();
    unmount();
    renderWithRoot(<SignupForm showTitle={false} showDots={false} />);
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
