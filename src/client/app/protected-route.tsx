import { Navigate, Outlet } from 'react-router';
import { CenteredSpinner } from '../components/ui/spinner.tsx';
import { useUser } from '../features/auth/api/auth.ts';

// Signed out: off to /auth. Still loading the user: a centred spinner.
export function ProtectedRoute() {
  const { user, isLoading } = useUser();
  if (isLoading) return <CenteredSpinner />;
  if (!user) return <Navigate to="/auth" replace />;
  return <Outlet />;
}
