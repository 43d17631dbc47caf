import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiRequest, errorMessage, readJson } from '#client/lib/api.ts';
import { userQuery } from '#client/lib/session.ts';
import { toast } from '#client/lib/toast-store.ts';
import type { LoginInput, RegisterInput, User } from '#shared/auth.ts';

const displayName = (u: User) => u.name || u.username;

export function useLogin() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (input: LoginInput) => readJson(await apiRequest('POST', '/api/login', input), 'user'),
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
      readJson(await apiRequest('POST', '/api/register', input), 'user'),
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
