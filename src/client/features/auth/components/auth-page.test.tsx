import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, stubApi } from '#client/testing/render.tsx';
import AuthPage from './auth-page.tsx';

const signedOut = () =>
  stubApi((_m, url) => (url.pathname === '/api/user' ? { status: 401, body: { message: 'No' } } : undefined));

const fieldNames = (form: HTMLFormElement) =>
  [...form.elements].flatMap((e) => ((e as HTMLInputElement).name ? [(e as HTMLInputElement).name] : []));

describe('/auth before its script runs: plain HTML forms (ADR 052)', () => {
  it('the sign-in form posts its named fields to /auth with the return path', async () => {
    signedOut();
    await renderAt(<AuthPage />, { path: '/auth?next=/listings/7', route: '/auth' });
    const button = await screen.findByRole('button', { name: 'Sign In' });
    const form = button.closest('form') as HTMLFormElement;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/auth?next=%2Flistings%2F7');
    expect(fieldNames(form)).toEqual(['form', 'username', 'password']);
    expect((form.elements.namedItem('form') as HTMLInputElement).value).toBe('login');
  });

  it('the register form does too, in the page language', async () => {
    signedOut();
    await renderAt(<AuthPage />, { path: '/auth?tab=register', route: '/auth', locale: 'de' });
    const form = (await screen.findByRole('button', { name: 'Konto erstellen' })).closest(
      'form',
    ) as HTMLFormElement;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/de/auth?tab=register');
    expect(fieldNames(form)).toEqual(['form', 'username', 'email', 'name', 'password', 'confirmPassword']);
  });
});
