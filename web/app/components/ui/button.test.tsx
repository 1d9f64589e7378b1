import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Button, ButtonLink } from './button';

describe('Button', () => {
  it('is a plain button that does not submit a form by default', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    const onClick = vi.fn();
    render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent as SubmitEvent)}>
        <Button onClick={onClick}>Save</Button>
      </form>,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onClick).toHaveBeenCalledOnce();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('is busy and cannot be pressed again while loading', async () => {
    const user = userEvent.setup({ delay: null });
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });
});

describe('ButtonLink', () => {
  it('is a link to the route', () => {
    const Stub = createRoutesStub([
      {
        path: '/',
        Component: () => (
          <ButtonLink to="/signup" variant="secondary">
            Sign up
          </ButtonLink>
        ),
      },
    ]);
    render(<Stub />);
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
  });
});
