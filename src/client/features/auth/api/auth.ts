import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { LoginInput, RegisterInput, UpdateProfileInput, User } from '#shared/auth.ts';
import { apiRequest, errorMessage, getQueryFn } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast-store.ts';

// The server marks pages sent to a browser without a session cookie: that visitor is signed out,
// and asking GET /api/user would only earn a 401.
const signedOutAtLoad =
  typeof document !== 'undefined' &&
  document.querySelector('meta[name="ys-auth"]')?.getAttribute('content') === 'anonymous';

export const userQuery = queryOptions<User | null>({
  queryKey: ['/api/user'],
  queryFn: getQueryFn<User | null>({ on401: 'returnNull' }),
  ...(signedOutAtLoad ? { initialData: null } : {}),
});

export function useUser() {
  const { data, isLoading, error } = useQuery(userQuery);
  return { user: data ?? null, isLoading, error };
}

const displayName = (u: User) => u.name || u.username;

export function useLogin() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (input: LoginInput) =>
      (await apiRequest('POST', '/api/login', input)).json() as Promise<User>,
    onSuccess: (user) => {
      qc.setQueryData(userQuery.queryKey, user);
      toast({ title: 'Login successful', description: `Welcome back, ${displayName(user)}!` });
      navigate('/');
    },
    onError: (err) =>
      toast({
        title: 'Login failed',
        description: errorMessage(err, 'Invalid username or password'),
        variant: 'destructive',
      }),
  });
}

export function useRegister() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (input: RegisterInput) =>
      (await apiRequest('POST', '/api/register', input)).json() as Promise<User>,
    onSuccess: (user) => {
      qc.setQueryData(userQuery.queryKey, user);
      toast({ title: 'Registration successful', description: `Welcome to Yardshare, ${displayName(user)}!` });
      navigate('/');
    },
    onError: (err) =>
      toast({
        title: 'Registration failed',
        description: errorMessage(err, 'Could not create account'),
        variant: 'destructive',
      }),
  });
}

export function useLogout() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      await apiRequest('POST', '/api/logout');
    },
    onSuccess: () => {
      qc.setQueryData(userQuery.queryKey, null);
      // Everything cached belonged to the signed-in user.
      qc.removeQueries({ predicate: (q) => q.queryKey[0] !== userQuery.queryKey[0] });
      toast({ title: 'Logged out', description: 'You have been successfully logged out' });
      navigate('/');
    },
    onError: (err) => toast({ title: 'Logout failed', description: err.message, variant: 'destructive' }),
  });
}

export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: UpdateProfileInput) =>
      (await apiRequest('PATCH', '/api/user', input)).json() as Promise<User>,
    onSuccess: (user) => {
      qc.setQueryData(userQuery.queryKey, user);
      toast({ title: 'Profile saved', description: 'Your account settings were updated.' });
    },
    onError: (err) =>
      toast({
        title: 'Could not save profile',
        description: errorMessage(err, 'Please try again'),
        variant: 'destructive',
      }),
  });
}
