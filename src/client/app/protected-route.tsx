import { Navigate, Outlet } from 'react-router';
import { CenteredSpinner } from '#client/components/ui/spinner.tsx';
import { useUser } from '#client/lib/session.ts';

// Signed out: off to /auth. Still loading the user: a centred spinner.
export function ProtectedRoute() {
  const { user, isLoading } = useUser();
  if (isLoading) return <CenteredSpinner />;
  if (!user) return <Navigate to="/auth" replace />;
  return <Outlet />;
}
