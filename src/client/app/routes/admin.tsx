import { lazy, Suspense } from 'react';
import { CenteredSpinner } from '#client/components/ui/spinner.tsx';
import { useUser } from '#client/lib/session.ts';
import NotFound from './not-found.tsx';

// The console's code loads only for an admin: everyone else (signed out, members) gets the app's
// 404 screen, as the API answers 404 to them on every /api/admin path (ADR 029).
const AdminConsole = lazy(() => import('#client/features/admin/components/admin-console.tsx'));

export default function AdminRoute() {
  const { user, isLoading } = useUser();
  if (isLoading) return <CenteredSpinner />;
  if (user?.role !== 'admin') return <NotFound />;
  return (
    <Suspense fallback={<CenteredSpinner />}>
      <AdminConsole notFound={<NotFound />} />
    </Suspense>
  );
}
