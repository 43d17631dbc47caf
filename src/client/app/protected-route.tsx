import { Navigate, Outlet, useLocation } from 'react-router';
import { CenteredSpinner } from '#client/components/ui/spinner.tsx';
import { authPath, here } from '#client/lib/return-path.ts';
import { useUser } from '#client/lib/session.ts';

// Signed out: off to /auth, which returns here after signing in; on its register tab from
// /create-listing ("List Your Space", "Host"): a visitor who wants to host usually has no account
// yet (ADR 052). Still loading the user: a centred spinner.
export function ProtectedRoute() {
  const { user, isLoading } = useUser();
  const location = useLocation();
  if (isLoading) return <CenteredSpinner />;
  if (!user) {
    const tab = location.pathname === '/create-listing' ? 'register' : 'login';
    return <Navigate to={authPath(here(location), tab)} replace />;
  }
  return <Outlet />;
}
