import { Navigate, Outlet, useLocation } from 'react-router';
import { CenteredSpinner } from '#client/components/ui/spinner.tsx';
import { authPath, here } from '#client/lib/return-path.ts';
import { useUser } from '#client/lib/session.ts';

// Signed out: off to /auth, which returns here after signing in. Still loading the user: a
// centred spinner.
export function ProtectedRoute() {
  const { user, isLoading } = useUser();
  const location = useLocation();
  if (isLoading) return <CenteredSpinner />;
  if (!user) return <Navigate to={authPath(here(location))} replace />;
  return <Outlet />;
}
