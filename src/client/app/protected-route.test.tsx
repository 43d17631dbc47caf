import { screen } from '@testing-library/react';
import { createRef } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderAt, stubApi } from '#client/testing/render.tsx';
import MobileDrawer from './layout/mobile-drawer.tsx';
import { ProtectedRoute } from './protected-route.tsx';

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

const app = (
  <Routes>
    <Route element={<ProtectedRoute />}>
      <Route path="/create-listing" element={<p>form</p>} />
      <Route path="/bookings" element={<p>bookings</p>} />
    </Route>
    <Route path="/auth" element={<Where />} />
  </Routes>
);

const signedOut = () =>
  stubApi((_m, url) =>
    url.pathname === '/api/user' ? { status: 401, body: { message: 'Unauthorized' } } : undefined,
  );

describe('getting in', () => {
  it('"List Your Space" signed out opens the register tab, returning to the form', async () => {
    signedOut();
    await renderAt(app, { path: '/create-listing', route: '*' });
    expect((await screen.findByTestId('where')).textContent).toBe('/auth?next=/create-listing&tab=register');
  });

  it('other signed-in pages still open the sign-in tab', async () => {
    signedOut();
    await renderAt(app, { path: '/bookings', route: '*' });
    expect((await screen.findByTestId('where')).textContent).toBe('/auth?next=/bookings');
  });

  it('the phone drawer\'s "Sign In / Join" opens the register tab', async () => {
    await renderAt(
      <MobileDrawer
        open
        onOpenChange={() => {}}
        trigger={createRef()}
        user={null}
        unread={0}
        needsAction={0}
        notifications={0}
        onLogout={() => {}}
      />,
      { path: '/listings?type=rental', route: '/listings' },
    );
    const link = await screen.findByRole('link', { name: 'Sign In / Join' });
    expect(link.getAttribute('href')).toBe('/auth?next=/listings%3Ftype%3Drental&tab=register');
  });
});
