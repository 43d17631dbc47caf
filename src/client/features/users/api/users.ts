import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '#client/lib/api.ts';

// Under '/api/users', so a revealed review (which invalidates it) refreshes the profile too.
export const userProfileQuery = (userId: number) =>
  apiQuery(['/api/users', String(userId), 'profile'], 'userProfile');

export const useUserProfile = (userId: number, enabled = true) =>
  useQuery({ ...userProfileQuery(userId), enabled });
